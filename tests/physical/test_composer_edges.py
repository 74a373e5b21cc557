"""The composer's edges: a held OK or BACK repeats nothing, a cursor shown without names,
forgetting every seat's selection at once, and values that cannot change after the fact."""

from __future__ import annotations

import dataclasses

import pytest

from console.games import find_game
from console.inputs.events import ButtonPressed, Key
from console.physical.composer import Committed, Composer, Cursor, CursorMoved, Refusal


def declaring() -> tuple[Composer, object]:
    game = find_game("wisteria")
    state = game.new(2, 0, None, {1: ["4", "2", "5"], 2: ["4", "6", "5"]})
    for text in ("chance:draw 1 4", "chance:draw 2 4", "chance:facedown 1 2", "chance:facedown 2 6"):
        state.apply(game.parse_action(text))
    assert state.to_act == (1, 2)
    return Composer(game), state


def test_a_held_ok_or_back_commits_or_drops_nothing_but_a_held_arrow_moves() -> None:
    composer, state = declaring()
    assert composer.handle(ButtonPressed(1, Key.OK, repeat=True), state) is None  # type: ignore[arg-type]
    assert composer.handle(ButtonPressed(1, Key.BACK, repeat=True), state) is None  # type: ignore[arg-type]
    moved = composer.handle(ButtonPressed(1, Key.DOWN, repeat=True), state)  # type: ignore[arg-type]
    assert isinstance(moved, CursorMoved) and moved.cursor.index == 1
    assert isinstance(composer.handle(ButtonPressed(1, Key.OK), state), Committed)  # type: ignore[arg-type]


def test_a_seat_sees_its_own_cursor_without_a_name_table() -> None:
    composer, state = declaring()
    shown = composer.cursor(1, state).to_json(1)  # type: ignore[arg-type]
    assert shown["choices"] == ["1:battle", "1:retreat"]
    assert shown["labels"] == [  # the steps' words: its group, then the choice, as on the phone
        "Battle or Retreat: Battle: fight on with a battle card",
        "Battle or Retreat: Retreat: give up one face-up card, keep your tied and face-down cards",
    ]
    assert Cursor(1).index == 0 and Cursor(1).highlighted is None


def test_reset_with_no_seat_forgets_every_seat() -> None:
    composer, state = declaring()
    for seat in (1, 2):
        composer.press(seat, Key.DOWN, state)  # type: ignore[arg-type]
    composer.reset()
    assert [composer.cursor(seat, state).index for seat in (1, 2)] == [0, 0]  # type: ignore[arg-type]
    for seat in (1, 2):
        composer.press(seat, Key.DOWN, state)  # type: ignore[arg-type]
    composer.reset(2)
    assert [composer.cursor(seat, state).index for seat in (1, 2)] == [1, 0]  # type: ignore[arg-type]


def test_what_the_composer_answers_cannot_be_changed_after() -> None:
    composer, state = declaring()
    moved = composer.press(1, Key.DOWN, state)  # type: ignore[arg-type]
    committed = composer.press(1, Key.OK, state)  # type: ignore[arg-type]
    refused = composer.press(3, Key.OK, state)  # type: ignore[arg-type]
    assert isinstance(moved, CursorMoved) and isinstance(committed, Committed)
    assert isinstance(refused, Refusal)
    answers = ((moved.cursor, "index"), (moved, "cursor"), (committed, "seat"), (refused, "message"))
    for value, field in answers:
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(value, field, 0)
