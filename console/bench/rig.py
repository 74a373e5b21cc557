"""What the hub benchmark drives a ``tabletop serve`` process with, from outside it: pretend pods
on ptys that the hub opens as serial devices and that write real protocol frames, and phones as
raw-socket SSE clients read by one selector thread.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import socket
import threading
import time
from dataclasses import dataclass, field

from console.inputs import protocol
from console.web.sse_client import parse_messages


class PretendPod:
    """A pod on a pty: the hub opens ``path`` as a serial device; we answer its HELLO? and write
    CARD and GONE frames, with heartbeats, as the firmware would."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.master, self._slave = os.openpty()
        self.path = os.ttyname(self._slave)
        self.seq = 0
        self.hellos = 0
        self._lock = threading.Lock()
        self._closed = threading.Event()
        self._started = time.monotonic()
        threading.Thread(target=self._listen, daemon=True).start()
        threading.Thread(target=self._beat, daemon=True).start()

    def _write(self, frame: protocol.Frame) -> None:
        with self._lock:
            os.write(self.master, protocol.encode(frame))

    def _hello(self) -> None:
        self._write(
            protocol.Hello(
                self.seq, "bench", protocol.PROTOCOL_VERSION, f"BENCH{self.seat}", "0001", self.seat, 1
            )
        )
        self.hellos += 1

    def _listen(self) -> None:
        pending = b""
        while not self._closed.is_set():
            try:
                pending += os.read(self.master, 256)
            except OSError:
                return
            *lines, pending = pending.split(b"\n")
            if any(line.startswith(b"$HELLO?") for line in lines):
                self._hello()

    def _beat(self) -> None:
        while not self._closed.wait(0.5):
            try:
                self._write(protocol.Heartbeat(self.seq, int((time.monotonic() - self._started) * 1000)))
            except OSError:
                return

    def _next(self) -> int:
        self.seq = self.seq % (protocol.SEQ_MODULO - 1) + 1
        return self.seq

    def card(self, uid: str, text: str) -> int:
        """Write one CARD frame; return the monotonic time it was written, in ns."""
        frame = protocol.CardSeen(self._next(), 1, uid, text)
        with self._lock:
            written = time.monotonic_ns()
            os.write(self.master, protocol.encode(frame))
        return written

    def gone(self) -> None:
        self._write(protocol.CardGone(self._next(), 1))

    def close(self) -> None:
        self._closed.set()
        for fd in (self.master, self._slave):
            with contextlib.suppress(OSError):
                os.close(fd)


@dataclass
class Phone:
    """One SSE stream: what arrived, and when."""

    path: str
    token: str
    sock: socket.socket
    buffer: str = ""
    headers_done: bool = False
    open: bool = True
    states: list[tuple[int, int]] = field(default_factory=list)  # (arrival ns, actions count)
    event_ids: list[int] = field(default_factory=list)


class Phones:
    """Many SSE clients over raw sockets, all read by one selector thread."""

    def __init__(self, port: int, streams: list[tuple[str, str]]) -> None:
        """``streams``: (path, seat token or "") for each phone."""
        self.selector = selectors.DefaultSelector()
        self.phones: list[Phone] = []
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._stop = threading.Event()
        for path, token in streams:
            sock = socket.create_connection(("127.0.0.1", port))
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            auth = f"Authorization: Bearer {token}\r\n" if token else ""
            sock.sendall(
                f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n{auth}"
                "Accept: text/event-stream\r\n\r\n".encode()
            )
            sock.setblocking(False)
            phone = Phone(path, token, sock)
            self.phones.append(phone)
            self.selector.register(sock, selectors.EVENT_READ, phone)
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            for key, _ in self.selector.select(0.1):
                phone: Phone = key.data
                arrived = time.monotonic_ns()
                try:
                    data = phone.sock.recv(65536)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                with self._changed:
                    if not data:
                        phone.open = False
                        self.selector.unregister(phone.sock)
                    else:
                        self._take(phone, data.decode(), arrived)
                    self._changed.notify_all()

    def _take(self, phone: Phone, text: str, arrived: int) -> None:
        phone.buffer += text
        if not phone.headers_done:
            head, sep, rest = phone.buffer.partition("\r\n\r\n")
            if not sep:
                return
            phone.headers_done = True
            phone.open = " 200 " in head.split("\r\n", 1)[0]
            phone.buffer = rest
        messages, phone.buffer = parse_messages(phone.buffer)
        for message in messages:
            if message.get("event") == "state":
                phone.states.append((arrived, message["data"]["actions"]))
            elif message.get("event") == "game":
                phone.event_ids.append(int(message["id"]))

    def wait_until(self, done: object, timeout: float) -> bool:
        with self._changed:
            return self._changed.wait_for(done, timeout)  # type: ignore[arg-type]

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        for phone in self.phones:
            phone.sock.close()
        self.selector.close()
