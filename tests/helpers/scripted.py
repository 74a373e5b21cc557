"""Scripted players: a whole game played through simulated pods, scanners and buttons alone.

Each seat has hands: something to scan cards with (a simulated pod's reader, a simulated QR
scanner) and something to press buttons with (the pod's buttons, or GPIO pins through
gpiozero's MockFactory). A ``ScriptedPlayer`` decides what to do from the legal actions, as a
person reading their phone would, then does it only through those hands: scan the card, press
DOWN until the cursor shows the choice (OK opens the card or list that holds it), press OK.
``TableDriver`` is the table's side: it reads the one queue, asks the composer what each event
means, and applies what it commits.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from console.games.core import CHANCE, Action, State
from console.inputs.event_queue import EventQueue
from console.inputs.events import Key
from console.inputs.pins import SeatPins
from console.inputs.simulated import SimulatedLineScanner, SimulatedPod
from console.physical.composer import Committed, Composer, CursorMoved, Outcome, Refusal
from tests.helpers.cursor_walk import NotOnCursor, commits, presses_toward

WAIT_S = 5.0


class ScriptError(RuntimeError):
    """The simulated table did not answer as a real one must (a lost event, a stuck cursor)."""


@dataclass(frozen=True)
class PhysicalCard:
    """One physical card: its NFC tag's UID and/or the text of its tag or printed QR code."""

    uid: str = ""
    text: str = ""


class Scanner(Protocol):
    def scan(self, card: PhysicalCard) -> None: ...


class Buttons(Protocol):
    def press(self, key: Key) -> None: ...


@dataclass
class PodReader:
    """Lay a card on a simulated pod's reader and take it away."""

    pod: SimulatedPod
    reader: int = 1

    def scan(self, card: PhysicalCard) -> None:
        self.pod.scan(card.uid, card.text, self.reader)


@dataclass
class PodButtons:
    pod: SimulatedPod

    def press(self, key: Key) -> None:
        self.pod.tap(key)


@dataclass
class QrScanner:
    scanner: SimulatedLineScanner

    def scan(self, card: PhysicalCard) -> None:
        self.scanner.scan(card.text)


class ManualClock:
    """The buttons' clock in a script: it moves only when the hands say so, so debounce sees
    exactly the press lengths the script means."""

    def __init__(self, start: float = 0.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class GpioButtons:
    """Press a seat's buttons through MockFactory pins: drive low, hold, drive high, rest."""

    pin_factory: object
    pins: SeatPins
    clock: ManualClock
    hold_s: float = 0.05

    def press(self, key: Key) -> None:
        pin = self.pin_factory.pin(self.pins.keys[key])  # type: ignore[attr-defined]
        pin.drive_low()
        self.clock.advance(self.hold_s)
        pin.drive_high()
        self.clock.advance(self.hold_s)


Choose = Callable[[State, list[Action], random.Random], Action]


def choose_at_random(state: State, legal: list[Action], rng: random.Random) -> Action:
    return legal[rng.randrange(len(legal))]


@dataclass
class ScriptedPlayer:
    """One seat's person: its cards (card id -> the physical copies), its hands, its mind."""

    seat: int
    scanner: Scanner
    buttons: Buttons
    cards: Mapping[str, list[PhysicalCard]]
    choose: Choose = choose_at_random
    used: dict[str, int] = field(default_factory=dict)

    def physical(self, card_id: str) -> PhysicalCard:
        """A copy of ``card_id`` to scan (taking turns between copies, as cards move about)."""
        copies = self.cards.get(card_id)
        if not copies:
            raise ScriptError(f"seat {self.seat} has no physical card {card_id!r}")
        turn = self.used.get(card_id, 0)
        self.used[card_id] = turn + 1
        return copies[turn % len(copies)]


class TableDriver:
    """Plays a game to its end using only the players' hands and the events they cause."""

    def __init__(
        self,
        state: State,
        composer: Composer,
        events: EventQueue,
        players: Mapping[int, ScriptedPlayer],
        rng: random.Random,
        timeout_s: float = WAIT_S,
    ) -> None:
        self.state = state
        self.composer = composer
        self.events = events
        self.players = players
        self.rng = rng
        self.timeout_s = timeout_s
        self.applied: list[Action] = []
        self.refusals: list[Refusal] = []
        self.gestures = 0

    def play(self, max_actions: int = 10_000) -> State:
        while not self.state.is_over:
            if len(self.applied) >= max_actions:
                raise ScriptError(f"the game did not end within {max_actions} actions")
            self.step()
        return self.state

    def step(self) -> None:
        state = self.state
        if state.to_act == (CHANCE,):
            action = state.sample_chance(self.rng)
            if not self.composer.waits_for_scan(state):
                self._apply(action)  # a coin toss or shuffle: the table resolves it itself
                return
            seat = action.supplier()
            assert seat is not None
            player = self.players[seat]
            player.scanner.scan(player.physical(action.cards()[0]))
            self._expect(seat, action)
            return
        seat = state.to_act[0]
        player = self.players[seat]
        action = player.choose(state, state.legal_actions(seat), self.rng)
        self._perform(player, action)

    def _perform(self, player: ScriptedPlayer, action: Action) -> None:
        seat = player.seat
        for card in action.cards():
            player.scanner.scan(player.physical(card))
            outcome = self.next_outcome(seat)
            if not isinstance(outcome, CursorMoved):
                raise ScriptError(f"seat {seat} scanned for {action} and the table said {outcome}")
        while True:  # a level at a time: walk to the entry holding the action, OK
            cursor = self.composer.cursor(seat, self.state)
            try:
                keys = presses_toward(cursor, action)
            except NotOnCursor as missing:
                raise ScriptError(str(missing)) from None
            for key in keys[:-1]:
                player.buttons.press(key)
                if not isinstance(self.next_outcome(seat), CursorMoved):
                    raise ScriptError(f"seat {seat} pressed {key} and the cursor did not move")
            if commits(cursor, action):
                break
            player.buttons.press(Key.OK)  # opens the card, stack or list that holds the action
            if not isinstance(self.next_outcome(seat), CursorMoved):
                raise ScriptError(f"seat {seat} pressed OK to open a step and the cursor did not move")
        player.buttons.press(Key.OK)
        self._expect(seat, action)

    def _expect(self, seat: int, action: Action) -> None:
        outcome = self.next_outcome(seat)
        if outcome != Committed(seat, action):
            raise ScriptError(f"seat {seat} meant {action}; the table made {outcome}")

    def next_outcome(self, seat: int) -> Outcome:
        """Read the queue until an event means something; apply it if it commits an action."""
        while True:
            event = self.events.get(timeout=self.timeout_s)
            if event is None:
                raise ScriptError(f"seat {seat} acted but nothing reached the table in {self.timeout_s} s")
            outcome = self.composer.handle(event, self.state)
            if outcome is None:
                continue
            self.gestures += 1
            if isinstance(outcome, Refusal):
                self.refusals.append(outcome)
            elif isinstance(outcome, Committed):
                self._apply(outcome.action)
            return outcome

    def _apply(self, action: Action) -> None:
        self.state.apply(action)
        self.applied.append(action)
