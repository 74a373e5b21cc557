"""The hub's bounds against a hostile network: how many connections and public streams one client
address may hold, the deadlines for slow clients, and the host-PIN lockout kept per address.

The hub's own display (loopback) is exempt from the per-address bounds and is never locked out:
whoever is at the hub's own keyboard already has the hub. Everything here is in memory and bounded.
"""

from __future__ import annotations

import hmac
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from console.http.errors import HttpError
from console.hub.errors import Busy, Forbidden

LOOPBACK = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})


def is_loopback(address: str | None) -> bool:
    return address in LOOPBACK


@dataclass(frozen=True)
class Limits:
    """The server's bounds (documented in docs/design.md, "The hub under a hostile network")."""

    # Open connections in all; beyond it the longest-waiting connection without a request being
    # served is closed to make room, so a flood of idle sockets cannot keep a phone out.
    connections: int = 1500
    connections_per_client: int = 32
    # At the bound, a newcomer from a device already holding this many is refused, not let in
    # by closing another's connection (a phone holds one or two; a page's browser six at most).
    connections_at_the_bound: int = 8
    # Connections refused at the bound that are held (unread) for idle_s rather than reset.
    parked: int = 256
    # A request's headers and body must have arrived this long after its first byte...
    request_deadline_s: float = 10.0
    # ...and a connection with no request under way is closed after this long.
    idle_s: float = 20.0
    # Unsent output a response may have; a reader that lets more pile up for ``stall_s`` is
    # dropped (a stream's browser reconnects with Last-Event-ID and loses nothing).
    response_buffer_bytes: int = 256 * 1024
    stall_s: float = 5.0
    # The kernel's send buffer per connection (Linux doubles it): without it a reader that never
    # reads parks up to 4 MB of the Pi's memory in the kernel, beyond response_buffer_bytes.
    send_buffer_bytes: int = 64 * 1024
    max_header_bytes: int = 16 * 1024
    public_streams_per_client: int = 8
    # Stream slots public streams can never take: the seats' share.
    seat_share: int = 48


class PublicStreams:
    """Public (spectator) streams: at most ``limit`` in all and ``per_client`` per address."""

    def __init__(self, limit: int, per_client: int) -> None:
        self.limit, self.per_client = max(1, limit), per_client
        self._by_client: dict[str, int] = {}
        self._open = 0
        self._lock = threading.Lock()

    def acquire(self, address: str) -> None:
        with self._lock:
            if self._open >= self.limit:
                raise Busy(f"all {self.limit} spectator streams are in use; try again shortly")
            held = self._by_client.get(address, 0)
            if held >= self.per_client and not is_loopback(address):
                raise Busy(f"this device already has {held} spectator streams open; close one")
            self._by_client[address] = held + 1
            self._open += 1

    def release(self, address: str) -> None:
        with self._lock:
            held = self._by_client.get(address, 0) - 1
            if held > 0:
                self._by_client[address] = held
            else:
                self._by_client.pop(address, None)
            self._open -= 1

    @property
    def open(self) -> int:
        return self._open


@dataclass
class _Tries:
    failures: list[float]
    next_try: float = 0.0
    locked_until: float = 0.0


# What every other device is told once wrong PINs locked them out.
LOCKED = (
    "too many wrong host PINs were tried on this hub: type the PIN on the hub's own display (or "
    "restart the hub) to let other devices use it again"
)
# Where a host finds the PIN, in every refusal: no shared screen shows it.
PIN_NEEDED = (
    "this needs the host PIN: the hub printed it when it started (on its console, or in "
    "journalctl -u tabletop when it runs as a service)"
)


