"""PodSource's rules one frame at a time: a hand-moved clock, and a pyserial loop:// port whose
bytes the test reads back to see what the hub sent. (test_pods.py runs the same source against
the firmware over a real pty; here each limit and count is hit exactly.)"""

from __future__ import annotations

import logging

import pytest
import serial

from console.inputs import protocol
from console.inputs.event_queue import EventQueue
from console.inputs.events import ButtonPressed, CardRemoved, CardScanned, Key, PodReported
from console.inputs.pods import LineScannerSource, PodSource
from console.inputs.protocol import CardGone, CardSeen, Frame, Heartbeat, Hello, PodError, Resend
from tests.helpers.fake_clock import FakeClock

BOOT, OTHER_BOOT = "7F3A01BC", "11112222"


class Hub:
    """A PodSource whose port is open but whose reader thread is not started."""

    def __init__(self, clock: FakeClock, seat: int = 2, **options: object) -> None:
        self.events = EventQueue()
        self.clock = clock
        self.source = PodSource("loop://", self.events.post, name="pod", clock=clock, **options)  # type: ignore[arg-type]
        self.source._port = serial.serial_for_url("loop://", timeout=0)
        self.seat = seat

    def hello(self, seq: int = 0, boot: str = BOOT) -> None:
        self.feed(Hello(seq, "pod-1.0.0", 1, "E661", boot, self.seat, 2))

    def feed(self, *frames: Frame) -> None:
        for frame in frames:
            self.source.handle_line(protocol.encode(frame))

    def sent(self) -> list[Frame]:
        port = self.source._port
        return [protocol.parse_line(line) for line in port.read(port.in_waiting).splitlines()]


def test_reopening_the_port_forgets_the_hello_so_frames_wait_for_a_new_one(clock: FakeClock) -> None:
    hub = Hub(clock)
    hub.hello()
    hub.source.opened()
    hub.feed(CardSeen(1, 1, "DEADBEEF"))
    assert hub.source.stats["before_hello"] == 1 and hub.events.drain()[1:] == []
    hub.hello()
    assert hub.source.hello is not None
    hub.source.lost("port lost")
    assert hub.source.hello is None


def test_hello_is_asked_again_every_half_timeout_when_that_is_under_a_second(clock: FakeClock) -> None:
    hub = Hub(clock, heartbeat_timeout_s=1.0)
    hub.source.opened()
    assert hub.sent() == [protocol.HelloRequest()]
    clock.advance(0.375)
    hub.source.idle(clock())
    assert hub.sent() == []
    clock.advance(0.125)
    hub.source.idle(clock())
    assert hub.sent() == [protocol.HelloRequest()]


def test_a_connected_pod_is_not_asked_hello_and_stays_while_it_speaks(clock: FakeClock) -> None:
    hub = Hub(clock)
    hub.source.opened()
    hub.hello()
    hub.sent()
    for _ in range(6):
        clock.advance(1.0)
        hub.feed(Heartbeat(0, 1000))
        hub.source.idle(clock())
    assert hub.sent() == [] and hub.source.connected and hub.source.stats["silent"] == 0
    clock.advance(3.5)
    hub.source.idle(clock())
    assert not hub.source.connected and hub.source.stats["silent"] == 1


def test_a_gap_asks_for_the_next_event_and_asks_again_only_after_half_a_second(clock: FakeClock) -> None:
    hub = Hub(clock)
    hub.hello(seq=0)
    hub.feed(CardSeen(1, 1, "AAAAAAAA"), CardSeen(3, 1, "CCCCCCCC"))
    assert hub.sent() == [Resend(2)]
    clock.advance(0.25)
    hub.feed(Heartbeat(3, 1000))
    assert hub.sent() == []
    clock.advance(0.25)
    hub.feed(Heartbeat(3, 1000))
    assert hub.sent() == [Resend(2)]
    assert hub.source.stats["events"] == 1 and hub.source.stats["gap"] == 3


def test_a_hello_ahead_of_the_last_event_asks_for_the_next_one_at_once(clock: FakeClock) -> None:
    hub = Hub(clock)
    hub.hello(seq=0)
    hub.feed(CardSeen(1, 1, "AAAAAAAA"), CardSeen(3, 1, "CCCCCCCC"))
    hub.sent()
    hub.hello(seq=4)  # within half a second of the last RESEND: a HELLO's is never held back
    assert hub.sent() == [Resend(2)]


def test_a_reboot_is_counted_and_asks_from_event_1_only_if_the_new_boot_sent_any(clock: FakeClock) -> None:
    hub = Hub(clock)
    hub.hello(seq=0)
    hub.feed(CardSeen(1, 1, "AAAAAAAA"), CardSeen(3, 1, "CCCCCCCC"))
    hub.sent()
    hub.hello(seq=2, boot=OTHER_BOOT)
    assert hub.sent() == [Resend(1)] and hub.source.stats["reboots"] == 1
    hub.hello(seq=0, boot=BOOT)
    assert hub.sent() == [] and hub.source.stats["reboots"] == 2


def test_a_card_replaced_while_the_pod_was_off_is_removed_before_the_new_one_is_scanned(
    clock: FakeClock,
) -> None:
    hub = Hub(clock)
    hub.hello(seq=0)
    hub.feed(CardSeen(1, 1, "AAAAAAAA"))
    hub.hello(seq=1, boot=OTHER_BOOT)
    hub.events.drain()
    hub.feed(CardSeen(1, 1, "BBBBBBBB"), Heartbeat(1, 1000))
    assert hub.events.drain() == [
        CardRemoved(2, "AAAAAAAA", "pod", 1),
        CardScanned(2, "BBBBBBBB", "", "pod", 1),
    ]


