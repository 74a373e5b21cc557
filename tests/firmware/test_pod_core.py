"""The pod's main loop with fake hardware: what it says, when, and what it answers."""

from __future__ import annotations

import pytest

from console.inputs import protocol
from console.inputs.firmware import load_firmware_module

pod_core = load_firmware_module("pod_core")


class Link:
    def __init__(self) -> None:
        self.incoming: list[str] = []
        self.sent: list[str] = []

    def write(self, text: str) -> None:
        self.sent.append(text)

    def read_lines(self) -> list[str]:
        lines, self.incoming = self.incoming, []
        return lines

    def frames(self) -> list[protocol.Frame]:
        """Everything sent, parsed by the HUB's parser: the two sides must agree."""
        frames = [protocol.parse_line(line.encode()) for line in self.sent]
        self.sent.clear()
        return frames


class Reader:
    def __init__(self) -> None:
        self.card: tuple[str, str] | None = None
        self.error: OSError | None = None

    def read(self) -> tuple[str, str] | None:
        if self.error:
            raise self.error
        return self.card


class Button:
    def __init__(self) -> None:
        self.down = False

    def pressed(self) -> bool:
        return self.down


class Led:
    def __init__(self) -> None:
        self.mode = "OFF"

    def set(self, mode: str) -> None:
        self.mode = mode


class Beeper:
    def __init__(self) -> None:
        self.beeps: list[int] = []

    def beep(self, ms: int) -> None:
        self.beeps.append(ms)


class Bench:
    """A pod on the bench: one reader, four buttons, a LED, a beeper, a hand-moved clock."""

    def __init__(self, seat: int = 2) -> None:
        self.link, self.reader, self.led, self.beeper = Link(), Reader(), Led(), Beeper()
        self.buttons = {key: Button() for key in ("UP", "DOWN", "OK", "BACK")}
        self.pod = pod_core.Pod(
            self.link,
            [self.reader],
            self.buttons,
            {0: self.led},
            self.beeper,
            unique_id="E661",
            boot="7F3A",
            seat=seat,
            heartbeat_ms=1000,
            miss_limit=3,
            debounce_ms=20,
        )
        self.now = 0

    def run(self, ms: int, every: int = 10) -> None:
        end = self.now + ms
        while self.now < end:
            self.pod.step(self.now)
            self.now += every

    def command(self, frame: protocol.Frame) -> None:
        self.link.incoming.append(protocol.encode(frame).decode())


@pytest.fixture
def bench() -> Bench:
    bench = Bench()
    bench.run(10)
    bench.link.frames()
    return bench


def test_the_pod_says_hello_at_boot_with_its_firmware_seat_and_readers() -> None:
    bench = Bench(seat=3)
    bench.run(10)
    assert bench.link.frames() == [protocol.Hello(0, "pod-1.0.0", 1, "E661", "7F3A", 3, 1)]


def test_the_pod_answers_hello_request_with_hello(bench: Bench) -> None:
    bench.command(protocol.HelloRequest())
    bench.run(10)
    assert bench.link.frames() == [protocol.Hello(0, "pod-1.0.0", 1, "E661", "7F3A", 2, 1)]


def test_a_card_is_sent_once_with_its_uid_and_ndef_text(bench: Bench) -> None:
    bench.reader.card = ("04A1B2C3D4E5F6", "card:wisteria:4")
    bench.run(200)
    assert bench.link.frames() == [protocol.CardSeen(1, 1, "04A1B2C3D4E5F6", "card:wisteria:4")]


def test_a_card_is_gone_after_three_missed_polls(bench: Bench) -> None:
    bench.reader.card = ("DEADBEEF", "")
    bench.run(10)
    bench.reader.card = None
    bench.run(20)
    assert bench.link.frames() == [protocol.CardSeen(1, 1, "DEADBEEF")]
    bench.run(10)
    assert bench.link.frames() == [protocol.CardGone(2, 1)]


def test_a_button_press_is_sent_once_debounced_and_its_release_too(bench: Bench) -> None:
    bench.buttons["OK"].down = True
    bench.run(100)
    bench.buttons["OK"].down = False
    bench.run(100)
    assert bench.link.frames() == [protocol.ButtonFrame(1, "OK", True), protocol.ButtonFrame(2, "OK", False)]


