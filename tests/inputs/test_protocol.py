"""The pod line protocol, against the shared vectors in hardware/protocol_vectors.toml."""

from __future__ import annotations

import re
import tomllib
from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from console.inputs import protocol
from console.inputs.firmware import load_firmware_module
from console.inputs.lines import OVERLONG, LineBuffer
from console.inputs.protocol import BadFrame, encode, parse_line

VECTORS = tomllib.loads((Path(__file__).parents[2] / "hardware" / "protocol_vectors.toml").read_text())


@pytest.mark.parametrize("as_text", [False, True], ids=["bytes", "str"])
@pytest.mark.parametrize("vector", VECTORS["frame"], ids=lambda v: v["name"])
def test_every_valid_vector_parses_to_its_values_and_encodes_back_to_its_line(
    vector: dict, as_text: bool
) -> None:
    frame = parse_line(vector["line"] if as_text else vector["line"].encode())
    assert frame.verb == vector["verb"]
    assert asdict(frame) == vector["values"]
    assert list(frame.fields()) == vector["fields"]
    assert encode(frame) == vector["line"].encode()


@pytest.mark.parametrize("as_text", [False, True], ids=["bytes", "str"])
@pytest.mark.parametrize("vector", VECTORS["bad"], ids=lambda v: v["name"])
def test_every_bad_vector_is_refused_with_its_kind_and_a_reason(vector: dict, as_text: bool) -> None:
    with pytest.raises(BadFrame) as refused:
        parse_line(vector["line"] if as_text else vector["line"].encode())
    assert refused.value.kind == vector["kind"]
    assert vector.get("says", "") in str(refused.value) and str(refused.value)


@pytest.mark.parametrize("vector", VECTORS["lenient"], ids=lambda v: v["name"])
def test_every_lenient_vector_is_accepted_and_encodes_to_its_canonical_line(vector: dict) -> None:
    frame = parse_line(vector["line"].encode())
    assert frame.verb == vector["verb"]
    assert asdict(frame) == vector["values"]
    assert encode(frame) == vector["canonical"].encode()
    assert parse_line(vector["line"]) == frame


@pytest.mark.parametrize("vector", VECTORS["quote"], ids=lambda v: v["wire"])
def test_free_text_is_percent_quoted_on_the_wire(vector: dict) -> None:
    assert protocol.quote_text(vector["text"]) == vector["wire"]
    assert protocol.unquote_text(vector["wire"]) == vector["text"]


def test_the_hub_speaks_the_protocol_version_the_document_and_the_firmware_name() -> None:
    title = (Path(__file__).parents[2] / "hardware" / "protocol.md").read_text().splitlines()[0]
    assert title == f"# The pod line protocol, version {protocol.PROTOCOL_VERSION}"
    assert protocol.PROTOCOL_VERSION == load_firmware_module("pod_core").PROTOCOL == 1


def test_the_checksum_is_the_xor_of_the_body_in_two_uppercase_hex_digits() -> None:
    assert protocol.checksum("HB,3,12000") == "0A"
    assert protocol.checksum("") == "00"


def test_a_line_longer_than_the_limit_is_refused_before_parsing() -> None:
    with pytest.raises(protocol.LineTooLong):
        parse_line(b"$" + b"A" * 10_000 + b"*00\n")


def test_bytes_that_are_not_ascii_are_garbled() -> None:
    with pytest.raises(protocol.Garbled):
        parse_line(b"$HB,3,\xff*0A\n")


def test_a_bad_percent_escape_is_a_bad_field() -> None:
    line = encode(protocol.PodError(1, "X", "ok")).replace(b"ok", b"%G1")
    body = line[1:-4].decode()
    with pytest.raises(protocol.BadField):
        parse_line(f"${body}*{protocol.checksum(body)}")


def test_the_sequence_distance_wraps_at_256_and_calls_old_frames_repeats() -> None:
    assert protocol.seq_after(255, 0) == 1
    assert protocol.seq_after(10, 12) == 2
    assert protocol.seq_after(10, 10) == 0
    assert protocol.seq_after(10, 9) == 0
    assert protocol.seq_after(0, 128) == 128  # half the circle ahead is still new
    assert protocol.seq_after(0, 129) == 0  # past half is behind


def test_a_frame_of_256_bytes_with_its_newline_is_encoded_and_one_of_257_is_refused() -> None:
    longest = protocol.PodError(0, "READER", "x" * (255 - len("$ERR,0,READER,*HH")))
    assert len(encode(longest)) == protocol.MAX_LINE == 256
    with pytest.raises(protocol.BadField, match="257 bytes"):
        encode(protocol.PodError(0, "READER", longest.message + "x"))


