"""The guarded server's event loop (console/http/loop.py) on real sockets: a turn asks only the
sockets that can have changed, and a storm of sockets re-opened as fast as the server sheds them
does not keep a phone's page waiting behind it."""

from __future__ import annotations

import multiprocessing
import socket
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from console.bench.hub_hardening import reopening_sockets
from console.http import loop as loop_module
from console.http.guarded import GuardedServer
from console.http.limits import Limits
from console.http.loop import EpollLoop
from console.http.server import guarded_server
from tests.web.test_web_server import eventually

TIMEOUT = 10.0


def hello(environ: dict[str, Any], start_response: Any) -> list[bytes]:
    start_response("200 OK", [("Content-Type", "text/plain"), ("Content-Length", "5")])
    return [b"hello"]


@contextmanager
def running(limits: Limits) -> Iterator[GuardedServer]:
    server = guarded_server(hello, "127.0.0.1", 0, threads=4, max_body_bytes=1024, limits=limits)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.close()
        for channel in list(server.active_channels.values()):
            channel.handle_close()
        thread.join(TIMEOUT)


def page(port: int) -> bytes:
    """One request on a connection of its own, from an address no flood uses."""
    phone = ("127.0.0.200", 0)
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT, source_address=phone) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: hub\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := sock.recv(4096):
            answer += chunk
        return answer


def source(number: int, per_address: int) -> tuple[str, int]:
    address = number // per_address
    return f"127.0.{40 + address // 250}.{1 + address % 250}", 0


def test_a_turn_asks_the_sockets_that_can_have_changed_not_every_socket_open(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counted: Counter[str] = Counter()
    wanted, turn = loop_module.wanted, EpollLoop.turn

    def counting_wanted(obj: Any) -> int:
        counted["asks"] += 1
        return wanted(obj)

    def counting_turn(self: EpollLoop) -> None:
        counted["turns"] += 1
        turn(self)

    monkeypatch.setattr(loop_module, "wanted", counting_wanted)
    monkeypatch.setattr(EpollLoop, "turn", counting_turn)
    with running(Limits()) as server:
        port = int(server.effective_port)
        idle = [
            socket.create_connection(("127.0.0.1", port), source_address=source(n, 20)) for n in range(600)
        ]
        try:
            assert eventually(lambda: len(server.active_channels) >= 600)
            counted.clear()
            for _ in range(100):
                assert page(port).startswith(b"HTTP/1.1 200")
            # waitress's own loop asked all 600 every turn; a sweep a second still asks them all
            assert counted["turns"] > 100
            assert counted["asks"] / counted["turns"] < 60, counted
        finally:
            for sock in idle:
                sock.close()


def test_a_storm_of_sockets_reopened_as_fast_as_they_are_shed_does_not_keep_a_page_out() -> None:
    """The benchmark's storm (console/bench/hub_hardening.py), from a process of its own."""
    with running(Limits(connections=200)) as server:
        port = int(server.effective_port)
        storm = multiprocessing.get_context("spawn").Process(
            target=reopening_sockets, args=(port, 400), daemon=True
        )
        storm.start()
        try:
            # the server sheds (or parks) the storm's sockets; the storm opens them again
            assert eventually(lambda: server.evicted + server.refused > 400)
            for _ in range(30):
                assert page(port).endswith(b"hello")
            assert len(server.active_channels) <= 200 + 1
        finally:
            storm.kill()
            storm.join()
