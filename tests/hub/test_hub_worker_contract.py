"""The table worker's promises to its callers: what each host command answers and leaves on the
screens, the seats' claims, newer snapshots for waiting streams, and a table that cannot even
journal its pause."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

import console
from console.games.core import CHANCE
from console.hub.channel import StreamClosed
from console.hub.config import HubConfig, TableConfig
from console.hub.errors import Forbidden
from console.hub.service import Hub
from console.hub.worker import Act, Barrier, ClaimSeat, HostCommand, Input, SetController, TableWorker
from console.inputs.events import ButtonPressed, Key
from tests.helpers.fake_clock import FakeClock
from tests.helpers.worker_probe import TIMEOUT, disk_failure, legal, payload, until

MakeHub = Callable[..., Hub]


def test_a_stream_waiting_on_the_table_hears_every_change_as_a_newer_snapshot(make_hub: MakeHub) -> None:
    worker = make_hub(seats=("phone", "phone")).tables()[0]
    subscription = worker.channel.subscribe(None)
    seen = worker.channel.snapshot.version
    worker.post(Act(1, legal(worker, 1), "phone")).result(TIMEOUT)
    update = worker.channel.wait_for_update(subscription, seen, TIMEOUT)
    assert update is not None and update.version != seen


def test_a_stopped_table_ends_the_streams_waiting_on_it(make_hub: MakeHub) -> None:
    worker = make_hub().tables()[0]
    subscription = worker.channel.subscribe(None)
    worker.stop()
    with pytest.raises(StreamClosed):
        worker.channel.wait_for_update(subscription, worker.channel.snapshot.version, TIMEOUT)


def test_starting_a_worker_answers_the_worker_itself(make_hub: MakeHub) -> None:
    hub = make_hub(seats=("phone", "phone"))
    table = hub.tables()[0]
    again = TableWorker(table.table, hub.store, "playing", table.controllers)
    try:
        assert again.start() is again
    finally:
        again.stop()


def test_every_seat_starts_with_no_phone_and_no_refused_join_and_counts_them(make_hub: MakeHub) -> None:
    worker = make_hub(seats=("phone", "phone")).tables()[0]
    assert [payload(worker, seat)["claim"] for seat in (1, 2)] == [{"joins": 0, "attempts": 0}] * 2
    worker.post(ClaimSeat(1)).result(TIMEOUT)
    with pytest.raises(Exception, match="already taken"):
        worker.post(ClaimSeat(1)).result(TIMEOUT)
    assert payload(worker, 1)["claim"] == {"joins": 1, "attempts": 1}
    assert payload(worker, 2)["claim"] == {"joins": 0, "attempts": 0}


def test_handing_a_seat_over_answers_its_new_controller(make_hub: MakeHub) -> None:
    worker = make_hub(seats=("phone", "phone")).tables()[0]
    assert worker.post(SetController(2, "bot")).result(TIMEOUT) == "bot"
    assert payload(worker, None)["controllers"]["2"] == "bot"


def test_the_last_seat_conceding_makes_every_other_seat_a_winner(make_hub: MakeHub) -> None:
    worker = make_hub(seats=("phone", "phone")).tables()[0]
    assert worker.post(HostCommand("concede", 2)).result(TIMEOUT) == "ended"
    outcome = payload(worker, None)["outcome"]
    assert outcome["winners"] == [1] and outcome["reason"] == "seat 2 conceded"


def test_a_game_the_bots_play_to_its_end_is_finished_on_every_screen(make_hub: MakeHub) -> None:
    worker = make_hub(seats=("bot", "bot")).tables()[0]
    assert until(lambda: worker.table.state.outcome() is not None)
    assert worker.post(HostCommand("pause")).exception(TIMEOUT) is not None
    assert payload(worker, None)["status"] == "finished"


def test_resuming_a_table_paused_by_a_failure_clears_the_problem_on_every_screen(
    make_hub: MakeHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = make_hub().tables()[0]
    monkeypatch.setattr(worker.table, "advance", disk_failure)
    worker.post(Act(1, legal(worker, 1), "phone")).result(TIMEOUT)
    assert payload(worker, None)["problem"]
    monkeypatch.undo()
    assert worker.post(HostCommand("resume")).result(TIMEOUT) == "playing"
    assert payload(worker, None)["problem"] == "" and payload(worker, 1)["problem"] == ""


def test_a_pause_that_cannot_be_journalled_still_stops_the_table_moving_by_itself(
    make_hub: MakeHub, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    worker = make_hub().tables()[0]
    monkeypatch.setattr(worker.table, "advance", disk_failure)
    monkeypatch.setattr(worker.table.journal, "set_status", disk_failure)
    action = legal(worker, 1)
    assert worker.post(Act(1, action, "phone")).result(TIMEOUT).action == action
    assert "could not publish the pause" in caplog.text
    assert payload(worker, None)["status"] == "paused"


def test_a_move_by_itself_the_screens_missed_pauses_the_table_and_the_pause_is_published(
    make_hub: MakeHub,
) -> None:
    hub = make_hub(start=False)
    hub.config = dataclasses.replace(hub.config, bot_delay_s=0.2)
    worker = hub.start(inputs=False).tables()[0]
    failures: list[str] = []

    def venue_down_once(table_id: int, public: str) -> None:
        if not failures:
            failures.append(public)
            raise OSError("the venue is unreachable")

    worker.post(Act(1, legal(worker, 1), "phone")).result(TIMEOUT)
    worker.on_change = venue_down_once  # the bot's move, later and by itself, fails to publish
    assert until(lambda: payload(worker, None)["status"] == "paused")
    assert failures and "OSError" in payload(worker, None)["problem"]


def clock_hub(path: Path, clock: FakeClock) -> Hub:
    config = HubConfig(
        journal=path / "journal.db",
        bot_delay_s=0.3,
        chance_delay_s=0.0,
        table=TableConfig(
            game="wisteria",
            players=2,
            seats=("phone", "bot"),
            seed=7,
            options={"victory": "time_limit", "time_limit_minutes": 1},
            wait_for_phones=False,
        ),
    )
    return Hub(config, clock=clock).start(inputs=False)


def test_a_bot_on_a_timed_table_moves_when_its_pause_is_over_and_not_before_nor_the_time_up(
    tmp_path: Path,
) -> None:
    clock = FakeClock()
    hub = clock_hub(tmp_path, clock)
    try:
        worker = hub.tables()[0]
        time.sleep(0.8)  # the worker wakes on its own meanwhile; the table's time has not moved
        assert not any(str(a).startswith("2:") for a in worker.table.history)
        clock.advance(0.3)  # exactly the bot's pause
        assert until(lambda: any(str(a).startswith("2:") for a in worker.table.history))
        assert "chance:time-up" not in worker.table.journal.actions(worker.table.id)
    finally:
        hub.stop()


def test_a_program_that_ends_without_stopping_its_hub_still_exits(tmp_path: Path) -> None:
    """The tables' threads never keep a finished (or crashed) hub program alive."""
    script = (
        "from console.hub.config import HubConfig, TableConfig\n"
        "from console.hub.service import Hub\n"
        f"config = HubConfig(journal={str(tmp_path / 'journal.db')!r}, table=TableConfig("
        "game='wheels', players=2, seats=('phone', 'phone'), seed=7))\n"
        "assert Hub(config).start(inputs=False).tables()\n"
    )
    root = str(Path(console.__file__).resolve().parents[1])  # the copy under test, mutated or not
    env = {**os.environ, "PYTHONPATH": root}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=root, env=env, capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 0, done.stderr


