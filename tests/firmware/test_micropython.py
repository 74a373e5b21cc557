"""The pod firmware under the MicroPython interpreter itself: same bytes out as CPython, every case.

tests/firmware/pod_scenarios.py runs the protocol vectors, quoting, NDEF parsing, presence and
debounce, and pod_core's loop against a scripted reader and buttons; it runs once under each
interpreter and the two results must be identical (and match the vectors).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from console.inputs import protocol
from tests.firmware.conftest import MicroPython

REPO = Path(__file__).resolve().parents[2]
FIRMWARE = REPO / "firmware" / "pod"
PURE_MODULES = ("pod_protocol", "pod_sensing", "pod_ndef", "pod_core")
VECTORS = tomllib.loads((REPO / "hardware" / "protocol_vectors.toml").read_text())
RUN = "import pod_scenarios\npod_scenarios.run('{folder}/cases.json', '{folder}/out.json')\n"

# TextRecord("card:knight-07", "en")
RECORD = "d101115402656e636172643a6b6e696768742d3037"
TEXTS = [vector["text"] for vector in VECTORS["quote"]] + [
    "",
    "plain words",
    "$*,%",
    "naïve — ünïcödé ✓ 🂡",
    "tab\there",
    "~\x7f\x1f",
    "a" * 300,
]
NDEF = [
    "03" + "15" + RECORD + "fe" + "00" * 10,  # one Text record
    "0103a01044" + "00" + "0315" + RECORD + "fe",  # lock control and null TLVs first
    "03ff0015" + RECORD + "fe",  # three-byte length
    "0308d1010455046162" + "2e62fe",  # a URI record: not text
    "0300fe",
    "00" * 16,
    "0000",
    "",  # empty tags and memory
    ("0315" + RECORD + "fe")[:32],  # cut short
    "030c" + "c1010000000554" + "02656e" + "c3a9",  # long-form record, UTF-8 text "é"
    "0309" + "d1010554" + "02656e" + "ff" + "fe",  # text that is not UTF-8
    "030a" + "d901040154" + "49" + "02656e41",  # a record with an id: text "A"
    "0307" + "d1010354" + "82656e",  # UTF-16 text: not read
]
PRESENCE = [
    {"miss_limit": 3, "polls": ["04A1B2C3", None, None, None, None]},
    {"miss_limit": 3, "polls": ["04A1B2C3", None, "04A1B2C3", None, None, "04A1B2C3", None, None, None]},
    {"miss_limit": 3, "polls": ["04A1B2C3", "DEADBEEF", "DEADBEEF", None, "04A1B2C3"]},
    {"miss_limit": 1, "polls": ["04A1B2C3", None, "04A1B2C3", None]},
    {"miss_limit": 2, "polls": [None, None, "04A1B2C3D4E5F6", None, "04A1B2C3D4E5F6", None, None]},
]
DEBOUNCE = [
    {"stable_ms": 20, "levels": [[0, True], [10, True], [20, True], [500, True], [510, False], [530, False]]},
    {"stable_ms": 20, "levels": [[0, True], [10, False], [20, True], [30, False], [40, True], [70, True]]},
    {"stable_ms": 0, "levels": [[0, True], [1, True], [2, False], [3, False]]},
]


def _pod(name: str, steps: list[list[Any]], until_ms: int, **settings: Any) -> dict[str, Any]:
    script = {
        "name": name,
        "readers": 1,
        "buttons": ["UP", "DOWN", "OK", "BACK"],
        "unique_id": "E66138935F4B2A2C",
        "boot": "7F3A",
        "seat": 2,
        "heartbeat_ms": 1000,
        "miss_limit": 3,
        "debounce_ms": 20,
        "tick_ms": 10,
    }
    return {**script, **settings, "steps": steps, "until_ms": until_ms}


def _hub(frame: protocol.Frame) -> str:
    return protocol.encode(frame).decode()


PODS = [
    _pod(
        "boot, a card with text to quote, its removal after three missed polls",
        [
            [0, "card", 0, "04A1B2C3D4E5F6", "card:wheels:cart-wheel,50%$* Käse"],
            [200, "lift", 0],
            [300, "card", 0, "DEADBEEF", ""],
            [310, "lift", 0],
            [320, "card", 0, "DEADBEEF", ""],
            [500, "card", 0, "CAFEF00D", "x" * 500],
        ],
        2500,
    ),
    _pod(
        "buttons: a bounce, presses on several keys in one poll, a release",
        [
            [0, "level", "OK", True],
            [5, "level", "OK", False],
            [12, "level", "OK", True],
            [100, "level", "UP", True],
            [100, "level", "DOWN", True],
            [100, "level", "BACK", True],
            [300, "level", "UP", False],
            [300, "level", "DOWN", False],
            [300, "level", "BACK", False],
            [300, "level", "OK", False],
        ],
        600,
        tick_ms=4,
    ),
    _pod(
        "hub commands: HELLO?, LEDs, beeps, garbage, a frame that is not a command",
        [
            [20, "hub", _hub(protocol.HelloRequest())],
            [30, "hub", _hub(protocol.SetLed(0, "BLINK"))],
            [30, "hub", _hub(protocol.SetLed(1, "ON"))],
            [40, "hub", _hub(protocol.SetLed(7, "OFF"))],
            [40, "hub", _hub(protocol.Beep(80))],
            [50, "hub", "$LED,0,BLINK*00\n"],
            [60, "hub", "LED,0\n"],
            [70, "hub", "$HB,3,12000*0A\n"],
            [80, "hub", "$BEEP,99999*00\n"],
            [90, "hub", "$LED,0,ON*" + "ZZ\n"],
            [100, "hub", "$\u00e9*00\n"],
            [110, "hub", "$" + "A" * 300 + "*00\n"],
            [120, "hub", _hub(protocol.Beep(2000))],
        ],
        300,
        readers=2,
    ),
    _pod(
        "RESEND inside and past the history, and the sequence wrapping past 255",
        [
            *[[20 * i, "card", 0, f"{i:08X}", ""] for i in range(1, 41)],
            [900, "hub", _hub(protocol.Resend(38))],
            [910, "hub", _hub(protocol.Resend(1))],
            [920, "hub", _hub(protocol.Resend(41))],
            *[[1000 + 40 * i, "level", "OK", i % 2 == 0] for i in range(500)],
            [21000, "hub", _hub(protocol.Resend(250))],
        ],
        21100,
    ),
    _pod(
        "a failing reader is said once, then recovers; three readers poll in order",
        [
            [0, "fail", 1, "no answer on SPI"],
            [0, "card", 0, "AAAAAAAA", ""],
            [0, "card", 2, "CCCCCCCC", "card:watch:7"],
            [200, "mend", 1],
            [200, "card", 1, "BBBBBBBB", ""],
            [400, "fail", 1, "CRC error"],
            [400, "lift", 0],
            [400, "lift", 2],
        ],
        1100,
        readers=3,
        seat=0,
        miss_limit=2,
    ),
]


def _cases() -> dict[str, Any]:
    return {
        "vectors": VECTORS,
        "texts": TEXTS,
        "ndef": NDEF,
        "presence": PRESENCE,
        "debounce": DEBOUNCE,
        "pods": PODS,
    }


def _stage(folder: Path, mpy_cross: list[str] | None = None) -> Path:
    """The firmware's pure modules, the scenarios and their cases in one folder; with
    ``mpy_cross``, the modules compiled to .mpy for a Pico's Cortex-M0+ instead of as source."""
    folder.mkdir()
    for name in PURE_MODULES:
        if mpy_cross is None:
            shutil.copy(FIRMWARE / f"{name}.py", folder)
        else:
            _compile(mpy_cross, FIRMWARE / f"{name}.py", folder / f"{name}.mpy")
    shutil.copy(Path(__file__).with_name("pod_scenarios.py"), folder)
    # raw UTF-8, not \\u escapes: MicroPython's json does not join a surrogate pair into one character
    (folder / "cases.json").write_text(json.dumps(_cases(), ensure_ascii=False), encoding="utf-8")
    return folder