def test_a_pod_that_lost_events_says_which_it_still_holds_and_the_rest_are_counted_lost(
    clock: FakeClock,
) -> None:
    hub = Hub(clock)
    hub.hello(seq=0)
    hub.feed(CardSeen(1, 1, "AAAAAAAA"), PodError(1, "LOST", "4"))
    assert hub.source.stats["lost_events"] == 2 and hub.source.stats["lost"] == 1
    hub.feed(CardGone(4, 1))  # the first event it still held is the next one now
    assert CardRemoved(2, "AAAAAAAA", "pod", 1) in hub.events.drain()
    hub.feed(PodError(4, "LOST", "5"))  # nothing between: nothing lost
    assert hub.source.stats["lost_events"] == 2 and hub.source.stats["lost"] == 1


def test_a_digit_message_of_another_error_code_is_not_a_lost_report(clock: FakeClock) -> None:
    hub = Hub(clock)
    hub.hello(seq=0)
    hub.feed(PodError(0, "READER", "5"))
    assert hub.source.stats["lost"] == 0 and hub.source.stats["pod_reader"] == 1
    assert hub.events.drain()[-1] == PodReported("pod", "READER", "5")


def test_the_buttons_of_a_central_pod_are_seat_1s(clock: FakeClock) -> None:
    hub = Hub(clock, seat=0)
    hub.hello(seq=0)
    hub.feed(protocol.ButtonFrame(1, "OK", True))
    assert hub.events.drain()[-1] == ButtonPressed(1, Key.OK, source="pod")


def test_a_line_scanner_reads_at_9600_baud_and_takes_a_code_again_once_the_guard_is_over(
    clock: FakeClock,
) -> None:
    events = EventQueue()
    scanner = LineScannerSource("loop://", events.post, seat=3, name="qr", clock=clock, same_code_guard_s=0.5)
    assert scanner.baudrate == 9600
    scanner.handle_line(b"card:1")
    clock.advance(0.25)
    scanner.handle_line(b"card:1")
    clock.advance(0.5)  # half a second after the last read of it
    scanner.handle_line(b"card:1")
    assert [event.text for event in events.drain()] == ["card:1", "card:1"]  # type: ignore[union-attr]
    assert scanner.stats["scans"] == 2 and scanner.stats["repeats"] == 1


def test_a_scanner_line_with_control_characters_is_reported_by_its_first_40_characters(
    clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    scanner = LineScannerSource("loop://", EventQueue().post, seat=3, name="qr", clock=clock)
    line = "\x07" + "x" * 99
    with caplog.at_level(logging.WARNING, logger="console.inputs"):
        scanner.handle_line(line.encode())
    assert caplog.records[-1].getMessage() == f"qr: a line with control characters: {line[:40]!r}"
    assert scanner.stats["garbled"] == 1


def test_a_pod_silent_for_exactly_the_timeout_is_not_yet_lost(clock: FakeClock) -> None:
    hub = Hub(clock)
    hub.source.opened()
    hub.hello()
    clock.advance(3.0)
    hub.source.idle(clock())
    assert hub.source.connected


def test_a_lost_pod_holds_no_key_down(clock: FakeClock) -> None:
    hub = Hub(clock)
    hub.hello(seq=0)
    hub.feed(protocol.ButtonFrame(1, "UP", True))
    hub.source.lost("port lost")
    hub.events.drain()
    clock.advance(2.0)
    hub.source.keys.tick()
    assert hub.events.drain() == []


def test_a_card_kept_across_a_reboot_is_removed_when_it_leaves(clock: FakeClock) -> None:
    hub = Hub(clock)
    hub.hello(seq=0)
    hub.feed(CardSeen(1, 1, "AAAAAAAA"))
    hub.hello(seq=1, boot=OTHER_BOOT)
    hub.feed(CardSeen(1, 1, "AAAAAAAA"), CardGone(2, 1))
    assert hub.events.drain()[-1] == CardRemoved(2, "AAAAAAAA", "pod", 1)
    assert hub.source.stats["kept_across_reboot"] == 1


def test_one_event_lost_is_counted(clock: FakeClock) -> None:
    hub = Hub(clock)
    hub.hello(seq=0)
    hub.feed(CardSeen(1, 1, "AAAAAAAA"), PodError(1, "LOST", "3"))
    assert hub.source.stats["lost_events"] == 1


def test_a_code_read_again_and_again_stays_one_scan_while_each_read_is_within_the_guard(
    clock: FakeClock,
) -> None:
    events = EventQueue()
    scanner = LineScannerSource("loop://", events.post, seat=3, name="qr", clock=clock, same_code_guard_s=0.5)
    for _ in range(4):
        scanner.handle_line(b"card:1")
        clock.advance(0.375)  # 1.5 s in all, but never half a second between two reads
    assert len(events.drain()) == 1 and scanner.stats["repeats"] == 3


def test_a_scanner_line_not_utf8_is_reported_by_its_first_40_bytes(
    clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    scanner = LineScannerSource("loop://", EventQueue().post, seat=3, name="qr", clock=clock)
    line = b"\xff" * 100
    with caplog.at_level(logging.WARNING, logger="console.inputs"):
        scanner.handle_line(line)
    assert caplog.records[-1].getMessage() == f"qr: a line that is not UTF-8: {line[:40]!r}"
