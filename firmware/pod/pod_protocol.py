"""The pod's side of the line protocol (hardware/protocol.md): ``$BODY*HH`` with an XOR checksum.

MicroPython and CPython alike: no f-strings, no dataclasses, nothing from ``typing``. Tested under
both against hardware/protocol_vectors.toml, the same vectors as the hub's parser.
"""

HEX = "0123456789ABCDEF"
MAX_LINE = 256  # bytes of a line with its "\n" (a "\r" before it not counted)
MAX_FRAME = MAX_LINE - 1  # so a frame, "$" to checksum, is at most this long
MAX_DIGITS = 10  # a number field: 2**32 - 1 is the widest
COMMANDS = ("HELLO?", "LED", "BEEP", "RESEND")
LED_MODES = ("OFF", "ON", "BLINK")


class FrameError(ValueError):
    pass


def hex2(value: int) -> str:
    return HEX[(value >> 4) & 15] + HEX[value & 15]


def checksum(body: str) -> str:
    value = 0
    for byte in body.encode():
        value ^= byte
    return hex2(value)


def _plain(code: int) -> bool:
    # printable ASCII except the four characters the frame itself uses: $ * , %
    return 0x20 <= code < 0x7F and code not in (0x24, 0x2A, 0x2C, 0x25)


def quote_text(text: str) -> str:
    """Free text as a field: reserved and non-ASCII bytes become %XX (UTF-8)."""
    out = []
    for byte in text.encode("utf-8"):
        out.append(chr(byte) if _plain(byte) else "%" + hex2(byte))
    return "".join(out)


def encode(verb: str, fields: list) -> str:
    """One frame line, newline included. Fields are str or int; text must be quoted already."""
    parts = [verb]
    parts.extend(str(field) for field in fields)
    body = ",".join(parts)
    return "$" + body + "*" + checksum(body) + "\n"


def split_frame(line: str) -> list:
    """The verb and raw fields of a well-formed frame; FrameError if the framing is wrong."""
    line = line.rstrip("\r\n")
    if len(line) > MAX_FRAME:
        raise FrameError("too long")
    if len(line) < 4 or line[0] != "$" or line[-3] != "*":
        raise FrameError("garbled")
    body = line[1:-3]
    for char in body:
        if char in "$*" or not 0x20 <= ord(char) < 0x7F:
            raise FrameError("garbled")
    if line[-2:].upper() != checksum(body):
        raise FrameError("bad checksum")
    return body.split(",")


def _number(text: str, low: int, high: int) -> int:
    if not text or not text.isdigit() or len(text) > MAX_DIGITS:
        raise FrameError("bad number " + text)
    value = int(text)
    if value < low or value > high:
        raise FrameError("out of range " + text)
    return value


def parse_command(line: str) -> list:
    """A hub command as [verb, args...] with numbers as ints; FrameError for anything else."""
    parts = split_frame(line)
    verb, fields = parts[0], parts[1:]
    if verb not in COMMANDS:
        raise FrameError("not a command: " + verb[:16])
    if verb == "HELLO?" and not fields:
        return [verb]
    if verb == "LED" and len(fields) == 2 and fields[1] in LED_MODES:
        return [verb, _number(fields[0], 0, 9), fields[1]]
    if verb == "BEEP" and len(fields) == 1:
        return [verb, _number(fields[0], 1, 2000)]
    if verb == "RESEND" and len(fields) == 1:
        return [verb, _number(fields[0], 0, 255)]
    raise FrameError("bad fields for " + verb)
