"""A whole game played at a real hub with simulated hardware, under ``tabletop record``'s recorder:
scripted players scan with the hub's simulated pods and press their pod buttons or the mock GPIO
pins, and wait for the hub to answer each gesture. It makes the recordings in tests/recordings/.

``python -m tests.helpers.hubplay wisteria tests/recordings/wisteria.jsonl`` remakes one.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from console.games.core import CHANCE, Action
from console.hub.config import HubConfig, InputsConfig, TableConfig
from console.hub.service import Hub
from console.hub.worker import Barrier, TableWorker
from console.inputs.events import Key
from console.inputs.pins import load_pin_map
from console.inputs.recording import Recorder
from console.physical.cardmap import card_text
from tests.helpers.cursor_walk import commits, presses_toward

WAIT_S = 10.0
# How much longer than the debouncer's bounce window a press is held, and a released key left
# up: the recorder's clock reads the edge a moment apart from the debouncer's.
EDGE_MARGIN_S = 0.01
# Each title's game for its recording: small, so the file is small, and physical chance throughout.
GAMES: dict[str, dict[str, Any]] = {
    "wisteria": {
        "players": 3,
        "seed": 2,
        "options": {"deck": "1 2 3 4 5 6 1 2 3"},
        "presses": {1: "pod", 2: "gpio", 3: "pod"},
    },
    "wheels": {"players": 2, "seed": 1, "options": {}, "presses": {1: "pod", 2: "gpio"}},
    "watch": {
        "players": 4,
        "seed": 9,
        "options": {"max_rounds": 2, "copies": "single"},
        "presses": {1: "pod", 2: "gpio", 3: "pod", 4: "gpio"},
    },
}


class HubTable:
    """The hands of every seat at one hub table: pods to scan and press, or GPIO pins to press."""

    def __init__(self, hub: Hub, presses: Mapping[int, str], rng: random.Random) -> None:
        self.hub, self.presses, self.rng = hub, dict(presses), rng
        self.worker: TableWorker = hub.tables()[0]
        self.pods = {pod.seat: pod for pod in hub.inputs.simulated_pods}
        self.pin_map = load_pin_map()
        self.gestures = 0
        self.seat_gestures: Counter[int] = Counter()  # scans and presses, by seat: each beeps
        self.last_edge: dict[int, float] = {}  # GPIO pin number: when it last changed level
        deadline = time.monotonic() + WAIT_S
        router = hub.router
        assert router is not None  # the hub started its inputs
        while len(router.kits.aliases) < len(self.pods):  # every pod has said HELLO
            if time.monotonic() > deadline:
                raise TimeoutError("the simulated pods did not all say HELLO")
            time.sleep(0.01)
        self.settle()

    def settle(self) -> None:
        self.worker.post(Barrier()).result(WAIT_S)

    def _answered(self, gesture: Any) -> None:
        """Do the gesture, then wait until the hub has answered it (a new snapshot)."""
        before = self.worker.channel.snapshot.version
        gesture()
        deadline = time.monotonic() + WAIT_S
        while self.worker.channel.snapshot.version == before:
            if time.monotonic() > deadline:
                raise TimeoutError("the hub never answered a gesture")
            time.sleep(0.002)
        self.settle()
        self.gestures += 1

    def scan(self, seat: int, card: str) -> None:
        uid = f"04{seat:02X}{abs(hash(card)) % 16**10:010X}"
        text = card_text(self.worker.table.game.name, card)
        self._answered(lambda: self.pods[seat].scan(uid, text))
        self.seat_gestures[seat] += 1

    def press(self, seat: int, key: Key) -> None:
        if self.presses[seat] == "pod":
            self._answered(lambda: self.pods[seat].tap(key))
            self.seat_gestures[seat] += 1
            return
        number = self.pin_map.seats[seat].keys[key]
        pin = self.hub.inputs.pin_factory.pin(number)
        # Each edge comes a bounce window and a margin after the pin's last edge (as a finger's
        # press and release do), so the debouncer takes both at once. The wait after a release is
        # kept until that pin is pressed again: the hub's answer and other seats' gestures
        # usually fill it already, where a fixed pause after each edge slept it every time.
        gap = self.pin_map.timing.bounce_s + EDGE_MARGIN_S

        def push() -> None:
            self._after_edge(number, gap)
            pin.drive_low()
            self.last_edge[number] = time.monotonic()
            self._after_edge(number, gap)
            pin.drive_high()
            self.last_edge[number] = time.monotonic()

        self._answered(push)
        self.seat_gestures[seat] += 1

    def _after_edge(self, pin: int, gap: float) -> None:
        """Sleep until ``gap`` has passed since ``pin``'s last edge."""
        wait = self.last_edge.get(pin, float("-inf")) + gap - time.monotonic()
        if wait > 0:
            time.sleep(wait)

    def play(self, max_actions: int = 5000) -> list[str]:
        state = self.worker.table.state
        while not state.is_over:
            if len(self.worker.table.history) > max_actions:
                raise RuntimeError("the game did not end")
            if state.to_act == (CHANCE,):
                action = state.sample_chance(self.rng)
                seat = action.supplier()
                assert seat is not None, "a chance the table resolves itself is never waited for"
                self.scan(seat, action.cards()[0])
                continue
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            self.perform(seat, legal[self.rng.randrange(len(legal))])
        return list(self.worker.table.history)

    def perform(self, seat: int, action: Action) -> None:
        for card in action.cards():
            self.scan(seat, card)
        composer = self.worker.physical.composer  # type: ignore[union-attr]
        while True:  # a level at a time: walk to the entry holding the action, OK
            cursor = composer.cursor(seat, self.worker.table.state)
            for key in presses_toward(cursor, action):
                self.press(seat, key)
            if commits(cursor, action):
                return


def record_game(
    title: str,
    path: Path,
    refuse_first: bool = True,
    observe: Callable[[HubTable], None] | None = None,
) -> list[str]:
    """Play ``title``'s recorded game at a simulated hub, recording to ``path``; its actions.
    ``observe`` sees the table at the end, its hardware still there."""
    spec = GAMES[title]
    seats = tuple("pod" if spec["presses"][s] == "pod" else "buttons" for s in range(1, spec["players"] + 1))
    with tempfile.TemporaryDirectory() as folder:
        config = HubConfig(
            journal=Path(folder) / "journal.db",
            bot_delay_s=0.0,
            chance_delay_s=0.0,
            table=TableConfig(
                game=title,
                players=spec["players"],
                seats=seats,
                options=spec["options"],
                chance="physical",
                seed=spec["seed"],
            ),
            inputs=InputsConfig(mode="simulated", stable_ms=0),
        )
        hub = Hub(config)
        hub.recorder = Recorder.to_file(path)
        try:
            hub.start()
            table = HubTable(hub, spec["presses"], random.Random(spec["seed"]))
            if refuse_first:  # a refusal or two, so the recording tests them as well
                table.scan(1, "no-such-card")
                table.press(2, Key.OK)
            actions = table.play()
            if observe is not None:
                observe(table)
            return actions
        finally:
            hub.stop()
            hub.recorder.close()


if __name__ == "__main__":
    import sys

    actions = record_game(sys.argv[1], Path(sys.argv[2]))
    print(f"{len(actions)} actions recorded to {sys.argv[2]}")