def test_a_heartbeat_every_second_carries_the_last_event_number(bench: Bench) -> None:
    bench.reader.card = ("DEADBEEF", "")
    bench.run(1000)
    frames = bench.link.frames()
    assert frames == [protocol.CardSeen(1, 1, "DEADBEEF"), protocol.Heartbeat(1, 1000)]


def test_resend_sends_the_asked_events_again_with_their_own_numbers(bench: Bench) -> None:
    for uid in ("AAAAAAAA", "BBBBBBBB"):
        bench.reader.card = (uid, "")
        bench.run(10)
    sent = bench.link.frames()
    bench.command(protocol.Resend(2))
    bench.run(10)
    assert bench.link.frames() == sent[1:]


def test_resend_of_nothing_newer_sends_nothing(bench: Bench) -> None:
    bench.command(protocol.Resend(1))
    bench.run(10)
    assert bench.link.frames() == []


def test_resend_past_the_history_says_what_was_lost_then_sends_what_is_kept(bench: Bench) -> None:
    for index in range(pod_core.HISTORY + 5):
        bench.reader.card = (f"{index:08X}", "")
        bench.run(10)
    bench.link.frames()
    bench.command(protocol.Resend(1))
    bench.run(10)
    frames = bench.link.frames()
    assert frames[0] == protocol.PodError(bench.pod.seq, "LOST", str(bench.pod.history[0][0]))
    assert len(frames) == 1 + pod_core.HISTORY


def test_the_sequence_wraps_from_255_to_0(bench: Bench) -> None:
    bench.pod.seq = 255
    bench.buttons["UP"].down = True
    bench.run(50)
    assert bench.link.frames() == [protocol.ButtonFrame(0, "UP", True)]


def test_led_and_beep_commands_reach_the_hardware(bench: Bench) -> None:
    bench.command(protocol.SetLed(0, "BLINK"))
    bench.command(protocol.Beep(80))
    bench.run(10)
    assert (bench.led.mode, bench.beeper.beeps) == ("BLINK", [80])


def test_a_garbled_command_is_answered_with_an_error_and_changes_nothing(bench: Bench) -> None:
    bench.link.incoming.append("$LED,0,BLINK*00\n")
    bench.run(10)
    [error] = bench.link.frames()
    assert isinstance(error, protocol.PodError) and error.code == "BADCMD"
    assert bench.led.mode == "OFF"


def test_a_failing_reader_is_reported_once_until_it_recovers(bench: Bench) -> None:
    bench.reader.error = OSError("no answer on SPI")
    bench.run(100)
    assert bench.link.frames() == [protocol.PodError(0, "READER", "reader 1: no answer on SPI")]
    bench.reader.error = None
    bench.reader.card = ("DEADBEEF", "")
    bench.run(10)
    assert bench.link.frames() == [protocol.CardSeen(1, 1, "DEADBEEF")]


def test_overlong_ndef_text_is_cut_so_the_frame_fits(bench: Bench) -> None:
    bench.reader.card = ("04A1B2C3D4E5F6", "x" * 500)
    bench.run(10)
    [card] = bench.link.frames()
    assert isinstance(card, protocol.CardSeen) and card.text == "x" * pod_core.MAX_TEXT


def test_keys_pressed_in_one_poll_are_numbered_in_key_order_whatever_the_dicts_order() -> None:
    # MicroPython's dicts keep no insertion order: the order must not come from the dict
    bench = Bench()
    bench.buttons = {key: Button() for key in ("BACK", "OK", "DOWN", "UP")}
    bench.pod = pod_core.Pod(bench.link, [bench.reader], bench.buttons, {0: bench.led}, None, "E661", "7F3A")
    bench.run(10)
    bench.link.frames()
    for button in bench.buttons.values():
        button.down = True
    bench.run(50)
    frames = bench.link.frames()
    assert all(isinstance(frame, protocol.ButtonFrame) for frame in frames), frames
    keys = [frame.key for frame in frames if isinstance(frame, protocol.ButtonFrame)]
    assert keys == ["UP", "DOWN", "OK", "BACK"]
