"""Terminal play a person can follow: a compact board per game, choices labelled in words and
numbered in natural order, each private event once, and Ctrl-C or a closed pipe end cleanly."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from console.games import find_game
from console.games.core import CHANCE, Event, natural_key
from console.hub.views import event_json
from console.journal import Journal
from console.play import events_once, play_terminal, seat_bots, show_turn
from console.play_text import choice_groups
from console.table import Table, named


def cli(journal: Path, *args: str, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "console.cli", "--journal", str(journal), *args],
        capture_output=True,
        text=True,
        timeout=120,
        **kwargs,
    )  # type: ignore[call-overload]


def test_places_come_in_natural_order() -> None:
    assert sorted(["i10", "i2", "i19", "i1"], key=natural_key) == ["i1", "i2", "i10", "i19"]
    watch = find_game("watch")
    state = watch.new(3, 4, None, None)
    groups = choice_groups(watch, state.legal_actions(1), state.view(1))
    places = [words for words, _ in groups[0].items]
    assert groups[0].label == "Place or raise a city" and places[:11] == [f"i{n}" for n in range(1, 12)]


def test_wheels_choices_say_whose_shelf_and_name_the_cards() -> None:
    wheels = find_game("wheels")
    state = wheels.new(2, 5, None, None)
    texts = (
        "1:play the-souring 2",
        "1:play fen-poultice 3",
        "1:set cart-wheel 1 sealed",
        "1:wait",
        "1:read 2",
    )
    legal = [wheels.parse_action(text) for text in texts]
    groups = {
        group.label or group.items[0][0]: [words for words, _ in group.items]
        for group in choice_groups(wheels, legal, state.view(1))
    }
    assert groups["Play a craft"] == ["Fen Poultice on your shelf 3", "The Souring on the rival's shelf 2"]
    assert groups["Set a wheel on an empty shelf (spends the turn)"] == [
        "Cart Wheel on shelf 1, sealed (hold halved, hidden)"
    ]
    assert list(groups)[-1] == "Wait: do nothing (spends the turn)"  # ending the turn comes last


def test_each_game_shows_a_compact_board_and_numbered_choices(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # the terminal's width: no line is longer, none breaks a word
    with Journal(tmp_path / "j.db") as journal:
        # Wheels' Archaffineurs each come with their printed text, so its turn takes more lines.
        for name, players, most_lines in (("wisteria", 2, 12), ("wheels", 2, 26), ("watch", 3, 34)):
            table = Table.start(journal, name, players, seed=3)
            while table.state.to_act == (CHANCE,):
                table.submit(table.chance_action())
            out = io.StringIO()
            ordered = show_turn(table, 1, table.state.view(1), out)
            text = out.getvalue()
            assert sorted(map(str, ordered)) == sorted(map(str, table.state.legal_actions(1)))
            assert "1) " in text and "{" not in text, text  # words, not a JSON dump
            assert len(text.splitlines()) <= most_lines, text
            choices = text.split("Your choices:", 1)[1].splitlines()  # wrapped at the terminal's width
            assert all(len(line) <= 80 for line in choices), text
            if name == "wheels":  # each Archaffineur's printed text, with no word cut at a line's end
                words = " ".join(text.split())
                assert (
                    "Fen Matriarch: Every wheel in your cellar, sealed or soured, returns to its peak age"
                    in words
                )
            if name == "watch":
                assert "h10 " in text and "i14" in text and "Tiles: Gr grain" in text


def test_a_private_event_and_its_redacted_twin_show_once() -> None:
    private = Event("draw", {"seat": 1, "card": "bloom"}, frozenset({1}))
    twin = Event("draw", {"seat": 1})
    other = Event("draw", {"seat": 2})
    assert events_once([private, twin, other, Event("draw", {"seat": 2})], 1) == [
        private,
        other,
        Event("draw", {"seat": 2}),
    ]
    assert events_once([private, twin], 2) == [twin]


def test_the_terminal_says_the_sentences_the_pages_log_shows(tmp_path: Path) -> None:
    """One wording: each line of the terminal's log is the sentence the hub sends the pages (the
    game's ``describe``), with the seats' names put in."""
    names = {1: "Ana", 2: "Bot 2 (normal)"}
    with Journal(tmp_path / "j.db") as journal:
        # every card a 3: each round is a War, so the bot chooses while Ana still has to
        table = Table.start(journal, "wisteria", 2, seed=1, options={"deck": "3 3 3 3 3 3"})
        answers = iter(["1", "1", "q"])
        out = io.StringIO()
        play_terminal(table, seat_bots(table, 1, -1, "normal"), lambda _: next(answers), out, names)
    printed = [line.removeprefix("  · ") for line in out.getvalue().splitlines() if line.startswith("  · ")]
    sent = {id(logged.event): event_json(n, logged, table.game)["text"] for n, logged in enumerate(table.log)}
    seen = events_once([logged.event for logged in table.log], 1, table.game.twin_kinds)
    assert printed == [named(sent[id(event)], names) for event in seen]
    assert "Bot 2 (normal) has chosen" in printed and "You chose Battle" in printed
    assert "Ana has chosen" not in printed  # her own choice, said once: the private words
    assert "War! Ana and Bot 2 (normal) tie on 3" in printed


@pytest.mark.slow
def test_ctrl_c_names_the_resume_command_and_exits_130(tmp_path: Path) -> None:
    journal = tmp_path / "j.db"
    process = subprocess.Popen(
        [sys.executable, "-m", "console.cli", "--journal", str(journal), "play", "wheels", "--seed", "2"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        # A test run in the background inherits SIGINT ignored; a person's terminal does not.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stdout is not None
    seen = ""
    deadline = time.monotonic() + 60
    while "Choose a number" not in seen and time.monotonic() < deadline:
        seen += os.read(process.stdout.fileno(), 4096).decode()
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "Traceback" not in err, err
    assert "resume this game with: tabletop play --resume 1" in err
    assert cli(journal, "games").stdout.split()[:4] == ["1", "wheels", "2p", "playing"]  # resumable


@pytest.mark.slow
def test_a_refused_play_leaves_no_table(tmp_path: Path) -> None:
    journal = tmp_path / "j.db"
    refused = cli(journal, "play", "wisteria", "--bots", "5")
    assert refused.returncode == 2 and refused.stderr == (
        "tabletop: --bots must be from 0 to 1 for 2 players, not 5\n"
    )
    assert cli(journal, "games").stdout.strip() == "no games in the journal yet"


@pytest.mark.slow
def test_a_closed_pipe_ends_quietly_with_141(tmp_path: Path) -> None:
    journal = tmp_path / "j.db"
    assert cli(journal, "play", "wisteria", "--seed", "4", input="1\n" * 400 + "q\n").returncode == 0
    command = [sys.executable, "-m", "console.cli", "--journal", str(journal), "replay", "1"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # the reader has gone before a line is written (| head that is done)
    err = process.stderr.read().decode()
    assert process.wait(60) == 141 and err == "", err
    process.stderr.close()
