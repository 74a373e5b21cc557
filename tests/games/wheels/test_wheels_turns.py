"""What spends a turn: "Setting a wheel, reading one, playing a craft without the Free mark, or
choosing Wait spends one turn. When that action ends, only your cellar ages. Your remaining turn
count falls by one and you draw one card if your deck has cards and your hand has room. A newly set
wheel starts at age zero and joins this same ageing step, so it normally reaches age one
immediately. Your rival's action does not age your wheels." And "The hand limit during play is
seven cards." """

from __future__ import annotations

import random

import pytest

from console.games.core import CHANCE, IllegalAction
from console.games.wheels import GAME
from tests.games.wheels.conftest import Kit

REST = ["fresh-curd", "market-round", "brine-wash"]


@pytest.mark.parametrize(
    "action, hand",
    [
        ("1:set cart-wheel 2", ["cart-wheel"]),
        ("1:read 1", []),
        ("1:play ward-rounds", ["ward-rounds"]),
        ("1:play turn-the-wheels", ["turn-the-wheels"]),
        ("1:wait", []),
    ],
)
def test_set_read_a_regular_craft_and_wait_each_spend_one_turn(
    kit: Kit, action: str, hand: list[str]
) -> None:
    state = kit.begin(hand, [])
    kit.put(state, 1, 1, "cart-wheel", age=2)
    kit.act(state, action)
    assert state.seats[0].turns_left == 11
    assert state.to_act == (2,)


def test_a_free_craft_spends_no_turn(kit: Kit) -> None:
    state = kit.begin(["bloom"], [])
    kit.put(state, 1, 1, "cart-wheel", age=1)
    kit.act(state, "1:play bloom 1")
    assert state.seats[0].turns_left == 12
    assert state.to_act == (1,)


def test_when_the_action_ends_only_your_cellar_ages(kit: Kit) -> None:
    state = kit.begin([], [])
    mine = kit.put(state, 1, 1, "cart-wheel", age=2)
    theirs = kit.put(state, 2, 1, "cart-wheel", age=2)
    kit.act(state, "1:wait")
    assert (mine.age, theirs.age) == (3, 2)


def test_your_rivals_action_does_not_age_your_wheels(kit: Kit) -> None:
    state = kit.begin([], ["market-round", "turn-the-wheels"], first=2)
    mine = kit.put(state, 1, 1, "cart-wheel", age=2)
    kit.put(state, 2, 2, "cart-wheel", age=2)
    kit.act(state, "2:set market-round 1", "1:wait", "2:play turn-the-wheels", "1:wait", "2:read 2")
    assert mine.age == 4  # only seat 1's own two endings


def test_your_remaining_turn_count_falls_by_one(kit: Kit) -> None:
    state = kit.begin()
    kit.act(state, "1:wait")
    assert [player.turns_left for player in state.seats] == [11, 12]


def test_you_draw_one_card_if_your_deck_has_cards_and_your_hand_has_room(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], [], rest1=REST)
    kit.act(state, "1:set cart-wheel 1")
    player = state.seats[0]
    assert player.hand_cards() == ["fresh-curd"]
    assert player.deck.top == ["market-round", "brine-wash"]


def test_the_draw_is_a_chance_action_after_the_ending(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], [], rest1=REST)
    state.apply(GAME.parse_action("1:set cart-wheel 1"))
    assert state.to_act == (CHANCE,)
    assert [str(action) for action in state.legal_actions(CHANCE)] == ["chance:draw 1 fresh-curd"]


def test_you_draw_nothing_when_your_deck_is_empty(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], [])
    kit.act(state, "1:set cart-wheel 1")
    assert state.seats[0].hand_size == 0
    assert state.to_act == (2,)


