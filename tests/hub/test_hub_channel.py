"""A table's channel: readers keep a cursor, so none misses an event however late it reads."""

from __future__ import annotations

import threading

import pytest

from console.hub.channel import Channel, PublishedEvent, Snapshot, StreamClosed


def snapshot(version: int, last_id: int) -> Snapshot:
    return Snapshot(version, last_id, {None: "{}", 1: "{}", 2: "{}"}, "playing")


def event(event_id: int, audience: frozenset[int] | None = None) -> PublishedEvent:
    return PublishedEvent(event_id, audience, f'{{"id":{event_id}}}')


def test_a_reader_gets_every_event_after_its_cursor_that_its_seat_may_see() -> None:
    channel = Channel(snapshot(0, 0))
    channel.publish([event(1), event(2, frozenset({1})), event(3, frozenset({2})), event(4)], snapshot(1, 4))
    assert [e.id for e in channel.events_after(0, None)] == [1, 4]
    assert [e.id for e in channel.events_after(0, 1)] == [1, 2, 4]
    assert [e.id for e in channel.events_after(2, 2)] == [3, 4]
    assert [e.id for e in channel.events_after(0, 2, upto=3)] == [1, 3]


def test_events_must_be_published_in_order() -> None:
    channel = Channel(snapshot(0, 0))
    with pytest.raises(ValueError, match="out of order"):
        channel.publish([event(2)], snapshot(1, 2))


def test_a_waiting_reader_wakes_on_a_new_snapshot_and_times_out_without_one() -> None:
    channel = Channel(snapshot(0, 0))
    subscription = channel.subscribe(None)
    assert channel.wait_for_update(subscription, 0, timeout=0.01) is None
    threading.Timer(0.05, lambda: channel.publish([event(1)], snapshot(1, 1))).start()
    update = channel.wait_for_update(subscription, 0, timeout=10)
    assert update is not None and update.version == 1


def test_a_newer_stream_of_the_same_seat_closes_the_oldest_beyond_the_limit() -> None:
    channel = Channel(snapshot(0, 0))
    streams = [channel.subscribe(1) for _ in range(Channel.STREAMS_PER_SEAT)]
    spectators = [channel.subscribe(None) for _ in range(10)]
    channel.subscribe(1)
    with pytest.raises(StreamClosed):
        channel.wait_for_update(streams[0], 0, timeout=10)
    assert channel.wait_for_update(streams[1], 0, timeout=0.01) is None
    assert not any(s.cancelled for s in spectators)


def test_closing_the_channel_ends_every_stream() -> None:
    channel = Channel(snapshot(0, 0))
    subscription = channel.subscribe(None)
    channel.close()
    with pytest.raises(StreamClosed):
        channel.wait_for_update(subscription, 0, timeout=10)
