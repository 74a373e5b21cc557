"""A table's outbox: every event of its log, each with its audience, and the latest snapshot of
what each seat (and the public) sees, for the live streams and the JSON API to read.

Only the table's worker publishes; any number of web threads read. Readers keep a cursor (the id
of the last event they sent) instead of a queue of their own, so nothing is lost however far a
reader falls behind, and a phone reconnecting with ``Last-Event-ID`` simply resumes its cursor.
Event ids are positions in the table's log, which a replay rebuilds identically, so they hold
across a restart of the hub.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from console.hub.errors import Busy
from console.i18n.said import Said, say

Audience = int | None  # a seat, or None for the public


@dataclass(frozen=True, init=False)
class PublishedEvent:
    """One event of the table's log as every reader gets it: a Server-Sent Events message, made
    once, whose data is the event's JSON (kept only there: a table keeps every event it published
    for the streams to resume from, and a second copy was a fifth of the hub's memory an action)."""

    id: int  # 1-based position in the table's log
    audience: frozenset[int] | None
    message: bytes  # "id: N\nevent: game\ndata: {JSON}\n\n"

    def __init__(self, id: int, audience: frozenset[int] | None, json: str) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "audience", audience)
        object.__setattr__(self, "message", f"id: {id}\nevent: game\ndata: {json}\n\n".encode())

    @property
    def json(self) -> str:
        """The event as JSON: {"id", "action", "kind", ...data}."""
        return self.message[self.message.index(b"data: ") + 6 : -2].decode()

    def visible_to(self, audience: Audience) -> bool:
        return self.audience is None or (audience is not None and audience in self.audience)


@dataclass(frozen=True)
class Snapshot:
    """What each audience sees after the ``last_id``-th event, already serialised, as JSON for
    the API and as a Server-Sent Events message for the streams: built once, sent to many."""

    version: int
    last_id: int
    payloads: dict[Audience, str]
    status: str
    actions: int = 0  # how many actions the journal holds for the table, as published
    messages: dict[Audience, bytes] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for audience, payload in self.payloads.items():
            self.messages[audience] = f"id: {self.last_id}\nevent: state\ndata: {payload}\n\n".encode()


class StreamClosed(Exception):
    """The stream must end: the table closed, or a newer stream of the same seat replaced it."""


class StreamSlots:
    """A hub-wide cap on open streams, so page loads and posts always find a free server thread."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open = 0
        self._lock = threading.Lock()

    def acquire(self) -> None:
        with self._lock:
            if self._open >= self.limit:
                raise Busy(
                    say("all %(most)s live-update streams are in use; try again shortly", most=self.limit)
                )
            self._open += 1

    def release(self) -> None:
        with self._lock:
            self._open -= 1

    @property
    def open(self) -> int:
        return self._open


class Subscription:
    def __init__(self, audience: Audience) -> None:
        self.audience = audience
        self.cancelled = False
        self.farewell: Said | None = None  # why the hub ended this stream, told to its reader


class Channel:
    """One table's events and snapshots; see the module docstring."""

    # A seat's page may be open on a couple of devices; beyond that the oldest stream is closed,
    # which also frees the thread of a stream a phone abandoned when it reconnected.
    STREAMS_PER_SEAT = 3

    def __init__(self, snapshot: Snapshot) -> None:
        self._cond = threading.Condition()
        self._events: list[PublishedEvent] = []
        self._snapshot = snapshot
        self._closed = False
        self._subscriptions: list[Subscription] = []

    @property
    def snapshot(self) -> Snapshot:
        return self._snapshot

    def publish(self, events: list[PublishedEvent], snapshot: Snapshot) -> None:
        with self._cond:
            expected = len(self._events) + 1
            if events and events[0].id != expected:
                raise ValueError(f"event {events[0].id} published out of order (expected {expected})")
            self._events.extend(events)
            self._snapshot = snapshot
            self._cond.notify_all()

    def events_after(self, last_id: int, audience: Audience, upto: int | None = None) -> list[PublishedEvent]:
        """The events after id ``last_id`` (up to id ``upto``) that ``audience`` may see."""
        with self._cond:
            tail = self._events[max(0, last_id) : upto]
        return [event for event in tail if event.visible_to(audience)]

    def subscribe(self, audience: Audience) -> Subscription:
        subscription = Subscription(audience)
        with self._cond:
            if audience is not None:
                same_seat = [s for s in self._subscriptions if s.audience == audience]
                for old in same_seat[: max(0, len(same_seat) - self.STREAMS_PER_SEAT + 1)]:
                    old.cancelled = True
                    self._subscriptions.remove(old)
                self._cond.notify_all()
            self._subscriptions.append(subscription)
        return subscription

    def close_seat(self, audience: Audience, farewell: Said) -> None:
        """End every open stream of this seat, each with ``farewell`` (its phone lost the seat)."""
        with self._cond:
            for subscription in [s for s in self._subscriptions if s.audience == audience]:
                subscription.cancelled, subscription.farewell = True, farewell
                self._subscriptions.remove(subscription)
            self._cond.notify_all()

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._cond:
            if subscription in self._subscriptions:
                self._subscriptions.remove(subscription)

    def cancel(self, subscription: Subscription) -> None:
        """End a stream now (its client left): its reader wakes with StreamClosed."""
        with self._cond:
            subscription.cancelled = True
            self._cond.notify_all()

    def wait_for_update(
        self, subscription: Subscription, seen_version: int, timeout: float
    ) -> Snapshot | None:
        """The snapshot once it is newer than ``seen_version``; None if ``timeout`` passes first."""
        with self._cond:
            self._cond.wait_for(
                lambda: self._closed or subscription.cancelled or self._snapshot.version != seen_version,
                timeout,
            )
            if self._closed or subscription.cancelled:
                raise StreamClosed()
            return self._snapshot if self._snapshot.version != seen_version else None

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify_all()
