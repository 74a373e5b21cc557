"""Seat buttons over gpiozero, pressed through MockFactory pins."""

from __future__ import annotations

import threading

import pytest
from gpiozero.pins.mock import MockFactory

from console.inputs.buttons import ButtonPanel, pin_factory_name
from console.inputs.event_queue import EventQueue
from console.inputs.events import ButtonPressed, ButtonReleased, Key
from console.inputs.pins import load_pin_map
from tests.helpers.fake_clock import FakeClock

PINS = load_pin_map()


def test_pressing_a_seat_pin_posts_that_seats_key(pin_factory: MockFactory, clock: FakeClock) -> None:
    events = EventQueue()
    with ButtonPanel(PINS, events.post, pin_factory=pin_factory, clock=clock):
        pin_factory.pin(PINS.seats[2].keys[Key.OK]).drive_low()
        clock.advance(0.1)
        pin_factory.pin(PINS.seats[2].keys[Key.OK]).drive_high()
    assert events.drain() == [
        ButtonPressed(2, Key.OK, source="gpio"),
        ButtonReleased(2, Key.OK, source="gpio"),
    ]


def test_every_key_of_every_seat_has_its_own_pin(pin_factory: MockFactory, clock: FakeClock) -> None:
    events = EventQueue()
    with ButtonPanel(PINS, events.post, pin_factory=pin_factory, clock=clock):
        for seat, pins in PINS.seats.items():
            for key, pin in pins.keys.items():
                pin_factory.pin(pin).drive_low()
                assert events.drain() == [ButtonPressed(seat, key, source="gpio")]
                clock.advance(0.1)
                pin_factory.pin(pin).drive_high()
                clock.advance(0.1)
                events.drain()


def test_mock_pin_bounce_is_debounced_in_our_layer(pin_factory: MockFactory, clock: FakeClock) -> None:
    events = EventQueue()
    pin = pin_factory.pin(PINS.seats[1].keys[Key.DOWN])
    with ButtonPanel(PINS, events.post, pin_factory=pin_factory, clock=clock):
        pin.drive_low()
        for _ in range(3):  # the contacts chatter for a few milliseconds
            clock.advance(0.002)
            pin.drive_high()
            clock.advance(0.002)
            pin.drive_low()
    assert events.drain() == [ButtonPressed(1, Key.DOWN, source="gpio")]


def test_a_held_button_repeats_through_the_started_ticker(pin_factory: MockFactory, clock: FakeClock) -> None:
    events = EventQueue()
    with ButtonPanel(PINS, events.post, pin_factory=pin_factory, clock=clock) as panel:
        pin_factory.pin(PINS.seats[1].keys[Key.UP]).drive_low()
        clock.advance(1.0)
        panel.start(interval_s=0.001)
        assert events.wait_for(lambda e: getattr(e, "repeat", False), timeout=5) is not None


def test_only_the_chosen_seats_claim_pins(pin_factory: MockFactory, clock: FakeClock) -> None:
    with ButtonPanel(PINS, EventQueue().post, pin_factory=pin_factory, clock=clock, seats=[1, 3]) as panel:
        assert panel.seats == [1, 3]
        assert set(panel.leds) == {1, 3}


def test_seat_leds_follow_the_mode(pin_factory: MockFactory, clock: FakeClock) -> None:
    with ButtonPanel(PINS, EventQueue().post, pin_factory=pin_factory, clock=clock) as panel:
        panel.set_led(2, "ON")
        assert pin_factory.pin(PINS.seats[2].led).state
        panel.set_led(2, "OFF")
        assert not pin_factory.pin(PINS.seats[2].led).state


def test_close_frees_every_pin_and_is_safe_twice(pin_factory: MockFactory, clock: FakeClock) -> None:
    panel = ButtonPanel(PINS, EventQueue().post, pin_factory=pin_factory, clock=clock)
    panel.close()
    panel.close()
    ButtonPanel(PINS, EventQueue().post, pin_factory=pin_factory, clock=clock).close()


def test_a_failed_build_closes_what_it_had_built(pin_factory: MockFactory, clock: FakeClock) -> None:
    from gpiozero import LED
    from gpiozero.exc import GPIOPinInUse

    blocker = LED(PINS.status_led, pin_factory=pin_factory)
    threads_before = threading.active_count()
    with pytest.raises(GPIOPinInUse):
        ButtonPanel(PINS, EventQueue().post, pin_factory=pin_factory, clock=clock)
    assert threading.active_count() == threads_before
    blocker.close()
    ButtonPanel(PINS, EventQueue().post, pin_factory=pin_factory, clock=clock).close()


def test_stuck_keys_are_found_for_the_doctor(pin_factory: MockFactory, clock: FakeClock) -> None:
    with ButtonPanel(PINS, EventQueue().post, pin_factory=pin_factory, clock=clock) as panel:
        pin_factory.pin(PINS.seats[4].keys[Key.BACK]).drive_low()  # e.g. a switch shorted to GND
        assert panel.stuck_keys() == [(4, Key.BACK)]


def test_the_pin_factory_in_use_is_named(pin_factory: MockFactory) -> None:
    assert pin_factory_name(pin_factory) == "MockFactory"
