"""A table that stalls, on a clock the test moves by hand: the seat it waits for is nudged after
``nudge_after_s`` (its phone's payload says so, its pod's LED flickers), the host is told at 3 and
5 minutes whom the table waits for and why in the game's own words, and a move starts it over."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from console.hub.config import ConfigError, HubConfig, TableConfig, config_from_mapping
from console.hub.service import Hub
from console.hub.worker import Act, Barrier, HostCommand, TableWorker
from console.physical.feedback import Light, Scheduler, TableFeedback
from tests.helpers.fake_clock import FakeClock

TIMEOUT = 10


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def start(tmp_path: Path, clock: FakeClock, seats: tuple[str, ...] = ("phone", "phone"), **hub: Any) -> Hub:
    config = HubConfig(
        journal=tmp_path / "journal.db",
        bot_delay_s=0.0,
        chance_delay_s=0.0,
        table=TableConfig(game="wheels", players=2, seats=seats, seed=7, wait_for_phones=False),
        **hub,
    )
    return Hub(config, clock=clock).start(inputs=False)


def after(worker: TableWorker, clock: FakeClock, seconds: float, seat: int | None = None) -> Any:
    """The payload once ``seconds`` more have passed and the worker has looked at the time."""
    clock.advance(seconds)
    worker.post(Barrier()).result(TIMEOUT)
    worker.post(Barrier()).result(TIMEOUT)
    return json.loads(worker.channel.snapshot.payloads[seat])


def waited_for(worker: TableWorker, source: str = "phone") -> tuple[int, int]:
    """Play on until the table waits for one seat alone (the opening waits for both): that
    seat, and the other."""
    while len(worker.table.state.to_act) > 1:
        seat = worker.table.state.to_act[0]
        legal = json.loads(worker.channel.snapshot.payloads[seat])["legal"]
        worker.post(Act(seat, legal[0], source)).result(TIMEOUT)
    (seat,) = worker.table.state.to_act
    return seat, 3 - seat


def test_the_seat_waited_for_is_nudged_after_two_minutes_and_the_host_told_at_3_and_5(
    tmp_path: Path, clock: FakeClock
) -> None:
    hub = start(tmp_path, clock)
    try:
        worker = hub.tables()[0]
        late, other = waited_for(worker)
        assert after(worker, clock, 119, late)["nudge"] is False
        assert after(worker, clock, 1, late)["nudge"] is True
        assert after(worker, clock, 0, other)["nudge"] is False, "only the seat the table waits for"
        public = after(worker, clock, 0)
        assert public["stall"] == {"seats": [late], "nudged": True, "told": "", "told_said": None}
        why = worker.table.state.why_not_now(other)
        assert why, "the game says why"
        why = f"in the rules' words to seat {other}: {why}"
        told = after(worker, clock, 60)["stall"]["told"]
        assert told == f"The table has waited 3 minutes for seat {late}; why, {why}"
        assert after(worker, clock, 119)["stall"]["told"].startswith("The table has waited 3 minutes")
        assert (
            after(worker, clock, 1)["stall"]["told"]
            == f"The table has waited 5 minutes for seat {late}; why, {why}"
        )
        # The seat moves: the wait starts over, and nobody is nudged.
        legal = json.loads(worker.channel.snapshot.payloads[late])["legal"]
        worker.post(Act(late, legal[0], "phone")).result(TIMEOUT)
        public = after(worker, clock, 0)
        assert public["stall"] is None and not any(
            json.loads(worker.channel.snapshot.payloads[s])["nudge"] for s in (1, 2)
        )
    finally:
        hub.stop()


def test_the_nudge_comes_after_the_hubs_configured_time(tmp_path: Path, clock: FakeClock) -> None:
    hub = start(tmp_path, clock, nudge_after_s=30.0)
    try:
        worker = hub.tables()[0]
        late, _ = waited_for(worker)
        assert after(worker, clock, 29.5, late)["nudge"] is False
        assert after(worker, clock, 0.5, late)["nudge"] is True
    finally:
        hub.stop()


def test_a_paused_table_nudges_nobody(tmp_path: Path, clock: FakeClock) -> None:
    hub = start(tmp_path, clock)
    try:
        worker = hub.tables()[0]
        worker.post(HostCommand("pause")).result(TIMEOUT)
        assert after(worker, clock, 400)["stall"] is None
        worker.post(HostCommand("resume")).result(TIMEOUT)
        assert after(worker, clock, 121)["stall"] is not None, "the wait counts from the resume"
    finally:
        hub.stop()


def test_the_pod_of_the_seat_waited_for_flickers(tmp_path: Path, clock: FakeClock) -> None:
    hub = start(tmp_path, clock, seats=("pod", "pod"))
    scheduler = Scheduler()
    try:
        worker = hub.tables()[0]
        late, _ = waited_for(worker, "pod")
        sent: list[str] = []
        flickered = threading.Event()

        def send(mode: str) -> None:
            sent.append(mode)
            if sent.count("ON") >= 3 and sent.count("OFF") >= 3:
                flickered.set()

        light = Light("pod", send)
        assert worker.physical is not None
        worker.physical.light_with(
            TableFeedback(lambda s: [light] if s == late else [], lambda _: None, scheduler)
        )
        after(worker, clock, 0)
        before = len(sent)
        after(worker, clock, 119)
        time.sleep(0.8)  # a flicker would be over by now
        assert len(sent) == before, "no flicker before the nudge is due"
        after(worker, clock, 1)
        assert flickered.wait(5), f"the LED never flickered: {sent}"
    finally:
        scheduler.close()
        hub.stop()


def test_a_nudge_time_of_zero_is_refused_in_one_line() -> None:
    with pytest.raises(ConfigError, match="nudge_after_s must be a number of seconds above 0"):
        config_from_mapping({"nudge_after_s": 0})
    assert HubConfig().nudge_after_s == 120.0
