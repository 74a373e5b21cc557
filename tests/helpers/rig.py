"""A whole simulated table: pods, QR scanners and GPIO buttons, wired to one queue as the hub
wires real ones, with a deck of physical cards for every seat and scripted players.

Per seat, choose how it scans (``pod-text``: a pod and tags carrying NDEF text; ``pod-uid``: a
pod and bare tags enrolled in the tag store; ``qr``: a serial QR scanner and printed cards) and
how it presses (``pod`` buttons or ``gpio`` pins). Use it as a context manager; ``play`` runs a
game to its end.
"""

from __future__ import annotations

import hashlib
import random
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass

from gpiozero.pins.mock import MockFactory

from console.games.core import Game, State
from console.inputs.buttons import ButtonPanel
from console.inputs.event_queue import EventQueue
from console.inputs.events import PodConnected
from console.inputs.pins import PinMap, load_pin_map
from console.inputs.pods import LineScannerSource, PodSource
from console.inputs.serial_source import SerialSource
from console.inputs.simulated import SimulatedLineScanner, SimulatedPod
from console.physical.cardmap import CardMap, card_text
from console.physical.composer import Composer
from console.physical.tagstore import TagStore
from tests.helpers.scripted import (
    Buttons,
    GpioButtons,
    ManualClock,
    PhysicalCard,
    PodButtons,
    PodReader,
    QrScanner,
    Scanner,
    ScriptedPlayer,
    TableDriver,
)

SCANS = ("pod-text", "pod-uid", "qr")
PRESSES = ("pod", "gpio")


@dataclass(frozen=True)
class SeatKit:
    scan: str = "pod-text"
    press: str = "pod"

    def __post_init__(self) -> None:
        if self.scan not in SCANS:
            raise ValueError(f"a seat scans with one of {SCANS}, not {self.scan!r}")
        if self.press not in PRESSES:
            raise ValueError(f"a seat presses with one of {PRESSES}, not {self.press!r}")
        if self.press == "pod" and self.scan == "qr":
            raise ValueError("a seat with a QR scanner has no pod: give it gpio buttons")


def tag_uid(seat: int, card_id: str, copy: int) -> str:
    """A made-up 7-byte NXP-style UID, unique per seat, card and copy."""
    digest = hashlib.sha1(f"{seat}:{card_id}:{copy}".encode()).hexdigest()[:12].upper()
    return f"04{digest}"


