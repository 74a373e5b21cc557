"""The pod line protocol (hardware/protocol.md): one ASCII frame a line, ``$BODY*HH``.

``HH`` is the XOR of the BODY bytes as two hex digits (NMEA style); fields are comma separated.
This module is pure: ``parse_line`` turns one line into a frame value or raises a ``BadFrame``
naming what is wrong; ``encode`` is its inverse. The firmware has its own small implementation
(firmware/pod/pod_protocol.py); both are tested against hardware/protocol_vectors.toml.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

PROTOCOL_VERSION = 1
MAX_LINE = 256  # bytes of a line with its "\n" (a "\r" before it not counted); longer is refused whole
MAX_FRAME = MAX_LINE - 1  # so a frame, "$" to checksum, is at most this long
SEQ_MODULO = 256
MAX_CARD_TEXT = 120  # a tag's NDEF text in a CARD frame, decoded (firmware/pod/pod_core.py)
KEYS = ("UP", "DOWN", "OK", "BACK")
LED_MODES = ("OFF", "ON", "BLINK")
_HEX = "0123456789ABCDEF"
# Characters a text field carries as themselves; everything else travels as %XX (UTF-8 bytes).
_PLAIN = frozenset(chr(c) for c in range(0x20, 0x7F)) - {"$", "*", ",", "%"}


class BadFrame(ValueError):
    """A line that is not a frame we accept. ``kind`` names the problem for counters."""

    kind: ClassVar[str] = "bad_frame"


class Garbled(BadFrame):
    kind = "garbled"


class BadChecksum(BadFrame):
    kind = "bad_checksum"


class UnknownFrame(BadFrame):
    kind = "unknown_type"


class BadField(BadFrame):
    kind = "bad_field"


class LineTooLong(BadFrame):
    kind = "too_long"


def checksum(body: str) -> str:
    """The two-hex-digit XOR of the body's bytes."""
    value = 0
    for byte in body.encode("ascii"):
        value ^= byte
    return _HEX[value >> 4] + _HEX[value & 15]


def quote_text(text: str) -> str:
    """A free-text field made safe for a frame: ``$ * , %`` and non-ASCII become %XX."""
    if all(char in _PLAIN for char in text):
        return text
    parts = []
    for char in text:
        if char in _PLAIN:
            parts.append(char)
        else:
            parts.extend(f"%{byte:02X}" for byte in char.encode("utf-8"))
    return "".join(parts)


def unquote_text(field: str) -> str:
    if "%" not in field:
        return field
    raw = bytearray()
    index = 0
    while index < len(field):
        char = field[index]
        if char == "%":
            pair = field[index + 1 : index + 3]
            if len(pair) != 2 or any(c not in "0123456789ABCDEFabcdef" for c in pair):
                raise BadField(f"bad %-escape in text field {field!r}")
            raw.append(int(pair, 16))
            index += 3
        else:
            raw.extend(char.encode("ascii"))
            index += 1
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadField(f"text field {field!r} is not UTF-8") from None


# -- frame values -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """Base of every frame. ``verb`` is the first field; ``fields`` gives the rest as text."""

    verb: ClassVar[str] = ""

    def fields(self) -> tuple[str, ...]:
        return ()

    def body(self) -> str:
        return ",".join((self.verb, *self.fields()))


# Pod -> hub. Field 2 is always ``seq``: for an event frame (CARD, GONE, BTN) its own number in
# the pod's event stream; for a status frame (HELLO, HB, ERR) the number of the last event sent,
# so the hub can see a gap even when no new event follows.


@dataclass(frozen=True)
class Hello(Frame):
    verb: ClassVar[str] = "HELLO"
    seq: int
    firmware: str
    protocol: int
    unique_id: str
    boot: str
    seat: int  # the seat this pod serves; 0 = reader N serves seat N
    readers: int

    def fields(self) -> tuple[str, ...]:
        return (
            str(self.seq),
            quote_text(self.firmware),
            str(self.protocol),
            quote_text(self.unique_id),
            self.boot,
            str(self.seat),
            str(self.readers),
        )


@dataclass(frozen=True)
class Heartbeat(Frame):
    verb: ClassVar[str] = "HB"
    seq: int
    uptime_ms: int

    def fields(self) -> tuple[str, ...]:
        return (str(self.seq), str(self.uptime_ms))


