"""The physical seats of one table: scans and button presses, through the inputs' composer, become
actions for the table's worker, and each pod or button seat gets a cursor to show on its phone.

Lives in the worker's thread (the composer reads the game state). The worker uses it
through its methods only: ``handle`` an event, ``refuse``, ``answered``, ``show`` the lights,
``acted``, ``cursors``, ``waits_for_scan`` and the re-check's ``start_recheck``, ``rechecking``,
``recheck_done``, ``skip_recheck`` and ``recheck_problem``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from console.games.core import CHANCE, JSON, Action, Game, Seat, State
from console.inputs.events import ButtonPressed, CardScanned, InputEvent, SeatEvent
from console.journal import Journal
from console.physical.cardmap import CardMap, CardRefused
from console.physical.composer import Committed, Composer, CursorMoved, Refusal
from console.physical.feedback import CHOOSING, TURN, WAITING, TableFeedback
from console.physical.held import HeldCopies
from console.physical.recheck import Recheck, cards_in_play

PHYSICAL = ("pod", "buttons")


def input_kind(source: str) -> str:
    """The controller an input event comes from: GPIO buttons post as "gpio", pods by name."""
    return "buttons" if source.startswith("gpio") else "pod"


@dataclass(frozen=True)
class Play:
    """The composer committed an action; ``kind`` is the controller it came through."""

    action: Action
    kind: str


@dataclass(frozen=True)
class Note:
    """Something to show on the seat's cursor: a refusal, or the cursor having moved."""

    seat: Seat
    message: str = ""


