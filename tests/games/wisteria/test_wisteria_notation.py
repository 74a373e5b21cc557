"""Notation: every verb round-trips, and text that is not a Wisteria action says why."""

from __future__ import annotations

import pytest

from console.games.core import CHANCE, NotationError
from console.games.wisteria.actions import Battle, Draw, FaceDown, Retreat, Tally, TimeUp
from console.games.wisteria.game import WisteriaGame


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("2:battle", Battle(2)),
        ("3:retreat", Retreat(3)),
        ("chance:draw 1 5", Draw(CHANCE, 1, 5)),
        ("chance:facedown 2 6", FaceDown(CHANCE, 2, 6)),
        ("chance:tally 4 1", Tally(CHANCE, 4, 1)),
        ("chance:time-up", TimeUp(CHANCE)),
        ("chance:draw 40 3", Draw(CHANCE, 40, 3)),
    ],
)
def test_every_verb_round_trips(game: WisteriaGame, text: str, action: object) -> None:
    parsed = game.parse_action(text)
    assert parsed == action and str(parsed) == text


def test_card_actions_name_their_card_id(game: WisteriaGame) -> None:
    assert game.parse_action("chance:facedown 2 6").cards() == ("6",)
    assert game.parse_action("2:battle").cards() == ()


def test_notation_has_one_spelling_case_and_spaces_are_refused(game: WisteriaGame) -> None:
    for text in ("  Chance:DRAW  1  5 ", "chance:DRAW 1 5", "chance:draw 1  5"):
        with pytest.raises(NotationError):
            game.parse_action(text)


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("2:dance", "no action 'dance'"),
        ("chance:battle", "only a seat chooses"),
        ("2:battle now", "takes nothing after it"),
        ("2:draw 2 5", "a card comes from chance"),
        ("chance:draw 2", "a card comes from chance"),
        ("chance:draw two 5", "must be a whole number"),
        ("chance:draw 2 7", "strength 7 is not a card"),
        ("chance:draw 2 0", "strength 0 is not a card"),
        ("chance:draw 0 3", "seats are numbered from 1"),
        ("1:time-up", "the clock is the table's"),
        ("battle", "expected SEAT:VERB"),
    ],
)
def test_text_that_is_not_an_action_is_a_notation_error(
    game: WisteriaGame, text: str, complaint: str
) -> None:
    with pytest.raises(NotationError, match=complaint):
        game.parse_action(text)
