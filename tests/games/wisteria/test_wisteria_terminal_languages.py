"""Wisteria's terminal board and choices in German and Spanish: every line ``board_lines`` gives
is a sentence of the game's catalog (each phrase within it too) with a translation, the choices'
fixed words are said from the catalog, the English reads as the board did (but "1 card"), and a
German terminal game shows its board in German."""

from __future__ import annotations

import io
import random
import sys
from pathlib import Path

import pytest

from console import i18n
from console.cli import main
from console.games import find_game
from console.games.core import CHANCE, JSON, Action
from console.i18n.said import Said
from tests.helpers.sentences import board_samples, has_words, phrases, translations

GAME = find_game("wisteria")
PACKAGE = GAME.catalog_package()
OPTIONS: tuple[dict[str, object], ...] = ({}, {"deck": "3 3 3 3 3 3"}, {"deck": "3 3 2 1"})


@pytest.fixture(scope="module")
def views() -> list[JSON]:
    return board_samples(GAME, OPTIONS)


def terminal_messages() -> set[str]:
    return {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in i18n.template(PACKAGE)
        if message.id and any(path == "terminal.py" for path, _ in message.locations)
    }


def test_the_samples_say_every_board_sentence(views: list[JSON]) -> None:
    """So the tests below say the board's sentences there are (but for the victories and the steps
    random play does not meet), and the choices' words."""
    said = {phrase.id for view in views for line in GAME.board_lines(view) for phrase in phrases(line)}
    choices = {words for label in (GAME.label(action, {}) for action in war_choices()) for words in label}
    missing = terminal_messages() - said - choices
    assert missing <= {"Time Limit", "Power Score", "tally", "  Last round: the War had no winner."}, missing


def war_choices() -> list[Action]:
    """Seat 1's choices in a War: Battle and Retreat."""
    state = GAME.new(2, 1, {"deck": "3 3 3 3 3 3"}, None)
    rng = random.Random(1)
    while state.to_act == (CHANCE,):
        state.apply(state.sample_chance(rng))
    return state.legal_actions(1)


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_every_board_line_is_said_in_the_language(views: list[JSON], language: str) -> None:
    catalog = translations(language, PACKAGE)
    speaker, english = GAME.speaker(language), GAME.speaker()
    for view in views:
        for line in GAME.board_lines(view):
            assert isinstance(line, Said), line
            for phrase in phrases(line):
                if has_words(phrase.id):
                    assert catalog.get(phrase.id), f"{language}: no translation of {phrase.id!r}"
            words = speaker.render(line)
            assert "%(" not in words and words != english.render(line), (language, words)


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_the_choices_fixed_words_are_said_in_the_language(language: str) -> None:
    speaker = GAME.speaker(language)
    labels = [GAME.label(action, {}) for action in war_choices()]
    assert len(labels) == 2
    for group, words in labels:
        assert speaker.translate(group) != group and speaker.translate(words) != words, (group, words)


def test_the_board_reads_in_english_as_it_did() -> None:
    view: JSON = {
        "seat": 1,
        "round": 4,
        "phase": "face_down",
        "victory": "time_limit",
        "seats": {
            "1": {"cards": 1, "draw": 1, "won": 0, "revealed": 3, "face_down": 1, "in_war": True},
            "2": {"cards": 9, "draw": 5, "won": 4, "revealed": None, "face_down": 0, "eliminated": True},
        },
        "last_round": {"winner": 2, "cards": 4, "war": True},
    }
    english = GAME.speaker()
    assert [english.render(line) for line in GAME.board_lines(view) if isinstance(line, Said)] == [
        "Round 4 · face down · Victory: Time Limit",
        "  seat 1 (you): 1 card (1 to draw, 0 won) · 3 face up, 1 face down · in the War",
        "  seat 2: 9 cards (5 to draw, 4 won) · nothing face up, 0 face down · out of the game",
        "  Last round: seat 2 won 4 cards after a War.",
    ]
    german = GAME.speaker("de")
    assert [german.render(line) for line in GAME.board_lines(view) if isinstance(line, Said)][1:] == [
        "  Platz 1 (du): 1 Karte (1 zum Ziehen, 0 gewonnen) · 3 offen, 1 verdeckt · im Krieg",
        "  Platz 2: 9 Karten (5 zum Ziehen, 4 gewonnen) · nichts offen, 0 verdeckt · aus dem Spiel",
        "  Letzte Runde: Platz 2 gewann 4 Karten nach einem Krieg.",
    ]


def test_a_german_terminal_game_shows_the_board_in_german(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nq\n"))
    command = ["--journal", str(tmp_path / "j.db"), "--language", "de", "play", "wisteria", "--seed", "1"]
    assert main([*command, "-o", "deck=3 3 3 3 3 3", "--name", "1=Ana"]) == 0
    out = capsys.readouterr().out
    assert "\nRunde 1 · Entscheidung · Sieg: Totale Kontrolle\n" in out
    assert "\n  Ana (du): 1 Karte (1 zum Ziehen, 0 gewonnen) · 3 offen, 1 verdeckt · im Krieg\n" in out
    assert "\n    1) Schlacht: mit einer Schlachtkarte weiterkämpfen\n" in out
    for english in ("Round ", "Victory", " cards (", "face up", "fight on"):
        assert english not in out, english
