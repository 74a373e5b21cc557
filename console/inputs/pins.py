"""The hub's pin map (hardware/pins.toml, shipped in the package), read and checked at start.

A mistake in the file (an unknown key, a pin used twice, a pin the Pi reserves) is refused with
an error naming the entry, before any device is built.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from console.inputs.events import Key
from console.inputs.keys import KeyTiming
from console.resources import shipped_folder

DEFAULT_PIN_FILE = shipped_folder("hardware") / "pins.toml"
PIN_FILE_ENV = "TABLETOP_PINS"
# GPIO0/1 carry the HAT ID EEPROM; a button there can confuse boot.
RESERVED = {0: "the HAT ID EEPROM", 1: "the HAT ID EEPROM"}
MAX_SEATS = 4


class PinMapError(ValueError):
    """The pin map file is wrong; the message names the entry."""


@dataclass(frozen=True)
class SeatPins:
    seat: int
    keys: dict[Key, int]
    led: int | None = None


@dataclass(frozen=True)
class PinMap:
    seats: dict[int, SeatPins]
    status_led: int | None = None
    timing: KeyTiming = field(default_factory=KeyTiming)
    source: str = ""

    def all_pins(self) -> dict[int, str]:
        """Every pin in use, with the entry that uses it."""
        used: dict[int, str] = {}
        for seat in self.seats.values():
            for key, pin in seat.keys.items():
                used[pin] = f"seats.{seat.seat}.{key.lower()}"
            if seat.led is not None:
                used[seat.led] = f"seats.{seat.seat}.led"
        if self.status_led is not None:
            used[self.status_led] = "status.led"
        return used


def load_pin_map(path: str | Path | None = None) -> PinMap:
    """Read ``path``, else $TABLETOP_PINS, else hardware/pins.toml."""
    path = Path(path or os.environ.get(PIN_FILE_ENV) or DEFAULT_PIN_FILE)
    try:
        data = tomllib.loads(path.read_text())
    except FileNotFoundError:
        raise PinMapError(f"no pin map at {path} (set {PIN_FILE_ENV} to its path)") from None
    except tomllib.TOMLDecodeError as error:
        raise PinMapError(f"{path}: not valid TOML: {error}") from None
    return parse_pin_map(data, source=str(path))


def parse_pin_map(data: dict[str, Any], source: str = "pins.toml") -> PinMap:
    _only(data, {"seats", "status", "timing"}, source, "")
    used: dict[int, str] = {}
    seats = {}
    for seat_name, entry in data.get("seats", {}).items():
        where = f"seats.{seat_name}"
        if not seat_name.isdigit() or not 1 <= int(seat_name) <= MAX_SEATS:
            raise PinMapError(f"{source}: [{where}] must be a seat from 1 to {MAX_SEATS}")
        seat = int(seat_name)
        _only(entry, {"up", "down", "ok", "back", "led"}, source, where)
        keys = {}
        for key in Key:
            name = key.lower()
            if name not in entry:
                raise PinMapError(f"{source}: [{where}] has no {name} pin")
            keys[key] = _pin(entry[name], f"{where}.{name}", source, used)
        led = _pin(entry["led"], f"{where}.led", source, used) if "led" in entry else None
        seats[seat] = SeatPins(seat, keys, led)
    status = data.get("status", {})
    _only(status, {"led"}, source, "status")
    status_led = _pin(status["led"], "status.led", source, used) if "led" in status else None
    timing = data.get("timing", {})
    _only(timing, {"bounce_ms", "repeat_delay_ms", "repeat_interval_ms"}, source, "timing")
    defaults = KeyTiming()
    return PinMap(
        seats=dict(sorted(seats.items())),
        status_led=status_led,
        timing=KeyTiming(
            bounce_s=_millis(timing, "bounce_ms", defaults.bounce_s, source),
            repeat_delay_s=_millis(timing, "repeat_delay_ms", defaults.repeat_delay_s, source),
            repeat_interval_s=_millis(timing, "repeat_interval_ms", defaults.repeat_interval_s, source),
        ),
        source=source,
    )


def _only(entry: Any, allowed: set[str], source: str, where: str) -> None:
    if not isinstance(entry, dict):
        raise PinMapError(f"{source}: [{where}] must be a table")
    unknown = sorted(set(entry) - allowed)
    if unknown:
        prefix = f"{where}." if where else ""
        allowed_text = ", ".join(sorted(allowed))
        raise PinMapError(f"{source}: unknown entry {prefix}{unknown[0]} (allowed: {allowed_text})")


def _pin(value: Any, where: str, source: str, used: dict[int, str]) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 27:
        raise PinMapError(f"{source}: {where} = {value!r} is not a GPIO number from 0 to 27")
    if value in RESERVED:
        raise PinMapError(f"{source}: {where} = GPIO{value} is reserved for {RESERVED[value]}")
    if value in used:
        raise PinMapError(f"{source}: {where} = GPIO{value} is already used by {used[value]}")
    used[value] = where
    return value


def _millis(timing: dict[str, Any], name: str, default_s: float, source: str) -> float:
    value = timing.get(name, default_s * 1000)
    if not isinstance(value, int | float) or isinstance(value, bool) or not 0 <= value <= 10_000:
        raise PinMapError(f"{source}: timing.{name} = {value!r} must be milliseconds from 0 to 10000")
    return value / 1000
