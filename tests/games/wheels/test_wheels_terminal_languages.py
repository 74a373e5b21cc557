"""Wheels of War's terminal board and choices in German and Spanish: every line ``board_lines``
gives is a sentence of the game's catalog (each phrase within it too) with a translation, the
choices' fixed words are said from the catalog, the English reads as the board did (but "1 turn
left", a hand's last card after "and"), and a German terminal game shows its board in German."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from console import i18n
from console.cli import main
from console.games import find_game
from console.games.core import JSON
from console.i18n.said import Said
from tests.helpers.sentences import board_samples, has_words, phrases, translations

GAME = find_game("wheels")
PACKAGE = GAME.catalog_package()
OPTIONS: tuple[dict[str, object], ...] = ({}, {"deck_1": "saboteurs", "deck_2": "cellar-keepers"})


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
    """So the tests below say the board's sentences there are (but what random play seldom meets)."""
    said = {phrase.id for view in views for line in GAME.board_lines(view) for phrase in phrases(line)}
    choices = {words for label in (GAME.label(action, {}) for action in CHOICES) for words in label}
    missing = terminal_messages() - said - choices
    assert all("sealed" in message or "SOURED" in message or "damp" in message for message in missing), (
        missing
    )


CHOICES = [
    GAME.parse_action(text)
    for text in (
        "1:choose fen-matriarch",
        "1:swap cart-wheel",
        "1:keep",
        "1:set cart-wheel 1 sealed",
        "1:read 2",
        "1:play the-souring 2",
        "1:invoke fen-matriarch",
        "1:wait",
    )
]
# The choices whose words are fixed: said from the catalog.
FIXED = ("1:keep", "1:wait")


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_every_board_line_is_said_in_the_language(views: list[JSON], language: str) -> None:
    catalog = translations(language, PACKAGE)
    speaker, english = GAME.speaker(language), GAME.speaker()
    for view in [*views, BUILT]:
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
    for action in CHOICES:
        group, words = GAME.label(action, {})
        assert not group or speaker.translate(group) != group, group
        if str(action) in FIXED:
            assert speaker.translate(words) != words, words


BUILT: JSON = {
    "phase": "play",
    "turn_of": 2,
    "you": 1,
    "players": {
        "1": {
            "banked": 7,
            "turns_left": 1,
            "hand_count": 2,
            "deck_count": 9,
            "damp": 2,
            "chill": 1,
            "shelves": [
                {"shelf": 1, "empty": True},
                {"shelf": 2, "card": "cart-wheel", "age": 4, "full_from": 3, "full_until": 6, "payout": 8,
                 "sealed": True, "soured": True},
                {"shelf": 3, "card": "fresh-curd", "age": 1, "full_from": 2, "full_until": 3, "payout": 0,
                 "soured": True},
            ],
            "hand": ["cart-wheel", "the-souring"],
        },
        "2": {
            "banked": 0,
            "turns_left": 2,
            "hand_count": 5,
            "deck_count": 8,
            "damp": 1,
            "shelves": [{"shelf": 1, "sealed": True}, {"shelf": 2, "card": "cart-wheel", "age": 2,
                        "full_from": 3, "full_until": 6, "payout": 2, "sealed": True}],
        },
    },
}  # fmt: skip


def test_the_board_reads_in_english_as_it_did() -> None:
    english = GAME.speaker()
    assert [english.render(line) for line in GAME.board_lines(BUILT) if isinstance(line, Said)] == [
        "Phase: play · seat 2 to play",
        "  seat 1 (you): banked 7, 1 turn left, 2 in hand, 9 in deck · damp 2, chill 1",
        "    shelves  1: empty | 2: Cart Wheel age 4 (full 3-6), pays 8, sealed, SOURED"
        " | 3: Fresh Curd age 1 (full 2-3), pays 0, SOURED",
        "    hand     Cart Wheel and The Souring",
        "  seat 2: banked 0, 2 turns left, 5 in hand, 8 in deck · damp 1",
        "    shelves  1: a sealed wheel | 2: Cart Wheel age 2 (full 3-6), pays 2, sealed",
    ]
    german = GAME.speaker("de")
    assert [german.render(line) for line in GAME.board_lines(BUILT) if isinstance(line, Said)][:2] == [
        "Phase: Spiel · Platz 2 ist am Zug",
        "  Platz 1 (du): 7 Ruhm gesichert, 1 Zug übrig, 2 auf der Hand, 9 im Stapel · Feuchte 2, Kälte 1",
    ]


def test_a_german_terminal_game_shows_the_board_in_german(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    command = ["--journal", str(tmp_path / "j.db"), "--language", "de", "play", "wheels", "--seed", "1"]
    assert main([*command, "--name", "1=Ana"]) == 0
    out = capsys.readouterr().out
    assert "\nPhase: Archaffineure\n" in out
    assert "\n  Ana (du): 0 Ruhm gesichert, 12 Züge übrig, 0 auf der Hand, 24 im Stapel\n" in out
    assert "\n    Regale   1: leer | 2: leer | 3: leer\n" in out
    for english in ("banked", "turns left", "in hand", "shelves", "empty"):
        assert english not in out, english
