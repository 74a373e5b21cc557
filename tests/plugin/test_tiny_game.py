"""A game packaged on its own gets every feature with no edit outside its folder: Tiny Duel
(tests/tinygame), installed by pip, keeps the contract, plays at a hub table with phone pages,
through scans at pods with a re-check after a restart, with bots at every level, in the terminal
and in the designer's lab."""

from __future__ import annotations

import json
import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from console.bots import bots_for
from console.games import game_names
from console.games.checks import check_engine
from console.games.core import Game
from console.hub.config import HubConfig, TableConfig
from console.hub.inputs import attach_sources
from console.hub.service import Hub
from console.hub.worker import Barrier, Input, TableWorker
from console.inputs.events import ButtonPressed, CardScanned, Key
from console.inputs.sources import InputSources
from console.journal import Journal
from console.physical.cardmap import card_text
from console.physical.router import InputRouter
from console.physical.tagstore import TagStore
from console.table import Table
from console.web import create_app
from tests.helpers.rig import SeatKit, SimulatedRig
from tests.web.conftest import join

pytestmark = pytest.mark.slow  # pip installs the game once per session
TIMEOUT = 10
ORIGIN = {"Origin": "http://localhost"}


def test_the_installed_game_is_found_by_its_entry_point_and_keeps_the_contract(
    tiny: Game, tiny_site: Path
) -> None:
    assert "duel" in game_names()
    module = sys.modules[type(tiny).__module__]
    assert module.__file__ is not None and Path(module.__file__).is_relative_to(tiny_site)
    finals = check_engine(tiny, players=2, games=40, seed=1)
    assert all(state.outcome() is not None for state in finals)


def config(tmp_path: Path, seats: tuple[str, ...], **table: Any) -> HubConfig:
    return HubConfig(
        journal=tmp_path / "journal.db",
        bot_delay_s=0.0,
        chance_delay_s=0.0,
        host_pin="2468",
        table=TableConfig(game="duel", players=len(seats), seats=seats, seed=5, **table),
    )


@pytest.fixture
def hubs() -> Iterator[list[Hub]]:
    started: list[Hub] = []
    yield started
    for hub in started:
        hub.stop()


def body(response: TestResponse) -> Any:
    return json.loads(response.get_data(as_text=True))


def test_a_hub_table_serves_its_phone_pages_with_the_games_own_script(
    tiny: Game, tmp_path: Path, hubs: list[Hub]
) -> None:
    hub = Hub(config(tmp_path, ("phone", "bot"))).start(inputs=False)
    hubs.append(hub)
    client: FlaskClient = create_app({"TESTING": True, "HUB": hub}).test_client()
    table = hub.tables()[0].table.id
    screen = client.get(f"/tables/{table}").get_data(as_text=True)
    assert "Tiny Duel" in screen and 'src="/games/duel/page.js"' in screen
    script = client.get("/games/duel/page.js")
    assert script.status_code == 200 and script.mimetype == "text/javascript"
    assert "Games.renderers.duel" in script.get_data(as_text=True)
    assert client.get("/games/chess/page.js").status_code == 400

    joined = join(
        client, f"/join/{table}/1/{hub.tokens(table)[1]}", environ_base={"REMOTE_ADDR": "192.168.1.50"}
    )
    assert joined.status_code == 303
    page = client.get(joined.location).get_data(as_text=True)
    assert 'src="/games/duel/page.js"' in page
    while True:  # the phone plays every round against the bot, through the API
        mine = body(client.get(f"/api/tables/{table}/seats/1"))
        if mine["outcome"] is not None:
            break
        assert mine["legal"], mine
        posted = client.post(
            f"/api/tables/{table}/seats/1/actions", json={"action": mine["legal"][0]}, headers=ORIGIN
        )
        assert posted.status_code == 200, posted.get_data(as_text=True)
        hub.tables()[0].post(Barrier()).result(TIMEOUT)
    public = body(client.get(f"/api/tables/{table}"))
    assert public["game"] == "duel" and public["outcome"]["reason"]
    assert "hand" not in public["view"]  # the hands stay with their seats
    # the log in the game's own words (its describe): the seat's own deals name the card, the
    # table's do not
    said = [event["text"] for event in body(client.get(f"/api/tables/{table}/seats/1/log"))["events"]]
    shown = [event["text"] for event in body(client.get(f"/api/tables/{table}/log"))["events"]]
    assert any(line.startswith("Seat 1 is dealt ") and line != "Seat 1 is dealt a card" for line in said)
    assert "Seat 1 is dealt a card" in shown and any(line.startswith("Seat 2 lays ") for line in shown)


def scan(worker: TableWorker, seat: int, card: str) -> None:
    event = CardScanned(seat, text=card_text("duel", card), source=f"pod{seat}")
    worker.post(Input(event)).result(TIMEOUT)


