"""The site under the hub's own server (waitress, guarded), as served: a phone that walks away frees
its thread at once, a 10 MB body is refused before it is read, more streams than waitress's default
four are served at once, and no flood of idle, slow or non-reading clients stops a page answering."""

from __future__ import annotations

import dataclasses
import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from console.http.guarded import GuardedServer
from console.http.limits import Limits
from console.hub.service import Hub
from console.web import create_app
from console.web.server import listen

TIMEOUT = 10.0


@contextmanager
def serving(hub: Hub, limits: Limits | None = None, app: Any = None) -> Iterator[GuardedServer]:
    """The site (or ``app``) under the hub's own server, on a free port, in a thread."""
    hub.config = dataclasses.replace(hub.config, server=dataclasses.replace(hub.config.server, port=0))
    server = listen(app or create_app({"HUB": hub}), hub, limits)
    closing = threading.Event()

    def run() -> None:
        try:
            server.run()
        except (OSError, ValueError):  # the loop may poll the listening socket once more as it closes
            if not closing.is_set():
                raise

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        closing.set()
        server.close()
        for channel in list(server.active_channels.values()):
            channel.handle_close()
        thread.join(TIMEOUT)


@pytest.fixture
def served(hub: Hub) -> Iterator[int]:
    with serving(hub) as server:
        yield int(server.effective_port)


def open_stream(port: int, path: str = "/api/tables/1/events") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    assert b" 200 " in sock.recv(4096).split(b"\r\n", 1)[0]
    return sock


def eventually(condition: Callable[[], object]) -> bool:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if condition():
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
        answer = read_response(sock)
    assert answer.startswith(b"HTTP/1.1 413")
    assert hub.journal.actions(1) == before
    assert_json_error(answer, 413)


def read_response(sock: socket.socket) -> bytes:
    """One whole response: its head, then as many body bytes as its Content-Length says (one
    recv may bring the head alone)."""
    answer = b""
    while b"\r\n\r\n" not in answer and (chunk := sock.recv(65536)):
        answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    length = re.search(rb"(?im)^content-length: *(\d+)", head)
    while length and len(body) < int(length.group(1)) and (chunk := sock.recv(65536)):
        body += chunk
    return head + b"\r\n\r\n" + body


def assert_json_error(answer: bytes, status: int) -> None:
    """The server layer's own refusal, in the API's form: JSON, with the security headers."""
    head, _, body = answer.partition(b"\r\n\r\n")
    headers = head.decode().lower()
    assert re.match(rf"http/1\.[01] {status} ", headers), headers[:40]
    assert "content-type: application/json" in headers
    assert "x-content-type-options: nosniff" in headers and "content-security-policy:" in headers
    decoded = json.loads(body)
    assert decoded["status"] == status and decoded["error"]