class PhysicalSeats:
    def __init__(self, game: Game, journal: Journal, *, positional_readers: bool = False) -> None:
        """``positional_readers``: each seat's reader number is a table position (a seat kit with
        a reader per shelf), so a wheel scanned on reader 2 goes on shelf 2."""
        from console.physical.tagstore import TagStore

        cardmap = CardMap(game, TagStore(journal.connection, journal.lock))
        self.composer = Composer(game, cardmap, positional_readers=positional_readers)
        self.names = game.catalog()
        self.refusals: dict[Seat, str] = {}
        self.feedback: TableFeedback | None = None  # the seats' LEDs and beepers, once inputs start
        self.positional_readers = positional_readers
        self.recheck: Recheck | None = None  # the cards in play being re-scanned, after a restart
        self.on_refused: Callable[[Seat, str], None] | None = None  # a recorder's (tabletop record)
        self.held = HeldCopies()  # which tagged copy is in whose hand

    def light_with(self, feedback: TableFeedback) -> None:
        """The seats' LEDs and beepers, once the inputs start (console.physical.router)."""
        self.feedback = feedback

    def report_refusals(self, on_refused: Callable[[Seat, str], None] | None) -> None:
        """Tell ``on_refused`` every refusal from now on (a recorder's, tabletop record)."""
        self.on_refused = on_refused

    def handle(self, event: InputEvent, state: State, controllers: Mapping[Seat, str]) -> Play | Note | None:
        """What an input event means for the table now."""
        if self.recheck is not None:
            return self._rechecking(event)
        kind = input_kind(getattr(event, "source", ""))
        outcome = self.composer.handle(event, state)
        if isinstance(outcome, Committed) and outcome.action.seat == CHANCE:
            why = self.held.check(state, outcome.action, event.uid if isinstance(event, CardScanned) else "")
            if why:
                return self.refuse(outcome.seat, f"seat {outcome.seat}: {why}")
        if isinstance(outcome, Committed):
            self.refusals.pop(outcome.seat, None)
            if outcome.action.seat != CHANCE and controllers.get(outcome.seat) != kind:
                return self.refuse(
                    outcome.seat,
                    f"seat {outcome.seat} is played with its {controllers.get(outcome.seat)}, not its {kind}",
                )
            return Play(outcome.action, kind)
        if isinstance(outcome, Refusal):
            return self.refuse(outcome.seat, outcome.message)
        if isinstance(outcome, CursorMoved):
            self.refusals.pop(outcome.cursor.seat, None)
            return Note(outcome.cursor.seat)
        return None

    # -- the re-check of the cards in play ----------------------------------------------------

    def start_recheck(self, state: State) -> bool:
        """Ask every seat to re-scan the cards the journal has in play; False if there are none."""
        slots = cards_in_play(state)
        self.recheck = Recheck(slots) if slots else None
        self.acted()
        return self.recheck is not None

    @property
    def rechecking(self) -> bool:
        """A re-check is under way: the table plays on only once it is done or skipped."""
        return self.recheck is not None

    def recheck_done(self) -> bool:
        """True once, when the last card of a re-check was found where the journal says: play on."""
        if self.recheck is not None and self.recheck.done:
            self.recheck = None
            return True
        return False

    def skip_recheck(self) -> bool:
        """The host skips the re-check; False if none was under way."""
        under_way, self.recheck = self.recheck is not None, None
        return under_way

    def recheck_problem(self) -> str:
        """What the re-check still waits for, for every screen; empty when none is under way."""
        return self.recheck.summary() if self.recheck is not None else ""

    def _rechecking(self, event: InputEvent) -> Note | None:
        assert self.recheck is not None
        if isinstance(event, CardScanned):
            try:
                card = self.composer.cardmap.identify(event)
            except CardRefused as refused:
                return self.refuse(event.seat, str(refused))
            message = self.recheck.scan(event.seat, card.card_id, event.reader, self.positional_readers)
            if message:
                return self.refuse(event.seat, message)
            self.refusals.pop(event.seat, None)
            return Note(event.seat)
        if isinstance(event, ButtonPressed) and not event.repeat:
            return self.refuse(
                event.seat, "the table is re-checking the cards in play: scan them (the host may skip it)"
            )
        return None

    def refuse(self, seat: Seat, message: str) -> Note:
        if self.on_refused is not None:
            self.on_refused(seat, message)
        self.refusals[seat] = message
        return Note(seat, message)

    # -- feedback at the seat ------------------------------------------------------------------

    def answered(self, event: SeatEvent, accepted: bool) -> None:
        """The kit that sent ``event`` beeps once (accepted) or twice and flickers (refused)."""
        if self.feedback is not None and event.source:
            self.feedback.answered(event.seat, event.source, accepted)

    def show(self, state: State) -> None:
        """Each seat with a light shows its state: your turn, choosing, or waiting."""
        if self.feedback is None:
            return
        seats = self.feedback.seats_with_lights(state.players)
        self.feedback.show({seat: self.seat_state(seat, state) for seat in seats})

    def seat_state(self, seat: Seat, state: State) -> str:
        if self.recheck is not None:  # a seat with cards to re-scan is "to act"
            return TURN if self.recheck.remaining(seat) or seat in self.recheck.mismatches else WAITING
        cursor = self.composer.cursor(seat, state)
        if cursor.cards or cursor.opened or cursor.index:
            return CHOOSING  # a card scanned or a step opened, or the cursor moved: a choice half made
        if cursor.choices or (CHANCE in state.to_act and self.composer.supplies(seat, state)):
            return TURN
        return WAITING

    def waits_for_scan(self, state: State) -> bool:
        return bool(self.composer.waits_for_scan(state))

    def acted(self, state: State | None = None) -> None:
        """An action was applied: every seat's half-made choice is void."""
        self.composer.reset()
        self.refusals.clear()
        self.held.acted(state)

    def cursors(self, state: State, controllers: Mapping[Seat, str]) -> dict[Seat, JSON]:
        """Each physical seat's cursor as that seat may see it, and why a press or scan was refused
        (also for a phone seat whose pod was used)."""
        cursors: dict[Seat, JSON] = {}
        for seat, controller in controllers.items():
            if controller in PHYSICAL:
                cursors[seat] = self.composer.cursor(seat, state).to_json(seat, self.names)
            if seat in self.refusals:
                cursors.setdefault(seat, {"seat": seat})["refused"] = self.refusals[seat]
        if self.recheck is not None:
            for seat in range(1, state.players + 1):
                cursors.setdefault(seat, {"seat": seat})["recheck"] = self.recheck.to_json(seat, self.names)
        return cursors