def lay(worker: TableWorker, seat: int, card: str) -> None:
    """A seat lays a card: it scans it (the one choice left), then presses OK."""
    scan(worker, seat, card)
    worker.post(Input(ButtonPressed(seat, Key.OK, source=f"pod{seat}"))).result(TIMEOUT)


def payload(worker: TableWorker, seat: int | None) -> Any:
    return json.loads(worker.channel.snapshot.payloads[seat])


def test_cards_scanned_at_pods_are_dealt_and_laid_and_rechecked_after_a_restart(
    tiny: Game, tmp_path: Path
) -> None:
    settings = config(tmp_path, ("pod", "pod"), chance="physical")
    hub = Hub(settings).start(inputs=False)
    worker = hub.tables()[0]
    deals = ["sun", "spark", "blaze", "flame", "pyre", "flame"]  # seat 1, seat 2, in turn
    for number, card in enumerate(deals):
        scan(worker, 1 + number % 2, card)
    assert hub.journal.actions(worker.table.id)[:2] == ["chance:deal 1 sun", "chance:deal 2 spark"]
    lay(worker, 1, "blaze")  # seat 1 leads with its Blaze; seat 2 follows with its Flame
    lay(worker, 2, "flame")
    history = hub.journal.actions(worker.table.id)
    assert history[-2:] == ["1:lay blaze", "2:lay flame"]
    hub.stop()

    hub = Hub(settings).start(inputs=False)  # the same journal: the table resumes, and re-checks
    try:
        router = hub.router = InputRouter(hub)
        attach_sources(hub, router, InputSources())  # inputs start: the resumed table re-checks
        worker = hub.tables()[0]
        worker.post(Barrier()).result(TIMEOUT)
        assert [(c.seat, c.card) for c in worker.table.state.cards_in_play()] == [(1, "blaze"), (2, "flame")]
        assert "re-checking the cards in play" in payload(worker, None)["problem"]
        scan(worker, 2, "sun")  # someone moved seat 2's card
        assert "mismatch at seat 2" in payload(worker, None)["problem"]
        scan(worker, 1, "blaze")
        scan(worker, 2, "flame")
        assert payload(worker, None)["problem"] == ""
        lay(worker, 1, "sun")  # seat 1 took the round and leads again
        assert hub.journal.actions(worker.table.id) == [*history, "1:lay sun"]
    finally:
        hub.stop()


def test_a_whole_duel_is_played_through_simulated_pods_and_buttons_alone(tiny: Game) -> None:
    kits = {1: SeatKit(scan="pod-text", press="pod"), 2: SeatKit(scan="pod-uid", press="gpio")}
    state = tiny.new(2, seed=3)
    with SimulatedRig(tiny, kits, TagStore(sqlite3.connect(":memory:"))) as rig:
        driver = rig.play(state, random.Random(3))
    assert state.outcome() is not None and driver.refusals == []
    assert tiny.replay(2, 3, None, [str(a) for a in driver.applied]).view(None) == state.view(None)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_play_it_at_every_level(tiny: Game, tmp_path: Path, level: str) -> None:
    table = Table.start(Journal(tmp_path / "journal.db"), "duel", 2, seed=1)
    table.advance(bots_for(tiny, 2, level))
    assert table.state.outcome() is not None


def run_cli(site: Path, cwd: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "console.cli", "--journal", str(cwd / "journal.db"), *args],
        input=stdin,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_it_is_played_in_the_terminal(tiny_site: Path, tmp_path: Path) -> None:
    done = run_cli(tiny_site, tmp_path, "play", "duel", "--seed", "2", stdin="1\n" * 6)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Tiny Duel" in out and "Round 1 of 3 · seat 1 to lay" in out
    assert "  Lay a card:\n    1) " in out and "your hand: " in out  # a heading, then its choices
    assert "Game over" in out


def test_the_lab_reports_on_it(tiny_site: Path, tmp_path: Path) -> None:
    report = tmp_path / "duel.html"
    done = run_cli(
        tiny_site, tmp_path, "simulate", "duel", "--games", "4", "--workers", "1", "--ladder",
        "--report", str(report), "--json",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["game"] == "duel" and found["games"] == 4 and found["unfinished"] == 0
    rungs = found["ladder"]["rungs"]  # each level against the one below it: hard against normal too
    assert [(rung["lower"], rung["upper"]) for rung in rungs][:2] == [("easy", "normal"), ("normal", "hard")]
    figures = found["figures"]
    assert figures["tension"]["lead_changes"]["n"] == 4  # the game's standing: who leads
    assert set(figures["cards"]) <= {"spark", "flame", "blaze", "pyre", "sun"}  # the game's card use
    assert "<h1>duel: 4 games</h1>" in report.read_text()
