"""The table's clock: a game that declares one (Wisteria's Time Limit) is timed by its worker,
which posts the game's time-up action, journalled; a pause stops it, a restart resumes it with the
time that was left, and the host may add minutes."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from console.games.core import CHANCE
from console.hub.config import HubConfig, TableConfig
from console.hub.errors import Refused
from console.hub.service import Hub
from console.hub.worker import Act, Barrier, ClaimSeat, HostCommand, TableWorker
from tests.helpers.fake_clock import FakeClock

TIMEOUT = 10
TIME_LIMIT = {"victory": "time_limit", "time_limit_minutes": 1}


def make_hub(
    path: Path,
    clock: FakeClock,
    options: dict[str, Any] | None = None,
    game: str = "wisteria",
    wait: bool = False,
) -> Hub:
    config = HubConfig(
        journal=path / "journal.db",
        bot_delay_s=0.0,
        chance_delay_s=0.0,
        table=TableConfig(
            game=game,
            players=2,
            seats=("phone", "phone"),
            seed=7,
            options=dict(TIME_LIMIT if options is None else options),
            wait_for_phones=wait,
        ),
    )
    return Hub(config, clock=clock).start(inputs=False)


def clock_of(worker: TableWorker, now: float) -> Any:
    """The clock as the worker keeps it, once the worker has looked at the time since it moved:
    it does what is due before taking the next command, so the second barrier waits for that."""
    worker.post(Barrier()).result(TIMEOUT)
    worker.post(Barrier()).result(TIMEOUT)
    runner = worker.table_clock
    if runner is None:
        return None
    reading = runner.reading(now).to_json()
    del reading["ends_at"]
    return reading


def published_clock(worker: TableWorker) -> Any:
    worker.post(Barrier()).result(TIMEOUT)
    worker.post(Barrier()).result(TIMEOUT)
    return json.loads(worker.channel.snapshot.payloads[None])["clock"]


def reading(total: float, remaining: float, running: bool, expired: bool = False) -> dict[str, Any]:
    return {"total_s": float(total), "remaining_s": float(remaining), "running": running, "expired": expired}


def time_up_heard(worker: TableWorker) -> bool:
    return "chance:time-up" in worker.table.journal.actions(worker.table.id)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def test_the_clock_and_the_dealer_wait_until_every_phone_has_joined(tmp_path: Path, clock: FakeClock) -> None:
    hub = make_hub(tmp_path, clock, wait=True)
    worker = hub.tables()[0]
    clock.advance(30)
    assert clock_of(worker, clock()) == reading(60, 60, running=False)
    assert worker.table.history == []  # the dealer has not dealt
    public = json.loads(worker.channel.snapshot.payloads[None])
    assert public["status"] == "waiting" and public["to_join"] == [1, 2]
    notice = json.loads(worker.channel.snapshot.payloads[1])["notice"]
    assert notice == "The game starts once seat 1 and seat 2 have joined, or when the host starts it."
    with pytest.raises(Refused, match="starts once seat 1 and seat 2 have joined"):
        worker.post(HostCommand("pause")).result(TIMEOUT)

    worker.post(ClaimSeat(1)).result(TIMEOUT)
    clock.advance(10)
    assert clock_of(worker, clock()) == reading(60, 60, running=False)
    assert json.loads(worker.channel.snapshot.payloads[None])["to_join"] == [2]
    worker.post(ClaimSeat(2)).result(TIMEOUT)  # the last phone: the game begins
    clock.advance(10)
    assert clock_of(worker, clock()) == reading(60, 50, running=True)
    assert worker.table.history, "the dealer dealt once everyone had joined"
    assert json.loads(worker.channel.snapshot.payloads[None])["status"] == "playing"
    hub.stop()


def test_the_host_starts_without_the_phones_that_have_not_joined(tmp_path: Path, clock: FakeClock) -> None:
    hub = make_hub(tmp_path, clock, wait=True)
    worker = hub.tables()[0]
    worker.post(HostCommand("start")).result(TIMEOUT)
    clock.advance(10)
    assert clock_of(worker, clock()) == reading(60, 50, running=True)
    with pytest.raises(Refused, match="started already"):
        worker.post(HostCommand("start")).result(TIMEOUT)
    hub.stop()
    resumed = make_hub(tmp_path, clock, wait=True)  # a restart keeps it started
    assert json.loads(resumed.tables()[0].channel.snapshot.payloads[None])["status"] == "playing"
    resumed.stop()


def test_the_clock_runs_while_playing_and_its_time_up_is_journalled(tmp_path: Path, clock: FakeClock) -> None:
    hub = make_hub(tmp_path, clock)
    try:
        worker = hub.tables()[0]
        assert clock_of(worker, clock.now) == reading(60, 60, running=True)
        clock.advance(45)
        assert clock_of(worker, clock.now)["remaining_s"] == 15.0
        assert not time_up_heard(worker)
        clock.advance(15)
        final = clock_of(worker, clock.now)
        assert time_up_heard(worker)
        assert final == reading(60, 0, running=False, expired=True)
        published = published_clock(worker)  # the screens heard it stop
        assert published["expired"] and not published["running"] and published["ends_at"] is None
    finally:
        hub.stop()


def test_a_pause_stops_the_clock_and_resume_goes_on_from_there(tmp_path: Path, clock: FakeClock) -> None:
    hub = make_hub(tmp_path, clock)
    try:
        worker = hub.tables()[0]
        clock.advance(20)
        worker.post(HostCommand("pause")).result(TIMEOUT)
        clock.advance(600)
        assert clock_of(worker, clock.now) == reading(60, 40, running=False)
        assert not time_up_heard(worker)
        worker.post(HostCommand("resume")).result(TIMEOUT)
        assert published_clock(worker)["running"]
        clock.advance(39)
        assert clock_of(worker, clock.now)["remaining_s"] == 1.0
    finally:
        hub.stop()


def test_a_restarted_hub_resumes_the_clock_with_the_time_left(tmp_path: Path, clock: FakeClock) -> None:
    hub = make_hub(tmp_path, clock)
    clock.advance(25)
    clock_of(hub.tables()[0], clock.now)
    hub.stop()
    clock.advance(3600)  # the hub was down for an hour: that is no one's playing time
    again = make_hub(tmp_path, clock)
    try:
        assert clock_of(again.tables()[0], clock.now)["remaining_s"] == 35.0
    finally:
        again.stop()


def test_the_host_adds_minutes_to_the_clock(tmp_path: Path, clock: FakeClock) -> None:
    hub = make_hub(tmp_path, clock)
    try:
        worker = hub.tables()[0]
        clock.advance(50)
        worker.post(HostCommand("extend", minutes=2)).result(TIMEOUT)
        assert clock_of(worker, clock.now) == reading(180, 130, running=True)
        for bad in (0, 241, None):
            with pytest.raises(Refused, match="minutes"):
                worker.post(HostCommand("extend", minutes=bad)).result(TIMEOUT)
        with pytest.raises(Refused, match=r"minutes, not 0$"):  # no minutes typed: none added
            worker.post(HostCommand("extend")).result(TIMEOUT)
        clock.advance(130)
        clock_of(worker, clock.now)
        assert time_up_heard(worker)
        with pytest.raises(Refused, match="already up"):
            worker.post(HostCommand("extend", minutes=1)).result(TIMEOUT)
    finally:
        hub.stop()


def test_a_game_without_a_clock_has_none(tmp_path: Path, clock: FakeClock) -> None:
    hub = make_hub(tmp_path, clock, options={})
    try:
        worker = hub.tables()[0]
        assert clock_of(worker, clock.now) is None and published_clock(worker) is None
        with pytest.raises(Refused, match="no clock"):
            worker.post(HostCommand("extend", minutes=1)).result(TIMEOUT)
    finally:
        hub.stop()


def test_a_time_up_the_game_refuses_is_logged_and_the_clock_stops_for_good(
    tmp_path: Path, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    hub = make_hub(tmp_path, clock)
    try:
        worker = hub.tables()[0]

        def refuse(action: Any) -> None:
            raise ValueError("not now")  # a rule bug: the game will not take its own time-up

        monkeypatch.setattr(worker.table, "submit", refuse)
        clock.advance(60)
        assert clock_of(worker, clock.now) == reading(60, 0, running=False, expired=True)
        assert "refused its own time-up" in caplog.text and not time_up_heard(worker)
    finally:
        hub.stop()


def test_a_time_up_scanned_at_the_table_stops_its_clock_for_good(tmp_path: Path, clock: FakeClock) -> None:
    config = HubConfig(
        journal=tmp_path / "journal.db",
        bot_delay_s=0.0,
        chance_delay_s=0.0,
        table=TableConfig(
            game="wisteria",
            players=2,
            seats=("pod", "pod"),
            seed=7,
            chance="physical",
            options=dict(TIME_LIMIT),
        ),
    )
    hub = Hub(config, clock=clock).start(inputs=False)
    try:
        worker = hub.tables()[0]
        assert worker.table_clock is not None
        worker.post(Act(CHANCE, str(worker.table_clock.time_up), "pod")).result(TIMEOUT)
        assert time_up_heard(worker)
        assert published_clock(worker)["expired"] is True
    finally:
        hub.stop()


def test_a_kill_at_any_moment_loses_under_a_second_of_the_clock(tmp_path: Path, clock: FakeClock) -> None:
    """What a killed hub leaves in its journal is what it resumes from: the time used as saved."""
    hub = make_hub(tmp_path, clock, options={"victory": "time_limit", "time_limit_minutes": 10})
    worker = hub.tables()[0]
    try:
        for _ in range(40):  # 0.3 s at a time, the worker looking at its clock each time
            clock.advance(0.3)
            clock_of(worker, clock.now)
            with sqlite3.connect(f"file:{tmp_path / 'journal.db'}?mode=ro", uri=True) as reader:
                row = reader.execute("SELECT used_s FROM hub_clocks").fetchone()
            saved = row[0] if row else 0.0
            assert worker.table_clock is not None
            reading = worker.table_clock.reading(clock.now)
            used = reading.total_s - reading.remaining_s
            assert used - saved <= 1.0, (used, saved)
    finally:
        hub.stop()