def test_an_action_of_another_seat_is_forbidden_naming_who_tried(make_hub: MakeHub) -> None:
    worker = make_hub(game="wisteria", seats=("phone", "phone")).tables()[0]
    assert until(lambda: worker.table.state.to_act == (1, 2))
    theirs = legal(worker, 2)
    with pytest.raises(Forbidden, match=r"^seat 1 may not play .*: that is another seat's action$"):
        worker.post(Act(1, theirs, "phone")).result(TIMEOUT)
    with pytest.raises(Forbidden, match=r"^chance may not play "):
        worker.post(Act(CHANCE, theirs, "pod")).result(TIMEOUT)


def refused_while_paused(worker: TableWorker, seat: int) -> str:
    """Pause the table, let ``seat``'s pod press OK (refused on its cursor), resume."""
    worker.post(HostCommand("pause")).result(TIMEOUT)
    worker.post(Input(ButtonPressed(seat, Key.OK, source=f"pod{seat}"))).result(TIMEOUT)
    refused = str(payload(worker, seat)["cursor"]["refused"])
    worker.post(HostCommand("resume")).result(TIMEOUT)
    return refused


def test_a_phones_action_voids_the_refusal_on_a_pods_cursor(make_hub: MakeHub) -> None:
    worker = make_hub(game="wisteria", seats=("pod", "phone")).tables()[0]
    assert until(lambda: worker.table.state.to_act == (1, 2))
    assert refused_while_paused(worker, 1) == "the table is paused; the host can resume it"
    worker.post(Act(2, legal(worker, 2), "phone")).result(TIMEOUT)
    assert not payload(worker, 1)["cursor"].get("refused")


