"""Debounce and hold-to-repeat for seat buttons, in our own event layer with an injected clock.

gpiozero's mock pins ignore ``bounce_time``, and pod buttons arrive already debounced, so the
timing rules live here where both real and simulated presses go through them:

* leading-edge debounce: the first edge is taken at once (no added latency); edges within
  ``bounce_s`` after it are contact bounce and ignored. ``tick`` settles a key whose level
  differs from what was reported once the window is over, so a short tap is never lost.
* hold-to-repeat: a key in ``repeat_keys`` held for ``repeat_delay_s`` posts a repeat
  ``ButtonPressed`` every ``repeat_interval_s``, at most one per tick (a late tick never bursts).
* long press: a key in ``long_keys`` held for ``long_press_s`` posts one ``ButtonHeld``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from console.inputs.events import ButtonHeld, ButtonPressed, ButtonReleased, Key, Post

Clock = Callable[[], float]


@dataclass(frozen=True)
class KeyTiming:
    bounce_s: float = 0.03
    repeat_delay_s: float = 0.4
    repeat_interval_s: float = 0.12
    repeat_keys: frozenset[Key] = frozenset({Key.UP, Key.DOWN})
    # BACK held this long asks for help (a judge at a venue): far longer than any "back" press.
    long_press_s: float = 3.0
    long_keys: frozenset[Key] = frozenset({Key.BACK})


@dataclass
class _KeyState:
    reported: bool = False  # what we last told the queue
    level: bool = False  # what the pin said last
    changed_at: float = float("-inf")  # when ``reported`` last changed
    next_repeat: float = float("inf")
    long_at: float = float("inf")  # when a held key becomes a long press


class KeyTracker:
    """Turns raw key edges into debounced press, repeat and release events. Thread-safe."""

    def __init__(
        self, post: Post, *, source: str, clock: Clock = time.monotonic, timing: KeyTiming | None = None
    ) -> None:
        self.post = post
        self.source = source
        self.clock = clock
        self.timing = timing or KeyTiming()
        self._keys: dict[tuple[int, Key], _KeyState] = {}
        self._lock = threading.Lock()

    def edge(self, seat: int, key: Key, pressed: bool) -> None:
        """The pin of ``key`` at ``seat`` now reads ``pressed``."""
        with self._lock:
            now = self.clock()
            state = self._keys.setdefault((seat, key), _KeyState())
            state.level = pressed
            if pressed != state.reported and now - state.changed_at >= self.timing.bounce_s:
                self._report(seat, key, state, now)

    def tick(self) -> None:
        """Settle keys whose bounce window is over and post repeats that are due."""
        with self._lock:
            now = self.clock()
            for (seat, key), state in self._keys.items():
                if state.level != state.reported and now - state.changed_at >= self.timing.bounce_s:
                    self._report(seat, key, state, now)
                elif state.reported and now >= state.next_repeat:
                    state.next_repeat = now + self.timing.repeat_interval_s
                    self.post(ButtonPressed(seat, key, repeat=True, source=self.source))
                if state.reported and now >= state.long_at:
                    state.long_at = float("inf")  # once a press
                    self.post(ButtonHeld(seat, key, source=self.source))

    def release_all(self, seats: Iterable[int] | None = None) -> None:
        """Forget held keys without posting (a pod that vanished cannot be held)."""
        with self._lock:
            for (seat, _key), state in self._keys.items():
                if seats is None or seat in seats:
                    state.reported = state.level = False
                    state.next_repeat = state.long_at = float("inf")

    def _report(self, seat: int, key: Key, state: _KeyState, now: float) -> None:
        state.reported = state.level
        state.changed_at = now
        if state.reported:
            repeats = key in self.timing.repeat_keys
            state.next_repeat = now + self.timing.repeat_delay_s if repeats else float("inf")
            state.long_at = now + self.timing.long_press_s if key in self.timing.long_keys else float("inf")
            self.post(ButtonPressed(seat, key, source=self.source))
        else:
            state.next_repeat = state.long_at = float("inf")
            self.post(ButtonReleased(seat, key, source=self.source))


class Ticker:
    """A daemon thread calling ``tick`` every ``interval_s`` until stopped (real hardware only
    needs it for repeats and settling; tests may call ``tick`` themselves)."""

    def __init__(self, tick: Callable[[], None], interval_s: float = 0.01, name: str = "key-ticker") -> None:
        self._tick = tick
        self._interval_s = interval_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self._interval_s):
            self._tick()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=1)