@dataclass(frozen=True)
class CardSeen(Frame):
    verb: ClassVar[str] = "CARD"
    seq: int
    reader: int
    uid: str  # hex, UID0 first, 8/14/20 digits
    text: str = ""  # the tag's NDEF text record, if it has one

    def fields(self) -> tuple[str, ...]:
        base = (str(self.seq), str(self.reader), self.uid)
        return (*base, quote_text(self.text)) if self.text else base


@dataclass(frozen=True)
class CardGone(Frame):
    verb: ClassVar[str] = "GONE"
    seq: int
    reader: int

    def fields(self) -> tuple[str, ...]:
        return (str(self.seq), str(self.reader))


@dataclass(frozen=True)
class ButtonFrame(Frame):
    verb: ClassVar[str] = "BTN"
    seq: int
    key: str
    pressed: bool

    def fields(self) -> tuple[str, ...]:
        return (str(self.seq), self.key, "P" if self.pressed else "R")


@dataclass(frozen=True)
class PodError(Frame):
    verb: ClassVar[str] = "ERR"
    seq: int
    code: str
    message: str = ""

    def fields(self) -> tuple[str, ...]:
        base = (str(self.seq), self.code)
        return (*base, quote_text(self.message)) if self.message else base


# Hub -> pod.


@dataclass(frozen=True)
class HelloRequest(Frame):
    verb: ClassVar[str] = "HELLO?"


@dataclass(frozen=True)
class SetLed(Frame):
    verb: ClassVar[str] = "LED"
    target: int  # 0 = the pod's own LED, N = reader N's LED
    mode: str

    def fields(self) -> tuple[str, ...]:
        return (str(self.target), self.mode)


@dataclass(frozen=True)
class Beep(Frame):
    verb: ClassVar[str] = "BEEP"
    ms: int

    def fields(self) -> tuple[str, ...]:
        return (str(self.ms),)


@dataclass(frozen=True)
class Resend(Frame):
    verb: ClassVar[str] = "RESEND"
    from_seq: int

    def fields(self) -> tuple[str, ...]:
        return (str(self.from_seq),)


EVENT_FRAMES = (CardSeen, CardGone, ButtonFrame)


def encode(frame: Frame) -> bytes:
    """The frame as one line, ``$BODY*HH\\n``."""
    body = frame.body()
    line = f"${body}*{checksum(body)}\n".encode("ascii")
    if len(line) > MAX_LINE:
        raise BadField(f"{frame.verb} frame is {len(line)} bytes, more than {MAX_LINE}")
    return line


# -- parsing ----------------------------------------------------------------------------------


def _number(text: str, what: str, low: int, high: int) -> int:
    if not text.isdigit() or len(text) > 10:
        raise BadField(f"{what} must be a number, not {text!r}")
    value = int(text)
    if not low <= value <= high:
        raise BadField(f"{what} must be from {low} to {high}, not {value}")
    return value


def _seq(text: str) -> int:
    return _number(text, "seq", 0, SEQ_MODULO - 1)


def _uid(text: str) -> str:
    if len(text) not in (8, 14, 20) or any(c not in _HEX for c in text):
        raise BadField(f"uid must be 8, 14 or 20 uppercase hex digits, not {text!r}")
    return text


def _token(text: str, what: str) -> str:
    if not text or len(text) > 32 or not all(c.isalnum() or c in "-_." for c in text):
        raise BadField(f"{what} must be letters, digits, '-', '_' or '.', not {text!r}")
    return text


def _arity(verb: str, fields: list[str], low: int, high: int | None = None) -> None:
    high = low if high is None else high
    if not low <= len(fields) <= high:
        want = str(low) if low == high else f"{low} to {high}"
        raise BadField(f"{verb} takes {want} fields, not {len(fields)}")


def _hello(f: list[str]) -> Frame:
    _arity("HELLO", f, 7)
    return Hello(
        _seq(f[0]),
        unquote_text(f[1]),
        _number(f[2], "protocol", 0, 999),
        unquote_text(f[3]),
        _token(f[4], "boot"),
        _number(f[5], "seat", 0, 8),
        _number(f[6], "readers", 0, 9),
    )


