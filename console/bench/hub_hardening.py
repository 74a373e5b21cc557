"""``tabletop bench hub``'s figures of issue 23 (hardening, round three), on real hub processes:

* ``hub.page_p99_ms_pipelined_slow_readers``: ``GET /api/tables`` from a phone of its own, p99,
  while 320 clients pipeline requests for static files and read slowly, the hub's open-files
  limit at 2,048 (a Pi's service);
* ``hub.fds_max_under_flood``: the most descriptors the hub held meanwhile (below its limit, and
  no "Too many open files");
* ``hub.rss_kb_per_action_5_streams``: what the hub's memory grows by per action while five
  phones read their streams and random bots play the game with the largest public view at its
  usual number of seats (a state of some kilobytes an action);
* ``hub.rss_mb_after_floods``: what the hub holds beyond its start once four floods (hub_flood's
  idle connections and streams that never read) have come and gone, random bots playing;
* ``hub.page_p99_ms_reconnect_storm``: the same phone's page, p99, while 1,800 idle sockets from
  113 addresses (16 each: the hub's per-address bound is 32) are re-opened the moment the hub
  sheds them (it holds at most 1,500), from a process of their own;
* ``hub.pin_guesses_per_hour_max``: the most host PINs from other devices looked at in any hour
  while 5,000 addresses guess twelve times each (console/http/limits.py's guard).
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import selectors
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from console.bench.hub import percentile
from console.games import find_game, game_names
from console.hub.errors import Forbidden
from console.web.hub_process import HubProcess

FILE_LIMIT = 2048
READERS, PIPELINED = 320, 12


def descriptors(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/fd").iterdir()))


@contextmanager
def slow_readers(port: int, readers: int, pipelined: int, path: str = "/static/live.js") -> Iterator[None]:
    """``readers`` clients (16 an address) each pipelining ``pipelined`` requests for ``path``
    and reading nothing, until the block ends."""
    request = f"GET {path} HTTP/1.1\r\nHost: hub\r\n\r\n".encode() * pipelined
    held = []
    try:
        for number in range(readers):
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.bind((f"127.0.{10 + number // 16}.{1 + number % 16}", 0))
            sock.connect(("127.0.0.1", port))
            sock.sendall(request)
            held.append(sock)
        yield
    finally:
        for sock in held:
            sock.close()


def page_ms(port: int) -> float:
    started = time.perf_counter()
    with socket.create_connection(("127.0.0.1", port), timeout=30, source_address=("127.0.0.250", 0)) as sock:
        sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: hub\r\nConnection: close\r\n\r\n")
        answer = sock.recv(64)
    if not answer.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"the phone's page failed: {answer!r}")
    return (time.perf_counter() - started) * 1000


def pipelined_slow_readers(pages: int = 200) -> tuple[float, int]:
    """The phone's page p99 (ms) and the most descriptors the hub held, under ``slow_readers``."""
    with tempfile.TemporaryDirectory() as folder:
        options = ("--port", "0", "--inputs", "none")
        hub = HubProcess(Path(folder) / "journal.db", *options, file_limit=FILE_LIMIT)
        most, stop = descriptors(hub.process.pid), threading.Event()

        def watch() -> None:
            nonlocal most
            while not stop.wait(0.05):
                most = max(most, descriptors(hub.process.pid))

        watcher = threading.Thread(target=watch)
        watcher.start()
        try:
            with slow_readers(hub.port, READERS, PIPELINED):
                time.sleep(1.0)
                latencies = [page_ms(hub.port) for _ in range(pages)]
        finally:
            stop.set()
            watcher.join()
            hub.stop()
    return percentile(latencies, 0.99), most


def stream_growth(hub: HubProcess, actions: int = 300, streams: int = 5) -> tuple[float, int]:
    """kB the hub grows by per action over ``actions`` while ``streams`` phones read the public
    stream of table 1 (after the first 50 actions: a random game lasts some 400 or more); and the
    bytes the phones read."""
    stop, received = threading.Event(), [0]

    def read(number: int) -> None:
        source = (f"127.0.9.{number}", 0)
        with socket.create_connection(("127.0.0.1", hub.port), source_address=source) as sock:
            sock.sendall(b"GET /api/tables/1/events HTTP/1.1\r\nHost: hub\r\n\r\n")
            sock.settimeout(1)
            while not stop.is_set():
                try:
                    got = sock.recv(1 << 16)
                except TimeoutError:
                    continue
                if not got:
                    return
                received[0] += len(got)

    def played() -> int:
        return int(hub.request("GET", "/api/tables/1")[1]["actions"])

    readers = [threading.Thread(target=read, args=(number + 1,)) for number in range(streams)]
    for reader in readers:
        reader.start()
    try:
        deadline = time.monotonic() + 120
        while played() < 50:  # past the start: the streams and the table as they settle
            if time.monotonic() > deadline:
                raise RuntimeError("the bots did not play")
            time.sleep(0.2)
        start_rss, start = hub.rss_mb(), played()
        while played() < start + actions:
            if time.monotonic() > deadline:
                raise RuntimeError(f"the bots played {played() - start} actions in the time")
            time.sleep(0.2)
        grown_kb = (hub.rss_mb() - start_rss) * 1024
        return grown_kb / (played() - start), received[0]
    finally:
        stop.set()
        for reader in readers:
            reader.join(5)


