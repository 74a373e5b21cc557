"""The broker stopped in the middle of games, and hubs that crash or fall silent: no action lost,
each result at the board exactly once afterwards, and a dead hub shown offline by its last will."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from console.hub.config import TableConfig
from console.venue.board import Board, ResultStore
from console.venue.broker import BOARD_USER, LocalBroker
from tests.venue.conftest import USERS, VENUE, MakeHub, venue_config, wait_for

pytestmark = pytest.mark.slow


def test_a_broker_outage_mid_game_loses_no_action_and_delivers_each_result_once(
    make_hub: MakeHub, broker: LocalBroker, tmp_path: Path
) -> None:
    board = Board(venue_config(broker, BOARD_USER), ResultStore(tmp_path / "board.db")).start()
    try:
        hub = make_hub("hub1", delay=0.02)
        first = hub.tables()[0]
        wait_for(
            lambda: board.tables.get(("hub1", first.table.id), {}).get("actions", 0) > 5,
            what="the board to follow the first game",
        )
        broker.stop()
        assert first.status == "playing", "the outage must fall in the middle of the game"
        more = [
            hub.start_table(TableConfig(game="wheels", players=2, seats=("bot", "bot"), seed=s))
            for s in (21, 22)
        ]
        workers = [first, *more]
        wait_for(
            lambda: all(w.status == "finished" for w in workers),
            timeout=30,
            what="the games to finish while the broker is down",
        )
        assert board.results.all() == []
        broker.start()
        wait_for(lambda: len(board.results.all()) == 3, timeout=20, what="three results after the outage")
        wait_for(lambda: not hub.venue.outbox.pending(), what="every result acknowledged")
        time.sleep(1.0)  # resends after the acknowledgement would arrive now
        results = board.results.all()
        assert sorted(r["table"] for r in results) == sorted(w.table.id for w in workers)
        for worker in workers:
            assert hub.journal.actions(worker.table.id) == worker.table.history, "an action was lost"
            state = board.tables[("hub1", worker.table.id)]
            assert state["status"] == "finished" and state["actions"] == len(worker.table.history)
    finally:
        board.stop()


HUB_SCRIPT = textwrap.dedent("""
    import json, sys, time
    from pathlib import Path
    from console.hub.config import HubConfig, TableConfig, VenueConfig
    from console.hub.service import Hub
    settings = json.loads(sys.argv[1])
    hub = Hub(HubConfig(journal=Path(settings.pop("journal")), bot_delay_s=0.5, chance_delay_s=0.5,
                        venue=VenueConfig(**settings),
                        table=TableConfig(game="wheels", players=2, seats=("phone", "bot"))))
    hub.start(inputs=False)
    while not hub.venue.connected:
        time.sleep(0.05)
    print("ready", flush=True)
    time.sleep(600)
""")


def start_hub_process(
    broker: LocalBroker, tmp_path: Path, name: str, keepalive_s: float
) -> subprocess.Popen[str]:
    settings = {
        "journal": str(tmp_path / name / "journal.db"),
        "broker": "127.0.0.1",
        "port": broker.port,
        "venue": VENUE,
        "hub": name,
        "username": name,
        "password": USERS[name],
        "keepalive_s": keepalive_s,
    }
    process = subprocess.Popen(
        [sys.executable, "-c", HUB_SCRIPT, json.dumps(settings)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    return process


@pytest.mark.parametrize("how", ["killed", "frozen"])
def test_a_crashed_or_silent_hub_is_shown_offline(how: str, broker: LocalBroker, tmp_path: Path) -> None:
    board = Board(venue_config(broker, BOARD_USER), ResultStore(tmp_path / "board.db")).start()
    # kill -9: the broker sees the connection drop, long before the minute of keep-alive would
    # run out; SIGSTOP: a hub that falls silent, noticed after one and a half keep-alives of 2 s.
    # (How fast: `tabletop bench venue`.)
    process = start_hub_process(broker, tmp_path, "hub2", keepalive_s=60.0 if how == "killed" else 2.0)
    try:
        wait_for(
            lambda: board.hubs.get("hub2", {}).get("online") is True and board.tables,
            what="the hub online and its table on the board",
        )
        os.kill(process.pid, signal.SIGKILL if how == "killed" else signal.SIGSTOP)
        wait_for(lambda: board.hubs["hub2"]["online"] is False, timeout=20, what="the last will")
    finally:
        process.kill()
        process.wait()
        assert process.stdout is not None
        process.stdout.close()
        board.stop()
