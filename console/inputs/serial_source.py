"""A serial device read on its own thread, reopened whenever it vanishes and comes back.

Ports are opened with ``serial.serial_for_url``, so a device path, a /dev/serial/by-id link, a
pty, ``hwgrep://2e8a:0005``, ``loop://`` or ``socket://`` all work. Subclasses get whole lines
(``handle_line``), a call after each (re)open and loss, and a regular ``idle`` call for their
timers. Nothing a device sends can stop the thread: every error is logged with the source's name.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, Self

import serial

from console.inputs.events import Post
from console.inputs.keys import Clock
from console.inputs.lines import OVERLONG, LineBuffer

log = logging.getLogger("console.inputs")

OpenPort = Callable[..., Any]


class SerialSource:
    """Base of the pod and plain-scanner sources. ``start`` it; ``close`` stops it for good."""

    def __init__(
        self,
        url: str,
        post: Post,
        *,
        name: str,
        baudrate: int = 115200,
        reconnect_s: float = 0.5,
        read_timeout_s: float = 0.02,
        max_line: int = 256,
        clock: Clock = time.monotonic,
        open_port: OpenPort = serial.serial_for_url,
    ) -> None:
        self.url = url
        self.post = post
        self.name = name
        self.baudrate = baudrate
        self.reconnect_s = reconnect_s
        self.read_timeout_s = read_timeout_s
        self.clock = clock
        self.stats: Counter[str] = Counter()
        self._open_port = open_port
        self._lines = LineBuffer(max_line)
        self._port: Any = None
        self._open_event = threading.Event()
        self._write_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"serial-{name}", daemon=True)
        self._logged_kinds: set[str] = set()
        self._waiting_logged = False
        # A recorder's tap (console/inputs/recording.py): tap(kind, name, data) for "open", "lost"
        # and every raw "line", before it is parsed.
        self.tap: Callable[[str, str, bytes], None] | None = None

    # -- lifecycle ------------------------------------------------------------------------------

    def start(self) -> Self:
        self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=2)
        self._close_port()

    def __enter__(self) -> SerialSource:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    @property
    def is_open(self) -> bool:
        return self._port is not None

    def wait_open(self, timeout: float) -> bool:
        """Wait until the port is open (what the device sent before that is lost)."""
        return self._open_event.wait(timeout)

    # -- for subclasses ---------------------------------------------------------------------------

    def opened(self) -> None:
        """The port has just been (re)opened."""

    def lost(self, reason: str) -> None:
        """The port has just failed or vanished."""

    def handle_line(self, line: bytes) -> None:
        raise NotImplementedError

    def idle(self, now: float) -> None:
        """Called after every read, data or not (about every ``read_timeout_s``)."""

    def wait_at_most(self, now: float) -> float:
        """How long the next read may wait for data before ``idle`` runs: a subclass with a timer
        due sooner than ``read_timeout_s`` says so, and ``idle`` runs on time. Keep to few values:
        pyserial reconfigures the port on every change of its timeout."""
        return self.read_timeout_s

    def write(self, data: bytes) -> bool:
        """Send bytes if the port is open; False if they could not be sent."""
        with self._write_lock:
            port = self._port
            if port is None:
                return False
            try:
                port.write(data)
                return True
            except (serial.SerialException, OSError) as error:
                self.problem("write_failed", f"could not write: {error}")
                return False

    def problem(self, kind: str, message: str) -> None:
        """Count a problem; log the first of each kind as a warning, the rest at debug level,
        so a noisy line cannot flood the log."""
        self.stats[kind] += 1
        if kind in self._logged_kinds:
            log.debug("%s: %s (%s #%d)", self.name, message, kind, self.stats[kind])
        else:
            self._logged_kinds.add(kind)
            log.warning("%s: %s", self.name, message)

    # -- the thread -----------------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            if not self._open():
                self.idle(self.clock())
                self._stop.wait(self.reconnect_s)
                continue
            try:
                if self.tap is not None:
                    self.tap("open", self.name, b"")
                self.opened()
                self._read_until_lost()
            except (serial.SerialException, OSError) as error:
                self.stats["disconnects"] += 1
                self._close_port()
                if not self._stop.is_set():
                    log.warning("%s: port lost: %s", self.name, error)
                    if self.tap is not None:
                        self.tap("lost", self.name, f"port lost: {error}".encode())
                    self.lost(f"port lost: {error}")

    def _open(self) -> bool:
        try:
            port = self._open_port(
                self.url, baudrate=self.baudrate, timeout=self.read_timeout_s, exclusive=True
            )
        except (serial.SerialException, OSError, ValueError) as error:
            if not self._waiting_logged:
                self._waiting_logged = True
                log.warning("%s: cannot open %s (%s); will keep trying", self.name, self.url, error)
            return False
        self._waiting_logged = False
        self._lines.clear()
        with self._write_lock:
            self._port = port
        self._open_event.set()
        return True

    def _read_until_lost(self) -> None:
        while not self._stop.is_set():
            port = self._port
            wait = self.wait_at_most(self.clock())
            if port.timeout != wait:
                port.timeout = wait
            data = port.read(1)
            if data:
                waiting = port.in_waiting
                if waiting:
                    data += port.read(waiting)
                for line in self._lines.feed(data):
                    if line is OVERLONG:
                        self.problem("too_long", f"dropped a line longer than {self._lines.max_line} bytes")
                    else:
                        self._safely_handle(line)
            self.idle(self.clock())

    def _safely_handle(self, line: bytes) -> None:
        if self.tap is not None:
            self.tap("line", self.name, line)
        try:
            self.handle_line(line)
        except (serial.SerialException, OSError):
            raise
        except Exception as error:  # a bug on one line must not kill the source
            self.problem("handler_error", f"could not handle {line[:40]!r}: {error!r}")

    def _close_port(self) -> None:
        with self._write_lock:
            port, self._port = self._port, None
        self._open_event.clear()
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()
