"""The physical seats of one table: scans and button presses, through the inputs' composer, become
actions for the table's worker, and each pod or button seat gets a cursor to show on its phone.

Lives in the worker's thread (the composer reads the game state). The worker uses it
through its methods only: ``handle`` an event, ``refuse``, ``answered``, ``show`` the lights,
``acted``, ``cursors``, ``waits_for_scan``, the re-check's ``start_recheck``, ``rechecking``,
``recheck_done``, ``skip_recheck`` and ``recheck_problem``, and a misplaced card's ``offer``,
``move_misplaced`` and ``moved_note`` (console/physical/misplaced.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from console.games.core import CHANCE, JSON, Action, Game, Seat, State
from console.i18n import N_
from console.i18n.said import Said, Speaker, phrase, say, say_n
from console.i18n.said import Seat as SaidSeat
from console.inputs.events import ButtonPressed, CardScanned, InputEvent, SeatEvent
from console.journal import Journal
from console.physical.cardmap import CardMap, CardRefused
from console.physical.composer import Committed, Composer, CursorMoved, Refusal
from console.physical.feedback import CHOOSING, TURN, WAITING, TableFeedback
from console.physical.held import HeldCopies
from console.physical.misplaced import PHYSICAL, Misplaced, kind_for, meant_for
from console.physical.recheck import Recheck, cards_in_play

BOT_SCAN_PROMPT = say("a bot plays this seat: lay its card on the seat's reader for it")
ENGLISH = Speaker()
# Why the host's one tap cannot move a card (a ValueError the worker refuses with): English made of
# messages, so ``phrase`` says it in the host's language.
NOTHING_TO_MOVE = N_("no card waits to be moved") + ": " + N_("none was laid on a wrong reader")
NO_LONGER = N_("that card is no longer one %(seat)s can use now")


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
    """Something to show on the seat's cursor: a refusal (``said``), or the cursor having moved."""

    seat: Seat
    said: Said | None = None

    @property
    def message(self) -> str:
        """The refusal's English, "" for a cursor that moved."""
        return ENGLISH.render(self.said) if self.said is not None else ""


