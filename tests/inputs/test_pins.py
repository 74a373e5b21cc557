"""The pin map file: the default map and the mistakes it refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.inputs.events import Key
from console.inputs.pins import PinMapError, load_pin_map, parse_pin_map


def test_the_default_map_has_four_seats_of_four_keys_and_a_led() -> None:
    pins = load_pin_map()
    assert sorted(pins.seats) == [1, 2, 3, 4]
    assert all(set(seat.keys) == set(Key) and seat.led is not None for seat in pins.seats.values())
    assert pins.status_led == 20


def test_the_default_map_leaves_i2c_and_the_uart_free() -> None:
    assert not {2, 3, 14, 15} & set(load_pin_map().all_pins())


def test_timing_is_read_in_milliseconds() -> None:
    assert load_pin_map().timing.bounce_s == pytest.approx(0.03)


def seat(**pins: int) -> dict:
    return {"seats": {"1": {"up": 4, "down": 17, "ok": 27, "back": 22, **pins}}}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (seat(ok=4), "seats.1.ok = GPIO4 is already used by seats.1.up"),
        (seat(led=0), "seats.1.led = GPIO0 is reserved"),
        (seat(back=40), "seats.1.back = 40 is not a GPIO number"),
        (seat(left=5), "unknown entry seats.1.left"),
        ({"seats": {"9": {}}}, "[seats.9] must be a seat from 1 to 4"),
        ({"seats": {"1": {"up": 4}}}, "[seats.1] has no down pin"),
        ({**seat(), "timing": {"bounce_ms": -1}}, "timing.bounce_ms = -1"),
        ({"extra": 1}, "unknown entry extra"),
    ],
)
def test_a_bad_entry_is_refused_naming_it(data: dict, message: str) -> None:
    with pytest.raises(PinMapError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_pin_map(data)


def test_a_missing_file_says_how_to_point_at_one(tmp_path: Path) -> None:
    with pytest.raises(PinMapError, match="TABLETOP_PINS"):
        load_pin_map(tmp_path / "nope.toml")
