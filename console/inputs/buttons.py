"""Seat buttons (UP, DOWN, OK, BACK) and seat LEDs on the Pi's GPIO header, through gpiozero.

Devices are built with an injectable pin factory (``pin_factory=None`` means gpiozero's default,
chosen by $GPIOZERO_PIN_FACTORY); tests pass a fresh ``MockFactory``. gpiozero's own bounce
handling is not used: every edge goes to a ``KeyTracker`` with our clock, which posts to the
one queue. Real edges arrive on lgpio's thread, mock ones in the caller's thread; both post the
same events.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Iterable
from typing import Any

from gpiozero import LED, Button, Device

from console.inputs.events import Key, Post
from console.inputs.keys import Clock, KeyTracker, Ticker
from console.inputs.pins import PinMap


class ButtonPanel:
    """Every seat's buttons and LED, plus the status LED. A context manager; ``close`` is safe
    to call twice and frees every pin."""

    def __init__(
        self,
        pin_map: PinMap,
        post: Post,
        *,
        pin_factory: Any = None,
        clock: Clock = time.monotonic,
        seats: Iterable[int] | None = None,
        source: str = "gpio",
    ) -> None:
        self.pin_map = pin_map
        self.tracker = KeyTracker(post, source=source, clock=clock, timing=pin_map.timing)
        self.buttons: dict[tuple[int, Key], Button] = {}
        self.leds: dict[int, LED] = {}
        self.status_led: LED | None = None
        self._ticker: Ticker | None = None
        self.tap: Callable[[int, str, bool], None] | None = None  # a recorder's: every edge
        wanted = set(pin_map.seats) if seats is None else set(seats)
        try:
            for seat, pins in pin_map.seats.items():
                if seat not in wanted:
                    continue
                for key, pin in pins.keys.items():
                    # bounce_time stays None: debounce is ours (mock pins ignore it anyway).
                    # hold_time is tiny because we never use when_held, and gpiozero's hold
                    # thread would otherwise keep close() waiting a whole second on a held key.
                    button = Button(
                        pin, pull_up=True, bounce_time=None, hold_time=0.01, pin_factory=pin_factory
                    )
                    button.when_pressed = self._edge_handler(seat, key, True)
                    button.when_released = self._edge_handler(seat, key, False)
                    self.buttons[seat, key] = button
                if pins.led is not None:
                    self.leds[seat] = LED(pins.led, pin_factory=pin_factory)
            if pin_map.status_led is not None:
                self.status_led = LED(pin_map.status_led, pin_factory=pin_factory)
        except BaseException:
            self.close()
            raise

    @property
    def seats(self) -> list[int]:
        return sorted({seat for seat, _ in self.buttons})

    def _edge_handler(self, seat: int, key: Key, pressed: bool) -> Callable[[], None]:
        def handle() -> None:
            if self.tap is not None:
                self.tap(seat, key.value, pressed)
            self.tracker.edge(seat, key, pressed)

        return handle

    def start(self, interval_s: float = 0.01) -> ButtonPanel:
        """Start the thread that posts repeats and settles short taps (real hardware)."""
        if self._ticker is None:
            self._ticker = Ticker(self.tracker.tick, interval_s, name="button-ticker")
            self._ticker.start()
        return self

    def tick(self) -> None:
        self.tracker.tick()

    def set_led(self, seat: int, mode: str) -> None:
        """``mode`` is ON, OFF or BLINK (the seat whose turn it is)."""
        led = self.leds.get(seat)
        if led is None:
            return
        if mode == "ON":
            led.on()
        elif mode == "BLINK":
            led.blink(on_time=0.3, off_time=0.3)
        else:
            led.off()

    def stuck_keys(self) -> list[tuple[int, Key]]:
        """Buttons that read pressed while nobody should be touching them: a short, or a
        switch wired to the wrong rail. For ``tabletop doctor``."""
        return [place for place, button in self.buttons.items() if button.is_pressed]

    def close(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        devices: list[Device] = [*self.buttons.values(), *self.leds.values()]
        if self.status_led is not None:
            devices.append(self.status_led)
        for button in self.buttons.values():
            # Wake every Button's hold thread first: each one otherwise sleeps up to 0.1 s in
            # close(), and sixteen of them in a row made shutdown take over a second.
            hold_thread = getattr(button, "_hold_thread", None)
            if hold_thread is not None:
                hold_thread.stopping.set()
                hold_thread.holding.set()
        for device in devices:
            device.close()
        self.buttons.clear()
        self.leds.clear()
        self.status_led = None

    def __enter__(self) -> ButtonPanel:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def pin_factory_name(pin_factory: Any = None) -> str:
    """Which pin factory is in use (for ``tabletop doctor``)."""
    factory = pin_factory or Device.pin_factory
    if factory is None:
        try:
            with warnings.catch_warnings():  # one fallback warning per factory tried: noise here
                warnings.simplefilter("ignore")
                factory = Device._default_pin_factory()
            Device.pin_factory = factory
        except Exception as error:  # gpiozero raises several types when no GPIO exists
            return f"none ({error})"
    return type(factory).__name__