def raw(port: int, request: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as sock:
        sock.sendall(request)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    return answer


@pytest.mark.parametrize(
    ("request_head", "status"),
    [
        (b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 12abc\r\n\r\n", 400),
        (b"GET /api/tables HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n", 431),
        (b"POST /api/tables HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
    ],
)
def test_the_server_layers_refusals_are_json_with_the_security_headers(
    served: int, hub: Hub, request_head: bytes, status: int
) -> None:
    before = len(hub.journal.tables())
    assert_json_error(raw(served, request_head), status)
    assert len(hub.journal.tables()) == before


def page_answers(port: int, timeout: float = 5.0) -> bool:
    """``GET /api/tables`` answers 200 within ``timeout``, from a phone of its own."""
    try:
        with socket.create_connection(
            ("127.0.0.1", port), timeout=timeout, source_address=("127.0.0.200", 0)
        ) as sock:
            sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: hub\r\nConnection: close\r\n\r\n")
            return sock.recv(64).startswith(b"HTTP/1.1 200")
    except OSError:
        return False


def idle_sockets(port: int, count: int, addresses: int) -> list[socket.socket]:
    """``count`` connections spread over ``addresses`` devices, each sending only a request line."""
    held = []
    for number in range(count):
        source = f"127.0.{1 + number % addresses // 250}.{2 + number % addresses % 250}"
        try:
            sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT, source_address=(source, 0))
        except OSError:
            continue
        try:
            sock.sendall(b"GET / HTTP/1.1\r\n")
        except OSError:  # refused already: the hub resets a connection it will not keep
            sock.close()
            continue
        held.append(sock)
    return held


@pytest.mark.parametrize(
    ("count", "addresses"), [(330, 11), pytest.param(1000, 50, marks=pytest.mark.slow), (1000, 1)]
)
def test_a_flood_of_idle_connections_does_not_stop_a_page(hub: Hub, count: int, addresses: int) -> None:
    with serving(hub, Limits(connections=600)) as server:
        port = int(server.effective_port)
        flood = idle_sockets(port, count, addresses)
        try:
            assert page_answers(port)
            assert len(server.active_channels) <= 600 + 2
            if addresses == 1:
                assert server.refused >= count - Limits().connections_per_client
        finally:
            for sock in flood:
                sock.close()


@pytest.mark.slow  # waits out a deadline the server checks once a second
def test_a_request_dribbled_a_header_line_at_a_time_is_closed_at_its_deadline(hub: Hub) -> None:
    with serving(hub, Limits(request_deadline_s=0.5)) as server:
        sock = socket.create_connection(
            ("127.0.0.1", int(server.effective_port)), timeout=TIMEOUT, source_address=("127.0.0.9", 0)
        )
        with sock:
            sock.sendall(b"GET / HTTP/1.1\r\n")
            started = time.monotonic()
            closed = False
            while not closed and time.monotonic() - started < 6:
                try:
                    sock.sendall(b"X-Slow: 1\r\n")
                    sock.settimeout(0.2)  # a header line every 0.2 s, each one keeping it alive
                    closed = sock.recv(1) == b""
                except TimeoutError:
                    continue
                except OSError:
                    closed = True
            assert closed and server.timed_out >= 1


def test_a_client_that_never_reads_is_dropped_with_its_output_bounded_in_memory(hub: Hub) -> None:
    closed = threading.Event()

    def endless(environ: dict[str, Any], start_response: Any) -> Any:
        start_response("200 OK", [("Content-Type", "text/event-stream")])

        def chunks() -> Iterator[bytes]:
            try:
                for _ in range(2000):  # 128 MB if nobody stopped it
                    yield b"data: " + b"x" * 65536 + b"\n\n"
            finally:
                closed.set()

        return chunks()

    spills_before = temp_files()
    with serving(hub, Limits(response_buffer_bytes=256 * 1024, stall_s=0.5), app=endless) as server:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", int(server.effective_port)))
        with sock:
            sock.sendall(b"GET /stream HTTP/1.1\r\nHost: hub\r\n\r\n")
            assert closed.wait(TIMEOUT)  # dropped: the response's thread is free
            assert server.dropped == 1
            assert temp_files() <= spills_before  # nothing went to disk


def temp_files() -> int:
    """Open files of this process in the temporary folder (waitress spills output there)."""
    import os
    import tempfile

    folder = tempfile.gettempdir()
    count = 0
    for fd in os.listdir("/proc/self/fd"):
        try:
            count += os.readlink(f"/proc/self/fd/{fd}").startswith(folder)
        except OSError:
            continue
    return count


def test_a_departed_phone_frees_its_stream_slot_at_once_not_at_a_keep_alive(tmp_path: Any) -> None:
    from tests.web.conftest import hub_config

    hub = Hub(hub_config(tmp_path, keepalive_s=30.0, max_stream_s=600.0)).start(inputs=False)
    try:
        with serving(hub) as server:
            streams = [open_stream(int(server.effective_port)) for _ in range(4)]
            assert eventually(lambda: hub.slots.open == 4)
            for sock in streams:
                sock.close()
            started = time.monotonic()
            assert eventually(lambda: hub.slots.open == 0)
            assert time.monotonic() - started < 2.0  # a keep-alive is 30 s away
    finally:
        hub.stop()