def test_the_hand_limit_during_play_is_seven_cards(kit: Kit) -> None:
    hand = ["cart-wheel", "bloom", "market-round", "fen-mist", "brine-wash", "wax-rind"]
    state = kit.begin(hand, [], rest1=REST)
    kit.act(state, "1:wait")
    assert state.seats[0].hand_size == 7
    kit.act(state, "2:wait", "1:wait")
    assert state.seats[0].hand_size == 7  # no room: nothing drawn
    assert len(state.seats[0].deck) == 2


def test_a_full_hand_refills_after_setting_a_wheel(kit: Kit) -> None:
    hand = ["cart-wheel", "bloom", "market-round", "fen-mist", "brine-wash", "wax-rind"]
    state = kit.begin(hand, [], rest1=REST)
    kit.act(state, "1:wait", "2:wait", "1:set cart-wheel 1")
    assert state.seats[0].hand_size == 7


def test_no_hand_ever_holds_more_than_seven_cards_in_random_matches() -> None:
    rng = random.Random(3)
    for number in range(40):
        state = GAME.new(2, number)
        while state.to_act:
            seat = state.to_act[0]
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions(seat)
                state.apply(legal[rng.randrange(len(legal))])
            assert all(player.hand_size <= 7 for player in state.seats)


def test_a_newly_set_wheel_starts_at_age_zero_and_reaches_age_one_in_the_same_step(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], [])
    events = kit.act(state, "1:set cart-wheel 1")
    set_event = next(event for event in events if event.kind == "set")
    assert (set_event.data["card"], set_event.data["age"]) == ("cart-wheel", 0)
    ending = next(event for event in events if event.kind == "ending")
    assert ending.data["aged"] == 1
    assert kit.wheel(state, 1, 1).age == 1


def test_a_read_wheel_leaves_before_the_others_age(kit: Kit) -> None:
    state = kit.begin([], [])
    kit.put(state, 1, 1, "cart-wheel", age=4)
    other = kit.put(state, 1, 2, "cart-wheel", age=1)
    kit.act(state, "1:read 1")
    assert state.seats[0].banked == 8
    assert state.seats[0].shelves[0] is None
    assert other.age == 2


def test_the_ending_ages_sealed_and_soured_wheels_too(kit: Kit) -> None:
    state = kit.begin([], [])
    sealed = kit.put(state, 1, 1, "cart-wheel", age=1, sealed=True)
    soured = kit.put(state, 1, 2, "fresh-curd", age=3)
    assert soured.soured
    kit.act(state, "1:wait")
    assert (sealed.age, soured.age, soured.soured) == (2, 4, True)


def test_a_wheel_is_set_only_on_an_empty_shelf(kit: Kit) -> None:
    state = kit.begin(["cart-wheel", "market-round"], [])
    kit.act(state, "1:set cart-wheel 1", "2:wait")
    assert "1:set market-round 1" not in kit.legal(state, 1)
    with pytest.raises(IllegalAction, match="shelf 1 is not empty"):
        state.apply(GAME.parse_action("1:set market-round 1"))


def test_a_wheel_not_in_hand_cannot_be_set(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], [])
    with pytest.raises(IllegalAction, match="no Cave Elder in hand"):
        state.apply(GAME.parse_action("1:set cave-elder 1"))


def test_reading_an_empty_shelf_is_refused(kit: Kit) -> None:
    state = kit.begin([], [])
    with pytest.raises(IllegalAction, match="shelf 2 is empty"):
        state.apply(GAME.parse_action("1:read 2"))


def test_a_seat_draws_nothing_after_its_last_turn(kit: Kit) -> None:
    state = kit.begin([], [], rest1=["fresh-curd"] * 12, rest2=["fresh-curd"] * 12)
    for turn in range(22):
        kit.act(state, f"{1 + turn % 2}:wait")
    deck_before = len(state.seats[0].deck)
    kit.act(state, "1:wait")  # seat 1's twelfth and last turn
    assert state.seats[0].turns_left == 0
    assert len(state.seats[0].deck) == deck_before
    assert state.to_act == (2,)
