"""What the hub benchmark drives the hub with, from outside its process: the hub itself started as
``tabletop serve``, pretend pods on ptys that the hub opens as serial devices and that write real
protocol frames, and phones as raw-socket SSE clients read by one selector thread.
"""

from __future__ import annotations

import contextlib
import os
import re
import selectors
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from console.inputs import protocol
from console.web.sse_client import parse_messages


class HubProcess:
    """``tabletop serve`` with a configuration file, in a process of its own."""

    def __init__(self, config: Path, journal: Path, *options: str, timeout: float = 30.0) -> None:
        env = {**os.environ, "XDG_CONFIG_HOME": str(config.parent / "no-config"), "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, "-m", "console.cli", "--journal", str(journal), "serve",
                   "--config", str(config), *options]
        self.spawned = time.monotonic()
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                                        text=True)
        self.lines: list[str] = []
        self.url = ""
        self._serving = threading.Event()
        self._drainer = threading.Thread(target=self._drain, daemon=True)
        self._drainer.start()
        if not self._serving.wait(timeout):
            self.stop()
            raise RuntimeError("the hub did not start:\n" + "".join(self.lines))

    def _drain(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)
            if not self.url and (match := re.search(r"serving on (http://\S+)/ ", line)):
                self.url = match.group(1)
                self._serving.set()

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024  # type: ignore[union-attr]

    def get(self, path: str, token: str = "") -> bytes:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        request = urllib.request.Request(self.url + path, headers=headers)
        with urllib.request.urlopen(request, timeout=30) as response:
            return bytes(response.read())

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self._drainer.join(10)
        if self.process.stdout is not None:
            self.process.stdout.close()


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
        self._write(protocol.Hello(self.seq, "bench", protocol.PROTOCOL_VERSION, f"BENCH{self.seat}", "0001",
                                   self.seat, 1))
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
            sock.sendall(f"GET {path} HTTP/1.0\r\nHost: 127.0.0.1:{port}\r\n{auth}"
                         "Accept: text/event-stream\r\n\r\n".encode())
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
