"""The stable window: a card counts once it has lain still on its reader for it (300 ms by
default, ``[inputs] stable_ms``). The simulated pod runs the real firmware on a real pty; the hub's
clock is moved by hand, so each test says exactly how long a card lay there."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from console.hub.config import config_from_mapping
from console.inputs.events import CardRemoved, CardScanned, InputEvent, PodConnected
from console.inputs.protocol import CardGone, CardSeen, Hello
from console.inputs.simulated import SimulatedPod
from tests.helpers.fake_clock import FakeClock
from tests.inputs.test_pod_rules import Hub
from tests.inputs.test_pods import Table

WINDOW = 0.3
STILL = WINDOW + 0.01  # a moment past the window (1000.3 - 1000.0 is a hair under 0.3 in floats)
CARD = "04A1B2C3D4E5F6"


@pytest.fixture
def pod() -> Iterator[SimulatedPod]:
    with SimulatedPod(seat=2, heartbeat_ms=50) as pod:
        yield pod


@pytest.fixture
def table(pod: SimulatedPod, clock: FakeClock) -> Iterator[Table]:
    table = Table(pod, stable_s=WINDOW, clock=clock)
    table.next(PodConnected)
    yield table
    table.source.close()


def heard(table: Table) -> None:
    """Until the hub has read every event frame the pod sent, so the clock moves after it."""
    deadline = time.monotonic() + 5
    while table.source._memory().last_seq != table.pod.firmware.seq:
        assert time.monotonic() < deadline, "the hub did not read the pod's frames"
        time.sleep(0.002)


def cards(events: list[InputEvent]) -> list[InputEvent]:
    return [event for event in events if isinstance(event, CardScanned | CardRemoved)]


def test_a_card_counts_only_once_it_has_lain_still_for_the_window(
    table: Table, pod: SimulatedPod, clock: FakeClock
) -> None:
    pod.place(CARD, "card:tiny:1")
    heard(table)
    assert cards(table.settle()) == []
    clock.advance(WINDOW - 0.01)
    assert cards(table.settle()) == []
    clock.advance(0.02)
    assert table.next(CardScanned) == CardScanned(2, CARD, "card:tiny:1", "pod-a", 1)
    assert cards(table.settle()) == []  # lying there, it never scans again


def test_a_card_swept_over_the_reader_never_scans(table: Table, pod: SimulatedPod, clock: FakeClock) -> None:
    pod.place(CARD)
    heard(table)
    clock.advance(WINDOW / 2)
    pod.remove()
    heard(table)
    clock.advance(WINDOW * 3)
    assert cards(table.settle()) == []
    assert table.source.stats["unsteady"] == 1


def test_a_card_lifted_and_laid_back_in_a_breath_acts_once(
    table: Table, pod: SimulatedPod, clock: FakeClock
) -> None:
    pod.place(CARD)
    heard(table)
    clock.advance(STILL)
    assert table.next(CardScanned).uid == CARD
    pod.remove()
    heard(table)
    clock.advance(WINDOW / 3)
    pod.place(CARD)
    heard(table)
    clock.advance(WINDOW * 3)
    assert cards(table.settle()) == []
    assert table.source.stats["laid_back"] == 1


def test_a_card_taken_away_is_gone_once_it_stays_away_and_its_successor_then_counts(
    table: Table, pod: SimulatedPod, clock: FakeClock
) -> None:
    pod.place(CARD)
    heard(table)
    clock.advance(STILL)
    table.next(CardScanned)
    pod.remove()
    heard(table)
    assert cards(table.settle()) == []
    clock.advance(STILL)
    assert table.next(CardRemoved) == CardRemoved(2, CARD, "pod-a", 1)
    pod.place("DEADBEEF")
    heard(table)
    clock.advance(STILL)
    assert table.next(CardScanned).uid == "DEADBEEF"


def test_a_card_swapped_for_another_removes_the_first_and_scans_the_second_once_stable(
    table: Table, pod: SimulatedPod, clock: FakeClock
) -> None:
    pod.place(CARD)
    heard(table)
    clock.advance(STILL)
    table.next(CardScanned)
    pod.place("DEADBEEF")  # laid straight over it: the reader now sees the other tag
    heard(table)
    assert cards(table.settle()) == []
    clock.advance(STILL)
    assert cards(table.settle()) == [
        CardRemoved(2, CARD, "pod-a", 1),
        CardScanned(2, "DEADBEEF", "", "pod-a", 1),
    ]


def test_a_card_reported_again_in_a_new_frame_is_the_same_card_not_a_second_scan(clock: FakeClock) -> None:
    hub = Hub(clock, stable_s=WINDOW)
    hub.feed(Hello(0, "pod-1.0.0", 1, "E661", "7F3A01BC", 2, 1))
    hub.feed(CardSeen(1, 1, CARD))
    clock.advance(STILL)
    hub.source.idle(clock())
    hub.feed(CardSeen(2, 1, CARD), CardSeen(2, 1, CARD))  # a new frame and a repeated one
    hub.feed(CardGone(3, 1), CardSeen(4, 1, CARD))  # a missed read in between
    clock.advance(WINDOW * 2)
    hub.source.idle(clock())
    scanned = [e for e in hub.events.drain() if isinstance(e, CardScanned | CardRemoved)]
    assert scanned == [CardScanned(2, CARD, "", "pod", 1)]
    assert hub.source.stats["duplicates"] == 1


def test_without_a_window_a_card_counts_at_once_as_before(clock: FakeClock) -> None:
    hub = Hub(clock)
    hub.feed(Hello(0, "pod-1.0.0", 1, "E661", "7F3A01BC", 2, 1), CardSeen(1, 1, CARD))
    scanned = [e for e in hub.events.drain() if isinstance(e, CardScanned)]
    assert scanned == [CardScanned(2, CARD, "", "pod", 1)]


def test_the_window_is_the_hub_configurations_and_three_hundred_ms_by_default() -> None:
    assert config_from_mapping({}).inputs.stable_ms == 300
    assert config_from_mapping({"inputs": {"stable_ms": 120}}).inputs.stable_ms == 120
    with pytest.raises(ValueError, match="stable_ms must be a whole number"):
        config_from_mapping({"inputs": {"stable_ms": -5}})
