"""``tabletop bench hub``: the hub's figures, measured on a real ``tabletop serve`` process.

* ``hub.scan_to_phone_p99_ms``: 50 phone streams open on loopback (44 spectators, 3 per seat); a
  pretend pod writes a CARD frame to its pty; the hub reads it through pyserial, the composer
  makes it the default game's chance outcome, the table commits it to the journal (WAL,
  synchronous=FULL), and the update goes out; measured from the card's stable point (the frame's
  write plus the hub's stable window, 300 ms by default: a card counts once it has lain still that
  long, a wait the rules of the table ask for, not the hub's work) to its arrival at each phone,
  p99 over every phone and every scan. (The pretend pod is this process writing
  protocol frames to the pty, as the firmware would: the simulated pods of console.inputs live
  inside the hub process.)
* ``hub.streams_held``, ``hub.events_lost``: 200 streams open while 30 scans are played; streams
  still open with every event they should have seen, and events missing across all of them.
* ``hub.rss_mb``: the hub process's resident memory with the 50 streams open.
* ``hub.*_under_flood`` (console.bench.hub_flood): a page's p99, events lost, memory and disk
  spill while 1,000 idle connections and 200 non-reading streams are open.
* ``hub.start_s``: from launching ``tabletop serve --simulate`` (the quick start's inputs) to
  its first page served, median of three.
"""

from __future__ import annotations

import json
import random
import sqlite3
import statistics
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from console.bench.rig import Phones, PretendPod
from console.games import DEFAULT_GAME, find_game
from console.games.core import CHANCE, State
from console.hub.config import InputsConfig
from console.physical.cardmap import card_text
from console.web.hub_process import HubProcess

SEATS = 2
STREAMS_PER_SEAT = 3  # the hub keeps at most three streams per seat
PIN = "1234"
STABLE_MS = InputsConfig().stable_ms  # the hub's default stable window, which the bench's hub keeps


def hub_config(folder: Path, pods: list[PretendPod]) -> Path:
    """The default game played by two bots, every card revealed by a scan at the pods."""
    config = folder / "hub.toml"
    config.write_text(
        f'host_pin = "{PIN}"\nbot_delay_s = 0\nchance_delay_s = 0\n'
        '[server]\nhost = "127.0.0.1"\nport = 0\n'
        f'[table]\ngame = "{DEFAULT_GAME}"\nplayers = 2\nseats = ["bot", "bot"]\n'
        'chance = "physical"\nseed = 1\n'
        f'[inputs]\nmode = "auto"\npods = {json.dumps([pod.path for pod in pods])}\n',
        encoding="utf-8",
    )
    return config


class Replica:
    """The table as the journal has it, to know which card a pod can reveal next."""

    def __init__(self, journal: Path, table_id: int = 1) -> None:
        self.journal = journal
        self.table_id = table_id
        self.game = find_game(DEFAULT_GAME)
        with sqlite3.connect(f"file:{journal}?mode=ro", uri=True) as db:
            (seed,) = db.execute("SELECT seed FROM tables WHERE id = ?", (table_id,)).fetchone()
        self.state: State = self.game.new(SEATS, seed)
        self.applied = 0
        self.rng = random.Random(table_id)

    def catch_up(self) -> None:
        with sqlite3.connect(f"file:{self.journal}?mode=ro", uri=True) as db:
            rows = db.execute(
                "SELECT notation FROM actions WHERE table_id = ? ORDER BY seq", (self.table_id,)
            ).fetchall()
        for (notation,) in rows[self.applied :]:
            self.state.apply(self.game.parse_action(notation))
        self.applied = len(rows)

    def next_scan(self) -> tuple[int, str]:
        """(seat, card id) of a scan the table will take now."""
        self.catch_up()
        if self.state.to_act != (CHANCE,):
            raise RuntimeError(f"the table waits for {self.state.to_act}, not a card")
        action = self.state.sample_chance(self.rng)  # a shuffled deck, not always the same card
        seat = action.supplier()
        assert seat is not None, "the default game's chance cards come from a seat"
        return seat, action.cards()[0]


def stream_paths(journal: Path, count: int, table_id: int) -> list[tuple[str, str]]:
    """``count`` streams: three for each seat (with its token), spectators for the rest."""
    with sqlite3.connect(f"file:{journal}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT seat, token FROM hub_seats WHERE table_id = ?", (table_id,)).fetchall()
    tokens = dict(rows)
    seats = [
        (f"/api/tables/{table_id}/seats/{seat}/events", tokens[seat])
        for seat in range(1, SEATS + 1)
        for _ in range(STREAMS_PER_SEAT)
    ]
    return seats + [(f"/api/tables/{table_id}/events", "")] * (count - len(seats))


def open_phones(hub: HubProcess, journal: Path, count: int, table_id: int) -> Phones:
    phones = Phones(hub.port, stream_paths(journal, count, table_id))
    if not phones.wait_until(lambda: all(p.states for p in phones.phones), 30.0):
        raise RuntimeError("not every phone stream opened")
    return phones


