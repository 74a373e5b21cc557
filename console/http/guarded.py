"""waitress's server and channel with the hub's bounds (console.http.limits) enforced where sockets
are: connections per address and in all, deadlines for idle and slow clients, a bounded output
buffer per response (a reader that falls behind is dropped), and the server's own error answers
in the API's JSON with its security headers.

Why these classes and not stock waitress: waitress stops accepting at ``connection_limit`` (a
flood of idle sockets then keeps every phone out), never times out a request that dribbles a
header line now and then, and lets a non-reading stream buffer 16 MB, spilling to temporary files.
"""

from __future__ import annotations

import contextlib
import ctypes
import heapq
import json
import logging
import socket
import struct
import time
from collections import deque
from collections.abc import Callable
from typing import Any, NoReturn

from waitress.channel import ClientDisconnected, HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, WSGITask

from console.http.limits import Limits, is_loopback
from console.http.loop import WatchedMap, loop
from console.http.security import HEADERS

log = logging.getLogger("console.web")

# The server's own refusals (waitress answers them before the site sees the request). Fixed
# words: the request itself (a header can carry a seat token) is never echoed.
SERVER_ERRORS = {
    400: "the request is malformed (a bad Content-Length, a bad header line or chunk); nothing was done",
    413: "the body is larger than the hub accepts ({limit} bytes); nothing was done",
    431: "the request's headers are larger than the hub accepts; nothing was done",
    501: "the request uses an HTTP feature the hub does not implement; nothing was done",
}


class JsonErrorTask(ErrorTask):
    """waitress's error answer, in the API's form: ``{"error", "status"}`` with the security headers."""

    def execute(self) -> None:
        code = self.request.error.code
        words = SERVER_ERRORS.get(code, "the request cannot be served; nothing was done")
        body = json.dumps(
            {
                "error": words.format(limit=self.channel.server.adj.max_request_body_size),
                "status": code,
            }
        ).encode()
        self.status = f"{code} {self.request.error.reason}"
        self.response_headers.extend(
            [("Content-Type", "application/json"), ("Cache-Control", "no-store"), *HEADERS.items()]
        )
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class GuardedTask(WSGITask):
    def write(self, data: bytes) -> None:
        # The channel's bound on unsent output treats a stream apart (console.http.guarded).
        self.channel.streaming = any(
            name.lower() == "content-type" and value.startswith("text/event-stream")
            for name, value in self.response_headers
        )
        super().write(data)

    def get_environment(self) -> dict[str, Any]:
        environ: dict[str, Any] = super().get_environment()
        # A stream registers here to be told the moment its client leaves (console.web.sse).
        environ["tabletop.on_disconnect"] = self.channel.on_disconnect
        return environ


ROTATE_BYTES = 64 * 1024  # a response's output moves to a new buffer this often (see write_soon)


