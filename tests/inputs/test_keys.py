"""Debounce and hold-to-repeat, driven by a hand-moved clock."""

from __future__ import annotations

import dataclasses
import threading

import pytest

from console.inputs.event_queue import EventQueue
from console.inputs.events import ButtonPressed, ButtonReleased, InputEvent, Key
from console.inputs.keys import KeyTiming, KeyTracker, Ticker
from tests.helpers.fake_clock import FakeClock

TIMING = KeyTiming(bounce_s=0.03, repeat_delay_s=0.4, repeat_interval_s=0.1)


def tracker(clock: FakeClock, timing: KeyTiming = TIMING) -> tuple[KeyTracker, EventQueue]:
    events = EventQueue()
    return KeyTracker(events.post, source="test", clock=clock, timing=timing), events


def pressed(event: InputEvent) -> ButtonPressed:
    assert isinstance(event, ButtonPressed), event
    return event


def test_a_press_is_posted_at_once_on_its_first_edge(clock: FakeClock) -> None:
    keys, events = tracker(clock)
    keys.edge(1, Key.OK, True)
    assert events.drain() == [ButtonPressed(1, Key.OK, source="test")]


def test_contact_bounce_inside_the_window_is_ignored(clock: FakeClock) -> None:
    keys, events = tracker(clock)
    keys.edge(1, Key.OK, True)
    for pressed in (False, True, False, True):
        clock.advance(0.004)
        keys.edge(1, Key.OK, pressed)
    clock.advance(0.05)
    keys.tick()
    assert events.drain() == [ButtonPressed(1, Key.OK, source="test")]


def test_a_tap_shorter_than_the_bounce_window_is_released_when_the_window_ends(clock: FakeClock) -> None:
    keys, events = tracker(clock)
    keys.edge(2, Key.BACK, True)
    clock.advance(0.01)
    keys.edge(2, Key.BACK, False)
    assert events.drain() == [ButtonPressed(2, Key.BACK, source="test")]
    clock.advance(0.03)
    keys.tick()
    assert events.drain() == [ButtonReleased(2, Key.BACK, source="test")]


def test_a_held_up_key_repeats_after_the_delay_and_then_every_interval(clock: FakeClock) -> None:
    keys, events = tracker(clock)
    keys.edge(1, Key.UP, True)
    clock.advance(0.39)
    keys.tick()
    assert events.drain() == [ButtonPressed(1, Key.UP, source="test")]
    clock.advance(0.01)
    keys.tick()
    clock.advance(0.1)
    keys.tick()
    assert events.drain() == [ButtonPressed(1, Key.UP, repeat=True, source="test")] * 2


def test_a_late_tick_posts_one_repeat_not_a_burst(clock: FakeClock) -> None:
    keys, events = tracker(clock)
    keys.edge(1, Key.DOWN, True)
    clock.advance(5.0)
    keys.tick()
    assert events.drain()[1:] == [ButtonPressed(1, Key.DOWN, repeat=True, source="test")]


def test_ok_and_back_never_repeat(clock: FakeClock) -> None:
    keys, events = tracker(clock)
    keys.edge(1, Key.OK, True)
    clock.advance(3.0)
    keys.tick()
    assert events.drain() == [ButtonPressed(1, Key.OK, source="test")]


def test_release_stops_the_repeat(clock: FakeClock) -> None:
    keys, events = tracker(clock)
    keys.edge(1, Key.UP, True)
    clock.advance(0.1)
    keys.edge(1, Key.UP, False)
    clock.advance(1.0)
    keys.tick()
    assert events.drain() == [
        ButtonPressed(1, Key.UP, source="test"),
        ButtonReleased(1, Key.UP, source="test"),
    ]


def test_keys_of_different_seats_are_debounced_apart(clock: FakeClock) -> None:
    keys, events = tracker(clock)
    keys.edge(1, Key.OK, True)
    keys.edge(2, Key.OK, True)
    assert [pressed(event).seat for event in events.drain()] == [1, 2]


def test_release_all_forgets_held_keys_without_posting(clock: FakeClock) -> None:
    keys, events = tracker(clock)
    keys.edge(3, Key.UP, True)
    events.drain()
    keys.release_all([3])
    clock.advance(2.0)
    keys.tick()
    assert events.drain() == []


