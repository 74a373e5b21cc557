"""Issue 23 against a real hub process (its own waitress, its own descriptors): each case failed on
the hub before it (ff1f2bf) and passes now."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_web_reliability import pages_still_served

Start = Callable[..., Any]
pytestmark = pytest.mark.slow


def descriptors(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/fd").iterdir()))


def test_pipelined_slow_readers_of_static_files_hold_no_file_open(tmp_path: Path, hub_process: Start) -> None:
    """A client that pipelines requests for static files and reads slowly kept one descriptor per
    queued answer (320 of them: 1,891 descriptors and "Too many open files" on a Pi's limit)."""
    hub = hub_process(tmp_path / "journal.db", "--inputs", "none")
    before = descriptors(hub.process.pid)
    readers, pipelined = 60, 12
    request = b"GET /static/live.js HTTP/1.1\r\nHost: hub\r\n\r\n" * pipelined
    held = []
    try:
        with pages_still_served(hub):
            for number in range(readers):  # each from an address of its own (32 a device at most)
                sock = socket.socket()
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                sock.bind((f"127.0.8.{number + 1}", 0))
                sock.connect(("127.0.0.1", hub.port))
                sock.sendall(request)
                held.append(sock)
            time.sleep(2.0)  # every request read, every answer queued behind the unread ones
            during = descriptors(hub.process.pid)
    finally:
        for sock in held:
            sock.close()
    # One descriptor a connection, and a few to spare; not one a queued answer (60 x 12 = 720).
    assert during - before <= readers + 20, (before, during)


def test_five_phones_streams_do_not_grow_the_hub_with_each_action(tmp_path: Path, hub_process: Start) -> None:
    """Five phones reading their streams while bots play: the hub grew ~70 kB an action (waitress
    kept all a stream had sent) and gave it back only when the streams closed."""
    config = tmp_path / "hub.toml"  # random bots: a few hundred actions in seconds
    config.write_text(
        '[table]\ngame = "watch"\nplayers = 4\nseats = ["bot", "bot", "bot", "bot"]\nbot = "easy"\n'
    )
    hub = hub_process(
        tmp_path / "journal.db",
        *("--config", str(config), "--bot-delay", "0.005", "--chance-delay", "0", "--inputs", "none"),
    )
    stop = threading.Event()
    received: list[int] = []

    def read_stream(number: int) -> None:
        with socket.create_connection(
            ("127.0.0.1", hub.port), source_address=(f"127.0.9.{number}", 0)
        ) as sock:
            sock.sendall(b"GET /api/tables/1/events HTTP/1.1\r\nHost: hub\r\n\r\n")
            sock.settimeout(1)
            while not stop.is_set():
                try:
                    got = sock.recv(1 << 16)
                    received.append(len(got))
                    if not got:
                        return
                except TimeoutError:
                    continue

    readers = [threading.Thread(target=read_stream, args=(n + 1,)) for n in range(5)]
    for reader in readers:
        reader.start()
    try:
        played = lambda: hub.request("GET", "/api/tables/1")[1]["actions"]  # noqa: E731
        deadline = time.monotonic() + 60
        while played() < 100:  # past the start: the streams and the table as they settle
            assert time.monotonic() < deadline, "the bots did not play"
            time.sleep(0.2)
        start_rss, start_actions = hub.rss_mb(), played()
        while played() < start_actions + 600:
            assert time.monotonic() < deadline, f"{played() - start_actions} actions in the time"
            time.sleep(0.2)
        grown_kb = (hub.rss_mb() - start_rss) * 1024
        per_action = grown_kb / (played() - start_actions)
    finally:
        stop.set()
        for reader in readers:
            reader.join(5)
    assert sum(received) > 5_000_000  # the streams were read: a state an action, each
    assert per_action <= 5, f"{per_action:.1f} kB an action ({grown_kb:.0f} kB)"