class GuardedChannel(HTTPChannel):
    task_class = GuardedTask
    error_task_class = JsonErrorTask
    connected: bool
    current_outbuf_count: int
    streaming = False  # the response being written is a live stream (set by GuardedTask.write)

    def __init__(self, server: GuardedServer, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map)
        self.client = str(addr[0]) if isinstance(addr, tuple) else "local"
        self.request_began = self.creation_time
        self._on_close: list[Callable[[], None]] = []
        self._counted = True
        server.per_client[self.client] = server.per_client.get(self.client, 0) + 1

    def received(self, data: bytes) -> bool:
        if self.request is None:  # the first byte of a new request starts its deadline
            self.request_began = time.time()
        return bool(super().received(data))

    def write_soon(self, data: Any) -> int:
        limits = self.server.limits
        if data and self.total_outbufs_len > limits.response_buffer_bytes:
            if not self.streaming:
                # More output while the last answers lie unread: a client that pipelines
                # requests and reads slowly (a browser never does). Waiting for it held a thread
                # each: 320 such clients held them all and a phone's page took a quarter second.
                with self.outbuf_lock:
                    self._drop()
            self._wait_for_reader(limits)
        with self.outbuf_lock:
            # Waitress keeps what a buffer has sent until it moves to a new buffer, which it does
            # every outbuf_high_watermark bytes (32 MB here): a stream open for an evening held
            # all it had sent, ~70 kB an action for five phones. Moving on every ROTATE_BYTES,
            # the buffer sent is closed and freed once its reader has it (waitress #265).
            if self.current_outbuf_count >= ROTATE_BYTES:
                self.current_outbuf_count = self.adj.outbuf_high_watermark
        return int(super().write_soon(data))

    def _wait_for_reader(self, limits: Limits) -> None:
        """Block the response's thread while its reader catches up, at most ``stall_s``; then
        drop the client: its output is bounded and its thread is free again."""
        deadline = time.monotonic() + limits.stall_s
        with self.outbuf_lock:
            while self.connected and self.total_outbufs_len > limits.response_buffer_bytes:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    self._drop()
                self.server.pull_trigger()
                self.outbuf_lock.wait(min(remaining, 0.25))
        if not self.connected:
            raise ClientDisconnected

    def _drop(self) -> NoReturn:
        """Close the connection (its output is bounded, its thread free again)."""
        self.server.dropped += 1
        self.will_close = True
        self.connected = False
        self.server.pull_trigger()
        raise ClientDisconnected

    def settled(self) -> bool:
        """Nothing under way: only the client speaking can change what this connection waits for
        (console.http.loop asks it again only then). Under the requests' lock, as a worker
        thread empties them and may write a last word (a 100 Continue) in one step."""
        with self.requests_lock:
            return not (self.requests or self.total_outbufs_len or self.will_close or self.close_when_flushed)

    def on_disconnect(self, callback: Callable[[], None]) -> None:
        if not self.connected:
            callback()
        else:
            self._on_close.append(callback)

    def handle_close(self) -> None:
        super().handle_close()
        callbacks, self._on_close = self._on_close, []
        for callback in callbacks:
            try:
                callback()
            except Exception:
                log.exception("a disconnect callback failed")

    def del_channel(self, map: Any = None) -> None:
        super().del_channel(map)
        if self._counted:
            self._counted = False
            held = self.server.per_client.get(self.client, 1) - 1
            if held > 0:
                self.server.per_client[self.client] = held
            else:
                self.server.per_client.pop(self.client, None)


ACCEPT_AT_ONCE = 64  # connections taken from the accept queue in one turn of the loop
EVICT_AT_ONCE_PERCENT = 5  # of the connection bound, closed at once when it is reached


def reset_on_close(sock: Any) -> None:
    """A connection the hub sheds is closed with a reset, not a goodbye: the kernel forgets it at
    once (no FIN handshake, no TIME_WAIT), which a storm of them would otherwise make the loop pay."""
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


def abort(sock: Any) -> None:
    reset_on_close(sock)
    sock.close()


def _waiting_since(channel: GuardedChannel) -> float:
    return channel.request_began if channel.request is not None else channel.last_activity


TRIM_AFTER = 100  # connections gone since the most: a flood ended, its memory is given back


def trim_memory() -> None:
    """glibc's ``malloc_trim(0)``: freed heap memory back to the system (nothing elsewhere)."""
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:  # not glibc (musl, macOS): nothing to do
        return
    libc.malloc_trim(0)


