"""A table commits before it acknowledges, and a killed process resumes to the identical state."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from console.games import find_game
from console.games.core import IllegalAction, NotationError, RandomBot
from console.journal import Journal
from console.table import Table


def views(table: Table) -> str:
    state = table.state
    return json.dumps(
        [state.view(None)] + [state.view(s) for s in range(1, state.players + 1)], sort_keys=True
    )


def test_an_acknowledged_action_is_already_in_the_journal(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    table = Table.start(journal, "wisteria", 2, seed=3)
    table.submit(table.chance_action())
    assert journal.actions(table.id) == table.history
    assert len(table.history) == 1


def test_an_illegal_or_malformed_action_changes_neither_state_nor_journal(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    table = Table.start(journal, "wisteria", 2, seed=3)
    before = views(table)
    with pytest.raises(NotationError):
        table.submit("2:dance wildly")
    with pytest.raises(IllegalAction):
        table.submit("1:retreat")
    assert views(table) == before
    assert journal.actions(table.id) == []


def test_virtual_chance_depends_only_on_seed_and_move_number(tmp_path: Path) -> None:
    first = Table.start(Journal(tmp_path / "a.db"), "wisteria", 3, seed=11)
    second = Table.start(Journal(tmp_path / "b.db"), "wisteria", 3, seed=11)
    bots = {seat: RandomBot() for seat in (1, 2, 3)}
    first.advance(bots, limit=300)
    second.advance(bots, limit=150)
    second = Table.resume(second.journal, second.id)
    second.advance(bots, limit=150)
    assert first.history == second.history
    assert views(first) == views(second)


def test_a_finished_game_is_marked_finished_with_its_outcome(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    table = Table.start(journal, "wisteria", 2, seed=5, options={"round_limit": 30, "victory": "time_limit"})
    table.advance({1: RandomBot(), 2: RandomBot()})
    outcome = table.state.outcome()
    assert outcome is not None
    record = journal.record(table.id)
    assert record.status == "finished" and record.outcome == outcome.to_json()


CHILD = textwrap.dedent(
    """
    import sys
    from console.games.core import CHANCE, RandomBot
    from console.journal import Journal
    from console.table import Table

    journal = Journal(sys.argv[1])
    table = Table.start(journal, "wisteria", 3, seed=42)
    bots = {seat: RandomBot() for seat in (1, 2, 3)}
    free = 0  # in step with the test (one action per "go"); "free": 20 actions on its own
    while table.state.to_act:
        table.advance(bots, limit=1)
        print("ack", len(table.history) - 1, table.history[-1], flush=True)
        free -= 1
        if free <= 0:  # wait for the test (after the free actions: for the kill)
            free = 20 if sys.stdin.readline().strip() == "free" else 0
    print("over", flush=True)
    """
)


@pytest.mark.slow
def test_kill_9_mid_game_loses_no_acknowledged_action_and_resumes_to_a_fresh_replay(tmp_path: Path) -> None:
    path = tmp_path / "journal.db"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdout is not None and child.stdin is not None
    acknowledged: list[str] = []
    # In step until the 250th action; then it runs 20 more on its own and is killed wherever it
    # is, mid-write or not. (Let run free, a loaded machine let it reach the game's end, 302
    # actions, before the kill landed.)
    for line in child.stdout:
        word, _, rest = line.rstrip("\n").partition(" ")
        if word == "ack":
            acknowledged.append(rest.partition(" ")[2])
        if len(acknowledged) == 250:
            child.stdin.write("free\n")
            child.stdin.flush()
            child.send_signal(signal.SIGKILL)
            break
        child.stdin.write("go\n")
        child.stdin.flush()
    child.wait(timeout=30)
    child.stdout.close()
    child.stdin.close()
    assert child.returncode == -signal.SIGKILL, "the game ended before it could be killed"

    journal = Journal(path)
    (record,) = journal.tables(unfinished_only=True)
    logged = journal.actions(record.id)
    assert logged[: len(acknowledged)] == acknowledged, "an acknowledged action was lost"

    resumed = Table.resume(journal, record.id)
    game = find_game("wisteria")
    fresh = game.replay(record.players, record.seed, record.options, logged)
    for seat in (None, 1, 2, 3):
        assert resumed.state.view(seat) == fresh.view(seat)
    # And the resumed game goes on.
    taken = resumed.advance({seat: RandomBot() for seat in (1, 2, 3)}, limit=20)
    assert taken == 20 or resumed.state.outcome() is not None
    assert journal.actions(record.id) == resumed.history


def test_the_last_action_and_the_outcome_are_committed_together_or_not_at_all(tmp_path: Path) -> None:
    options = {"round_limit": 30, "victory": "time_limit"}
    played = Table.start(Journal(tmp_path / "played.db"), "wisteria", 2, seed=5, options=options)
    played.advance({1: RandomBot(), 2: RandomBot()})
    *before_last, last = played.history
    journal = Journal(tmp_path / "j.db")
    table = Table.start(journal, "wisteria", 2, seed=5, options=options)
    for action in before_last:
        table.submit(action)
    assert table.state.outcome() is None
    # Recording the outcome fails inside SQLite: the game-ending action must not stay behind alone.
    journal.connection.execute(
        "CREATE TRIGGER injected BEFORE UPDATE OF status ON tables"
        " BEGIN SELECT RAISE(ABORT, 'injected failure'); END"
    )
    with pytest.raises(Exception, match="injected failure"):
        table.submit(last)
    assert journal.actions(table.id) == table.history == before_last
    assert journal.record(table.id).status == "playing" and table.state.outcome() is None
    journal.connection.execute("DROP TRIGGER injected")
    table.submit(last)
    record, outcome = journal.record(table.id), table.state.outcome()
    assert outcome is not None and record.status == "finished" and record.outcome == outcome.to_json()
    assert journal.actions(table.id) == played.history
