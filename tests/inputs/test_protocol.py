"""The pod line protocol, against the shared vectors in hardware/protocol_vectors.toml."""

from __future__ import annotations

import tomllib
from dataclasses import asdict
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from console.inputs import protocol
from console.inputs.lines import OVERLONG, LineBuffer
from console.inputs.protocol import BadFrame, encode, parse_line

VECTORS = tomllib.loads((Path(__file__).parents[2] / "hardware" / "protocol_vectors.toml").read_text())


@pytest.mark.parametrize("vector", VECTORS["frame"], ids=lambda v: v["name"])
def test_every_valid_vector_parses_to_its_values_and_encodes_back_to_its_line(vector: dict) -> None:
    frame = parse_line(vector["line"].encode())
    assert frame.verb == vector["verb"]
    assert asdict(frame) == vector["values"]
    assert list(frame.fields()) == vector["fields"]
    assert encode(frame) == vector["line"].encode()


@pytest.mark.parametrize("vector", VECTORS["bad"], ids=lambda v: v["name"])
def test_every_bad_vector_is_refused_with_its_kind(vector: dict) -> None:
    with pytest.raises(BadFrame) as refused:
        parse_line(vector["line"].encode())
    assert refused.value.kind == vector["kind"]
    assert str(refused.value)


@pytest.mark.parametrize("vector", VECTORS["quote"], ids=lambda v: v["wire"])
def test_free_text_is_percent_quoted_on_the_wire(vector: dict) -> None:
    assert protocol.quote_text(vector["text"]) == vector["wire"]
    assert protocol.unquote_text(vector["wire"]) == vector["text"]


def test_the_checksum_is_the_xor_of_the_body_in_two_uppercase_hex_digits() -> None:
    assert protocol.checksum("HB,3,12000") == "0A"
    assert protocol.checksum("") == "00"


def test_a_lowercase_checksum_is_accepted() -> None:
    assert parse_line(b"$HB,3,12000*0a") == protocol.Heartbeat(3, 12000)


def test_a_carriage_return_before_the_newline_is_ignored() -> None:
    assert parse_line(b"$GONE,18,1*3B\r\n") == protocol.CardGone(18, 1)


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
frames = st.one_of(
    st.builds(protocol.Heartbeat, seqs, st.integers(0, 2**32 - 1)),
    st.builds(protocol.CardSeen, seqs, st.integers(1, 9), uids, texts),
    st.builds(protocol.CardGone, seqs, st.integers(1, 9)),
    st.builds(protocol.ButtonFrame, seqs, st.sampled_from(protocol.KEYS), st.booleans()),
    st.builds(protocol.PodError, seqs, st.sampled_from(["READER", "LOST", "BUSY"]), texts),
    st.builds(protocol.Resend, seqs),
    st.builds(protocol.SetLed, st.integers(0, 9), st.sampled_from(protocol.LED_MODES)),
)


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


FUZZ_EXAMPLES = 1800  # x at least 56 variants each: over 100,000 lines


@settings(max_examples=FUZZ_EXAMPLES, deadline=None, database=None)
@given(frames, st.integers(1, 255), st.binary(min_size=1, max_size=8))
def test_fuzz_100000_frames_either_parse_to_a_frame_that_round_trips_or_are_refused(
    frame: protocol.Frame, mask: int, noise: bytes
) -> None:
    line = encode(frame)
    variants = variants_of(line, mask, noise)
    assert len(variants) * FUZZ_EXAMPLES >= 100_000
    for variant in variants:
        try:
            parsed = parse_line(variant)
        except BadFrame as refused:
            assert refused.kind in {"garbled", "bad_checksum", "unknown_type", "bad_field", "too_long"}
            continue
        assert parse_line(encode(parsed)) == parsed


@settings(max_examples=500, deadline=None, database=None)
@given(st.binary(max_size=400))
def test_fuzz_noise_is_refused_or_a_real_frame(noise: bytes) -> None:
    try:
        parsed = parse_line(noise)
    except BadFrame:
        return
    assert parse_line(encode(parsed)) == parsed


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
