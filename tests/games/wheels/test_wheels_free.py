"""Free crafts and your Archaffineur: "A craft marked Free resolves and lets you continue the same
turn. It still spends that card, but does not trigger the normal ageing step, card draw or turn
countdown. Your Archaffineur is also a free action and can be used once per match. Turn the Wheels
is a regular craft. It adds one age directly, then your ending-turn ageing also happens. With no
cellar condition, each of your wheels gains two age in total from that play." """

from __future__ import annotations

import pytest

from console.games.core import IllegalAction
from console.games.wheels import GAME
from tests.games.wheels.conftest import Kit

REST = ["fresh-curd", "market-round"]


def test_a_free_craft_resolves_and_lets_you_continue_the_same_turn(kit: Kit) -> None:
    state = kit.begin(["bloom", "cart-wheel"], [])
    wheel = kit.put(state, 1, 1, "cart-wheel", age=1)
    kit.act(state, "1:play bloom 1")
    assert wheel.age == 4  # resolved
    assert state.to_act == (1,)
    assert "1:set cart-wheel 2" in kit.legal(state, 1)


def test_a_free_craft_still_spends_its_card(kit: Kit) -> None:
    state = kit.begin(["bloom"], [])
    kit.put(state, 1, 1, "cart-wheel", age=1)
    kit.act(state, "1:play bloom 1")
    assert state.seats[0].hand_size == 0
    assert state.seats[0].discard == ["bloom"]
    assert "1:play bloom 1" not in kit.legal(state, 1)


def test_a_free_craft_triggers_no_ageing_no_draw_and_no_turn_countdown(kit: Kit) -> None:
    state = kit.begin(["brine-rub", "wax-rind"], [], rest1=REST)
    wheel = kit.put(state, 1, 1, "cart-wheel", age=2)
    other = kit.put(state, 1, 2, "market-round", age=1, sealed=True)
    kit.act(state, "1:play brine-rub 1", "1:play wax-rind 1")
    assert (wheel.age, other.age) == (2, 1)
    assert state.seats[0].turns_left == 12
    assert state.seats[0].hand_size == 0
    assert len(state.seats[0].deck) == 2


def test_several_free_actions_may_come_before_the_action_that_spends_the_turn(kit: Kit) -> None:
    state = kit.begin(["brine-rub", "cellarhand"], [], leaders=("brine-archaffineur", "none"))
    kit.put(state, 1, 1, "cart-wheel", age=4)
    kit.put(state, 1, 2, "cart-wheel", age=4)
    kit.act(state, "1:play brine-rub 1", "1:invoke brine-archaffineur", "1:play cellarhand")
    assert state.seats[0].banked == 12  # 8 + 2 + 2 on shelf 1
    assert state.to_act == (1,)
    kit.act(state, "1:read 2")
    assert state.seats[0].banked == 22 and state.to_act == (2,)


def test_your_archaffineur_is_a_free_action(kit: Kit) -> None:
    state = kit.begin([], [], rest1=REST, leaders=("verdenne-archaffineur", "none"))
    kit.put(state, 1, 1, "cart-wheel", age=4)
    other = kit.put(state, 1, 2, "cart-wheel", age=2)
    kit.act(state, "1:invoke verdenne-archaffineur")
    assert state.seats[0].turns_left == 12 and state.to_act == (1,)
    assert state.seats[0].banked == 8 + 4
    assert other is not None and state.seats[0].shelves == [None, None, None]
    assert len(state.seats[0].deck) == 2


def test_your_archaffineur_can_be_used_once_per_match(kit: Kit) -> None:
    state = kit.begin([], [], leaders=("fen-matriarch", "none"))
    kit.act(state, "1:invoke fen-matriarch")
    assert state.seats[0].archaffineur_used
    assert not any(text.startswith("1:invoke") for text in kit.legal(state, 1))
    with pytest.raises(IllegalAction, match="already been used this match"):
        state.apply(GAME.parse_action("1:invoke fen-matriarch"))


def test_only_your_own_archaffineur_can_be_invoked(kit: Kit) -> None:
    state = kit.begin([], [], leaders=("fen-matriarch", "verdenne-archaffineur"))
    with pytest.raises(IllegalAction, match="not the Verdenne Archaffineur"):
        state.apply(GAME.parse_action("1:invoke verdenne-archaffineur"))


