"""Scanner pods over a real pty: the hub opens the simulated pod's device through pyserial."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import TypeVar

import pytest

from console.inputs import protocol
from console.inputs.event_queue import EventQueue
from console.inputs.events import (
    ButtonPressed,
    ButtonReleased,
    CardRemoved,
    CardScanned,
    InputEvent,
    Key,
    PodConnected,
    PodLost,
    PodRefused,
    PodReported,
)
from console.inputs.pods import LineScannerSource, PodSource
from console.inputs.simulated import SimulatedLineScanner, SimulatedPod

WAIT = 5.0
E = TypeVar("E")


class Table:
    """The hub's end: one queue and the pod source reading the simulated pod."""

    def __init__(self, pod: SimulatedPod, **options: object) -> None:
        self.events = EventQueue()
        self.pod = pod
        options.setdefault("reconnect_s", 0.02)
        self.source = PodSource(pod.path, self.events.post, name="pod-a", **options).start()  # type: ignore[arg-type]

    def next(self, kind: type[E], timeout: float = WAIT) -> E:
        """The next event of ``kind``; fails if another kind of game event comes first."""
        skipped: list[InputEvent] = []
        event = self.events.wait_for(lambda e: isinstance(e, kind), timeout, skipped)
        assert event is not None, f"no {kind.__name__} within {timeout} s (saw {skipped})"
        assert isinstance(event, kind)
        assert not [e for e in skipped if isinstance(e, CardScanned | ButtonPressed)], skipped
        return event

    def settle(self) -> list[InputEvent]:
        """Everything that arrives until the pod has sent a heartbeat and the hub has read it."""
        mark = self.pod._mark()
        self.pod.wait_sent("$HB,", mark)
        self.pod.tap(Key.BACK)  # a marker we can wait for: everything before it has been read
        events: list[InputEvent] = []
        self.events.wait_for(lambda e: isinstance(e, ButtonReleased) and e.key == Key.BACK, WAIT, events)
        return [e for e in events if not (isinstance(e, ButtonPressed) and e.key == Key.BACK)]


@pytest.fixture
def pod() -> Iterator[SimulatedPod]:
    with SimulatedPod(seat=2, heartbeat_ms=50) as pod:
        yield pod


@pytest.fixture
def table(pod: SimulatedPod) -> Iterator[Table]:
    table = Table(pod)
    table.next(PodConnected)
    yield table
    table.source.close()


def test_the_hub_asks_hello_on_open_and_reports_the_pod_with_its_firmware(pod: SimulatedPod) -> None:
    table = Table(pod)
    try:
        connected = table.next(PodConnected)
        assert connected == PodConnected("pod-a", "pod-1.0.0", 1, pod.unique_id, 2)
    finally:
        table.source.close()


def test_a_card_on_the_reader_is_scanned_once_for_the_pods_seat(table: Table, pod: SimulatedPod) -> None:
    pod.place("04A1B2C3D4E5F6", "card:wisteria:4")
    assert table.next(CardScanned) == CardScanned(2, "04A1B2C3D4E5F6", "card:wisteria:4", "pod-a", 1)
    assert table.settle() == []
    pod.remove()
    assert table.next(CardRemoved) == CardRemoved(2, "04A1B2C3D4E5F6", "pod-a", 1)


def test_pod_buttons_become_seat_button_events(table: Table, pod: SimulatedPod) -> None:
    pod.tap(Key.DOWN)
    assert table.next(ButtonPressed) == ButtonPressed(2, Key.DOWN, source="pod-a")
    assert table.next(ButtonReleased) == ButtonReleased(2, Key.DOWN, source="pod-a")


def test_a_central_pod_maps_reader_n_to_seat_n() -> None:
    with SimulatedPod(seat=0, readers=3) as pod:
        table = Table(pod)
        try:
            table.next(PodConnected)
            pod.place("DEADBEEF", reader=3)
            assert table.next(CardScanned).seat == 3
        finally:
            table.source.close()


