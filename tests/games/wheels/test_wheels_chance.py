"""Chance and the physical table: a draw is a chance action, sampled from a seeded deck in virtual
play or learned from a scan in physical play; a scan the ledger contradicts changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from console.games.core import CHANCE, IllegalAction, NotationError, State
from console.games.wheels import GAME
from console.games.wheels.state import WheelsState
from tests.games.wheels.conftest import Kit


def dealing(kit: Kit, **options: Any) -> WheelsState:
    return kit.new(**options)


def views(state: State) -> list[str]:
    return [json.dumps(state.view(seat), sort_keys=True) for seat in (None, 1, 2)]


def test_a_draw_from_an_unknown_order_is_weighted_by_the_copies_left(kit: Kit) -> None:
    state = dealing(kit)
    outcomes = {str(action): weight for action, weight in state.chance_outcomes()}
    assert outcomes["chance:draw 1 cart-wheel"] == 3
    assert outcomes["chance:draw 1 bloom"] == 1
    assert sum(outcomes.values()) == 24
    assert list(outcomes) == sorted(outcomes)


def test_a_stacked_deck_forces_its_order(kit: Kit) -> None:
    state = kit.new(decks={1: ["bloom", "cart-wheel"], 2: ["fen-mist"]})
    assert [str(a) for a in state.legal_actions(CHANCE)] == ["chance:draw 1 bloom"]
    assert state.chance_outcomes() == [(GAME.parse_action("chance:draw 1 bloom"), 1)]  # one card: one copy


def test_a_scanned_draw_is_the_same_chance_action(kit: Kit) -> None:
    state = dealing(kit)
    state.apply(GAME.parse_action("chance:draw 1 cave-elder"))
    assert state.seats[0].hand == {"cave-elder": 1}
    assert "cave-elder" not in state.seats[0].deck.middle


def test_a_scan_of_a_card_the_ledger_places_elsewhere_is_refused_and_changes_nothing(kit: Kit) -> None:
    state = dealing(kit)
    state.apply(GAME.parse_action("chance:draw 1 cave-elder"))  # the deck's only Cave Elder
    before = views(state)
    with pytest.raises(IllegalAction, match="Cave Elder cannot be drawn by seat 1"):
        state.apply(GAME.parse_action("chance:draw 1 cave-elder"))
    assert views(state) == before


def test_a_scan_of_a_card_not_in_the_seats_deck_list_is_refused(kit: Kit) -> None:
    state = dealing(kit)
    with pytest.raises(IllegalAction, match="Cheese Mites is not in seat 1's deck"):
        state.apply(GAME.parse_action("chance:draw 1 cheese-mites"))


def test_a_scan_for_the_wrong_seat_is_refused(kit: Kit) -> None:
    state = dealing(kit)
    with pytest.raises(IllegalAction, match="seat 1 draws next, not seat 2"):
        state.apply(GAME.parse_action("chance:draw 2 bloom"))


def test_a_swapped_card_cannot_be_scanned_before_the_cards_above_it(kit: Kit) -> None:
    hand = ["bloom", "cart-wheel", "fen-mist", "wax-rind", "brine-rub", "cellarhand"]
    state = kit.new(decks={1: [*hand, "market-round", "fresh-curd"], 2: ["bloom"]})
    kit.chance(state)
    kit.act(state, "1:swap bloom")
    state.apply(GAME.parse_action("1:swap fen-mist"))
    with pytest.raises(IllegalAction, match="Bloom is not next in seat 1's deck"):
        state.apply(GAME.parse_action("chance:draw 1 bloom"))
    state.apply(GAME.parse_action("chance:draw 1 fresh-curd"))
    assert state.seats[0].deck.bottom == ["bloom", "fen-mist"]


def test_a_card_that_is_not_in_the_catalog_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="no deck card 'gouda'"):
        GAME.parse_action("chance:draw 1 gouda")
    with pytest.raises(NotationError, match="no card 'gouda'"):
        GAME.parse_action("1:set gouda 1")


def test_the_card_drawn_is_seen_only_by_the_drawer(kit: Kit) -> None:
    state = dealing(kit)
    events = state.apply(GAME.parse_action("chance:draw 1 cave-elder"))
    assert [event.audience for event in events] == [frozenset({1}), None]
    assert events[0].data["card"] == "cave-elder"
    assert "card" not in events[1].data


def test_the_quick_sampler_matches_the_generic_one_draw_for_draw(kit: Kit) -> None:
    for seed in range(30):
        state = dealing(kit)
        rng_fast, rng_generic = random.Random(seed), random.Random(seed)
        while state.to_act == (CHANCE,):
            fast = state.sample_chance(rng_fast)
            assert fast == State.sample_chance(state, rng_generic)
            state.apply(fast)


def test_the_coin_toss_sampler_matches_the_generic_one() -> None:
    for seed in range(10):
        state = GAME.new(2)
        assert state.sample_chance(random.Random(seed)) == State.sample_chance(state, random.Random(seed))


def test_chance_has_nothing_to_do_during_a_turn(kit: Kit) -> None:
    state = kit.begin()
    assert state.chance_outcomes() == []
    with pytest.raises(IllegalAction):
        state.sample_chance(random.Random(0))
    with pytest.raises(IllegalAction, match="not chance's turn"):
        state.apply(GAME.parse_action("chance:first 1"))


def test_options_are_checked() -> None:
    from console.games.core import BadOptions

    with pytest.raises(
        BadOptions,
        match="option 'deck_1' must be one of 'cellar-keepers', 'saboteurs', 'standard', not 'cheddar'",
    ):
        GAME.new(2, options={"deck_1": "cheddar"})
    with pytest.raises(
        BadOptions,
        match=r"option 'archaffineur_2' must be one of 'choose', 'none', "
        r"'brine-archaffineur'.*'verdenne-archaffineur', not 'bloom'",
    ):
        GAME.new(2, options={"archaffineur_2": "bloom"})
    with pytest.raises(BadOptions, match="option 'first_seat' must be from 0 to 2, not 3"):
        GAME.new(2, options={"first_seat": 3})
    with pytest.raises(BadOptions, match="option 'first_seat' must be from 0 to 2, not -1"):
        GAME.new(2, options={"first_seat": -1})
    with pytest.raises(BadOptions, match="option 'first_seat' must be a whole number, not True"):
        GAME.new(2, options={"first_seat": True})
    with pytest.raises(BadOptions, match="has no option 'deck_3'"):
        GAME.new(2, options={"deck_3": "standard"})
    with pytest.raises(BadOptions, match="no deck card"):
        GAME.new(2, decks={1: ["fen-matriarch"]})


def test_a_scan_of_a_card_the_ledger_has_on_a_shelf_is_refused(kit: Kit) -> None:
    state = kit.begin(["cave-elder"], [], rest1=["fresh-curd"])
    state.apply(GAME.parse_action("1:set cave-elder 1 sealed"))
    before = views(state)
    with pytest.raises(IllegalAction, match="the ledger has every copy of it elsewhere") as refused:
        state.apply(GAME.parse_action("chance:draw 1 cave-elder"))
    assert "shelf" not in str(refused.value)  # the refusal does not say where a sealed wheel is
    assert views(state) == before


def test_the_quick_sampler_matches_the_generic_one_through_forced_and_weighted_draws(kit: Kit) -> None:
    """Seat 1's stacked deck forces every draw (its top, then the swapped cards at its bottom) while
    seat 2 draws from a dealt deck: a forced draw takes the RNG's turn just as the generic sampler
    does over its one outcome of weight 1, so the weighted draws after it agree too."""
    from console.games.checks import random_action

    hand = ["cart-wheel", "bloom", "market-round", "fen-mist", "brine-wash", "wax-rind"]
    forced_from_the_bottom = weighted = 0
    for seed in range(12):
        state = kit.new(decks={1: [*hand, "cave-elder", "riftstone", "fresh-curd"]})
        rng_fast, rng_generic, rng_play = random.Random(seed), random.Random(seed), random.Random(-seed)
        while state.to_act:
            if state.to_act != (CHANCE,):
                state.apply(random_action(state, rng_play))
                continue
            deck = state.seats[state.draws_due[0].seat - 1].deck
            forced_from_the_bottom += not deck.top and not deck.middle
            weighted += len(state.chance_outcomes()) > 1
            fast = state.sample_chance(rng_fast)
            assert fast == State.sample_chance(state, rng_generic)
            state.apply(fast)
    assert forced_from_the_bottom > 10 and weighted > 100  # both kinds of draw were really met