def test_a_bots_move_voids_the_refusal_on_a_pods_cursor(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "bot"), start=False)
    hub.config = dataclasses.replace(hub.config, bot_delay_s=1.5)
    worker = hub.start(inputs=False).tables()[0]
    assert worker.table.state.to_act == (1, 2)  # the bot waits out its pause
    assert refused_while_paused(worker, 1) == "the table is paused; the host can resume it"
    assert until(lambda: worker.table.state.to_act == (1,))  # the bot has moved by itself
    worker.post(Barrier()).result(TIMEOUT)
    assert not payload(worker, 1)["cursor"].get("refused")


def test_a_table_without_physical_seats_ignores_inputs(make_hub: MakeHub) -> None:
    hub = make_hub(seats=("phone", "phone"))
    table = hub.tables()[0]
    bare = TableWorker(table.table, hub.store, "playing", table.controllers).start()
    try:
        assert bare.physical is None
        assert bare.post(Input(ButtonPressed(1, Key.OK, source="pod1"))).result(TIMEOUT) is None
        assert payload(bare, None)["status"] == "playing" and payload(bare, None)["problem"] == ""
    finally:
        bare.stop()


def test_in_physical_play_the_table_tosses_the_coin_no_card_shows(make_hub: MakeHub) -> None:
    worker = make_hub(game="wheels", seats=("pod", "pod"), chance="physical").tables()[0]
    assert until(lambda: worker.table.state.to_act != (CHANCE,))  # who goes first: no card to scan
    (toss,) = worker.table.history
    assert str(toss).startswith("chance:first ")


def test_a_bot_with_two_moves_in_a_row_waits_its_pause_before_each(tmp_path: Path) -> None:
    clock = FakeClock()
    config = HubConfig(
        journal=tmp_path / "journal.db",
        bot_delay_s=1.0,
        chance_delay_s=0.0,
        table=TableConfig(game="watch", players=2, seats=("bot", "bot"), seed=7),
    )
    hub = Hub(config, clock=clock).start(inputs=False)
    try:
        worker = hub.tables()[0]
        assert worker.table.history == [] and worker.table.state.to_act == (1,)
        clock.advance(1.0)
        assert until(lambda: len(worker.table.history) >= 1)
        worker.post(Barrier()).result(TIMEOUT)
        worker.post(Barrier()).result(TIMEOUT)
        assert [str(a).split(":")[0] for a in worker.table.history] == ["1"]  # its second waits
        assert worker.table.state.to_act == (1,)  # seed 7: seat 1 moves twice to begin with
    finally:
        hub.stop()
