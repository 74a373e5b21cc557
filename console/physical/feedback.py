"""Feedback at the seat: each seat's LED says your turn, choosing, refused or waiting, and the pod
beeps once for an accepted scan or press and twice for a refusal (hardware/protocol.md, "Feedback").

A ``Light`` is one seat LED (a pod's own LED, or a seat LED on the Pi's GPIO panel), perhaps with a
beeper. It remembers the mode it shows, so the hub sends a frame only when the mode changes.
"""

from __future__ import annotations

import contextlib
import functools
import heapq
import itertools
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

# The seat's states and the LED mode each shows (the pod's LED 0, or the seat's GPIO LED).
TURN, CHOOSING, REFUSED, WAITING = "your turn", "choosing", "refused", "waiting"
MODES = {TURN: "ON", CHOOSING: "BLINK", WAITING: "OFF"}
BEEP_MS = 60
BEEP_GAP_S = 0.15  # between the two beeps of a refusal
FLICKER_S = 0.1  # a refusal: the LED flickers ON/OFF this fast (BLINK is 0.3 s), then shows the state
FLICKERS = 3


class Scheduler:
    """One thread that runs small jobs at their time (a refusal's second beep, its flicker)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._jobs: list[tuple[float, int, Callable[[], None]]] = []
        self._order = itertools.count()
        self._wake = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="seat-feedback", daemon=True)
        self._thread.start()

    def after(self, seconds: float, job: Callable[[], None]) -> None:
        with self._wake:
            heapq.heappush(self._jobs, (self.clock() + seconds, next(self._order), job))
            self._wake.notify()

    def close(self) -> None:
        with self._wake:
            self._closed = True
            self._wake.notify()
        self._thread.join(2.0)

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._closed and (not self._jobs or self._jobs[0][0] > self.clock()):
                    self._wake.wait(None if not self._jobs else max(0.0, self._jobs[0][0] - self.clock()))
                if self._closed:
                    return
                _, _, job = heapq.heappop(self._jobs)
            with contextlib.suppress(Exception):  # a pod unplugged mid-flicker: the next change resends
                job()


class Light:
    """One seat LED. ``send_mode`` and ``send_beep`` write to the hardware; False if they could not."""

    def __init__(
        self, name: str, send_mode: Callable[[str], Any], send_beep: Callable[[int], Any] | None = None
    ) -> None:
        self.name = name
        self.send_mode = send_mode
        self.send_beep = send_beep
        self.mode = ""  # what it shows now; "" after a (re)connect: unknown
        self.wanted = MODES[WAITING]
        self.flickering = 0  # refusals whose flicker is still running

    def show(self, mode: str) -> None:
        self.wanted = mode
        if not self.flickering and mode != self.mode:
            self.mode = mode
            self.send_mode(mode)

    def forget(self) -> None:
        """The device reconnected: it shows nothing we know; send the state again."""
        self.mode = ""
        self.show(self.wanted)

    def beep(self, ms: int = BEEP_MS) -> None:
        if self.send_beep is not None:
            self.send_beep(ms)

    def refused(self, scheduler: Scheduler) -> None:
        """Two beeps, and a fast flicker, then the seat's state again."""
        self.beep()
        scheduler.after(BEEP_GAP_S, self.beep)
        self.flicker(scheduler)

    def flicker(self, scheduler: Scheduler) -> None:
        """A fast flicker, then the seat's state again: a refusal's, or a nudge's (silent)."""
        self.flickering += 1
        for step in range(2 * FLICKERS):
            mode = "ON" if step % 2 == 0 else "OFF"
            scheduler.after(step * FLICKER_S, functools.partial(self._flick, mode))
        scheduler.after(2 * FLICKERS * FLICKER_S, self._flicker_done)

    def _flick(self, mode: str) -> None:
        self.mode = mode
        self.send_mode(mode)

    def _flicker_done(self) -> None:
        self.flickering -= 1
        if not self.flickering:
            self.mode = ""
            self.show(self.wanted)


class TableFeedback:
    """The lights of one table's seats. ``lights(seat)`` names the lights a seat has now (its
    bound kits); ``source_light(source)`` the light of the kit an event came from."""

    def __init__(
        self,
        lights: Callable[[int], Iterable[Light]],
        source_light: Callable[[str], Light | None],
        scheduler: Scheduler,
    ) -> None:
        self.lights = lights
        self.source_light = source_light
        self.scheduler = scheduler

    def answered(self, seat: int, source: str, accepted: bool) -> None:
        """A scan or press was taken (one beep) or refused (two, and the seat's LEDs flicker), by
        the seat's pod whichever kit it came from (a GPIO panel has no beeper)."""
        lights = list(self.lights(seat))
        if not lights:
            light = self.source_light(source)
            lights = [light] if light is not None else []
        for light in lights:
            if accepted:
                light.beep()
            else:
                light.refused(self.scheduler)

    def nudge(self, seat: int) -> None:
        """The table has waited long for ``seat``: its LEDs flicker (no beep: nobody did wrong)."""
        for light in self.lights(seat):
            light.flicker(self.scheduler)

    def show(self, states: dict[int, str]) -> None:
        for seat, state in states.items():
            for light in self.lights(seat):
                light.show(MODES[state])

    def seats_with_lights(self, players: int) -> list[int]:
        return [seat for seat in range(1, players + 1) if any(True for _ in self.lights(seat))]
