"""The Watch's terminal board and choices in every language its catalog holds: each board line is a
sentence of message ids found in the Watch's catalog (its phrases and cards' names too), said in
German and Spanish with no message left in English and no placeholder unfilled; a choice's fixed
words are messages of the catalog too; the English reads as it did (a count now takes its plural);
and ``tabletop play watch --language de`` draws its board in German."""

from __future__ import annotations

import io
import random
import re
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from console import i18n
from console.cli import main
from console.games.core import CHANCE, ChoiceLabel
from console.games.watch import GAME, terminal
from console.games.watch.state import WatchState
from console.i18n.said import Said
from tests.games.watch.test_watch_words_languages import translated
from tests.games.watch.watch_table import Table
from tests.helpers.sentences import message_ids

PACKAGE = GAME.catalog_package()
LANGUAGES = ("de", "es")
View = dict[str, Any]
MAP_WORD = re.compile(r"[ih]\d+(:[sC]\d)?|" + "|".join(terminal.TILE_CODES.values()))
Sample = tuple[View, list[ChoiceLabel], set[str]]


def arranged() -> tuple[WatchState, int]:
    """Ruler 1 of three with stores, two stacks (one awake) and a card in hand, to act."""
    table = Table(3)
    table.give(1, gold=4, grain=2, wood=1, stone=1)
    table.army(1, "i19", 3, active=True)
    table.army(1, "i24", 1)
    table.hand(1, "w-intrigue")
    return table.state, 1


def allied() -> tuple[WatchState, int]:
    """Rulers 1 and 2 of four allied, ruler 1 to act again: it may break the alliance."""
    table = Table(4)
    table.do("1:offer 2", "2:accept")
    return table.state, table.state.to_act[0]


def sample(state: WatchState, seat: int) -> Sample:
    """``seat``'s view now, its choices' labels and their verbs (the state goes on after)."""
    view = dict(state.view(seat))
    legal = state.legal_actions(seat)
    return (
        view,
        [GAME.label(action, view) for action in legal],
        {str(a).split(":")[1].split()[0] for a in legal},
    )


@cache
def states() -> list[Sample]:
    """The founding, arranged boards and a seat's turn now and then in random games of 4 and 2."""
    picked = [sample(Table(4, found=False).state, 1), sample(*arranged()), sample(*allied())]
    for players, seed in ((4, 3), (2, 1)):
        state = GAME.new(players, seed, {"max_rounds": 30})
        assert isinstance(state, WatchState)
        rng = random.Random(seed)
        turns = 0
        while not state.is_over:
            seat = state.to_act[0]
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            turns += 1
            if turns % 30 == 0:
                picked.append(sample(state, seat))
            legal = state.legal_actions(seat)
            busy = [a for a in legal if a.verb in ("activate", "draw", "exchange", "offer", "break", "play")]
            state.apply(rng.choice(busy if busy and rng.random() < 0.5 else legal))
    return picked


def said_lines(view: View) -> Iterator[Said]:
    for line in GAME.board_lines(view):
        if isinstance(line, Said):
            yield line
        else:  # only the map's rows are written as they are: places, pieces and the key's tile codes
            words = line.split()
            assert line.startswith("  ") and all(MAP_WORD.fullmatch(word) for word in words), line


def test_the_samples_reach_what_the_board_and_the_choices_say() -> None:
    lines = {
        message
        for view, _, _ in states()
        for said in said_lines(view)
        for message in message_ids(said, GAME.card_name)
    }
    verbs = set().union(*(verbs for _, _, verbs in states()))
    assert len(lines) >= 15 and {"draw", "exchange", "offer", "break", "activate", "city"} <= verbs, verbs


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_board_line_is_said_from_the_catalog(language: str) -> None:
    catalog = i18n.catalog(language, PACKAGE)
    speaker = GAME.speaker(language)
    english = GAME.speaker()
    for view, _, _ in states():
        for said in said_lines(view):
            for message in message_ids(said, GAME.card_name):
                assert translated(catalog, message), (language, message)
            text = speaker.render(said)
            assert "%(" not in text and text != english.render(said), (language, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_fixed_word_of_a_choice_is_said_from_the_catalog(language: str) -> None:
    catalog = i18n.catalog(language, PACKAGE)
    fixed = [
        *terminal.GROUPS.values(),
        *terminal.SINGLE.values(),
        *terminal.DRAWS.values(),
        *terminal.EXCHANGES.values(),
        *terminal.OFFERS.values(),
        *terminal.BREAKS.values(),
    ]
    assert all(translated(catalog, message) for message in fixed), [
        message for message in fixed if not translated(catalog, message)
    ]
    speaker = GAME.speaker(language)
    for _, labels, _ in states():
        for group, words in labels:
            assert not group or translated(catalog, group), group
            if words in fixed:
                assert speaker.translate(words) != words, words


def test_the_english_board_reads_as_it_did() -> None:
    state, seat = arranged()
    lines = [
        GAME.speaker().render(line) if isinstance(line, Said) else line
        for line in GAME.board_lines(dict(state.view(seat)))
    ]
    assert lines[0] == "Round 1 · play · ruler 1 to play · 15 VP to win"
    key = "  Tiles: Gr grain, Wd wood, St stone, Go gold, De desert, La lake · s settlement, C city"
    assert key + " (the digit: whose)" in lines
    assert (
        "  ruler 1 Highkin (you): 3 VP · 2 Grain, 1 Wood, 1 Stone and 4 Gold · 1 card · roads e21 and e27"
        " · armies 3 at i19 (awake) and 1 at i24" in lines
    )
    assert lines[-1] == "  your hand: Intrigue"
    german = [
        GAME.speaker("de").render(line)
        for line in GAME.board_lines(dict(state.view(seat)))
        if isinstance(line, Said)
    ]
    assert german[0] == "Runde 1 · Spiel · Herrscher 1 ist am Zug · 15 SP zum Sieg"
    assert german[-1] == "  deine Hand: " + GAME.speaker("de").card_name("w-intrigue")


def test_a_german_terminal_game_draws_its_board_in_german(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    status = main(["--journal", str(tmp_path / "j.db"), "play", "watch", "--seed", "1", "--language", "de"])
    out, err = capsys.readouterr()
    assert status == 0 and err == "", err
    assert "\nRunde 0 · Gründung · 15 SP zum Sieg\n" in out, out
    assert "  Felder: Gr Getreide, Wd Holz, St Stein, Go Gold, De Wüste, La See" in out
    assert "(du): 0 SP · 0 Getreide, 0 Holz, 0 Stein und 0 Gold · 0 Karten · Straßen keine" in out, out
    for english in ("VP to win", "Tiles:", " cards · roads ", "your hand"):
        assert english not in out, english