def test_a_frame_too_long_to_send_is_refused_by_encode() -> None:
    with pytest.raises(protocol.BadField):
        encode(protocol.PodError(1, "X", "y" * 300))


# -- line buffering ------------------------------------------------------------------------------


def test_a_line_split_across_reads_comes_out_whole() -> None:
    lines = LineBuffer()
    assert lines.feed(b"$HB,3,1") == []
    assert lines.feed(b"2000*0A\r\n$GONE") == [b"$HB,3,12000*0A"]
    assert lines.feed(b",18,1*3B\n") == [b"$GONE,18,1*3B"]


def test_a_10kB_line_is_dropped_whole_and_reported_once() -> None:
    lines = LineBuffer(max_line=256)
    out = lines.feed(b"x" * 5000) + lines.feed(b"y" * 5000) + lines.feed(b"\n$GONE,18,1*3B\n")
    assert out == [OVERLONG, b"$GONE,18,1*3B"]


# -- fuzzing ---------------------------------------------------------------------------------

seqs = st.integers(0, 255)
texts = st.text(max_size=20)
uids = st.sampled_from([8, 14, 20]).flatmap(
    lambda n: st.text(alphabet="0123456789ABCDEF", min_size=n, max_size=n)
)
tokens = st.text(alphabet="0123456789ABCDEFabcdef-_.", min_size=1, max_size=32)


def fits_a_line(frame: protocol.Frame) -> bool:
    """False for the rare frame whose quoted text makes it longer than a line (encode refuses it)."""
    try:
        encode(frame)
    except protocol.BadField:
        return False
    return True


frames = st.one_of(
    st.builds(
        protocol.Hello, seqs, texts, st.integers(0, 999), texts, tokens, st.integers(0, 8), st.integers(0, 9)
    ),
    st.builds(protocol.Heartbeat, seqs, st.integers(0, 2**32 - 1)),
    st.builds(protocol.CardSeen, seqs, st.integers(1, 9), uids, texts),
    st.builds(protocol.CardGone, seqs, st.integers(1, 9)),
    st.builds(protocol.ButtonFrame, seqs, st.sampled_from(protocol.KEYS), st.booleans()),
    st.builds(protocol.PodError, seqs, st.sampled_from(["READER", "LOST", "BUSY"]), texts),
    st.builds(protocol.Resend, seqs),
    st.builds(protocol.SetLed, st.integers(0, 9), st.sampled_from(protocol.LED_MODES)),
    st.builds(protocol.Beep, st.integers(1, 2000)),
    st.just(protocol.HelloRequest()),
).filter(fits_a_line)


def variants_of(line: bytes, mask: int, noise: bytes) -> list[bytes]:
    """Every cut, flip, deletion and insertion of one frame: at least 56 lines for any frame."""
    out = [line]
    for at in range(len(line)):
        out.append(line[:at])
        out.append(line[:at] + line[at + 1 :])
        out.append(line[:at] + noise + line[at:])
        for xor in (mask, mask ^ 0xFF or 0x80):
            out.append(line[:at] + bytes([line[at] ^ xor]) + line[at + 1 :])
    return out


# Hypothesis's own work per example (drawing, mutating its corpus) cost five times the parsing
# when each example was one frame: each example is now six different frames, so as many frames
# (1,800) are corrupted in a sixth of the examples. Measured: 1,345 distinct frames and 212,751
# distinct lines, where one frame an example gave 1,192 and 198,602, in a third of the time.
FUZZ_FRAMES = 6
FUZZ_EXAMPLES = 300  # x 6 frames x at least 56 variants each: over 100,000 lines
corruptions = st.tuples(frames, st.integers(1, 255), st.binary(min_size=1, max_size=8))


@pytest.mark.slow
@settings(max_examples=FUZZ_EXAMPLES, deadline=None, database=None)
@given(
    st.lists(corruptions, min_size=FUZZ_FRAMES, max_size=FUZZ_FRAMES, unique_by=lambda case: encode(case[0]))
)
def test_fuzz_100000_frames_either_parse_to_a_frame_that_round_trips_or_are_refused(
    cases: list[tuple[protocol.Frame, int, bytes]],
) -> None:
    for frame, mask, noise in cases:
        line = encode(frame)
        variants = variants_of(line, mask, noise)
        assert len(variants) * FUZZ_FRAMES * FUZZ_EXAMPLES >= 100_000
        for variant in variants:
            try:
                parsed = parse_line(variant)
            except BadFrame as refused:
                assert refused.kind in {"garbled", "bad_checksum", "unknown_type", "bad_field", "too_long"}
                continue
            assert parse_line(encode(parsed)) == parsed


