"""The site under waitress, as served: a phone that walks away frees its thread, a 10 MB body is
refused before it is read, and more streams than waitress's default four are served at once."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
from waitress.server import create_server

from console.hub.service import Hub
from console.web import create_app

TIMEOUT = 10.0


@pytest.fixture
def served(hub: Hub) -> Iterator[int]:
    server = create_server(
        create_app({"HUB": hub}),
        host="127.0.0.1",
        port=0,
        threads=24,
        max_request_body_size=hub.config.server.max_body_bytes,
    )
    closing = threading.Event()

    def run() -> None:
        try:
            server.run()
        except OSError:  # the loop may poll the listening socket once more as it is closed
            if not closing.is_set():
                raise

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    yield server.effective_port  # type: ignore[union-attr]
    closing.set()
    server.close()
    thread.join(TIMEOUT)


def open_stream(port: int, path: str = "/api/tables/1/events") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    assert b" 200 " in sock.recv(4096).split(b"\r\n", 1)[0]
    return sock


def eventually(condition: object) -> bool:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.01)
    return False


def test_a_phone_that_walks_away_gives_its_stream_thread_back(served: int, hub: Hub) -> None:
    streams = [open_stream(served) for _ in range(8)]  # twice waitress's default thread count
    assert eventually(lambda: hub.slots.open == 8)
    for sock in streams:
        sock.close()
    assert eventually(lambda: hub.slots.open == 0)  # noticed at the next keep-alive


def test_a_ten_megabyte_body_is_refused_by_the_server_before_it_is_read(served: int, hub: Hub) -> None:
    before = hub.journal.actions(1)
    with socket.create_connection(("127.0.0.1", served), timeout=TIMEOUT) as sock:
        sock.sendall(
            f"POST /api/tables/1/seats/1/actions HTTP/1.1\r\nHost: 127.0.0.1:{served}\r\n"
            f"Origin: http://127.0.0.1:{served}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {10 * 1024 * 1024}\r\n\r\n".encode()
        )
        sock.sendall(b"{" + b" " * 65536)
        answer = sock.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413")
    assert hub.journal.actions(1) == before
