"""Recorded sessions are tests: each recording in tests/recordings/ (a game of each title, made
with simulated hardware by tests.helpers.hubplay) replays through the parser, debounce, composer and a
table worker to the same actions and refusals. A recording that was changed does not."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from console.games import find_game
from console.hub.replay import replay
from console.inputs.recording import read_recording
from tests.helpers.hubplay import record_game

RECORDINGS = Path(__file__).parent.parent / "recordings"
TITLES = ("wisteria", "wheels", "watch")


@pytest.mark.parametrize(
    "title", [pytest.param(title, marks=[pytest.mark.slow] if title == "watch" else []) for title in TITLES]
)
def test_a_recorded_game_replays_to_the_same_actions_and_refusals(title: str) -> None:
    path = RECORDINGS / f"{title}.jsonl"
    records = list(read_recording(path))
    kinds = {record["kind"] for record in records}
    assert {"hub", "table", "open", "line", "edge", "action", "refused"} <= kinds
    result = replay(path)
    assert result.same, result.first_difference()
    (table,) = [r for r in records if r["kind"] == "table"]
    actions = table["history"] + [r["action"] for r in records if r["kind"] == "action"]
    final = find_game(title).replay(table["players"], table["seed"], table["options"], actions)
    assert final.is_over  # a whole game


def rewritten(path: Path, to: Path, change: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]) -> Path:
    records = list(read_recording(path))
    to.write_text("".join(json.dumps(r) + "\n" for r in change(records)), encoding="utf-8")
    return to


def test_a_recording_whose_refusal_was_changed_no_longer_replays_the_same(tmp_path: Path) -> None:
    def reworded(records: list[dict]) -> list[dict]:
        refusal = next(r for r in records if r["kind"] == "refused")
        refusal["message"] = "something else"
        return records

    result = replay(rewritten(RECORDINGS / "wisteria.jsonl", tmp_path / "changed.jsonl", reworded))
    assert not result.same and "something else" in result.first_difference()


def test_a_recording_missing_a_button_press_no_longer_replays_the_same(tmp_path: Path) -> None:
    def without_a_press(records: list[dict]) -> list[dict]:
        pressed = [i for i, r in enumerate(records) if r["kind"] == "edge"][-2:]  # the last press
        return [r for i, r in enumerate(records) if i not in pressed]

    result = replay(rewritten(RECORDINGS / "wheels.jsonl", tmp_path / "changed.jsonl", without_a_press))
    assert not result.same


def test_a_game_recorded_now_at_a_simulated_hub_replays_the_same(tmp_path: Path) -> None:
    path = tmp_path / "wisteria.jsonl"
    actions = record_game("wisteria", path)
    assert actions
    result = replay(path)
    assert result.same, result.first_difference()
    assert [o[2] for o in result.replayed if o[1] == "action"] == actions[
        -len([o for o in result.replayed if o[1] == "action"]) :
    ]


@pytest.mark.slow
def test_tabletop_record_serves_the_hub_and_writes_the_raw_lines(tmp_path: Path) -> None:
    path = tmp_path / "session.jsonl"
    command = [
        sys.executable,
        "-m",
        "console.cli",
        "--journal",
        str(tmp_path / "journal.db"),
        "record",
        str(path),
        "--simulate",
        "--port",
        "0",
        "--game",
        "wisteria",
        "--seats",
        "pod,pod",
        # The replay makes a table's own moves at once: so must the recorded hub (README).
        "--bot-delay",
        "0",
        "--chance-delay",
        "0",
    ]
    log = tmp_path / "serve.log"
    with log.open("w") as out, subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT) as process:
        try:
            deadline = time.monotonic() + 30
            # Stopped only once it serves (the greeting) and a pod has spoken: a SIGTERM during
            # the start, before the hub has its handler, would end it with nothing written.
            while not (
                path.exists()
                and "$HELLO" in path.read_text(encoding="utf-8")
                and "tabletop: " in log.read_text().replace("tabletop: recording to", "")
            ):
                assert process.poll() is None, log.read_text()
                assert time.monotonic() < deadline, "no pod line recorded"
                time.sleep(0.1)
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)
    assert "recording to" in log.read_text()
    kinds = [record["kind"] for record in read_recording(path)]
    assert kinds[0] == "hub" and "table" in kinds and "open" in kinds
    assert replay(path).same


@pytest.mark.slow
def test_tabletop_record_check_says_whether_a_recording_replays(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    good = subprocess.run(
        [sys.executable, "-m", "console.cli", "record", "--check", str(RECORDINGS / "wisteria.jsonl")],
        capture_output=True,
        text=True,
        env=env,
    )
    assert good.returncode == 0 and "the same" in good.stdout
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n", encoding="utf-8")
    broken = subprocess.run(
        [sys.executable, "-m", "console.cli", "record", "--check", str(bad)],
        capture_output=True,
        text=True,
        env=env,
    )
    assert broken.returncode == 2 and broken.stderr.count("\n") == 1 and "JSON expected" in broken.stderr


@pytest.mark.slow
def test_a_whole_watch_at_a_hub_beeps_at_the_seat_once_per_accepted_gesture_twice_per_refusal(
    tmp_path: Path,
) -> None:
    from tests.helpers.hubplay import HubTable

    seen: dict[str, object] = {}

    def feedback(table: HubTable) -> None:
        time.sleep(0.4)  # a refusal's second beep, the last flickers
        seen["beeps"] = {seat: len(pod.beeper.beeps) for seat, pod in table.pods.items()}
        seen["gestures"] = dict(table.seat_gestures)
        seen["leds"] = {seat: [mode for _, mode in pod.leds[0].history] for seat, pod in table.pods.items()}

    path = tmp_path / "watch.jsonl"
    actions = record_game("watch", path, observe=feedback)
    assert find_game("watch").replay(4, 9, {"max_rounds": 2, "copies": "single"}, actions).is_over
    # Each refusal the hub recorded beeps a second time at its seat: seat 1's first scan and seat
    # 2's first press are refused on purpose; a busy machine may refuse a gesture more (one that
    # came before the table had taken the last), and its seat hears that too.
    refusals = Counter(record["seat"] for record in read_recording(path) if record["kind"] == "refused")
    assert refusals[1] >= 1 and refusals[2] >= 1, refusals
    gestures: dict[int, int] = seen["gestures"]  # type: ignore[assignment]
    assert seen["beeps"] == {seat: gestures[seat] + refusals[seat] for seat in gestures}
    for modes in seen["leds"].values():  # type: ignore[attr-defined]
        assert {"ON", "OFF"} <= set(modes)  # its turn, and waiting


def test_a_session_that_resumes_a_table_and_rechecks_it_replays_the_same(tmp_path: Path) -> None:
    import dataclasses

    from console.hub.config import HubConfig, InputsConfig, TableConfig
    from console.hub.service import Hub
    from console.hub.worker import Barrier
    from console.inputs.recording import Recorder
    from console.physical.cardmap import card_text
    from console.physical.recheck import cards_in_play

    table = TableConfig(game="wisteria", players=2, seats=("pod", "pod"), seed=7)
    config = HubConfig(journal=tmp_path / "journal.db", bot_delay_s=0.0, chance_delay_s=0.0, table=table)
    first = Hub(config).start(inputs=False)  # deals (virtual chance) to the first War, then stops
    worker = first.tables()[0]
    deadline = time.monotonic() + 10
    while worker.table.state.to_act != (1, 2) and time.monotonic() < deadline:
        worker.post(Barrier()).result(10)
    first.stop()

    path = tmp_path / "resumed.jsonl"
    hub = Hub(dataclasses.replace(config, inputs=InputsConfig(mode="simulated", stable_ms=0)))
    hub.recorder = Recorder.to_file(path)
    try:
        hub.start()  # resumed: the re-check starts
        worker = hub.tables()[0]
        pods = {pod.seat: pod for pod in hub.inputs.simulated_pods}
        slots = cards_in_play(worker.table.state)
        router = hub.router
        assert router is not None
        while len(router.kits.aliases) < 2:
            assert time.monotonic() < deadline + 10
            time.sleep(0.01)
        pods[1].scan("04110000000001", card_text("wisteria", "no-card"))  # refused
        for number, slot in enumerate(slots):
            pods[slot.seat].scan(f"0422{number:010X}", card_text("wisteria", slot.card))
        while (
            worker.channel.snapshot.status == "playing"
            and "re-checking" in json.loads(worker.channel.snapshot.payloads[None])["problem"]
        ):
            assert time.monotonic() < deadline + 20
            time.sleep(0.01)
        before = len(worker.table.history)
        pods[1].tap("OK")  # play goes on: seat 1 chooses
        while len(worker.table.history) == before:
            assert time.monotonic() < deadline + 30, "the re-checked table did not play on"
            time.sleep(0.01)
        worker.post(Barrier()).result(10)
    finally:
        hub.stop()
        hub.recorder.close()
    records = list(read_recording(path))
    (header,) = [r for r in records if r["kind"] == "table"]
    assert header["resumed"] and header["history"]
    assert any(r["kind"] == "refused" for r in records) and any(r["kind"] == "action" for r in records)
    result = replay(path)
    assert result.same, result.first_difference()
