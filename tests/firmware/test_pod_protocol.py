"""The firmware's protocol code against the same vectors as the hub's (hardware/protocol_vectors.toml)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from console.inputs.firmware import load_firmware_module

pod_protocol = load_firmware_module("pod_protocol")
VECTORS = tomllib.loads((Path(__file__).parents[2] / "hardware" / "protocol_vectors.toml").read_text())
COMMAND_VERBS = {"HELLO?", "LED", "BEEP", "RESEND"}
FRAMING_KINDS = {"garbled", "bad_checksum", "too_long"}  # refused before any field is read


@pytest.mark.parametrize("vector", VECTORS["frame"], ids=lambda v: v["name"])
def test_the_pod_encodes_every_vectors_fields_to_its_line(vector: dict) -> None:
    assert pod_protocol.encode(vector["verb"], vector["fields"]) == vector["line"]


@pytest.mark.parametrize("vector", VECTORS["frame"], ids=lambda v: v["name"])
def test_the_pod_splits_every_vector_line_into_its_fields(vector: dict) -> None:
    assert pod_protocol.split_frame(vector["line"]) == [vector["verb"], *vector["fields"]]


@pytest.mark.parametrize(
    "vector", [v for v in VECTORS["frame"] if v["verb"] in COMMAND_VERBS], ids=lambda v: v["name"]
)
def test_the_pod_understands_every_command_vector(vector: dict) -> None:
    command = pod_protocol.parse_command(vector["line"])
    assert command[0] == vector["verb"]
    assert command[1:] == list(vector["values"].values())


@pytest.mark.parametrize("vector", VECTORS["bad"], ids=lambda v: v["name"])
def test_the_pod_refuses_every_bad_vector_as_a_command(vector: dict) -> None:
    with pytest.raises(pod_protocol.FrameError):
        pod_protocol.parse_command(vector["line"])


@pytest.mark.parametrize(
    "vector", [v for v in VECTORS["bad"] if v["kind"] in FRAMING_KINDS], ids=lambda v: v["name"]
)
def test_the_pod_refuses_every_badly_framed_vector_before_reading_fields(vector: dict) -> None:
    with pytest.raises(pod_protocol.FrameError):
        pod_protocol.split_frame(vector["line"])


@pytest.mark.parametrize("vector", VECTORS["lenient"], ids=lambda v: v["name"])
def test_the_pod_accepts_every_lenient_vector_as_the_hub_does(vector: dict) -> None:
    assert pod_protocol.split_frame(vector["line"])[0] == vector["verb"]
    if vector["verb"] in COMMAND_VERBS:
        command = pod_protocol.parse_command(vector["line"])
        assert command == [vector["verb"], *vector["values"].values()]


@pytest.mark.parametrize("vector", VECTORS["quote"], ids=lambda v: v["wire"])
def test_the_pod_quotes_free_text_like_the_hub(vector: dict) -> None:
    assert pod_protocol.quote_text(vector["text"]) == vector["wire"]


def test_a_frame_that_is_not_a_command_is_refused_by_the_pod() -> None:
    with pytest.raises(pod_protocol.FrameError, match="not a command"):
        pod_protocol.parse_command("$HB,3,12000*0A\n")