class PinGuard:
    """Wrong host PINs. Per client address: ``free`` wrong tries cost nothing, each further one
    doubles the wait before the next (1 s, 2 s, 4 s ...), and ``lock_after`` wrong tries within
    ``window_s`` lock that address out for ``lock_s``. At most ``max_clients`` addresses are
    remembered (the oldest forgotten first), so a scan of addresses cannot grow the hub.

    Across every address (a phone on IPv6 has a /64 of them): at most ``per_hour`` PINs from
    other devices are looked at in any hour (a bucket of ``burst`` refilled evenly), and after
    ``lock_total`` wrong ones no PIN from another device is looked at until the right PIN is typed
    on the hub's own display or the hub restarts. Guessing a 6-digit PIN at 600 an hour takes
    about 830 hours on average; the lock stops it after ``lock_total``. The hub's own display
    (loopback) is never slowed or locked."""

    def __init__(
        self,
        free: int = 3,
        lock_after: int = 10,
        window_s: float = 600.0,
        lock_s: float = 300.0,
        max_clients: int = 4096,
        per_hour: int = 600,
        burst: int = 30,
        lock_total: int = 300,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.free, self.lock_after, self.window_s, self.lock_s = free, lock_after, window_s, lock_s
        self.max_clients, self.clock = max_clients, clock
        self.burst, self.lock_total = burst, lock_total
        self._refill_per_s = (per_hour - burst) / 3600.0  # so no hour holds more than per_hour
        self._tokens, self._filled_at = float(burst), clock()
        self._clients: OrderedDict[str, _Tries] = OrderedDict()
        self._lock = threading.Lock()
        self.wrong = 0  # wrong PINs from other devices since the display last unlocked them
        self.wrong_at: list[float] = []  # when, for the last hour's count (at most per_hour kept)
        self.locked = False  # no PIN from another device is looked at (the display lifts it)

    def check(self, address: str, expected: str, given: str | None) -> None:
        right = given is not None and hmac.compare_digest(expected.encode(), given.strip().encode())
        if is_loopback(address):
            if not right:
                raise Forbidden(PIN_NEEDED)
            with self._lock:
                self.locked, self.wrong = False, 0
            return
        with self._lock:
            now = self.clock()
            tries = self._clients.get(address) or _Tries([])
            if tries.locked_until > now:
                wait = tries.locked_until - now
                raise HttpError(
                    429, f"too many wrong host PINs from this device; locked for {wait:.0f} s", wait
                )
            if tries.next_try > now:
                wait = tries.next_try - now
                raise HttpError(429, f"wrong host PINs: wait {wait:.0f} s before the next try", wait)
            self._take_a_token(now)  # refused before the PIN is looked at
            if right:
                self._clients.pop(address, None)
                return
            self._count_wrong(now)
            tries.failures = [t for t in tries.failures if now - t < self.window_s] + [now]
            wrong = len(tries.failures)
            if wrong >= self.lock_after:
                tries.locked_until = now + self.lock_s
            elif wrong >= self.free:
                tries.next_try = now + 2.0 ** (wrong - self.free)
            self._clients[address] = tries
            self._clients.move_to_end(address)
            while len(self._clients) > self.max_clients:
                self._clients.popitem(last=False)
        raise Forbidden(PIN_NEEDED)

    def _take_a_token(self, now: float) -> None:
        if self.locked:
            raise HttpError(423, LOCKED)
        self._tokens = min(float(self.burst), self._tokens + (now - self._filled_at) * self._refill_per_s)
        self._filled_at = now
        if self._tokens < 1:
            wait = (1 - self._tokens) / self._refill_per_s
            raise HttpError(429, f"too many wrong host PINs on this hub; wait {wait:.0f} s", wait)
        self._tokens -= 1

    def _count_wrong(self, now: float) -> None:
        self.wrong += 1
        self.wrong_at = [t for t in self.wrong_at if now - t < 3600.0] + [now]
        if self.wrong >= self.lock_total:
            self.locked = True

    def attempts(self) -> dict[str, int | bool]:
        """For the host's controls: wrong PINs from other devices in the last hour, since the
        display last unlocked them, and whether they are locked out."""
        with self._lock:
            now = self.clock()
            last_hour = sum(1 for t in self.wrong_at if now - t < 3600.0)
            return {"wrong_last_hour": last_hour, "wrong": self.wrong, "locked": self.locked}