@pytest.mark.slow
@settings(max_examples=500, deadline=None, database=None)
@given(st.binary(max_size=400))
def test_fuzz_noise_is_refused_or_a_real_frame(noise: bytes) -> None:
    try:
        parsed = parse_line(noise)
    except BadFrame:
        return
    assert parse_line(encode(parsed)) == parsed


@pytest.mark.slow
@settings(max_examples=200, deadline=None, database=None)
@given(st.lists(frames.map(encode), min_size=1, max_size=20), st.data())
def test_a_stream_cut_anywhere_gives_back_the_same_frames(encoded: list[bytes], data: st.DataObject) -> None:
    stream = b"".join(encoded)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=10)))
    buffer = LineBuffer()
    lines: list[bytes] = []
    for start, end in zip([0, *cuts], [*cuts, len(stream)], strict=True):
        lines += buffer.feed(stream[start:end])
    assert [parse_line(line) for line in lines] == [parse_line(line) for line in encoded]


# -- fuzzing fields behind a valid checksum ------------------------------------------------------
# A random corruption almost always breaks the checksum, so the field validators would never run.
# Here the body is corrupted and the checksum recomputed: every field check is reached.

# What protocol.md allows in each field, stated again here so the parser is checked against the
# document and not against itself.
NUMBER_LIMITS = {
    "seq": (0, 255),
    "from_seq": (0, 255),
    "uptime_ms": (0, 2**32 - 1),
    "reader": (1, 9),
    "protocol": (0, 999),
    "seat": (0, 8),
    "readers": (0, 9),
    "target": (0, 9),
    "ms": (1, 2000),
}
TOKEN = re.compile(r"[A-Za-z0-9_.-]{1,32}")
FIELD_RULES = {
    "uid": re.compile(r"[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20}"),
    "boot": TOKEN,
    "code": TOKEN,
    "key": re.compile("UP|DOWN|OK|BACK"),
    "mode": re.compile("OFF|ON|BLINK"),
}
EDGE_FIELDS = [
    "",
    "0",
    "1",
    "8",
    "9",
    "10",
    "255",
    "256",
    "999",
    "1000",
    "2000",
    "2001",
    "4294967295",
    "4294967296",
    "-1",
    "+1",
    " 1",
    "1e3",
    "0x1",
    "00000000001",
    "%",
    "%4",
    "%G1",
    "%C3",
    "%FF",
    "%2C",
    "P",
    "R",
    "p",
    "UP",
    "ok",
    "ON",
    "on",
    "BLINK",
    "DEADBEEF",
    "deadbeef",
    "DEADBEE",
    "A" * 32,
    "A" * 33,
    "a b",
    "!",
]
field_text = st.one_of(
    st.sampled_from(EDGE_FIELDS),
    st.integers(-3, 2**32 + 3).map(str),
    st.text(
        alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E, exclude_characters="$*,"), max_size=12
    ),
)


def corrupt(fields: list[str], data: st.DataObject) -> list[str]:
    """The fields with one to three of them replaced, dropped, or new ones put in."""
    fields = list(fields)
    for _ in range(data.draw(st.integers(1, 3))):
        how = data.draw(st.sampled_from(["replace", "drop", "insert"]))
        at = data.draw(st.integers(0, len(fields)))
        if how == "insert" or not fields:
            fields.insert(at, data.draw(field_text))
        elif how == "drop":
            del fields[min(at, len(fields) - 1)]
        else:
            fields[min(at, len(fields) - 1)] = data.draw(field_text)
    return fields


def assert_within_the_protocol(frame: protocol.Frame) -> None:
    for name, value in asdict(frame).items():
        assert value is not None, f"{frame.verb}.{name} is None"
        if name in NUMBER_LIMITS:
            low, high = NUMBER_LIMITS[name]
            assert type(value) is int and low <= value <= high, f"{frame.verb}.{name} = {value!r}"
        elif name in FIELD_RULES:
            assert FIELD_RULES[name].fullmatch(value), f"{frame.verb}.{name} = {value!r}"
        else:
            assert isinstance(value, str | bool), f"{frame.verb}.{name} = {value!r}"


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, database=None)
@given(frames, st.data())
def test_fuzz_fields_behind_a_valid_checksum_parse_within_the_protocol_or_are_bad_fields(
    frame: protocol.Frame, data: st.DataObject
) -> None:
    verb, *fields = frame.body().split(",")
    body = ",".join([verb, *corrupt(fields, data)])
    line = f"${body}*{protocol.checksum(body)}\n".encode()
    try:
        parsed = parse_line(line)
    except BadFrame as refused:
        assert refused.kind == ("too_long" if len(line) > protocol.MAX_LINE else "bad_field"), refused
        assert str(refused)
        return
    assert parsed.verb == verb
    assert_within_the_protocol(parsed)
    assert parse_line(encode(parsed)) == parsed
