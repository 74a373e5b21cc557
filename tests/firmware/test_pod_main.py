"""The firmware's entry point (main.py) with fake Pico modules: it builds one reader per chip
select in reader order, and BACK held at power-up leaves the REPL free."""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from console.inputs.firmware import FIRMWARE_DIR, load_firmware_module


class FakeRc522:
    OK, REQIDL = 0, 0x26

    def __init__(self, **settings: int) -> None:
        self.settings = settings


class FakePin:
    IN, OUT, PULL_UP = 0, 1, 2

    def __init__(self, number: int, *args: Any) -> None:
        self.number = number

    def value(self, *args: int) -> int:
        return 0  # every button reads pressed: BACK is held at power-up


def load(name: str, path: Path) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def main_module(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> types.ModuleType:
    load_firmware_module("pod_core")
    machine = types.ModuleType("machine")
    machine.Pin = FakePin  # type: ignore[attr-defined]
    machine.PWM = object  # type: ignore[attr-defined]
    machine.unique_id = lambda: b"\x01\x02\x03\x04"  # type: ignore[attr-defined]
    micropython = types.ModuleType("micropython")
    micropython.kbd_intr = lambda code: None  # type: ignore[attr-defined]
    mfrc522 = types.ModuleType("mfrc522")
    mfrc522.MFRC522 = FakeRc522  # type: ignore[attr-defined]
    select_module = types.ModuleType("select")
    select_module.POLLIN = 1  # type: ignore[attr-defined]
    select_module.poll = lambda: types.SimpleNamespace(register=lambda *a: None)  # type: ignore[attr-defined]
    for name, module in (
        ("machine", machine),
        ("micropython", micropython),
        ("mfrc522", mfrc522),
        ("select", select_module),
    ):
        monkeypatch.setitem(sys.modules, name, module)
    for name in ("config", "pod_hw", "pod_main_under_test"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    load("config", FIRMWARE_DIR / "config.py")
    load("pod_hw", FIRMWARE_DIR / "pod_hw.py")
    module = load("pod_main_under_test", FIRMWARE_DIR / "main.py")
    assert "BACK held at power-up" in capsys.readouterr().out
    for name in ("config", "pod_hw", "pod_main_under_test"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return module


def test_back_held_at_power_up_leaves_the_repl_free(main_module: types.ModuleType) -> None:
    assert hasattr(main_module, "build_pod")  # it was loaded, and run() returned at once


def test_one_rc522_reader_is_built_per_chip_select_in_reader_order(main_module: types.ModuleType) -> None:
    main_module.config.RC522_CS = [1, 6, 7]  # a Wheels seat kit: shelves 1 to 3
    readers = main_module.build_readers()
    assert [reader.driver.settings["cs"] for reader in readers] == [1, 6, 7]
    assert all(reader.driver.settings["sck"] == main_module.config.RC522["sck"] for reader in readers)


def test_a_standard_pod_has_one_reader(main_module: types.ModuleType) -> None:
    assert len(main_module.build_readers()) == 1
