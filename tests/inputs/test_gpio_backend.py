"""A Pi gets its GPIO backend (lgpio) from the quick start, and the doctor names it when it is missing."""

from __future__ import annotations

import sys
import tomllib
import types
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from packaging.requirements import Requirement

from console.inputs.doctor import diagnose

PYPROJECT = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
PI_OS = {  # what Raspberry Pi OS (bookworm, Python 3.11) reports
    "Pi 4 or 5, 64-bit": {"sys_platform": "linux", "platform_machine": "aarch64"},
    "Pi 4, 32-bit userland": {"sys_platform": "linux", "platform_machine": "armv7l"},
}


def _lgpio() -> Requirement:
    [requirement] = [r for r in map(Requirement, PYPROJECT["project"]["dependencies"]) if r.name == "lgpio"]
    return requirement


@pytest.mark.parametrize("system", PI_OS.values(), ids=PI_OS.keys())
def test_the_plain_install_brings_lgpio_on_raspberry_pi_os(system: dict[str, str]) -> None:
    marker = _lgpio().marker
    assert marker is not None and marker.evaluate(system)


@pytest.mark.parametrize(
    "system",
    [
        {"sys_platform": "linux", "platform_machine": "x86_64"},
        {"sys_platform": "darwin", "platform_machine": "arm64"},
    ],
)
def test_lgpio_is_not_asked_for_where_there_is_no_pi_gpio(system: dict[str, str]) -> None:
    marker = _lgpio().marker
    assert marker is not None and not marker.evaluate(system)


@pytest.fixture
def no_default_factory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Device, "pin_factory", None)

    def nothing_loads() -> None:
        raise ImportError("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(nothing_loads))


def test_a_missing_lgpio_is_named_with_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, no_default_factory: None
) -> None:
    monkeypatch.setitem(sys.modules, "lgpio", None)  # import lgpio now raises ImportError
    [finding] = [f for f in diagnose(pods=["/dev/null-pod"], hello_timeout_s=0.01) if "GPIO" in f.what]
    assert not finding.ok and "its backend lgpio is missing" in finding.what
    assert "pip install lgpio" in finding.advice and "python3-lgpio" in finding.advice


def test_with_lgpio_but_no_gpio_chip_the_advice_is_the_gpio_group(
    monkeypatch: pytest.MonkeyPatch, no_default_factory: None
) -> None:
    monkeypatch.setitem(sys.modules, "lgpio", types.ModuleType("lgpio"))
    [finding] = [f for f in diagnose(pods=["/dev/null-pod"], hello_timeout_s=0.01) if "GPIO" in f.what]
    assert not finding.ok and "lgpio is installed" in finding.advice and "gpio group" in finding.advice
    assert "pip install" not in finding.advice


def test_a_fallback_factory_without_lgpio_is_flagged(monkeypatch: pytest.MonkeyPatch) -> None:
    class NativeFactory(MockFactory):  # stands in for gpiozero's fallback, which a Pi 5 cannot drive
        pass

    fallback = NativeFactory(revision="c03111")
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(lambda: fallback))
    monkeypatch.setitem(sys.modules, "lgpio", None)
    try:
        findings = diagnose(pods=["/dev/null-pod"], hello_timeout_s=0.01)
    finally:
        fallback.close()
    [flag] = [f for f in findings if "lgpio is missing" in f.what]
    assert not flag.ok and "fell back to NativeFactory" in flag.what and "pip install lgpio" in flag.advice
