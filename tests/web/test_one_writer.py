"""One writer per game, with the real commands in their own processes against a real running hub:
every command that writes a journal (play, play --resume, serve, record, cards enrol) is refused
in one line naming the hub, exit 2, nothing written; the readers (games, replay) answer beside it,
never hold it up, and see each game whole."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from console.journal import Journal
from tests.test_journal_cli import one_line_exit_2, tabletop
from tests.web.test_web_restart import WISTERIA, play_one

pytestmark = pytest.mark.slow

WRITERS = (
    ["play", "--resume", "1"],
    ["play", "wisteria", "--seed", "1"],
    ["serve", "--port", "0", "--inputs", "none"],
    ["record", "RECORDING", "--port", "0", "--inputs", "none"],
    ["cards", "enrol", "wisteria", "--pod", "/dev/null", "--timeout", "1"],
)


def listed(path: Path, home: Path) -> Any:
    run = tabletop("--journal", str(path), "games", "--json", home=home)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_every_writer_is_refused_in_one_line_naming_the_running_hub(
    tmp_path: Path, hub_process: Callable[..., Any]
) -> None:
    path = tmp_path / "journal.db"
    hub = hub_process(path, *WISTERIA, "--host", "127.0.0.1")
    seat_tokens = hub.seat_tokens(1)
    assert play_one(hub, seat_tokens)
    before = listed(path, tmp_path)
    pid = hub.process.pid
    for command in WRITERS:
        command = [str(tmp_path / "r.jsonl") if word == "RECORDING" else word for word in command]
        run = tabletop("--journal", str(path), *command, home=tmp_path)
        one_line_exit_2(run.returncode, run.stdout, run.stderr, path, f"pid {pid}")
        assert f"{hub.url}/" in run.stderr, run.stderr  # the hub's address, to go to it
        assert listed(path, tmp_path) == before, f"{command[0]} wrote to the hub's journal"
    assert not (tmp_path / "r.jsonl").exists(), "record made its recording before it was refused"
    assert play_one(hub, seat_tokens), "the hub plays on, its table unbroken"
    after = listed(path, tmp_path)
    assert after[0]["actions"] > before[0]["actions"]


def test_readers_answer_beside_the_hub_and_never_hold_it_up(
    tmp_path: Path, hub_process: Callable[..., Any]
) -> None:
    path = tmp_path / "journal.db"
    hub = hub_process(path, *WISTERIA, "--host", "127.0.0.1")
    seat_tokens = hub.seat_tokens(1)
    assert play_one(hub, seat_tokens)
    replay = tabletop("--journal", str(path), "replay", "1", home=tmp_path)
    assert replay.returncode == 0 and replay.stdout.startswith("table 1: wisteria"), replay.stderr

    # A reader in the middle of a long read: the hub's next action is journalled at once all the
    # same, and the reader goes on seeing the game as it stood when its read began.
    with Journal(path, readonly=True) as reader, reader.reading():
        seen = reader.record(1).actions
        started = time.monotonic()
        assert play_one(hub, seat_tokens)
        took = time.monotonic() - started
        assert reader.record(1).actions == len(reader.actions(1)) == seen
    assert took < 2.0, f"the hub waited {took:.1f} s for a reader"
    with Journal(path, readonly=True) as reader:
        assert reader.record(1).actions > seen


def test_a_game_being_written_is_listed_whole_or_not_at_all(
    tmp_path: Path, hub_process: Callable[..., Any]
) -> None:
    """While the hub plays as fast as it can, `games --json` agrees with `replay` every time: the
    count of actions it lists is the count of moves a replay prints."""
    path = tmp_path / "journal.db"
    hub = hub_process(path, *WISTERIA, "--host", "127.0.0.1")
    seat_tokens = hub.seat_tokens(1)
    stop = threading.Event()

    def keep_playing() -> None:
        while not stop.is_set() and play_one(hub, seat_tokens):
            pass

    player = threading.Thread(target=keep_playing)
    player.start()
    try:
        for _ in range(4):
            with Journal(path, readonly=True) as reader, reader.reading():
                record = reader.record(1)
                assert record.actions == len(reader.actions(1))
            run = tabletop("--journal", str(path), "replay", "1", home=tmp_path)
            assert run.returncode == 0, run.stderr
    finally:
        stop.set()
        player.join(30)
