"""Names at the terminal, through the real ``tabletop`` command: given with ``--name SEAT=NAME`` or
typed when a person at a terminal is asked, bound by the hub's rule, kept in the journal's file as
the hub keeps them, and said on the board, in the log and in the result; bots named as the hub
names them; ``tabletop games`` and ``replay`` say them too. A name is text, never markup."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from console.hub.store import HubStore
from console.journal import Journal
from console.table import named, result_words
from tests.test_play_terminal import cli

MARKUP = "<b>x</b> & 'y'"


def stored_names(journal: Path, table: int = 1) -> dict[int, str]:
    with Journal(journal) as opened:
        return HubStore(opened).names(table)


def test_a_seat_is_said_by_its_name_and_only_that_seat() -> None:
    names = {1: "Ana", 2: "Bot 2 (normal)"}
    assert named("seat 1 (you) · Seat 2 to play · seat 10 · seats (1, 2)", names) == (
        "Ana (you) · Bot 2 (normal) to play · seat 10 · seats (1, 2)"
    )
    assert named("seat 1 won", {1: "seat 2"}) == "seat 2 won", "a name is put in once, never read again"
    assert result_words([2], "seat 1 conceded", [3, 9], {1: "Ana", 2: "Bo"}) == (
        "Bo wins (Ana conceded); scores: Ana 3, Bo 9"
    )
    assert result_words([2], "most Renown") == "seat 2 wins (most Renown)"
    assert result_words([2], "seat 2 banked the most Renown (32 to 7)", names={2: "Bo"}) == (
        "Bo wins: banked the most Renown (32 to 7)"
    )  # the winner said once, as the pages say it


@pytest.mark.slow
def test_a_named_game_to_its_end_names_everyone_everywhere(tmp_path: Path) -> None:
    journal = tmp_path / "j.db"
    played = cli(journal, "play", "wheels", "--seed", "4", "--name", f"1={MARKUP}", input="1\n" * 400)
    out = played.stdout
    assert played.returncode == 0, played.stderr
    assert f"you are {MARKUP} (seat 1); bots: Bot 2 (normal)." in out.splitlines()[0]
    assert f"\n{MARKUP} (seat 1) to act." in out, "the turn's heading"
    assert f"  {MARKUP} (you): banked" in out and "  Bot 2 (normal): banked" in out, "the board"
    assert f"  · {MARKUP} " in out and "  · Bot 2 (normal) " in out, "the log"
    assert "Seat 1" not in out and "seat 1 " not in out, "seat 1 is never said by its number"
    result = next(line for line in out.splitlines() if line.startswith("Game over: "))
    assert re.search(r"wins?(:| \()", result), result
    assert f"scores: {MARKUP} " in result and ", Bot 2 (normal) " in result
    assert stored_names(journal) == {1: MARKUP}, "kept in the journal's file as the hub keeps it"
    listed = cli(journal, "games").stdout
    assert "won by " in listed
    replay = cli(journal, "replay", "1").stdout.splitlines()
    assert replay[1] == f"players: seat 1 {MARKUP}"
    assert replay[-1].startswith("result: ") and f"scores: {MARKUP} " in replay[-1]


@pytest.mark.slow
def test_names_stay_with_a_resumed_game_and_may_change(tmp_path: Path) -> None:
    journal = tmp_path / "j.db"
    first = cli(journal, "play", "wisteria", "--bots", "0", "--name", "1=Ana", "--name", "2=Bo", input="q\n")
    assert first.returncode == 0, first.stderr
    assert "you are Ana (seat 1); bots: none." in first.stdout
    resumed = cli(journal, "play", "--resume", "1", "--bots", "0", "--name", "2=Cy", input="1\n1\nq\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "Ana (you):" in resumed.stdout and "  Cy:" in resumed.stdout and "Bo" not in resumed.stdout
    assert stored_names(journal) == {1: "Ana", 2: "Cy"}
    assert cli(journal, "replay", "1").stdout.splitlines()[1] == "players: seat 1 Ana, seat 2 Cy"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--name", "Ana"], "--name 'Ana' must look like SEAT=NAME, like --name 1=Ana"),
        (["--name", "3=Ana"], "--name '3=Ana': there is no seat 3 at a 2-player table"),
        (["--name", "2=Ana"], "--name '2=Ana': a bot plays seat 2, and bots are named as bots"),
        (["--name", "1=" + "x" * 25], f"--name '1={'x' * 25}': a name is 1 to 24 characters of text"),
        (["--name", "1=a\x07b"], "--name '1=a\\x07b': a name is 1 to 24 characters of text"),
    ],
)
def test_a_refused_name_is_one_line_and_leaves_no_table(tmp_path: Path, args: list[str], said: str) -> None:
    journal = tmp_path / "j.db"
    refused = cli(journal, "play", "wisteria", *args)
    assert refused.returncode == 2 and refused.stderr == f"tabletop: {said}\n"
    assert cli(journal, "games").stdout.strip() == "no games in the journal yet"


@pytest.mark.slow
def test_a_person_at_a_terminal_is_asked_for_a_name(tmp_path: Path) -> None:
    """As a phone asks its player on joining: each person at the keyboard, Enter to skip, a name
    the hub would refuse explained and asked again (a real terminal: a pseudo-terminal)."""
    journal = tmp_path / "j.db"
    command = [sys.executable, "-m", "console.cli", "--journal", str(journal)]
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [*command, "play", "wisteria", "--players", "3", "--bots", "1", "--seed", "5"],
        stdin=follower,
        stdout=follower,
        stderr=follower,  # input() writes its prompt to stderr at a terminal, as a person sees it
        env={**os.environ, "PYTHONUNBUFFERED": "1", "COLUMNS": "100"},
    )
    os.close(follower)
    screen = Screen(leader)
    try:
        for prompt, answer in (
            ("Seat 1, your name (Enter to skip): ", "x" * 30),
            ("a name is 1 to 24 characters of text; try again.", ""),  # the refusal, then Enter skips
            ("Seat 3, your name (Enter to skip): ", "  Bo   Li "),
            ("Choose a number (q to quit): ", "q"),
        ):
            screen.wait_for(prompt)
            os.write(leader, answer.encode() + b"\r")
        assert process.wait(60) == 0
        screen.read_all()
    finally:
        process.kill()
        os.close(leader)
    text = screen.text
    assert "Traceback" not in text, text
    assert "you are seat 1; bots: Bot 2 (normal)." in text
    assert "  Bo Li:" in text and "  Bot 2 (normal):" in text, "the board names them"
    assert stored_names(journal) == {3: "Bo Li"}


class Screen:
    """What a program wrote to its pseudo-terminal, read as it comes."""

    def __init__(self, leader: int) -> None:
        self.leader = leader
        self.text = ""
        self.read_to = 0

    def wait_for(self, words: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while words not in self.text[self.read_to :]:
            assert time.monotonic() < deadline, f"never saw {words!r} in:\n{self.text}"
            self._read(0.2)
        self.read_to = self.text.index(words, self.read_to) + len(words)

    def read_all(self) -> None:
        while self._read(0.2):
            pass

    def _read(self, wait: float) -> bool:
        if not select.select([self.leader], [], [], wait)[0]:
            return False
        try:
            chunk = os.read(self.leader, 4096)
        except OSError:  # the program has gone and its terminal with it
            return False
        self.text += chunk.decode(errors="replace").replace("\r\n", "\n")
        return bool(chunk)