class PhysicalSeats:
    def __init__(
        self, game: Game, journal: Journal, *, positional_readers: bool = False, table_id: int | None = None
    ) -> None:
        """``positional_readers``: each seat's reader number is a table position (a seat kit with
        a reader per shelf), so a wheel scanned on reader 2 goes on shelf 2. With ``table_id``
        the tagged copies in the hands are kept in the journal's file and found again after a
        restart (console/physical/copies.py)."""
        from console.physical.copies import CopyStore
        from console.physical.tagstore import TagStore

        cardmap = CardMap(game, TagStore(journal.connection, journal.lock))
        self.composer = Composer(game, cardmap, positional_readers=positional_readers)
        self.names = game.catalog()
        self.refusals: dict[Seat, Said] = {}
        self.feedback: TableFeedback | None = None  # the seats' LEDs and beepers, once inputs start
        self.positional_readers = positional_readers
        self.recheck: Recheck | None = None  # the cards in play being re-scanned, after a restart
        self.on_refused: Callable[[Seat, str], None] | None = None  # a recorder's (tabletop record)
        self.held = HeldCopies()  # which tagged copy is in whose hand
        self.table_id = table_id
        self.copies = CopyStore(journal.connection, journal.lock) if table_id is not None else None
        if self.copies is not None and table_id is not None:
            self.held.holder = self.copies.held(table_id)
        self.misplaced: Misplaced | None = None  # a card on the wrong reader, offered to the host
        self.moving: Misplaced | None = None  # moved by the host; its action gets a journal note

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
            if why:  # console/physical/held.py's words
                refused = say("seat %(seat)s: %(why)s", seat=outcome.seat, why=phrase(why))
                return self.refuse(outcome.seat, refused)
        if isinstance(outcome, Committed):
            self.refusals.pop(outcome.seat, None)
            if outcome.action.seat != CHANCE and controllers.get(outcome.seat) != kind:
                return self.refuse(
                    outcome.seat,
                    say(
                        "seat %(seat)s is played with its %(controller)s, not its %(kind)s",
                        seat=outcome.seat,
                        controller=Said(str(controllers.get(outcome.seat))),
                        kind=Said(kind),
                    ),
                )
            return Play(outcome.action, kind)
        if isinstance(outcome, Refusal):
            offer = self._misplaced(event, state, controllers)
            if offer is not None:
                self.misplaced = offer
                # console/physical/misplaced.py's refusal, as a sentence: the seats, never the card
                meant = say(
                    "seat %(at)s: that card cannot be used at this reader now; meant for %(seat)s? the "
                    "host can move it there",
                    at=offer.at,
                    seat=SaidSeat(offer.seat),
                )
                return self.refuse(outcome.seat, meant)
            return self.refuse(outcome.seat, outcome.said)
        if isinstance(outcome, CursorMoved):
            self.refusals.pop(outcome.cursor.seat, None)
            return Note(outcome.cursor.seat)
        return None

    # -- a card on the wrong reader --------------------------------------------------------------

    def _misplaced(
        self, event: InputEvent, state: State, controllers: Mapping[Seat, str]
    ) -> Misplaced | None:
        """A refused scan that exactly one other seat could use now: offered to the host."""
        if not isinstance(event, CardScanned) or not 1 <= event.seat <= state.players:
            return None
        try:
            card = self.composer.cardmap.identify(event).card_id
        except CardRefused:
            return None
        seats = meant_for(self.composer, event.seat, card, state, controllers)
        if len(seats) != 1:
            return None  # nobody's, or several seats': the seat's own refusal says enough
        return Misplaced(event.seat, seats[0], card, event.uid, event.reader)

    def offer(self) -> JSON | None:
        """The host's "meant for seat N?", or None."""
        return self.misplaced.offer() if self.misplaced is not None else None

    def move_misplaced(self, state: State, controllers: Mapping[Seat, str]) -> Play | Note:
        """The host's one tap: the card counts as scanned at the seat it fits. One use of it is
        played at once; several narrow that seat's choices as a scan there would. ValueError
        says why it cannot move (the table moved on)."""
        offer, self.misplaced = self.misplaced, None
        if offer is None:
            raise ValueError(NOTHING_TO_MOVE)
        uses = self.composer.uses(offer.seat, offer.card, state)
        if not uses:
            raise ValueError(NO_LONGER % {"seat": f"seat {offer.seat}"})
        self.moving = offer
        self.refusals.pop(offer.at, None)
        if len(uses) == 1:
            why = self.held.check(state, uses[0], offer.uid) if uses[0].seat == CHANCE else ""
            if why:
                self.moving = None
                raise ValueError(f"seat {offer.seat}: {why}")
            return Play(uses[0], kind_for(uses[0], controllers))
        self.composer.scan(offer.seat, offer.card, state, offer.reader)
        return Note(offer.seat)

    def moved_note(self, action: Action) -> str:
        """The journal's note for ``action`` when it is the moved card's; else empty."""
        moving = self.moving
        if moving is None or action.seat not in (moving.seat, CHANCE) or moving.card not in action.cards():
            return ""
        return moving.note()

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

    def recheck_problem(self) -> Said | None:
        """What the re-check still waits for, for every screen (in each one's language: the count
        and the seats, never a card); None when none is under way."""
        recheck = self.recheck
        if recheck is None:
            return None
        left = sum(recheck.remaining(seat) for seat in {slot.seat for slot in recheck.slots})
        said = say_n(
            "re-checking the cards in play: %(num)s of %(total)s still to scan at its seat (the host may "
            "skip it)",
            "re-checking the cards in play: %(num)s of %(total)s still to scan at their seats (the host "
            "may skip it)",
            left,
            total=len(recheck.slots),
        )
        if not recheck.mismatches:
            return said
        seats = tuple(SaidSeat(seat) for seat in sorted(recheck.mismatches))
        return say("%(said)s; mismatch at %(seats)s", said=said, seats=seats)

    def _rechecking(self, event: InputEvent) -> Note | None:
        assert self.recheck is not None
        if isinstance(event, CardScanned):
            try:
                card = self.composer.cardmap.identify(event)
            except CardRefused as refused:
                return self.refuse(event.seat, phrase(str(refused)))
            message = self.recheck.scan(event.seat, card.card_id, event.reader, self.positional_readers)
            if message:  # console/physical/recheck.py's words, through phrase
                return self.refuse(event.seat, phrase(message))
            self.refusals.pop(event.seat, None)
            return Note(event.seat)
        if isinstance(event, ButtonPressed) and not event.repeat:
            return self.refuse(
                event.seat,
                say("the table is re-checking the cards in play: scan them (the host may skip it)"),
            )
        return None

    def refuse(self, seat: Seat, message: Said | str) -> Note:
        """``seat`` is told why its scan or press was not taken (another module's English is said
        through ``phrase``); a recorder hears the English."""
        said = message if isinstance(message, Said) else phrase(message)
        note = Note(seat, said)
        if self.on_refused is not None:
            self.on_refused(seat, note.message)
        self.refusals[seat] = said
        return note

    # -- feedback at the seat ------------------------------------------------------------------

    def answered(self, event: SeatEvent, accepted: bool) -> None:
        """The kit that sent ``event`` beeps once (accepted) or twice and flickers (refused)."""
        if self.feedback is not None and event.source:
            self.feedback.answered(event.seat, event.source, accepted)

    def nudge(self, seat: Seat) -> None:
        """The table has waited long for ``seat``: its pod's LED flickers."""
        if self.feedback is not None:
            self.feedback.nudge(seat)

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
        before = dict(self.held.holder)
        self.held.acted(state)
        if self.copies is not None and self.table_id is not None and self.held.holder != before:
            self.copies.keep_held(self.table_id, self.composer.game.name, self.held.holder)
        self.misplaced = self.moving = None

    def cursors(
        self, state: State, controllers: Mapping[Seat, str], chance_scanned: bool
    ) -> dict[Seat, JSON]:
        """Each physical seat's cursor as that seat may see it, and why a press or scan was refused
        (also for a phone seat whose pod was used). ``chance_scanned``: the table's chance cards are
        laid on readers (its chance is physical), so a bot's are too."""
        cursors: dict[Seat, JSON] = {}
        for seat, controller in controllers.items():
            if controller in PHYSICAL:
                cursors[seat] = self.composer.cursor(seat, state).to_json(seat, self.names)
            elif (
                chance_scanned
                and controller == "bot"
                and CHANCE in state.to_act
                and self.composer.supplies(seat, state)
            ):
                # A player left and a bot plays on: its cards are still laid on the seat's reader.
                cursors[seat] = {
                    "seat": seat,
                    "bot_scan": True,
                    "prompt": ENGLISH.render(BOT_SCAN_PROMPT),
                    "prompt_said": BOT_SCAN_PROMPT.to_json(),
                }
            if seat in self.refusals:
                refused = self.refusals[seat]
                cursor = cursors.setdefault(seat, {"seat": seat})
                cursor["refused"], cursor["refused_said"] = ENGLISH.render(refused), refused.to_json()
        if self.recheck is not None:
            for seat in range(1, state.players + 1):
                cursors.setdefault(seat, {"seat": seat})["recheck"] = self.recheck.to_json(seat, self.names)
        return cursors