class GuardedServer(TcpWSGIServer):
    """A waitress TCP server that never stops accepting: at its bounds it sheds the connections
    doing nothing rather than the newcomers."""

    channel_class = GuardedChannel
    next_channel_cleanup: float

    def __init__(self, application: Any, limits: Limits, **kw: Any) -> None:
        self.limits = limits
        self.per_client: dict[str, int] = {}
        self.parked: deque[tuple[Any, float]] = deque()  # refused at the bound, held a while
        self.refused = self.evicted = self.dropped = self.timed_out = 0
        self._most_open = 0  # the most connections open since memory was last given back
        self.beside: list[GuardedServer] = []  # servers sharing this one's loop (https), closed with it
        self.adj_settings: dict[str, Any] = kw.pop("settings", {})  # what its Adjustments were made of
        super().__init__(application, map=kw.pop("map", None) or WatchedMap(), **kw)
        for level, option, value in self.adj.socket_options:  # inherited by every connection
            self.socket.setsockopt(level, option, value)

    def run(self) -> None:
        try:
            loop(self._map, self.adj.asyncore_loop_timeout)
        except (SystemExit, KeyboardInterrupt):
            self.task_dispatcher.shutdown()

    def readable(self) -> bool:
        now = time.time()
        if now >= self.next_channel_cleanup:
            self.next_channel_cleanup = now + self.adj.cleanup_interval
            self.maintenance(now)
        return bool(self.accepting)

    def handle_accept(self) -> None:
        # Every connection waiting, up to a bound: in a storm of re-opening sockets the accept
        # queue is full, and a phone's connection waits behind all of it.
        for _ in range(ACCEPT_AT_ONCE):
            try:
                accepted = self.accept()
            except OSError:
                return
            if accepted is None:
                return
            self._take(*accepted)

    def _take(self, conn: Any, addr: Any) -> None:
        client = str(addr[0])
        if not is_loopback(client) and self.per_client.get(client, 0) >= self.limits.connections_per_client:
            self.refused += 1
            abort(conn)
            return
        if len(self.active_channels) >= self.limits.connections and (
            self.per_client.get(client, 0) >= self.limits.connections_at_the_bound or not self._evict_one()
        ):
            # At the bound a device that holds many already gets no more, and the connections of
            # the others make room. Its newcomer is parked (held, never read, closed after
            # idle_s): refused at once, a storm's socket comes straight back into the accept
            # queue, where a phone's connection waits behind all of them.
            self.refused += 1
            if len(self.parked) < self.limits.parked:
                self.parked.append((conn, time.monotonic()))
            else:
                abort(conn)
            return
        # No options to set: the connection has the listening socket's (set_socket_options).
        self.channel_class(self, self.wrap(conn), self.fix_addr(addr), self.adj, map=self._map)

    def wrap(self, conn: Any) -> Any:
        """The connection as its channel reads it (console.http.tls_server wraps it in TLS)."""
        return conn

    def close(self) -> None:
        while self.parked:
            abort(self.parked.popleft()[0])
        for server in self.beside:
            server.close()
        super().close()

    def set_socket_options(self, conn: Any) -> None:
        """Once, on the listening socket: Linux gives every connection accepted from it the same
        options (TCP_NODELAY, the send buffer), which set on each one cost a sixth of a storm."""

    def _evict_one(self) -> bool:
        """Make room: close the connections that have waited longest without a request being
        served, ``EVICT_AT_ONCE`` of them (looking through them all once for many newcomers)."""
        idle = [c for c in self.active_channels.values() if not c.requests and not c.will_close]
        if not idle:
            return False
        at_once = max(1, self.limits.connections * EVICT_AT_ONCE_PERCENT // 100)
        for victim in heapq.nsmallest(at_once, idle, key=_waiting_since):
            self.evicted += 1
            reset_on_close(victim.socket)
            victim.handle_close()
        return True

    def maintenance(self, now: float) -> None:
        """Close the connections past a deadline: a request not fully arrived ``request_deadline_s``
        after its first byte (a header line every 20 s is no longer enough), or nothing under way
        for ``idle_s``."""
        for channel in list(self.active_channels.values()):
            if channel.requests or channel.will_close:
                continue
            if channel.request is not None:
                late = now - channel.request_began > self.limits.request_deadline_s
            else:
                late = now - channel.last_activity > self.limits.idle_s
            if late:
                self.timed_out += 1
                channel.will_close = True
                self._map.touch(channel._fileno)
        while self.parked and time.monotonic() - self.parked[0][1] > self.limits.idle_s:
            abort(self.parked.popleft()[0])
        self._give_memory_back()

    def _give_memory_back(self) -> None:
        """Once a flood has gone (the connections fell by ``TRIM_AFTER`` since the most there were),
        hand the memory its buffers used back to the system: glibc keeps freed memory in its heaps
        for reuse, and a hub held 50 MB more than at its start after each wave of streams."""
        open_now = len(self.active_channels)
        self._most_open = max(self._most_open, open_now)
        if self._most_open - open_now >= TRIM_AFTER:
            self._most_open = open_now
            trim_memory()