def _run_cpython(folder: Path) -> dict[str, Any]:
    code = f"import sys\nsys.path.insert(0, {str(folder)!r})\n" + RUN.format(folder=folder)
    subprocess.run([sys.executable, "-B", "-c", code], check=True, capture_output=True, timeout=120)
    return json.loads((folder / "out.json").read_text())


def _run_micropython(micropython: MicroPython, folder: Path) -> dict[str, Any]:
    done = micropython.run(folder, RUN.format(folder="/run"))
    assert done.returncode == 0, f"MicroPython failed:\n{done.stdout}\n{done.stderr}"
    return json.loads((folder / "out.json").read_text())


def _compile(mpy_cross: list[str], source: Path, target: Path) -> None:
    done = subprocess.run(
        [*mpy_cross, "-march=armv6m", "-o", str(target), str(source)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, f"mpy-cross refused {source.name}:\n{done.stderr}"


@pytest.fixture(scope="module")
def results(micropython: MicroPython, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    base = tmp_path_factory.mktemp("micropython")
    ran = {
        "cpython": _run_cpython(_stage(base / "cpython")),
        "micropython": _run_micropython(micropython, _stage(base / "micropython")),
    }
    name, version = ran["micropython"].pop("implementation")
    ran["cpython"].pop("implementation")
    print(f"\nfirmware ran under {name} {'.'.join(map(str, version))} (npm {micropython.package_version})")
    ran["micropython"]["version"] = [name, version]
    return ran


def test_the_interpreter_is_micropython_and_names_its_version(
    results: dict[str, dict[str, Any]], micropython: MicroPython
) -> None:
    name, version = results["micropython"]["version"]
    assert name == "micropython"
    assert version == [int(part) for part in micropython.package_version.split(".")[:3]]


@pytest.mark.parametrize(
    "part", ["frames", "bad", "lenient", "quote", "checksum", "ndef", "presence", "debounce"]
)
def test_micropython_gives_exactly_what_cpython_gives(results: dict[str, dict[str, Any]], part: str) -> None:
    assert results["micropython"][part] == results["cpython"][part]


@pytest.mark.parametrize("index", range(len(PODS)), ids=[pod["name"] for pod in PODS])
def test_the_pod_loop_sends_the_same_frames_at_the_same_times_under_micropython(
    results: dict[str, dict[str, Any]], index: int
) -> None:
    under_micropython = results["micropython"]["pods"][index]
    assert under_micropython["sent"], "the scripted pod sent nothing"
    assert under_micropython == results["cpython"]["pods"][index]


def test_micropython_encodes_and_splits_every_vector_byte_for_byte(
    results: dict[str, dict[str, Any]],
) -> None:
    for vector, case in zip(VECTORS["frame"], results["micropython"]["frames"], strict=True):
        assert case["encoded"] == case["encoded_from_ints"] == vector["line"], vector["name"]
        assert case["split"] == ["ok", [vector["verb"], *vector["fields"]]], vector["name"]
        if "command" in case:
            assert case["command"] == ["ok", [vector["verb"], *vector["values"].values()]], vector["name"]


def test_micropython_refuses_every_bad_vector(results: dict[str, dict[str, Any]]) -> None:
    for vector, case in zip(VECTORS["bad"], results["micropython"]["bad"], strict=True):
        assert case["command"][:2] == ["error", "FrameError"], vector["name"]
        if vector["kind"] in {"garbled", "bad_checksum", "too_long"}:
            assert case["split"][:2] == ["error", "FrameError"], vector["name"]


def test_micropython_accepts_every_lenient_vector(results: dict[str, dict[str, Any]]) -> None:
    for vector, case in zip(VECTORS["lenient"], results["micropython"]["lenient"], strict=True):
        assert case["split"][0] == case["canonical"][0] == "ok", vector["name"]
        assert case["split"][1][0] == vector["verb"], vector["name"]
        if "command" in case:
            assert case["command"] == ["ok", [vector["verb"], *vector["values"].values()]], vector["name"]


def test_micropython_quotes_text_as_the_hub_does(results: dict[str, dict[str, Any]]) -> None:
    assert results["micropython"]["quote"] == [protocol.quote_text(text) for text in TEXTS]
    quoted = [protocol.quote_text(text) for text in TEXTS]
    assert results["micropython"]["checksum"] == [protocol.checksum(text) for text in quoted]


def test_every_line_the_pod_sent_under_micropython_parses_on_the_hub(
    results: dict[str, dict[str, Any]],
) -> None:
    for pod in results["micropython"]["pods"]:
        for _at, line in pod["sent"]:
            protocol.parse_line(line.encode())  # raises BadFrame on any disagreement


@pytest.mark.parametrize("source", sorted(FIRMWARE.glob("*.py")), ids=lambda path: path.name)
def test_every_firmware_module_compiles_with_mpy_cross_as_for_a_pico(
    mpy_cross: list[str], source: Path, tmp_path: Path
) -> None:
    _compile(mpy_cross, source, tmp_path / "out.mpy")
    assert (tmp_path / "out.mpy").read_bytes()[:2] == b"M\x06"  # .mpy format 6, what MicroPython 1.2x loads


def test_mpy_cross_refuses_syntax_micropython_lacks(mpy_cross: list[str], tmp_path: Path) -> None:
    source = tmp_path / "starred.py"
    source.write_text("def events(more):\n    return [1, *more]\n")  # fine on CPython
    with pytest.raises(AssertionError, match="must be assignment target"):
        _compile(mpy_cross, source, tmp_path / "starred.mpy")


def test_the_compiled_mpy_modules_give_micropython_the_same_results(
    results: dict[str, dict[str, Any]], micropython: MicroPython, mpy_cross: list[str], tmp_path: Path
) -> None:
    folder = _stage(tmp_path / "mpy", mpy_cross)
    assert (folder / "pod_core.mpy").exists() and not (folder / "pod_core.py").exists()
    compiled = _run_micropython(micropython, folder)
    compiled.pop("implementation")
    assert compiled == results["cpython"]


def test_an_exception_under_micropython_fails_the_run_with_its_traceback(
    micropython: MicroPython, tmp_path: Path
) -> None:
    done = micropython.run(tmp_path, "'x'.removeprefix('x')\n")  # CPython has it; MicroPython does not
    assert done.returncode == 1 and "AttributeError" in done.stderr
