"""The Pico-only layer (pod_hw.py) with fake ``machine``/``select``/driver modules: UID byte
order, NDEF reading across blocks, and line splitting on the USB serial link."""

from __future__ import annotations

import importlib.util
import io
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from console.inputs.firmware import FIRMWARE_DIR, load_firmware_module

RECORD = bytes.fromhex("d1011154 02656e 63617264 3a6b6e69 6768742d 3037".replace(" ", ""))  # "card:knight-07"
MEMORY = bytes([0x03, len(RECORD)]) + RECORD + b"\xfe" + bytes(64)


class FakeRc522:
    """Enough of danjperron's MFRC522: a 7-byte tag in transmission order, NTAG pages."""

    OK, REQIDL = 0, 0x26

    def __init__(self, **settings: int) -> None:
        self.settings = settings
        self.uid: list[int] | None = [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6]

    def init(self) -> None:
        pass

    def request(self, mode: int) -> tuple[int, int]:
        return (self.OK if self.uid else 2), 0x44

    def SelectTagSN(self) -> tuple[int, list[int]]:
        return self.OK, list(self.uid or [])

    def read(self, page: int) -> list[int]:
        offset = (page - 4) * 4
        return list(MEMORY[offset : offset + 16])


@pytest.fixture
def pod_hw(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    load_firmware_module("pod_ndef")
    machine = types.ModuleType("machine")
    select_module = types.ModuleType("select")
    select_module.POLLIN = 1  # type: ignore[attr-defined]
    mfrc522 = types.ModuleType("mfrc522")
    mfrc522.MFRC522 = FakeRc522  # type: ignore[attr-defined]
    for name, module in (("machine", machine), ("mfrc522", mfrc522)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setitem(sys.modules, "select", select_module)
    spec = importlib.util.spec_from_file_location("pod_hw_under_test", Path(FIRMWARE_DIR) / "pod_hw.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module


def test_the_rc522_reader_reports_the_uid_in_transmission_order_and_the_ndef_text(
    pod_hw: types.ModuleType,
) -> None:
    reader = pod_hw.Rc522Reader({"spi_id": 0}, read_ndef=True)
    assert reader.read() == ("04A1B2C3D4E5F6", "card:knight-07")


def test_the_rc522_reader_sees_nothing_when_no_tag_answers(pod_hw: types.ModuleType) -> None:
    reader = pod_hw.Rc522Reader({"spi_id": 0}, read_ndef=True)
    reader.driver.uid = None
    assert reader.read() is None


def test_ndef_is_read_block_by_block_only_as_far_as_the_message_goes(pod_hw: types.ModuleType) -> None:
    asked: list[int] = []

    def read_pages(page: int) -> bytes:
        asked.append(page)
        offset = (page - 4) * 4
        return MEMORY[offset : offset + 16]

    assert pod_hw._read_text(read_pages) == "card:knight-07"
    assert asked == [4, 8]  # 23 bytes of message: two 16-byte reads


class FakeStdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


def test_the_usb_link_splits_lines_on_newline_or_a_terminals_carriage_return(
    pod_hw: types.ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = b"$HELLO?*7D\r$BEEP,80*36\r\n"

    class Poll:
        def register(self, stream: object, mask: int) -> None:
            pass

        def poll(self, timeout: int) -> list[int]:
            return [1] if stdin.buffer.tell() < len(data) else []

    stdin = FakeStdin(data)
    monkeypatch.setattr(pod_hw.sys, "stdin", stdin)
    monkeypatch.setattr(pod_hw.select, "poll", Poll, raising=False)
    assert pod_hw.UsbLink().read_lines() == ["$HELLO?*7D", "$BEEP,80*36"]