class SimulatedRig:
    def __init__(
        self,
        game: Game,
        kits: Mapping[int, SeatKit],
        tags: TagStore,
        *,
        copies: int = 4,
        pin_map: PinMap | None = None,
        timeout_s: float = 5.0,
    ) -> None:
        self.game = game
        self.kits = dict(kits)
        self.tags = tags
        self.timeout_s = timeout_s
        self.events = EventQueue()
        self.pods: dict[int, SimulatedPod] = {}
        self.qr_scanners: dict[int, SimulatedLineScanner] = {}
        self.sources: list[SerialSource] = []
        self.clock = ManualClock()
        self.pin_factory: MockFactory | None = None
        self.panel: ButtonPanel | None = None
        self.pin_map = pin_map or load_pin_map()
        self.players: dict[int, ScriptedPlayer] = {}
        try:
            self._build(copies)
        except BaseException:
            self.close()
            raise

    def _build(self, copies: int) -> None:
        gpio_seats = [seat for seat, kit in self.kits.items() if kit.press == "gpio"]
        if gpio_seats:
            self.pin_factory = MockFactory(revision="c03111")
            self.panel = ButtonPanel(
                self.pin_map,
                self.events.post,
                pin_factory=self.pin_factory,
                clock=self.clock,
                seats=gpio_seats,
            )
        for seat, kit in sorted(self.kits.items()):
            cards = self._deck(seat, kit, copies)
            scanner: Scanner
            buttons: Buttons
            if kit.scan == "qr":
                device = self.qr_scanners[seat] = SimulatedLineScanner()
                self.sources.append(
                    LineScannerSource(
                        device.path,
                        self.events.post,
                        seat=seat,
                        name=f"qr-{seat}",
                        same_code_guard_s=0.0,
                        reconnect_s=0.02,
                    ).start()
                )
                scanner = QrScanner(device)
            else:
                pod = self.pods[seat] = SimulatedPod(seat=seat).start()
                self.sources.append(
                    PodSource(pod.path, self.events.post, name=f"pod-{seat}", reconnect_s=0.02).start()
                )
                scanner = PodReader(pod)
            if kit.press == "gpio":
                assert self.pin_factory is not None
                buttons = GpioButtons(
                    self.pin_factory,
                    self.pin_map.seats[seat],
                    self.clock,
                    hold_s=self.pin_map.timing.bounce_s * 2,
                )
            else:
                buttons = PodButtons(self.pods[seat])
            self.players[seat] = ScriptedPlayer(seat, scanner, buttons, cards)

    def _deck(self, seat: int, kit: SeatKit, copies: int) -> dict[str, list[PhysicalCard]]:
        deck: dict[str, list[PhysicalCard]] = {}
        for card_id in self.game.catalog():
            text = card_text(self.game.name, card_id)
            if kit.scan == "qr":
                deck[card_id] = [PhysicalCard(text=text)]
                continue
            uids = [tag_uid(seat, card_id, copy) for copy in range(copies)]
            if kit.scan == "pod-uid":
                for uid in uids:
                    self.tags.enrol(uid, self.game.name, card_id)
                deck[card_id] = [PhysicalCard(uid=uid) for uid in uids]
            else:
                deck[card_id] = [PhysicalCard(uid=uid, text=text) for uid in uids]
        return deck

    def wait_ready(self) -> None:
        """Until every pod has said HELLO and every scanner's port is open."""
        waiting = {f"pod-{seat}" for seat in self.pods}
        while waiting:
            event = self.events.wait_for(lambda e: isinstance(e, PodConnected), self.timeout_s)
            if not isinstance(event, PodConnected):
                raise TimeoutError(f"pods {sorted(waiting)} did not connect in {self.timeout_s} s")
            waiting.discard(event.pod)
        for source in self.sources:
            if not source.wait_open(self.timeout_s):
                raise TimeoutError(f"{source.name} did not open in {self.timeout_s} s")

    def play(self, state: State, rng: random.Random, max_actions: int = 10_000) -> TableDriver:
        self.wait_ready()
        composer = Composer(self.game, CardMap(self.game, self.tags))
        driver = TableDriver(state, composer, self.events, self.players, rng, self.timeout_s)
        driver.play(max_actions)
        return driver

    def close(self) -> None:
        for source in self.sources:
            source.close()
        for pod in self.pods.values():
            pod.close()
        for scanner in self.qr_scanners.values():
            scanner.close()
        if self.panel is not None:
            self.panel.close()
        if self.pin_factory is not None:
            self.pin_factory.reset()
            self.pin_factory.close()

    def __enter__(self) -> SimulatedRig:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def main(argv: list[str] | None = None) -> int:
    """``python -m tests.helpers.rig wisteria``: watch a game played through simulated hardware."""
    import argparse
    import sqlite3

    from console.games import find_game

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. deck='1 2 3 4 5 6' (values are TOML)",
    )
    args = parser.parse_args(argv)
    options = {
        key: tomllib.loads(f"v = {value}")["v"]
        for key, _, value in (option.partition("=") for option in args.option)
    }
    game = find_game(args.game)
    state = game.new(args.players, args.seed, options)
    kinds = [
        SeatKit("pod-text", "pod"),
        SeatKit("pod-uid", "gpio"),
        SeatKit("qr", "gpio"),
        SeatKit("pod-text", "pod"),
    ]
    kits = {seat: kinds[(seat - 1) % len(kinds)] for seat in range(1, args.players + 1)}
    with SimulatedRig(game, kits, TagStore(sqlite3.connect(":memory:"))) as rig:
        for seat, kit in kits.items():
            print(f"seat {seat}: scans with {kit.scan}, presses {kit.press} buttons")
        driver = rig.play(state, random.Random(args.seed))
    for number, action in enumerate(driver.applied, start=1):
        print(f"{number:>5}  {action}")
    print(f"{driver.gestures} scans and presses; outcome: {state.outcome()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