def test_the_hub_may_assign_the_pods_seat_itself() -> None:
    with SimulatedPod(seat=1) as pod:
        table = Table(pod, seat=4)
        try:
            table.next(PodConnected)
            pod.place("DEADBEEF")
            assert table.next(CardScanned).seat == 4
        finally:
            table.source.close()


def test_led_and_beep_commands_reach_the_pod(table: Table, pod: SimulatedPod) -> None:
    mark = pod._mark()
    assert table.source.set_led(0, "BLINK")
    assert table.source.beep(60)
    pod.wait_sent("$HB,", mark)  # a whole firmware step later
    pod.wait_sent("$HB,", pod._mark())
    assert (pod.leds[0].mode, pod.beeper.beeps) == ("BLINK", [60])


@pytest.mark.parametrize(
    ("noise", "kind"),
    [
        (b"\x00\xff\x13garbage\n", "garbled"),
        (b"$CARD,99,1,DEADBEEF*00\n", "bad_checksum"),
        (b"$CARD,99,1,DEAD\n", "garbled"),
        (b"Z" * 10_000 + b"\n", "too_long"),
        (protocol.encode(protocol.Resend(3)), "unexpected"),
        (b"$WHAT,1*" + protocol.checksum("WHAT,1").encode() + b"\n", "unknown_type"),
    ],
)
def test_bad_input_is_counted_and_changes_nothing(
    table: Table, pod: SimulatedPod, noise: bytes, kind: str
) -> None:
    pod.inject(noise)
    assert table.settle() == []
    assert table.source.stats[kind] == 1
    pod.place("DEADBEEF")
    assert table.next(CardScanned).uid == "DEADBEEF"


def test_a_repeated_sequence_number_is_dropped(table: Table, pod: SimulatedPod) -> None:
    pod.place("DEADBEEF")
    table.next(CardScanned)
    pod.inject(pod.wait_sent("$CARD,").encode())  # the same frame again, as a bad cable might
    assert table.settle() == []
    assert table.source.stats["duplicates"] == 1


def test_a_frame_lost_on_the_line_is_asked_for_again_and_arrives_once(
    table: Table, pod: SimulatedPod
) -> None:
    pod.lose_next_frames(1)
    pod.place("DEADBEEF")
    assert table.next(CardScanned).uid == "DEADBEEF"
    assert table.settle() == []
    assert table.source.stats["gap"] >= 1


def test_a_silent_pod_is_reported_lost_and_found_again_when_it_speaks() -> None:
    with SimulatedPod(heartbeat_ms=20) as pod:
        table = Table(pod, heartbeat_timeout_s=0.2)
        try:
            table.next(PodConnected)
            pod.freeze()
            assert table.next(PodLost).reason == "silent for 0.2 s"
            pod.thaw()
            table.next(PodConnected)
        finally:
            table.source.close()


def test_unplug_reports_the_pod_lost_and_replug_finds_it_again(table: Table, pod: SimulatedPod) -> None:
    pod.unplug()
    assert "port lost" in table.next(PodLost).reason
    pod.replug()
    table.next(PodConnected)
    pod.place("DEADBEEF")
    assert table.next(CardScanned).uid == "DEADBEEF"


def test_a_scan_made_while_unplugged_arrives_once_after_replug(table: Table, pod: SimulatedPod) -> None:
    pod.unplug()
    table.next(PodLost)
    pod.scan("AAAAAAAA")
    pod.place("BBBBBBBB")
    pod.replug()
    table.next(PodConnected)
    assert table.next(CardScanned).uid == "AAAAAAAA"
    assert table.next(CardRemoved).uid == "AAAAAAAA"
    assert table.next(CardScanned).uid == "BBBBBBBB"
    assert table.settle() == []