def next_table(hub: HubProcess, journal: Path) -> Replica:
    """The game ended: the host starts another, like the first."""
    body = json.dumps({"game": DEFAULT_GAME, "seats": ["bot", "bot"], "chance": "physical"}).encode()
    request = urllib.request.Request(
        hub.url + "/api/tables",
        data=body,
        method="POST",
        headers={"Content-Type": "application/json", "Origin": hub.url, "X-Host-Pin": PIN},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return Replica(journal, json.loads(response.read())["id"])


@contextmanager
def running_hub() -> Iterator[tuple[HubProcess, list[PretendPod], Replica, Path]]:
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as name:
        folder = Path(name)
        pods = [PretendPod(seat) for seat in range(1, SEATS + 1)]
        journal = folder / "journal.db"
        hub = HubProcess(journal, "--config", str(hub_config(folder, pods)))
        try:
            deadline = time.monotonic() + 10
            while not all(pod.hellos for pod in pods) and time.monotonic() < deadline:
                time.sleep(0.01)
            time.sleep(0.3)  # let the hub take the HELLOs in
            yield hub, pods, Replica(journal), journal
        finally:
            hub.stop()
            for pod in pods:
                pod.close()


def scan_once(pods: list[PretendPod], replica: Replica, phones: Phones, number: int) -> list[float]:
    """One scan; the milliseconds until each phone had the update."""
    seat, card = replica.next_scan()
    expected = replica.applied + 1
    arrived_before = [len(phone.states) for phone in phones.phones]
    written = pods[seat - 1].card(f"04{seat:02X}{number:010X}", card_text(DEFAULT_GAME, card))

    def everyone_has_it() -> bool:
        return all(
            any(actions >= expected for _, actions in p.states[arrived_before[i] :])
            for i, p in enumerate(phones.phones)
            if p.open
        )

    if not phones.wait_until(everyone_has_it, 10.0):
        raise RuntimeError(f"scan {number} did not reach every phone")
    pods[seat - 1].gone()
    latencies = []
    stable = written + STABLE_MS * 1e6  # the card counts from here
    for index, phone in enumerate(phones.phones):
        first = next(at for at, actions in phone.states[arrived_before[index] :] if actions >= expected)
        latencies.append((first - stable) / 1e6)
    return latencies


def scan_to_phone(streams: int = 50, scans: int = 200, warmup: int = 10) -> tuple[list[float], float]:
    with running_hub() as (hub, pods, replica, journal):
        phones = open_phones(hub, journal, streams, replica.table_id)
        try:
            latencies: list[float] = []
            for number in range(warmup + scans):
                replica.catch_up()
                if replica.state.is_over:
                    phones.close()
                    replica = next_table(hub, journal)
                    phones = open_phones(hub, journal, streams, replica.table_id)
                measured = scan_once(pods, replica, phones, number)
                if number >= warmup:
                    latencies.extend(measured)
                time.sleep(0.02)
            return latencies, hub.rss_mb()
        finally:
            phones.close()


def streams_held(streams: int = 200, scans: int = 30) -> tuple[int, int]:
    """(streams that stayed open with everything, events missing across all streams)."""
    with running_hub() as (hub, pods, replica, journal):
        phones = open_phones(hub, journal, streams, replica.table_id)
        try:
            first_id = json.loads(hub.get("/api/tables/1"))["last_id"]
            for number in range(scans):
                scan_once(pods, replica, phones, number)
            final = json.loads(hub.get("/api/tables/1"))
            logs: dict[str, set[int]] = {}  # what each stream should have had, from the log API
            for phone in phones.phones:
                if phone.path not in logs:
                    logs[phone.path] = logged_ids(hub, phone.path, phone.token, first_id, final["last_id"])
            lost = held = 0
            for phone in phones.phones:
                missing = len(logs[phone.path] - set(phone.event_ids))
                lost += missing
                held += phone.open and not missing and phone.states[-1][1] == final["actions"]
            return held, lost
        finally:
            phones.close()


def logged_ids(hub: HubProcess, stream: str, token: str, after: int, upto: int) -> set[int]:
    """The ids of the events a stream's reader may see, from the matching log."""
    log = json.loads(hub.get(stream.replace("/events", f"/log?after={after}"), token))
    return {event["id"] for event in log["events"] if event["id"] <= upto}


def start_seconds(runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as name:
            folder = Path(name)
            config = folder / "hub.toml"
            config.write_text("[server]\nport = 0\n", encoding="utf-8")
            hub = HubProcess(folder / "journal.db", "--config", str(config), "--simulate")
            try:
                hub.get("/")
                times.append(time.monotonic() - hub.spawned)
            finally:
                hub.stop()
    return statistics.median(times)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def benchmarks() -> list[dict[str, Any]]:
    latencies, rss = scan_to_phone()
    held, lost = streams_held()
    return [
        {"name": "hub.scan_to_phone_p50_ms", "value": statistics.median(latencies), "unit": "ms"},
        {"name": "hub.scan_to_phone_p99_ms", "value": percentile(latencies, 0.99), "unit": "ms"},
        {"name": "hub.streams_held", "value": held, "unit": "streams"},
        {"name": "hub.events_lost", "value": lost, "unit": "events"},
        {"name": "hub.rss_mb", "value": rss, "unit": "MB"},
        {"name": "hub.start_s", "value": start_seconds(), "unit": "s"},
    ]


if __name__ == "__main__":
    for figure in benchmarks():
        print(f"{figure['name']:<32} {figure['value']:>12.3f} {figure['unit']}")