def largest_table() -> tuple[str, int]:
    """The registered game with the largest public view at its usual number of seats (what the
    streams carry most of), and that number."""

    def seats(name: str) -> int:
        game = find_game(name)
        return game.facts.typical_players or game.min_players

    def size(name: str) -> int:
        return len(json.dumps(find_game(name).new(seats(name), 1).view(None)))

    name = max(game_names(), key=size)
    return name, seats(name)


def random_bots(folder: Path) -> tuple[str, ...]:
    """``serve``'s options for a hub where random bots play ``largest_table()`` as fast as they
    can (a few hundred actions in seconds); its configuration is written in ``folder``."""
    game, players = largest_table()
    config = folder / "hub.toml"
    seats = ", ".join(['"bot"'] * players)
    config.write_text(f'[table]\ngame = "{game}"\nplayers = {players}\nseats = [{seats}]\nbot = "easy"\n')
    return ("--config", str(config), "--bot-delay", "0.005", "--chance-delay", "0", "--inputs", "none")


def streams_per_action() -> float:
    with tempfile.TemporaryDirectory() as folder:
        hub = HubProcess(Path(folder) / "journal.db", *random_bots(Path(folder)))
        try:
            return stream_growth(hub)[0]
        finally:
            hub.stop()


def memory_after_floods(hub: HubProcess, waves: int = 4, flood_s: float = 8.0, calm_s: float = 6.0) -> float:
    """MB the hub holds beyond its start once ``waves`` floods (hub_flood's idle connections and
    streams that never read) have each come and gone."""
    from console.bench.hub_flood import Flood  # hub_flood builds on this module's neighbours

    start = hub.rss_mb()
    for _ in range(waves):
        flood = Flood(hub.port)
        time.sleep(flood_s)
        flood.close()
        time.sleep(calm_s)
    return hub.rss_mb() - start


def floods_retained() -> float:
    with tempfile.TemporaryDirectory() as folder:  # on a busy table: its streams carry much
        hub = HubProcess(Path(folder) / "journal.db", *random_bots(Path(folder)))
        try:
            return memory_after_floods(hub)
        finally:
            hub.stop()


STORM = 1_800


def reopening_sockets(port: int, count: int, per_address: int = 16) -> None:
    """``count`` idle sockets, each re-opened the moment the hub closes it, until killed."""
    selector = selectors.DefaultSelector()

    def open_one(number: int) -> None:
        sock = socket.socket()
        sock.setblocking(False)
        address = number // per_address
        sock.bind((f"127.0.{20 + address // 250}.{1 + address % 250}", 0))
        with contextlib.suppress(BlockingIOError):  # connecting, without waiting for it
            sock.connect(("127.0.0.1", port))
        selector.register(sock, selectors.EVENT_READ, number)

    for number in range(count):
        open_one(number)
    while True:
        for key, _ in selector.select(1.0):
            sock: Any = key.fileobj
            try:
                closed = not sock.recv(4096)
            except OSError:
                closed = True
            if closed:
                selector.unregister(sock)
                sock.close()
                open_one(key.data)


def reconnect_storm(pages: int = 300) -> float:
    """The phone's page p99 (ms) under ``reopening_sockets`` run by a process of its own."""
    with tempfile.TemporaryDirectory() as folder:
        options = ("--port", "0", "--inputs", "none")
        hub = HubProcess(Path(folder) / "journal.db", *options, file_limit=FILE_LIMIT)
        storm = multiprocessing.get_context("spawn").Process(
            target=reopening_sockets, args=(hub.port, STORM), daemon=True
        )
        storm.start()
        try:
            time.sleep(5.0)  # every socket open, the hub shedding the oldest
            latencies = [page_ms(hub.port) for _ in range(pages)]
        finally:
            storm.kill()
            storm.join()
            hub.stop()
    return percentile(latencies, 0.99)


def pin_guesses_per_hour(addresses: int = 5_000, each: int = 12, spacing_s: float = 0.45) -> int:
    """The most PINs from other devices the guard looks at in any hour of the attack."""
    from console.http.limits import PinGuard

    now = [0.0]
    guard = PinGuard(clock=lambda: now[0])
    looked_at: list[float] = []
    for address in range(addresses):
        for _ in range(each):
            try:
                guard.check(f"2001:db8::{address:x}", "246813", "000000")
            except Forbidden:
                looked_at.append(now[0])
            except Exception:  # refused unread (429, 423)
                pass
            now[0] += spacing_s
    end = now[0]
    starts = [start * 60.0 for start in range(int(end // 60) + 1)]
    return max(sum(1 for t in looked_at if start <= t < start + 3600) for start in starts)


def benchmarks() -> list[dict[str, Any]]:
    p99, most = pipelined_slow_readers()
    return [
        {"name": "hub.page_p99_ms_pipelined_slow_readers", "value": p99, "unit": "ms"},
        {"name": "hub.fds_max_under_flood", "value": most, "unit": "descriptors"},
        {"name": "hub.rss_kb_per_action_5_streams", "value": streams_per_action(), "unit": "kB"},
        {"name": "hub.rss_mb_after_floods", "value": floods_retained(), "unit": "MB over the start"},
        {"name": "hub.page_p99_ms_reconnect_storm", "value": reconnect_storm(), "unit": "ms"},
        {"name": "hub.pin_guesses_per_hour_max", "value": pin_guesses_per_hour(), "unit": "guesses"},
    ]