def test_a_card_lying_on_a_pod_that_rebooted_is_not_scanned_twice(table: Table, pod: SimulatedPod) -> None:
    pod.place("DEADBEEF")
    table.next(CardScanned)
    pod.unplug()
    table.next(PodLost)
    pod.replug(reboot=True)
    table.next(PodConnected)
    assert table.settle() == []
    assert table.source.stats["kept_across_reboot"] == 1


def test_a_card_taken_away_while_the_pod_was_off_is_removed_after_reboot(
    table: Table, pod: SimulatedPod
) -> None:
    pod.place("DEADBEEF")
    table.next(CardScanned)
    pod.unplug()
    table.next(PodLost)
    pod.remove()
    pod.replug(reboot=True)
    table.next(PodConnected)
    assert table.next(CardRemoved).uid == "DEADBEEF"
    pod.place("DEADBEEF")
    assert table.next(CardScanned).uid == "DEADBEEF"


def test_a_pod_error_frame_is_passed_on_and_counted(table: Table, pod: SimulatedPod) -> None:
    pod.readers[0].error = "no answer on SPI"
    reported = table.next(PodReported)
    assert reported == PodReported("pod-a", "READER", "reader 1: no answer on SPI")
    assert table.source.stats["pod_reader"] == 1


def test_a_port_that_never_existed_is_retried_quietly_until_closed() -> None:
    events = EventQueue()
    source = PodSource("/dev/does-not-exist", events.post, name="ghost", reconnect_s=0.01).start()
    source.close()
    assert events.drain() == []


# -- plain line scanners ----------------------------------------------------------------------


@pytest.fixture
def scanner() -> Iterator[tuple[SimulatedLineScanner, LineScannerSource, EventQueue]]:
    events = EventQueue()
    with SimulatedLineScanner() as device:
        source = LineScannerSource(device.path, events.post, seat=3, name="qr").start()
        yield device, source, events
        source.close()


def wait_open(source: LineScannerSource) -> None:
    assert source.wait_open(WAIT)


def test_one_line_from_a_qr_scanner_is_one_scan_at_its_seat(
    scanner: tuple[SimulatedLineScanner, LineScannerSource, EventQueue],
) -> None:
    device, source, events = scanner
    wait_open(source)
    device.scan("card:wisteria:5")
    assert events.get(timeout=WAIT) == CardScanned(3, text="card:wisteria:5", source="qr")


def scanned(event: InputEvent | None) -> CardScanned:
    assert isinstance(event, CardScanned), event
    return event


def test_the_same_code_read_again_at_once_is_one_scan(
    scanner: tuple[SimulatedLineScanner, LineScannerSource, EventQueue],
) -> None:
    device, source, events = scanner
    wait_open(source)
    device.scan("card:wisteria:5")
    device.scan("card:wisteria:5")
    device.scan("card:wisteria:6")
    assert [scanned(e).text for e in (events.get(timeout=WAIT), events.get(timeout=WAIT))] == [
        "card:wisteria:5",
        "card:wisteria:6",
    ]
    assert source.stats["repeats"] == 1


def test_a_garbled_scanner_line_is_counted_not_scanned(
    scanner: tuple[SimulatedLineScanner, LineScannerSource, EventQueue],
) -> None:
    device, source, events = scanner
    wait_open(source)
    device.inject(b"\xff\xfe\x01\r\n")
    device.scan("card:wisteria:1")
    assert events.get(timeout=WAIT) == CardScanned(3, text="card:wisteria:1", source="qr")
    assert source.stats["garbled"] == 1


def test_a_flood_of_bad_lines_is_counted_each_time_but_logged_once_with_the_pods_name(
    table: Table, pod: SimulatedPod, caplog: pytest.LogCaptureFixture
) -> None:
    import logging

    with caplog.at_level(logging.WARNING, logger="console.inputs"):
        pod.inject(b"noise\n" * 50)
        assert table.settle() == []
    assert table.source.stats["garbled"] == 50
    logged = [record.getMessage() for record in caplog.records if "noise" in record.getMessage()]
    assert logged == ["pod-a: not a frame (expected $BODY*HH): 'noise'"]