def _heartbeat(f: list[str]) -> Frame:
    _arity("HB", f, 2)
    return Heartbeat(_seq(f[0]), _number(f[1], "uptime_ms", 0, 2**32 - 1))


def _card(f: list[str]) -> Frame:
    _arity("CARD", f, 3, 4)
    text = unquote_text(f[3]) if len(f) == 4 else ""
    if len(text) > MAX_CARD_TEXT:
        raise BadField(f"card text must be at most {MAX_CARD_TEXT} characters, not {len(text)}")
    return CardSeen(_seq(f[0]), _number(f[1], "reader", 1, 9), _uid(f[2]), text)


def _gone(f: list[str]) -> Frame:
    _arity("GONE", f, 2)
    return CardGone(_seq(f[0]), _number(f[1], "reader", 1, 9))


def _button(f: list[str]) -> Frame:
    _arity("BTN", f, 3)
    if f[1] not in KEYS:
        raise BadField(f"button key must be one of {', '.join(KEYS)}, not {f[1]!r}")
    if f[2] not in ("P", "R"):
        raise BadField(f"button state must be P or R, not {f[2]!r}")
    return ButtonFrame(_seq(f[0]), f[1], f[2] == "P")


def _error(f: list[str]) -> Frame:
    _arity("ERR", f, 2, 3)
    return PodError(_seq(f[0]), _token(f[1], "error code"), unquote_text(f[2]) if len(f) == 3 else "")


def _hello_request(f: list[str]) -> Frame:
    _arity("HELLO?", f, 0)
    return HelloRequest()


def _led(f: list[str]) -> Frame:
    _arity("LED", f, 2)
    if f[1] not in LED_MODES:
        raise BadField(f"LED mode must be one of {', '.join(LED_MODES)}, not {f[1]!r}")
    return SetLed(_number(f[0], "LED target", 0, 9), f[1])


def _beep(f: list[str]) -> Frame:
    _arity("BEEP", f, 1)
    return Beep(_number(f[0], "beep ms", 1, 2000))


def _resend(f: list[str]) -> Frame:
    _arity("RESEND", f, 1)
    return Resend(_seq(f[0]))


_PARSERS = {
    "HELLO": _hello,
    "HB": _heartbeat,
    "CARD": _card,
    "GONE": _gone,
    "BTN": _button,
    "ERR": _error,
    "HELLO?": _hello_request,
    "LED": _led,
    "BEEP": _beep,
    "RESEND": _resend,
}


def parse_line(line: bytes | str) -> Frame:
    """One received line (terminator optional) as a frame; BadFrame says why it is not one."""
    if isinstance(line, bytes):
        line = line.rstrip(b"\r\n")
        if len(line) > MAX_FRAME:
            raise LineTooLong(f"line of {len(line)} bytes before its newline is longer than {MAX_FRAME}")
        try:
            text = line.decode("ascii")
        except UnicodeDecodeError:
            raise Garbled("line has bytes that are not ASCII") from None
    else:
        text = line.rstrip("\r\n")
        if len(text) > MAX_FRAME:
            raise LineTooLong(f"line of {len(text)} characters before its newline is longer than {MAX_FRAME}")
    if len(text) < 4 or text[0] != "$" or text[-3] != "*":
        raise Garbled(f"not a frame (expected $BODY*HH): {text[:40]!r}")
    body = text[1:-3]
    if not body.isascii() or "$" in body or "*" in body or not body.isprintable():
        raise Garbled(f"frame body holds a stray '$' or '*', or not printable ASCII: {text[:40]!r}")
    expected = checksum(body)
    if text[-2:].upper() != expected:
        raise BadChecksum(f"checksum {text[-2:]!r} does not match the body (expected {expected})")
    verb, *fields = body.split(",")
    parser = _PARSERS.get(verb)
    if parser is None:
        raise UnknownFrame(f"unknown frame type {verb[:16]!r}")
    return parser(fields)


def seq_after(last: int, seq: int) -> int:
    """How far ``seq`` is ahead of ``last`` in the 8-bit sequence: 1 is the next frame, 0 or
    anything past half the circle is a repeat of an old one (returned as 0)."""
    distance = (seq - last) % SEQ_MODULO
    return distance if distance <= SEQ_MODULO // 2 else 0
