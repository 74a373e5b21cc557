"""The composer and the real Wheels of War engine: "While choosing a shelf for a wheel, press up or
down to toggle its seal." With positional readers a seat kit has one reader per shelf: the reader a
wheel is laid on chooses the shelf, and UP and DOWN only toggle the seal."""

from __future__ import annotations

import json

import pytest

from console.games.core import CHANCE
from console.games.wheels import GAME
from console.games.wheels.state import WheelsState
from console.inputs.events import ButtonPressed, CardScanned, Key
from console.physical.cardmap import CardMap
from console.physical.composer import Committed, Composer, CursorMoved, Refusal


def english(outcome: object) -> object:
    """A refusal as its seat and its English (a refusal is a sentence, said in each language)."""
    return (outcome.seat, outcome.message) if isinstance(outcome, Refusal) else outcome


OPTIONS = {"first_seat": 1, "archaffineur_1": "none", "archaffineur_2": "none"}
HAND = ["cart-wheel", "cart-wheel", "market-round", "turn-the-wheels", "fresh-curd", "brine-wash"]


def settle(state: WheelsState) -> None:
    while state.to_act == (CHANCE,):
        state.apply(state.legal_actions(CHANCE)[0])  # stacked decks: one outcome each time


def first_turn(*actions: str) -> WheelsState:
    """Seat 1's turn, both hands dealt from stacked decks and kept, then ``actions`` played."""
    state = GAME.new(2, 0, OPTIONS, {1: HAND, 2: HAND})
    for text in ("1:keep", "2:keep", *actions):
        settle(state)
        state.apply(GAME.parse_action(text))
    settle(state)
    assert isinstance(state, WheelsState) and state.to_act == (1,)
    return state


def scan(card: str, reader: int) -> CardScanned:
    return CardScanned(1, text=f"card:wheels:{card}", reader=reader)


def press(key: Key) -> ButtonPressed:
    return ButtonPressed(1, key)


def shown(outcome: object) -> list[str]:
    assert isinstance(outcome, CursorMoved), outcome
    return [str(action) for action in outcome.cursor.choices]


def highlighted(outcome: object) -> str:
    assert isinstance(outcome, CursorMoved), outcome
    return str(outcome.cursor.highlighted)


@pytest.fixture
def positional() -> Composer:
    return Composer(GAME, CardMap(GAME), positional_readers=True)


def test_while_choosing_a_shelf_for_a_wheel_press_up_or_down_to_toggle_its_seal(positional: Composer) -> None:
    state = first_turn()
    assert shown(positional.handle(scan("cart-wheel", 2), state)) == [
        "1:set cart-wheel 2",
        "1:set cart-wheel 2 sealed",
    ]
    assert str(positional.cursor(1, state).highlighted) == "1:set cart-wheel 2"
    keys = (Key.DOWN, Key.DOWN, Key.UP, Key.UP)
    toggles = [highlighted(positional.handle(press(key), state)) for key in keys]
    assert toggles == [
        "1:set cart-wheel 2 sealed",
        "1:set cart-wheel 2",
        "1:set cart-wheel 2 sealed",
        "1:set cart-wheel 2",
    ]
    positional.handle(press(Key.UP), state)
    outcome = positional.handle(press(Key.OK), state)
    assert isinstance(outcome, Committed) and str(outcome.action) == "1:set cart-wheel 2 sealed"
    state.apply(outcome.action)
    assert state.history[-1] == outcome.action
    shelves = state.seats[0].shelves
    assert shelves[0] is None and shelves[2] is None
    assert shelves[1] is not None and shelves[1].card.id == "cart-wheel" and shelves[1].sealed


def test_a_wheel_laid_on_the_reader_of_a_full_shelf_is_refused_and_changes_nothing(
    positional: Composer,
) -> None:
    state = first_turn("1:set cart-wheel 1", "2:wait")
    positional.handle(scan("cart-wheel", 3), state)
    positional.handle(press(Key.DOWN), state)
    before = (json.dumps(state.view(1)), positional.cursor(1, state))
    outcome = positional.handle(scan("cart-wheel", 1), state)
    assert english(outcome) == (1, "seat 1: that card cannot go at reader 1 now; scan it at reader 2 or 3")
    assert isinstance(outcome, Refusal)
    assert "cart" not in outcome.message.lower()  # a wheel may be about to be set sealed
    assert (json.dumps(state.view(1)), positional.cursor(1, state)) == before
    assert str(positional.cursor(1, state).highlighted) == "1:set cart-wheel 3 sealed"


def test_a_card_that_goes_on_no_shelf_may_be_scanned_on_any_reader(positional: Composer) -> None:
    state = first_turn()
    assert shown(positional.handle(scan("turn-the-wheels", 3), state)) == ["1:play turn-the-wheels"]


def test_back_drops_the_reader_with_the_scan(positional: Composer) -> None:
    state = first_turn()
    positional.handle(scan("cart-wheel", 2), state)
    cursor = positional.handle(press(Key.BACK), state)
    assert isinstance(cursor, CursorMoved) and sorted(cursor.cursor.choices, key=str) == state.legal_actions(
        1
    )
    assert cursor.cursor.cards == () and cursor.cursor.index == 0  # back at the first step, at the top


def test_with_one_reader_a_seat_walks_every_shelf_and_seal_in_notation_order() -> None:
    composer = Composer(GAME, CardMap(GAME))
    state = first_turn()
    assert shown(composer.handle(scan("cart-wheel", 2), state)) == [
        f"1:set cart-wheel {shelf}{seal}" for shelf in (1, 2, 3) for seal in ("", " sealed")
    ]
    keys = (Key.DOWN, Key.DOWN, Key.UP, Key.UP, Key.UP)
    walk = [highlighted(composer.handle(press(key), state)) for key in keys]
    assert walk == [
        "1:set cart-wheel 1 sealed",
        "1:set cart-wheel 2",
        "1:set cart-wheel 1 sealed",
        "1:set cart-wheel 1",
        "1:set cart-wheel 3 sealed",
    ]
