"""Choosing a craft target: "Friendly crafts that choose one wheel need an unsealed target. Bloom
additionally needs an unripe wheel. Value and hold crafts cannot target soured wheels. Fen Poultice
and Riftstone can target an unsealed soured wheel. Rival removal and souring crafts cannot target a
wheel that has already soured. Cellarhand, Ward Rounds and the Verdenne Archaffineur choose by
current positive Renown, so they can read an unripe wheel. They read fewer wheels if fewer can
score, and tied values use the earlier shelf first." """

from __future__ import annotations

import pytest

from console.games.core import IllegalAction
from console.games.wheels import GAME
from tests.games.wheels.conftest import Kit


@pytest.mark.parametrize("craft", ["bloom", "brine-rub", "wax-rind", "fen-poultice", "riftstone"])
def test_friendly_crafts_that_choose_one_wheel_need_an_unsealed_target(kit: Kit, craft: str) -> None:
    state = kit.begin([craft], [])
    kit.put(state, 1, 1, "cart-wheel", age=1, sealed=True)
    kit.put(state, 1, 2, "cart-wheel", age=1)
    assert [text for text in kit.legal(state, 1) if craft in text] == [f"1:play {craft} 2"]


@pytest.mark.parametrize("age, legal", [(0, True), (3, True), (4, False), (6, False)])
def test_bloom_additionally_needs_an_unripe_wheel(kit: Kit, age: int, legal: bool) -> None:
    state = kit.begin(["bloom"], [])
    kit.put(state, 1, 1, "cart-wheel", age=age)
    assert ("1:play bloom 1" in kit.legal(state, 1)) is legal
    if not legal:
        with pytest.raises(IllegalAction, match="Bloom needs an unripe wheel"):
            state.apply(GAME.parse_action("1:play bloom 1"))


def test_bloom_brings_an_unripe_wheel_to_its_peak(kit: Kit) -> None:
    state = kit.begin(["bloom"], [])
    wheel = kit.put(state, 1, 1, "cave-elder", age=2)
    kit.act(state, "1:play bloom 1")
    assert wheel.age == 7 and wheel.payout() == 14


def test_bloom_cannot_target_a_soured_wheel(kit: Kit) -> None:
    state = kit.begin(["bloom", "the-souring"], ["the-souring"], first=2)
    wheel = kit.put(state, 1, 1, "cart-wheel", age=2)
    kit.act(state, "2:play the-souring 1")
    assert wheel.soured and wheel.unripe
    with pytest.raises(IllegalAction, match="Bloom cannot target a soured wheel"):
        state.apply(GAME.parse_action("1:play bloom 1"))


@pytest.mark.parametrize("craft, seat", [("brine-rub", 1), ("wax-rind", 1), ("cheese-mites", 2)])
def test_value_and_hold_crafts_cannot_target_soured_wheels(kit: Kit, craft: str, seat: int) -> None:
    state = kit.begin([craft], [])
    kit.put(state, seat, 1, "cart-wheel", age=7)
    assert not any(craft in text for text in kit.legal(state, 1))
    with pytest.raises(IllegalAction, match="cannot target a soured wheel"):
        state.apply(GAME.parse_action(f"1:play {craft} 1"))


@pytest.mark.parametrize("craft", ["fen-poultice", "riftstone"])
def test_fen_poultice_and_riftstone_can_target_an_unsealed_soured_wheel(kit: Kit, craft: str) -> None:
    state = kit.begin([craft], [])
    kit.put(state, 1, 1, "cart-wheel", age=7)
    kit.put(state, 1, 2, "cart-wheel", age=7, sealed=True)
    assert [text for text in kit.legal(state, 1) if craft in text] == [f"1:play {craft} 1"]


@pytest.mark.parametrize("craft", ["the-souring", "purging-rind"])
def test_rival_removal_and_souring_crafts_cannot_target_a_wheel_that_has_already_soured(
    kit: Kit, craft: str
) -> None:
    state = kit.begin([craft], [])
    kit.put(state, 2, 1, "cart-wheel", age=7)
    kit.put(state, 2, 2, "cart-wheel", age=3)
    assert [text for text in kit.legal(state, 1) if craft in text] == [f"1:play {craft} 2"]
    with pytest.raises(IllegalAction, match="cannot target a soured wheel"):
        state.apply(GAME.parse_action(f"1:play {craft} 1"))


def test_ward_rounds_reads_the_two_wheels_worth_most_now(kit: Kit) -> None:
    state = kit.begin(["ward-rounds"], [])
    kit.put(state, 1, 1, "cart-wheel", age=4)  # 8
    kit.put(state, 1, 2, "market-round", age=1)  # 3
    kit.put(state, 1, 3, "cart-wheel", age=1)  # 2
    kit.act(state, "1:play ward-rounds")
    assert state.seats[0].banked == 11
    assert [wheel is None for wheel in state.seats[0].shelves] == [True, True, False]


def test_cellarhand_breaks_a_tie_toward_the_earlier_shelf(kit: Kit) -> None:
    state = kit.begin(["cellarhand"], [])
    kit.put(state, 1, 1, "brine-wash", age=3)  # 6
    kit.put(state, 1, 2, "cart-wheel", age=2)  # 4
    kit.put(state, 1, 3, "brine-wash", age=3)  # 6
    kit.act(state, "1:play cellarhand")
    assert state.seats[0].banked == 6
    assert [wheel is None for wheel in state.seats[0].shelves] == [True, False, False]


