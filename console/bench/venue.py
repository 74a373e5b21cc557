"""``tabletop bench venue``: many hubs on one real Mosquitto (each a full hub with a bot table),
a board following them, and the figures of issues 14 and 24: update latency, a late board's readiness,
offline detection, how long a table waits on the venue while the broker is down, lost results,
and pairing 64 players.
"""

from __future__ import annotations

import json
import random
import secrets
import socket
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from console.games import SHORT_GAME
from console.hub.config import HubConfig, TableConfig, VenueConfig
from console.hub.service import Hub
from console.venue import topics
from console.venue.board import Board, ResultStore
from console.venue.broker import BOARD_USER, LocalBroker, find_mosquitto
from console.venue.pairing import Game, swiss_round
from console.venue.roundclock import BEAT_S, started

HUBS = 60
VENUE = "bench"


def figure(name: str, value: float, unit: str) -> dict[str, Any]:
    return {"name": name, "value": value, "unit": unit}


def wait_for(condition: Callable[[], Any], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False


READER = "reader"


class Rig:
    """The broker, ``count`` hubs with a table of ``SHORT_GAME`` (two bots) each, and a board."""

    def __init__(self, folder: Path, count: int) -> None:
        self.folder = folder
        self.passwords = {f"hub{i}": secrets.token_hex(8) for i in range(count)}
        self.passwords[BOARD_USER] = secrets.token_hex(8)
        # A second board, joining late, logs in as a reader: one login is one connection.
        self.passwords[READER] = secrets.token_hex(8)
        self.broker = LocalBroker(folder / "broker", VENUE, self.passwords, readers=[READER]).start()
        self.sent: dict[tuple[str, int, int], float] = {}  # (hub, table, actions) -> handed over at
        self.latencies: list[float] = []
        self.block_s: list[float] = []  # a table's time in the venue hook, while the broker is down
        self.block_up_s: list[float] = []  # the same while it is up, for comparison
        self.measure_block = False
        self._lock = threading.Lock()
        self.hubs: list[Hub] = []
        self.board = self.new_board(record=True)
        for index in range(count):
            self.hubs.append(self.start_hub(f"hub{index}", seed=index))

    def venue(self, user: str, **changes: Any) -> VenueConfig:
        return VenueConfig(
            broker="127.0.0.1",
            port=self.broker.port,
            venue=VENUE,
            hub=user,
            username=user,
            password=self.passwords[user],
            **changes,
        )

    def new_board(self, record: bool = False) -> Board:
        """The board (``record``: its updates timed), else a second one that only reads."""
        user = BOARD_USER if record else READER
        board = Board(self.venue(user), ResultStore(self.folder / f"board-{time.monotonic_ns()}.db"))
        if record:
            original = board._on_message

            def timed(client: Any, userdata: Any, message: Any) -> None:
                original(client, userdata, message)
                parsed = topics.parse(message.topic)
                if parsed and parsed[2][:1] == ["tables"]:
                    state = board.tables.get((parsed[1], int(parsed[2][1])))
                    key = (parsed[1], int(parsed[2][1]), state["actions"] if state else -1)
                    with self._lock:
                        sent = self.sent.pop(key, None)
                    if sent is not None:
                        self.latencies.append(time.perf_counter() - sent)

            board.client.on_message = timed
        return board.start()

    def start_hub(self, name: str, seed: int) -> Hub:
        config = HubConfig(
            journal=self.folder / name / "journal.db",
            bot_delay_s=0.25,
            chance_delay_s=0.1,
            venue=self.venue(name, resend_s=1.0),
            table=TableConfig(game=SHORT_GAME, players=2, seats=("bot", "bot"), seed=seed),
        )
        hub = Hub(config)
        hub.start(default_table=False, inputs=False)
        publisher = hub.venue
        assert publisher is not None
        handed_over = publisher.table_changed

        def timed(table_id: int, payload: str) -> None:
            """What the table's thread spends on the venue, and when the change was handed over."""
            started = time.perf_counter()
            handed_over(table_id, payload)
            spent = time.perf_counter() - started
            (self.block_s if self.measure_block else self.block_up_s).append(spent)
            actions = int(json.loads(payload)["actions"])
            with self._lock:
                self.sent.setdefault((name, table_id, actions), started)

        # The hub hands this to each table it starts from now on.
        publisher.table_changed = timed
        wait_for(lambda: publisher.connected, 10)
        hub.start_table(config.table)
        return hub

    def new_games(self) -> None:
        for index, hub in enumerate(self.hubs):
            hub.start_table(TableConfig(game=SHORT_GAME, players=2, seats=("bot", "bot"), seed=1000 + index))

    def tables(self) -> int:
        return sum(len(hub.tables()) for hub in self.hubs)

    def finished(self) -> int:
        return sum(1 for hub in self.hubs for w in hub.tables() if w.status in ("finished", "ended"))

    def close(self) -> None:
        for hub in self.hubs:
            hub.stop()
        self.board.stop()
        self.broker.stop()


def crash(hub: Hub) -> None:
    """The hub's connection dies without a goodbye, as when its process is killed."""
    client = hub.venue.client
    sock = client.socket()
    client.loop_stop()  # no reconnection: the hub is gone
    if isinstance(sock, socket.socket):
        sock.shutdown(socket.SHUT_RDWR)
        sock.close()


def silence(hub: Hub) -> None:
    """The hub stops talking but its connection stays open, as when it hangs or loses power."""
    hub.venue.client.loop_stop()


def offline_after(board: Board, name: str, act: Callable[[], None], timeout: float) -> float:
    started = time.monotonic()
    act()
    wait_for(lambda: board.hubs.get(name, {}).get("online") is False, timeout)
    return time.monotonic() - started


def pairing_64_s() -> float:
    players = [f"player{i:02}" for i in range(64)]
    games: list[Game] = []
    slowest = 0.0
    for round_number in range(6):
        started = time.perf_counter()
        pairs = swiss_round(players, games)
        slowest = max(slowest, time.perf_counter() - started)
        games += [Game((a, b), ((a, b)[(round_number + len(a)) % 2],)) for a, b in pairs if b is not None]
    return slowest


def benchmarks(count: int = HUBS) -> list[dict[str, Any]]:
    figures = [figure("venue.pairing_64_s", pairing_64_s(), "s")]
    if find_mosquitto() is None:
        print("tabletop: venue figures need mosquitto (apt-get install mosquitto); only pairing measured")
        return figures
    with tempfile.TemporaryDirectory() as folder:
        rig = Rig(Path(folder), count)
        try:
            wait_for(lambda: len(rig.board.tables) >= count, 30)
            time.sleep(4.0)  # the games play on; every change is timed to the board
            figures.append(figure("venue.update_p99_ms", 1000 * percentile(rig.latencies, 0.99), "ms"))
            figures.append(figure("venue.publish_block_up_ms_max", 1000 * max(rig.block_up_s), "ms"))
            figures.append(figure("venue.judge_call_p99_ms", judge_call_p99_ms(rig), "ms"))
            figures.append(figure("venue.clock_skew_ms_p99", clock_skew_ms_p99(rig), "ms"))
            started = time.monotonic()
            late = rig.new_board()
            wait_for(lambda: len(late.tables) >= rig.tables() and len(late.hubs) >= count, 30)
            figures.append(figure("venue.board_ready_s", time.monotonic() - started, "s"))
            late.stop()

            rig.broker.stop()
            rig.measure_block = True
            rig.new_games()
            wait_for(lambda: rig.finished() == rig.tables(), 120)
            rig.measure_block = False
            figures.append(figure("venue.publish_block_ms_max", 1000 * max(rig.block_s, default=0.0), "ms"))
            # The max is one thread-switch of the interpreter among the 60 hubs' threads; the p99
            # says what a table usually spends.
            figures.append(figure("venue.publish_block_ms_p99", 1000 * percentile(rig.block_s, 0.99), "ms"))
            rig.broker.start()
            expected = rig.finished()
            wait_for(lambda: len(rig.board.results.all()) >= expected, 60)
            figures.append(figure("venue.results_lost", expected - len(rig.board.results.all()), "results"))
            figures.append(figure("venue.late_will_false_offline", late_wills(rig, rig.hubs[2:]), "hubs"))

            figures.append(
                figure(
                    "venue.offline_detect_s",
                    offline_after(rig.board, "hub0", lambda: crash(rig.hubs[0]), 30),
                    "s",
                )
            )
            keepalive = rig.hubs[1].config.venue.keepalive_s
            figures.append(
                figure(
                    "venue.silent_offline_detect_s",
                    offline_after(rig.board, "hub1", lambda: silence(rig.hubs[1]), 3 * keepalive),
                    "s",
                )
            )
        finally:
            rig.close()
    return figures


def clock_skew_ms_p99(rig: Rig, samples: int = 5) -> float:
    """How far each hub's reading of the event's time is from the board's, p99 over every hub,
    each hub's own clock moved by up to 10 minutes either way and running up to 0.05 % fast or
    slow, read ``samples`` times a beat apart once the board has beaten three times."""
    rng = random.Random(23)
    for hub in rig.hubs:
        assert hub.venue is not None
        moved, rate, start = rng.uniform(-600, 600), 1 + rng.uniform(-5e-4, 5e-4), time.time()
        hub.venue.board_time.clock = partial(moved_clock, start, moved, rate)
    rig.board.round_clock = started(1, 1, 50, rig.board.clock())
    time.sleep(3 * BEAT_S)
    skews = []
    for _ in range(samples):
        for hub in rig.hubs:
            assert hub.venue is not None
            skews.append(abs(hub.venue.board_time.now() - rig.board.clock()))
        time.sleep(BEAT_S)
    return 1000 * percentile(skews, 0.99)


def moved_clock(start: float, moved: float, rate: float) -> float:
    return start + moved + (time.time() - start) * rate


def all_seen(board: Board, calls: list[tuple[str, str]]) -> bool:
    return all(key in board.calls for key in calls)


def judge_call_p99_ms(rig: Rig, rounds: int = 5) -> float:
    """From a seat's call (a phone's button: ``raise_judge_call``) to the board holding it, p99,
    every hub calling ``rounds`` times (each call closed before the next). The board's and the
    organiser's pages ask the board every second: they show a call within that more."""
    latencies: list[float] = []
    for _ in range(rounds):
        raised: dict[tuple[str, str], float] = {}
        for hub in rig.hubs:
            publisher = hub.venue
            assert publisher is not None
            call = publisher.raise_judge_call(hub.tables()[0].table.id, 1)
            raised[(publisher.hub, call["call_id"])] = time.time()
        wait_for(partial(all_seen, rig.board, list(raised)), 30)
        for key, at in raised.items():
            call = rig.board.calls.get(key)
            if call is not None:
                latencies.append(call["seen_at"] - at)
                rig.board.answer_call(key[0], key[1], "closed", "bench")
        wait_for(lambda: not rig.board.open_calls(), 30)
    return 1000 * percentile(latencies, 0.99)


def late_wills(rig: Rig, hubs: list[Hub]) -> int:
    """Hubs the board shows offline after each was sent a will of its connection before (as the
    broker delivers one late, after the hub came back): 0."""
    for hub in hubs:
        publisher = hub.venue
        assert publisher is not None
        late = {"hub": publisher.hub, "venue": VENUE, "online": False, "session": publisher.session - 1}
        status = topics.status(VENUE, publisher.hub)
        publisher.client.publish(status, json.dumps(late), qos=1, retain=True)
    wait_for(lambda: rig.board.late_wills >= len(hubs), 30)
    time.sleep(1.0)  # anything that would follow them
    online = set(rig.board.online_hubs())
    return sum(1 for hub in hubs if hub.venue is not None and hub.venue.hub not in online)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[round(share * 100) - 1]
