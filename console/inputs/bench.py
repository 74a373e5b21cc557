"""Input benchmarks for ``tabletop bench inputs``: figures, never pass/fail.

* ``pods.parse_frames_per_s``: frames ``parse_line`` turns into values per second.
* ``pods.frame_to_queue_p50_ms`` / ``_p99_ms``: from a CARD frame written to a pty's
  pod end to its ``CardScanned`` on the queue, through pyserial and the reader thread.
* ``pods.composer_us_per_event``: a Wisteria scan or press turned into an outcome.
"""

from __future__ import annotations

import os
import statistics
import threading
import time

from console.inputs import protocol
from console.inputs.events import CardScanned, InputEvent, Key
from console.inputs.pods import PodSource
from console.inputs.simulated import _Pty


def parse_frames_per_s(count: int = 100_000) -> float:
    lines = [
        protocol.encode(frame)
        for frame in (
            protocol.CardSeen(17, 1, "04A1B2C3D4E5F6", "card:wisteria:4"),
            protocol.Heartbeat(17, 123456),
            protocol.ButtonFrame(18, "DOWN", True),
            protocol.CardGone(19, 1),
        )
    ]
    started = time.perf_counter()
    for index in range(count):
        protocol.parse_line(lines[index & 3])
    return count / (time.perf_counter() - started)


def frame_to_queue_ms(samples: int = 500) -> list[float]:
    """Latencies of CARD frames written by a pretend pod on a pty until they are on the queue."""
    pty = _Pty()
    arrived = threading.Event()
    arrival: list[float] = []

    def post(event: InputEvent) -> None:
        if isinstance(event, CardScanned):
            arrival.append(time.perf_counter())
            arrived.set()

    source = PodSource(pty.device, post, name="bench", heartbeat_timeout_s=60).start()
    try:
        os.set_blocking(pty.master, True)
        pending = b""
        while b"HELLO?" not in pending:  # the hub asks as soon as it has opened the port
            pending += os.read(pty.master, 64)
        os.write(pty.master, protocol.encode(protocol.Hello(0, "bench", 1, "BENCH", "0001", 1, 1)))
        latencies = []
        for number in range(1, samples + 1):
            arrived.clear()
            frame = protocol.encode(protocol.CardSeen(number % 256, 1, f"{number:08X}"))
            sent = time.perf_counter()
            os.write(pty.master, frame)
            if not arrived.wait(2.0):
                raise RuntimeError(f"frame {number} never reached the queue")
            latencies.append((arrival[-1] - sent) * 1000)
        return latencies
    finally:
        source.close()
        pty.close()


def composer_us_per_event(rounds: int = 2000) -> float:
    import random

    from console.games import find_game
    from console.inputs.cardmap import CardMap
    from console.inputs.composer import Committed, Composer
    from console.inputs.events import ButtonPressed

    game = find_game("wisteria")
    composer = Composer(game, CardMap(game))
    rng = random.Random(0)
    state = game.new(2, seed=0)
    events = 0
    elapsed = 0.0
    while events < rounds:
        if state.is_over:
            state = game.new(2, seed=events)
        if state.to_act == (0,):
            action = state.sample_chance(rng)
            event: InputEvent = CardScanned(action.owner, text=f"card:wisteria:{action.strength}")  # type: ignore[attr-defined]
        else:
            event = ButtonPressed(state.to_act[0], Key.OK)
        started = time.perf_counter()
        outcome = composer.handle(event, state)
        elapsed += time.perf_counter() - started
        events += 1
        assert isinstance(outcome, Committed)
        state.apply(outcome.action)
    return elapsed / events * 1e6


def benchmarks() -> list[dict[str, object]]:
    latencies = sorted(frame_to_queue_ms())
    return [
        {"name": "pods.parse_frames_per_s", "value": parse_frames_per_s(), "unit": "frames/s"},
        {"name": "pods.frame_to_queue_p50_ms", "value": statistics.median(latencies), "unit": "ms"},
        {"name": "pods.frame_to_queue_p99_ms",
         "value": latencies[int(len(latencies) * 0.99) - 1], "unit": "ms"},
        {"name": "pods.composer_us_per_event", "value": composer_us_per_event(), "unit": "us"},
    ]


if __name__ == "__main__":
    for figure in benchmarks():
        print(f"{figure['name']:<40} {figure['value']:>12.3f} {figure['unit']}")