def test_ward_rounds_takes_the_two_highest_before_a_lower_earlier_shelf(kit: Kit) -> None:
    state = kit.begin(["ward-rounds"], [])
    kit.put(state, 1, 1, "cart-wheel", age=2)  # 4
    kit.put(state, 1, 2, "brine-wash", age=3)  # 6
    kit.put(state, 1, 3, "brine-wash", age=4)  # 6
    kit.act(state, "1:play ward-rounds")
    assert state.seats[0].banked == 12
    assert [wheel is None for wheel in state.seats[0].shelves] == [False, True, True]


def test_automatic_reading_can_read_an_unripe_wheel(kit: Kit) -> None:
    state = kit.begin(["cellarhand"], [])
    kit.put(state, 1, 1, "cart-wheel", age=1)
    kit.act(state, "1:play cellarhand")
    assert state.seats[0].banked == 2


def test_automatic_reading_reads_a_wheel_worth_a_single_renown(kit: Kit) -> None:
    state = kit.begin(["cellarhand"], [])
    wheel = kit.put(state, 1, 1, "market-round", age=1)
    wheel.change_value(-3)  # as Cheese Mites left it: value 2 at age 1 of peak 2 pays 1
    kit.act(state, "1:play cellarhand")
    assert state.seats[0].banked == 1 and state.seats[0].shelves[0] is None


def test_automatic_reading_reads_fewer_wheels_if_fewer_can_score(kit: Kit) -> None:
    state = kit.begin(["ward-rounds"], [])
    kit.put(state, 1, 1, "cart-wheel", age=7)  # soured: 0
    kit.put(state, 1, 2, "cart-wheel", age=4)  # 8
    kit.put(state, 1, 3, "cart-wheel", age=0)  # 0
    kit.act(state, "1:play ward-rounds")
    assert state.seats[0].banked == 8
    assert [wheel is None for wheel in state.seats[0].shelves] == [False, True, False]


def test_automatic_reading_with_nothing_to_score_still_spends_the_card_and_turn(kit: Kit) -> None:
    state = kit.begin(["ward-rounds"], [])
    kit.put(state, 1, 1, "cart-wheel", age=7)
    assert "1:play ward-rounds" in kit.legal(state, 1)
    kit.act(state, "1:play ward-rounds")
    assert state.seats[0].banked == 0
    assert state.seats[0].discard == ["ward-rounds"]
    assert state.seats[0].turns_left == 11


def test_the_verdenne_archaffineur_reads_two_wheels_by_current_renown(kit: Kit) -> None:
    state = kit.begin([], [], leaders=("verdenne-archaffineur", "none"))
    kit.put(state, 1, 1, "cart-wheel", age=1)  # 2
    kit.put(state, 1, 2, "mountain-wheel", age=5, sealed=True)  # 10
    kit.put(state, 1, 3, "cart-wheel", age=3)  # 6
    kit.act(state, "1:invoke verdenne-archaffineur")
    assert state.seats[0].banked == 16
    assert [wheel is None for wheel in state.seats[0].shelves] == [False, True, True]


def test_a_craft_that_chooses_a_wheel_needs_a_shelf_named(kit: Kit) -> None:
    state = kit.begin(["bloom"], [])
    kit.put(state, 1, 1, "cart-wheel", age=1)
    with pytest.raises(IllegalAction, match="Bloom needs a target"):
        state.apply(GAME.parse_action("1:play bloom"))


def test_a_craft_that_chooses_no_wheel_takes_no_shelf(kit: Kit) -> None:
    state = kit.begin(["fen-mist"], [])
    with pytest.raises(IllegalAction, match="chooses no wheel"):
        state.apply(GAME.parse_action("1:play fen-mist 2"))


def test_a_target_on_an_empty_shelf_is_refused(kit: Kit) -> None:
    state = kit.begin(["brine-rub"], [])
    with pytest.raises(IllegalAction, match="your shelf 3 is empty"):
        state.apply(GAME.parse_action("1:play brine-rub 3"))


def test_a_craft_not_in_hand_cannot_be_played(kit: Kit) -> None:
    state = kit.begin([], [])
    kit.put(state, 1, 1, "cart-wheel", age=1)
    with pytest.raises(IllegalAction, match="no Bloom in hand"):
        state.apply(GAME.parse_action("1:play bloom 1"))


def test_the_souring_sours_a_rivals_wheel_where_it_stands(kit: Kit) -> None:
    state = kit.begin(["the-souring"], [])
    wheel = kit.put(state, 2, 2, "cart-wheel", age=3)
    kit.act(state, "1:play the-souring 2")
    assert (wheel.soured, wheel.age, wheel.payout()) == (True, 3, 0)
    assert state.seats[1].shelves[1] is wheel


def test_purging_rind_removes_a_rivals_wheel_to_its_owners_discard(kit: Kit) -> None:
    state = kit.begin(["purging-rind"], [])
    kit.put(state, 2, 2, "cart-wheel", age=3)
    kit.act(state, "1:play purging-rind 2")
    assert state.seats[1].shelves[1] is None
    assert state.seats[1].discard == ["cart-wheel"]
    assert state.seats[0].discard == ["purging-rind"]


def test_cheese_mites_cuts_a_rivals_wheel_value_by_three(kit: Kit) -> None:
    state = kit.begin(["cheese-mites"], [])
    wheel = kit.put(state, 2, 1, "cart-wheel", age=4)
    kit.act(state, "1:play cheese-mites 1")
    assert wheel.payout() == 5