def test_the_ticker_thread_posts_repeats_on_its_own(clock: FakeClock) -> None:
    keys, events = tracker(clock)
    keys.edge(1, Key.UP, True)
    events.drain()
    clock.advance(1.0)
    ticker = Ticker(keys.tick, interval_s=0.001)
    ticker.start()
    try:
        repeat = events.get(timeout=5)
    finally:
        ticker.stop()
    assert repeat == ButtonPressed(1, Key.UP, repeat=True, source="test")


# -- the edges of each rule: exactly at a limit, and what must not happen ------------------------
# Times here are exact binary fractions (0.25, 0.5), so "exactly at the limit" is exact in floats.
EXACT = KeyTiming(bounce_s=0.25, repeat_delay_s=0.5, repeat_interval_s=0.25)


def test_an_edge_exactly_one_bounce_window_after_the_last_is_taken_at_once(clock: FakeClock) -> None:
    keys, events = tracker(clock, EXACT)
    keys.edge(1, Key.OK, True)
    clock.advance(0.25)
    keys.edge(1, Key.OK, False)
    assert events.drain() == [
        ButtonPressed(1, Key.OK, source="test"),
        ButtonReleased(1, Key.OK, source="test"),
    ]


def test_a_bounced_level_settles_at_the_tick_exactly_one_window_later(clock: FakeClock) -> None:
    keys, events = tracker(clock, EXACT)
    keys.edge(1, Key.OK, True)
    clock.advance(0.125)
    keys.edge(1, Key.OK, False)
    keys.tick()
    assert events.drain() == [ButtonPressed(1, Key.OK, source="test")]
    clock.advance(0.125)
    keys.tick()
    assert events.drain() == [ButtonReleased(1, Key.OK, source="test")]


def test_the_first_repeat_comes_exactly_at_the_delay_and_none_between_intervals(clock: FakeClock) -> None:
    keys, events = tracker(clock, EXACT)
    keys.edge(1, Key.UP, True)
    events.drain()
    clock.advance(0.5)
    keys.tick()
    assert events.drain() == [ButtonPressed(1, Key.UP, repeat=True, source="test")]
    clock.advance(0.125)
    keys.tick()
    assert events.drain() == []
    clock.advance(0.125)
    keys.tick()
    assert events.drain() == [ButtonPressed(1, Key.UP, repeat=True, source="test")]


def test_a_timing_is_a_frozen_value_that_trackers_may_share() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        TIMING.bounce_s = 1.0  # type: ignore[misc]
    assert hash(KeyTiming()) == hash(KeyTiming())


def test_the_timing_given_is_the_timing_used(clock: FakeClock) -> None:
    keys, _events = tracker(clock, EXACT)
    assert keys.timing is EXACT
    assert KeyTracker(EventQueue().post, source="test", clock=clock).timing == KeyTiming()


def test_release_all_without_seats_forgets_every_seat_and_a_new_press_counts(clock: FakeClock) -> None:
    keys, events = tracker(clock, EXACT)
    keys.edge(1, Key.UP, True)
    keys.edge(2, Key.DOWN, True)
    events.drain()
    keys.release_all()
    clock.advance(2.0)
    keys.tick()
    assert events.drain() == []
    keys.edge(1, Key.UP, True)  # the pin still reads pressed: after a release_all it is a new press
    assert events.drain() == [ButtonPressed(1, Key.UP, source="test")]


def test_release_all_of_one_seat_leaves_the_others_held(clock: FakeClock) -> None:
    keys, events = tracker(clock, EXACT)
    keys.edge(1, Key.UP, True)
    keys.edge(3, Key.UP, True)
    events.drain()
    keys.release_all([3])
    clock.advance(0.5)
    keys.tick()
    assert events.drain() == [ButtonPressed(1, Key.UP, repeat=True, source="test")]


def test_the_ticker_has_ended_when_stop_returns(clock: FakeClock) -> None:
    ticks: list[int] = []
    ticker = Ticker(lambda: ticks.append(1), interval_s=0.001)
    ticker.start()
    while not ticks:
        threading.Event().wait(0.001)
    ticker.stop()
    assert not ticker._thread.is_alive()
    assert ticker._thread.daemon  # a ticker never holds the process open at exit


def test_a_ticker_stopped_from_its_own_tick_ends_without_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    failures: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda hook: failures.append(hook.exc_value))
    ticker: Ticker
    ticker = Ticker(lambda: ticker.stop(), interval_s=0.001)
    ticker.start()
    ticker._thread.join(timeout=5)
    assert not ticker._thread.is_alive() and failures == []