def test_a_pod_button_held_down_repeats_on_the_hub() -> None:
    from console.inputs.keys import KeyTiming

    with SimulatedPod() as pod:
        table = Table(pod, key_timing=KeyTiming(repeat_delay_s=0.05, repeat_interval_s=0.05))
        try:
            table.next(PodConnected)
            pod.press(Key.DOWN)
            assert table.next(ButtonPressed) == ButtonPressed(1, Key.DOWN, source="pod-a")
            repeat = table.events.wait_for(lambda e: isinstance(e, ButtonPressed), WAIT)
            assert repeat == ButtonPressed(1, Key.DOWN, repeat=True, source="pod-a")
            pod.release(Key.DOWN)
        finally:
            table.source.close()


def test_a_pod_that_restarts_with_the_same_boot_id_is_still_seen_as_restarted(
    table: Table, pod: SimulatedPod
) -> None:
    for uid in ("AAAAAAAA", "BBBBBBBB", "CCCCCCCC"):
        pod.scan(uid)
        table.next(CardScanned)
    old_boot = pod.firmware.boot
    pod.unplug()
    table.next(PodLost)
    pod.replug(reboot=True, boot=old_boot)
    pod.scan("DDDDDDDD")
    assert table.next(CardScanned).uid == "DDDDDDDD"


def test_any_pyserial_url_works_here_a_loopback() -> None:
    events = EventQueue()
    source = PodSource("loop://", events.post, name="loop").start()
    try:
        assert source.wait_open(WAIT)
        source.write(protocol.encode(protocol.Hello(0, "pod-1.0.0", 1, "E661", "7F3A", 2, 1)))
        source.write(protocol.encode(protocol.CardSeen(1, 1, "DEADBEEF")))
        assert events.get(timeout=WAIT) == PodConnected("loop", "pod-1.0.0", 1, "E661", 2)
        assert events.get(timeout=WAIT) == CardScanned(2, "DEADBEEF", "", "loop", 1)
    finally:
        source.close()


def test_a_pod_speaking_another_protocol_version_is_refused_until_it_speaks_the_hubs() -> None:
    """protocol.md: the hub refuses a pod whose protocol is not its own; its scans never act."""
    events = EventQueue()
    source = PodSource("loop://", events.post, name="loop").start()
    try:
        assert source.wait_open(WAIT)
        source.write(protocol.encode(protocol.Hello(0, "pod-9.0.0", 2, "E661", "7F3A", 2, 1)))
        refused = events.get(timeout=WAIT)
        assert refused == PodRefused("loop", "speaks protocol 2, the hub 1: update its firmware")
        unheard = source.stats["before_hello"]  # (the loop also brings back the hub's HELLO?)
        source.write(protocol.encode(protocol.CardSeen(1, 1, "DEADBEEF")))
        source.write(protocol.encode(protocol.Heartbeat(1, 100)))
        _wait_for(lambda: source.stats["before_hello"] == unheard + 2)
        assert events.get(timeout=0.2) is None  # the scan did not act
        source.write(protocol.encode(protocol.Hello(1, "pod-1.0.0", 1, "E661", "7F3A", 2, 1)))
        assert events.get(timeout=WAIT) == PodConnected("loop", "pod-1.0.0", 1, "E661", 2)
        source.write(protocol.encode(protocol.CardSeen(2, 1, "CAFEF00D")))
        assert events.get(timeout=WAIT) == CardScanned(2, "CAFEF00D", "", "loop", 1)
        assert source.stats["protocol_mismatch"] == 1  # version 1 is the hub's own: not counted
    finally:
        source.close()


def _wait_for(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT
    while not condition():
        assert time.monotonic() < deadline, "not within the wait"
        time.sleep(0.01)
