"""Input benchmarks for ``tabletop bench inputs``: figures, never pass/fail.

* ``pods.parse_frames_per_s``: frames ``parse_line`` turns into values per second.
* ``pods.frame_to_queue_p50_ms`` / ``_p99_ms``: from a CARD frame written to a pty's
  pod end to its ``CardScanned`` on the queue, through pyserial and the reader thread.
* ``pods.composer_us_per_event``: a scan or press of the default game turned into an outcome.
* ``pods.scan_to_feedback_p50_ms`` / ``_p99_ms``: a CARD frame from a simulated pod to the first
  LED or BEEP frame back, through a whole hub, four pods scanning at once (no stable window).
* ``pods.stable_scan_to_feedback_p99_ms``: the same with the default stable window (300 ms), from
  the scan's stable point (the CARD frame plus the window) to the seat's LED or beep: at most 150.
"""

from __future__ import annotations

import os
import statistics
import threading
import time

from console.games import DEFAULT_GAME
from console.inputs import protocol
from console.inputs.events import CardScanned, InputEvent, Key
from console.inputs.pods import PodSource
from console.inputs.simulated import _Pty


def parse_frames_per_s(count: int = 100_000) -> float:
    lines = [
        protocol.encode(frame)
        for frame in (
            protocol.CardSeen(17, 1, "04A1B2C3D4E5F6", f"card:{DEFAULT_GAME}:4"),
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

    from console.games import DEFAULT_GAME, find_game
    from console.inputs.events import ButtonPressed
    from console.physical.cardmap import CardMap
    from console.physical.composer import Committed, Composer

    game = find_game(DEFAULT_GAME)
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
            seat = action.supplier()
            assert seat is not None, "the default game's chance cards come from a seat"
            event: InputEvent = CardScanned(seat, text=f"card:{DEFAULT_GAME}:{action.cards()[0]}")
        else:
            event = ButtonPressed(state.to_act[0], Key.OK)
        started = time.perf_counter()
        outcome = composer.handle(event, state)
        elapsed += time.perf_counter() - started
        events += 1
        assert isinstance(outcome, Committed)
        state.apply(outcome.action)
    return elapsed / events * 1e6


def scan_to_feedback_ms(scans_per_pod: int = 60, pods: int = 4, stable_ms: int = 0) -> list[float]:
    """From a CARD frame a simulated pod sends to the first LED or BEEP frame its firmware gets
    back, through a whole hub (a journal, a table's worker, the composer), with four pods
    scanning at once. Cards are a draw of the default game when the seat has one to scan, else
    refused. With ``stable_ms`` the hub counts a card once it has lain still that long, and the
    latency runs from that stable point (the CARD frame plus the window)."""
    import tempfile
    from pathlib import Path

    from console.games.core import CHANCE
    from console.hub.config import HubConfig, InputsConfig, TableConfig
    from console.hub.service import Hub
    from console.physical.cardmap import card_text

    with tempfile.TemporaryDirectory() as folder:
        table = TableConfig(game=DEFAULT_GAME, players=pods, seats=("pod",) * pods, chance="physical", seed=1)
        hub = Hub(
            HubConfig(
                journal=Path(folder) / "bench.db",
                bot_delay_s=0,
                chance_delay_s=0,
                table=table,
                inputs=InputsConfig(mode="simulated", stable_ms=stable_ms),
            )
        ).start()
        try:
            worker = hub.tables()[0]
            sims = {pod.seat: pod for pod in hub.inputs.simulated_pods}
            for pod in sims.values():  # lit: HELLO heard and the seat's state shown
                deadline = time.monotonic() + 10
                while not pod.leds[0].history and time.monotonic() < deadline:
                    time.sleep(0.01)
            latencies: list[float] = []
            lock = threading.Lock()

            def scanner(seat: int) -> None:
                pod = sims[seat]
                for number in range(scans_per_pod):
                    legal = worker.table.state.copy().legal_actions(CHANCE)
                    draws = [a for a in legal if a.supplier() == seat]
                    text = card_text(DEFAULT_GAME, draws[0].cards()[0]) if draws else "no card"
                    heard = len(pod.beeper.times), len(pod.leds[0].history)
                    mark = len(pod.sent)
                    pod.place(f"04{seat:02X}{number:010X}", text)
                    sent = pod.sent
                    # this card's first frame (a RESEND may repeat it later)
                    first = next(i for i in range(mark, len(sent)) if sent[i].startswith("$CARD,"))
                    card_at = pod.sent_at[first]
                    deadline = time.monotonic() + 5
                    # every scan is answered with a beep (once: taken; twice: refused); the LED
                    # may change sooner for another seat's move, so with a window only the beep counts
                    while len(pod.beeper.times) == heard[0] and (
                        stable_ms or len(pod.leds[0].history) == heard[1]
                    ):
                        if time.monotonic() > deadline:
                            raise RuntimeError(f"pod {seat}: no feedback in 5 s")
                        time.sleep(0.0005)
                    answers = [
                        *pod.beeper.times[heard[0] :],
                        *(t for t, _ in pod.leds[0].history[heard[1] :] if not stable_ms),
                    ]
                    with lock:
                        latencies.append((min(answers) - card_at) * 1000 - stable_ms)
                    pod.remove()
                    quiet_since, beeps = time.monotonic(), len(pod.beeper.times)
                    while time.monotonic() - quiet_since < 0.3:  # a refusal's second beep goes by
                        if len(pod.beeper.times) != beeps:
                            quiet_since, beeps = time.monotonic(), len(pod.beeper.times)
                        time.sleep(0.01)

            threads = [threading.Thread(target=scanner, args=(seat,)) for seat in sims]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            return latencies
        finally:
            hub.stop()


def benchmarks() -> list[dict[str, object]]:
    feedback = sorted(scan_to_feedback_ms())
    stable = sorted(scan_to_feedback_ms(scans_per_pod=30, stable_ms=300))
    latencies = sorted(frame_to_queue_ms())
    return [
        {"name": "pods.parse_frames_per_s", "value": parse_frames_per_s(), "unit": "frames/s"},
        {"name": "pods.frame_to_queue_p50_ms", "value": statistics.median(latencies), "unit": "ms"},
        {
            "name": "pods.frame_to_queue_p99_ms",
            "value": latencies[int(len(latencies) * 0.99) - 1],
            "unit": "ms",
        },
        {"name": "pods.composer_us_per_event", "value": composer_us_per_event(), "unit": "us"},
        {"name": "pods.scan_to_feedback_p50_ms", "value": statistics.median(feedback), "unit": "ms"},
        {
            "name": "pods.scan_to_feedback_p99_ms",
            "value": feedback[int(len(feedback) * 0.99) - 1],
            "unit": "ms",
        },
        {
            "name": "pods.stable_scan_to_feedback_p99_ms",
            "value": stable[int(len(stable) * 0.99) - 1],
            "unit": "ms",
        },
    ]


if __name__ == "__main__":
    for figure in benchmarks():
        print(f"{figure['name']:<40} {figure['value']:>12.3f} {figure['unit']}")