def test_a_seat_playing_without_an_archaffineur_is_told_so(kit: Kit) -> None:
    state = kit.begin([], [])  # both seats play with the option archaffineur_N = "none"
    assert not any(text.startswith("1:invoke") for text in kit.legal(state, 1))
    with pytest.raises(IllegalAction, match=r"^you play this match without an Archaffineur$"):
        state.apply(GAME.parse_action("1:invoke fen-matriarch"))


def test_an_archaffineur_that_chooses_a_wheel_obeys_its_target_like_a_craft(kit: Kit) -> None:
    # The Rindbreaker: one rival wheel that has not soured, sealed or not.
    state = kit.begin([], [], leaders=("rindbreaker-archaffineur", "none"))
    kit.put(state, 2, 1, "cart-wheel", age=7)  # soured
    kit.put(state, 2, 2, "cart-wheel", age=1, sealed=True)
    assert [t for t in kit.legal(state, 1) if "invoke" in t] == ["1:invoke rindbreaker-archaffineur 2"]
    views = [state.view(seat) for seat in (None, 1, 2)]
    for shelf, refusal in (
        ("", "needs a target: name a shelf"),
        (" 1", "cannot target a soured wheel"),
        (" 3", "your rival's shelf 3 is empty"),
    ):
        with pytest.raises(IllegalAction, match=refusal):
            state.apply(GAME.parse_action(f"1:invoke rindbreaker-archaffineur{shelf}"))
    assert [state.view(seat) for seat in (None, 1, 2)] == views and not state.seats[0].archaffineur_used


def test_turn_the_wheels_is_a_regular_craft(kit: Kit) -> None:
    state = kit.begin(["turn-the-wheels"], [])
    kit.act(state, "1:play turn-the-wheels")
    assert state.seats[0].turns_left == 11 and state.to_act == (2,)


def test_turn_the_wheels_adds_one_age_directly_then_the_ending_ageing(kit: Kit) -> None:
    state = kit.begin(["turn-the-wheels"], [])
    first = kit.put(state, 1, 1, "cart-wheel", age=1)
    second = kit.put(state, 1, 2, "cart-wheel", age=3)
    events = kit.act(state, "1:play turn-the-wheels")
    kinds = [event.kind for event in events]
    assert kinds.index("age") < kinds.index("ending")
    assert (first.age, second.age) == (3, 5)  # two age each, with no cellar condition


def test_turn_the_wheels_reaches_sealed_wheels_and_only_your_own(kit: Kit) -> None:
    state = kit.begin(["turn-the-wheels"], [])
    sealed = kit.put(state, 1, 1, "cart-wheel", age=1, sealed=True)
    theirs = kit.put(state, 2, 1, "cart-wheel", age=1)
    kit.act(state, "1:play turn-the-wheels")
    assert (sealed.age, theirs.age) == (3, 1)


def test_turn_the_wheels_under_damp_adds_three(kit: Kit) -> None:
    state = kit.begin(["turn-the-wheels"], [])
    state.seats[0].damp = 2
    wheel = kit.put(state, 1, 1, "cart-wheel", age=1)
    kit.act(state, "1:play turn-the-wheels")
    assert wheel.age == 4


def test_turn_the_wheels_under_chill_adds_only_its_direct_age(kit: Kit) -> None:
    state = kit.begin(["turn-the-wheels"], [])
    state.seats[0].chill = 1
    state.seats[0].damp = 1
    wheel = kit.put(state, 1, 1, "cart-wheel", age=1)
    kit.act(state, "1:play turn-the-wheels")
    assert wheel.age == 2


def test_turn_the_wheels_can_sour_a_wheel(kit: Kit) -> None:
    state = kit.begin(["turn-the-wheels"], [])
    at_five = kit.put(state, 1, 1, "cart-wheel", age=5)
    at_six = kit.put(state, 1, 2, "cart-wheel", age=6)
    sealed = kit.put(state, 1, 3, "cart-wheel", age=4, sealed=True)
    kit.act(state, "1:play turn-the-wheels")
    assert (at_five.age, at_five.soured) == (7, True)
    assert (at_six.age, at_six.soured) == (8, True)
    assert (sealed.age, sealed.soured) == (6, True)
