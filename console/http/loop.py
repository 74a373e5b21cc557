"""The guarded server's event loop: waitress's own, on epoll, asking only the sockets that can have
changed what they wait for.

Why not waitress's loop: each of its turns builds a new poll set, asking every socket whether it
wants to read or write. With 1,500 connections open (a storm of idle sockets re-opened as fast as
the hub sheds them) a turn cost about a millisecond and took one accept, so a phone's page waited
behind every socket of the storm: 350 ms at p99, the hub's core at 100 %.

Here each socket stays in one epoll set, and a turn asks again only:
  * the sockets that just had an event, and the ones that came or went (``WatchedMap``);
  * the ones not settled: a connection with a request under way or output unsent can be changed
    by its worker thread at any moment (``settled()``, console.http.guarded), and the listening
    socket and waitress's trigger, which are asked every turn as waitress asks them;
  * every socket once a second, so nothing a turn missed can wait longer than that.
A settled connection waits for its client to speak, and only its own events change that.
"""

from __future__ import annotations

import contextlib
import select
import time
from collections import deque
from typing import Any

from waitress import wasyncore

SWEEP_EVERY_S = 1.0
_READ = select.POLLIN | select.POLLPRI


class WatchedMap(dict[int, Any]):
    """waitress's socket map, noting each descriptor that came or went (for the loop to ask)."""

    def __init__(self) -> None:
        super().__init__()
        self.came_or_went: deque[int] = deque()  # appended by whichever thread; read by the loop
        # Since the loop last polled: an event polled for a descriptor that went meanwhile was
        # for the socket that went, not for a new one given the same number.
        self.since_poll: set[int] = set()

    def __setitem__(self, fd: int, obj: Any) -> None:
        super().__setitem__(fd, obj)
        self.touch(fd)

    def __delitem__(self, fd: int) -> None:
        super().__delitem__(fd)
        self.touch(fd)

    def touch(self, fd: int) -> None:
        """Have the loop ask ``fd`` again what it waits for (its dispatcher changed it)."""
        self.came_or_went.append(fd)
        self.since_poll.add(fd)


def wanted(obj: Any) -> int:
    """The poll flags ``obj`` waits for, as waitress's poll2 asks them."""
    flags = _READ if obj.readable() else 0
    if obj.writable() and not obj.accepting:  # a listening socket is never writable
        flags |= select.POLLOUT
    return flags


def _settled(obj: Any) -> bool:
    settled = getattr(obj, "settled", None)
    return bool(settled is not None and settled())


class EpollLoop:
    """Runs the dispatchers of ``socket_map`` until it is empty (waitress's ``loop``)."""

    def __init__(self, socket_map: WatchedMap, timeout_s: float) -> None:
        self.map, self.timeout_s = socket_map, timeout_s
        self.epoll = select.epoll()
        self.registered: dict[int, int] = {}  # descriptor -> the flags epoll watches it for
        self.unsettled: set[int] = set()
        self.next_sweep = 0.0

    def run(self) -> None:
        try:
            while self.map:
                self.turn()
        finally:
            self.epoll.close()

    def turn(self) -> None:
        to_ask = self._to_ask()
        for fd in to_ask:
            self._ask(fd)
        try:
            events = self.epoll.poll(self.timeout_s)
        except InterruptedError:
            return
        went = self.map.since_poll = set()
        for fd, flags in events:
            obj = self.map.get(fd)
            if obj is not None and fd not in went:
                wasyncore.readwrite(obj, flags)
                self.unsettled.add(fd)  # its event may have changed what it waits for

    def _to_ask(self) -> set[int]:
        now = time.monotonic()
        if now >= self.next_sweep:
            self.next_sweep = now + SWEEP_EVERY_S
            self._forget_all_that_went()
            return set(self.map) | set(self.registered)
        to_ask = set(self.unsettled)
        came_or_went = self.map.came_or_went
        while came_or_went:
            fd = came_or_went.popleft()
            self._forget(fd)  # a descriptor number can be reused at once by a new socket
            to_ask.add(fd)
        return to_ask

    def _forget_all_that_went(self) -> None:
        came_or_went = self.map.came_or_went
        while came_or_went:
            self._forget(came_or_went.popleft())

    def _ask(self, fd: int) -> None:
        obj = self.map.get(fd)
        flags = wanted(obj) if obj is not None else 0
        if obj is not None and not _settled(obj):
            self.unsettled.add(fd)
        else:
            self.unsettled.discard(fd)
        if flags == self.registered.get(fd, 0):
            return
        if not flags:  # not watched at all, as poll2 leaves it out (no hang-up is seen early)
            self._forget(fd)
        elif fd in self.registered:
            self.epoll.modify(fd, flags)
            self.registered[fd] = flags
        else:
            self.epoll.register(fd, flags)
            self.registered[fd] = flags

    def _forget(self, fd: int) -> None:
        if self.registered.pop(fd, None) is not None:
            with contextlib.suppress(OSError):  # closed already: the kernel has dropped it
                self.epoll.unregister(fd)


def loop(socket_map: dict[int, Any], timeout_s: float) -> None:
    """The epoll loop where it can run (Linux, a ``WatchedMap``), else waitress's own."""
    if isinstance(socket_map, WatchedMap) and hasattr(select, "epoll"):
        EpollLoop(socket_map, timeout_s).run()
    else:
        wasyncore.loop(timeout=timeout_s, map=socket_map, use_poll=True)
