"""The composer: scans and button presses become one legal action, for any game.

Each seat has a cursor over its legal actions. A scan narrows them to the actions that use the
scanned card (a second scan narrows further, when an action uses both cards); UP and DOWN walk
what remains, wrapping round; OK commits the highlighted action; BACK drops the scanned cards,
then returns the cursor to the top. When chance must act (``to_act == (CHANCE,)``), a scan at
seat S *is* the outcome: it commits the chance action whose card seat S supplies
(``Action.supplier()``, part of the contract) and that uses that card.

With ``positional_readers`` each seat's reader number is a table position (a seat kit with
one reader per shelf): a scan whose choices put the card on a position keeps only those on the
reader's own position, so for a wheel UP and DOWN just toggle its seal. Without it (one reader per
seat: QR scanners, single-reader pods) the reader is ignored and the walk is flat, in notation
order: shelf 1, shelf 1 sealed, shelf 2, ...

The composer never changes the game: it answers ``Committed(action)`` and the table applies it.
It recomputes the choices from the state every time, so it cannot go stale. Refusals carry a
message a player understands and never name the scanned card (it may be a face-down card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

from console.games.core import CHANCE, JSON, Action, Game, Seat, State
from console.inputs.events import ButtonPressed, CardScanned, InputEvent, Key
from console.physical.cardmap import CardMap, CardRefused


@dataclass(frozen=True)
class Cursor:
    """What one seat sees on its phone or pod: the choices, which is highlighted, and why."""

    seat: Seat
    choices: tuple[Action, ...] = ()
    index: int = 0
    cards: tuple[str, ...] = ()  # the scanned cards narrowing the choices
    prompt: str = ""

    @property
    def highlighted(self) -> Action | None:
        return self.choices[self.index] if self.choices else None

    def to_json(self, viewer: Seat | None, names: Mapping[str, str] | None = None) -> JSON:
        """The cursor as ``viewer`` may see it: the seat itself sees everything; anyone else
        only that the seat is choosing (its choice may be secret, like Battle or Retreat)."""
        public: JSON = {"seat": self.seat, "choosing": bool(self.choices), "prompt": self.prompt}
        if viewer != self.seat:
            return public
        names = names or {}
        return {
            **public,
            "choices": [str(action) for action in self.choices],
            "labels": [label(action, names) for action in self.choices],
            "index": self.index,
            "cards": [{"id": card, "name": names.get(card, card)} for card in self.cards],
        }


def label(action: Action, names: Mapping[str, str]) -> str:
    """A choice as words: the verb, then its arguments with card ids shown by name."""
    return " ".join([action.verb, *(names.get(arg, arg) for arg in action.args())])


@dataclass(frozen=True)
class Committed:
    seat: Seat
    action: Action


@dataclass(frozen=True)
class Refusal:
    seat: Seat
    message: str


@dataclass(frozen=True)
class CursorMoved:
    cursor: Cursor


Outcome = Committed | Refusal | CursorMoved | None


@dataclass
class _Selection:
    cards: tuple[str, ...] = ()
    highlighted: Action | None = None
    chance: tuple[Action, ...] = ()  # several chance actions fit one scan: the seat picks
    position: int | None = None  # the reader's table position, with positional readers


def _at(action: Action, position: int | None) -> bool:
    return position is None or action.position() == position


def _uses(action: Action, cards: tuple[str, ...]) -> bool:
    needed = Counter(cards)
    return not needed - Counter(action.cards())


class Composer:
    """Turns one table's input events into actions of ``game``."""

    def __init__(
        self,
        game: Game,
        cardmap: CardMap | None = None,
        *,
        positional_readers: bool = False,
    ) -> None:
        self.cardmap = cardmap if cardmap is not None else CardMap(game)
        self.positional_readers = positional_readers
        self._selections: dict[Seat, _Selection] = {}

    # -- events ---------------------------------------------------------------------------------

    def handle(self, event: InputEvent, state: State) -> Outcome:
        """What ``event`` means now. Events other than scans and presses mean nothing here."""
        if isinstance(event, CardScanned):
            try:
                card = self.cardmap.identify(event)
            except CardRefused as refused:
                return Refusal(event.seat, str(refused))
            return self.scan(event.seat, card.card_id, state, event.reader)
        if isinstance(event, ButtonPressed):
            if event.repeat and event.key not in (Key.UP, Key.DOWN):
                return None
            return self.press(event.seat, event.key, state)
        return None

    def scan(self, seat: Seat, card: str, state: State, reader: int = 1) -> Outcome:
        refusal = self._seat_refusal(seat, state)
        if refusal:
            return Refusal(seat, refusal)
        selection = self._selection(seat)
        if seat in state.to_act:
            legal = state.legal_actions(seat)
            for cards in ((*selection.cards, card), (card,)):
                choices = [action for action in legal if _uses(action, cards)]
                if choices:
                    return self._narrowed(seat, cards, choices, reader, state)
            return Refusal(seat, f"seat {seat}: that card cannot be used now")
        if CHANCE in state.to_act:
            return self._chance_scan(seat, card, state)
        return Refusal(seat, f"seat {seat}: {self._waiting(state)}")

    def _narrowed(
        self, seat: Seat, cards: tuple[str, ...], choices: list[Action], reader: int, state: State
    ) -> Outcome:
        """Highlight the first of ``choices``; with positional readers, of those on the reader's
        position, when the choices place the card at all (a craft may be scanned on any reader)."""
        position = None
        placed = sorted({p for action in choices if (p := action.position()) is not None})
        if self.positional_readers and placed:
            position = reader
            choices = [action for action in choices if action.position() == reader]
            if not choices:
                elsewhere = " or ".join(map(str, placed))
                return Refusal(
                    seat,
                    f"seat {seat}: that card cannot go at reader {reader} now; scan it at reader {elsewhere}",
                )
        self._selections[seat] = _Selection(cards, choices[0], position=position)
        return CursorMoved(self.cursor(seat, state))

    def _chance_scan(self, seat: Seat, card: str, state: State) -> Outcome:
        mine = [action for action in state.legal_actions(CHANCE) if action.supplier() == seat]
        fitting = [action for action in mine if card in action.cards()]
        if len(fitting) == 1:
            self._selections.pop(seat, None)
            return Committed(seat, fitting[0])
        if fitting:
            self._selections[seat] = _Selection((card,), fitting[0], tuple(fitting))
            return CursorMoved(self.cursor(seat, state))
        if mine:
            return Refusal(seat, f"seat {seat}: that card is not one you can reveal now")
        return Refusal(seat, f"seat {seat} has no card to reveal now; {self._waiting(state)}")

    def press(self, seat: Seat, key: Key, state: State) -> Outcome:
        refusal = self._seat_refusal(seat, state)
        if refusal:
            return Refusal(seat, refusal)
        cursor = self.cursor(seat, state)
        selection = self._selection(seat)
        if key == Key.BACK:
            if selection.cards or cursor.index:
                self._selections.pop(seat, None)
                return CursorMoved(self.cursor(seat, state))
            return None
        if not cursor.choices:
            return Refusal(seat, f"seat {seat}: {cursor.prompt}")
        if key == Key.OK:
            self._selections.pop(seat, None)
            return Committed(seat, cursor.choices[cursor.index])
        step = -1 if key == Key.UP else 1
        selection.highlighted = cursor.choices[(cursor.index + step) % len(cursor.choices)]
        self._selections[seat] = selection
        return CursorMoved(self.cursor(seat, state))

    # -- the cursor -----------------------------------------------------------------------------

    def cursor(self, seat: Seat, state: State) -> Cursor:
        """Seat's cursor over what it may do now."""
        selection = self._selection(seat)
        choices: list[Action] = []
        if seat in state.to_act:
            legal = state.legal_actions(seat)
            if selection.cards:
                choices = [
                    action
                    for action in legal
                    if _uses(action, selection.cards) and _at(action, selection.position)
                ]
            if not choices:  # nothing scanned, or the scan no longer fits: everything legal
                selection.cards, selection.position = (), None
                choices = legal
            prompt = "scan a card or choose" if selection.cards == () else "choose, then OK"
        elif selection.chance and CHANCE in state.to_act:
            legal_chance = set(state.legal_actions(CHANCE))
            choices = [action for action in selection.chance if action in legal_chance]
            prompt = "choose, then OK"
        elif CHANCE in state.to_act and self._reveals_for(seat, state):
            prompt = "scan your card"
        else:
            prompt = self._waiting(state) if state.to_act else "the game is over"
        if not choices:
            selection.cards = ()
        index = choices.index(selection.highlighted) if selection.highlighted in choices else 0
        return Cursor(seat, tuple(choices), index, selection.cards if choices else (), prompt)

    def reset(self, seat: Seat | None = None) -> None:
        """Forget scans and highlights (a new game, or everyone's after an action)."""
        if seat is None:
            self._selections.clear()
        else:
            self._selections.pop(seat, None)

    def waits_for_scan(self, state: State) -> bool:
        """True when chance must act and every outcome is a card some seat can scan; else the
        table resolves chance itself (a coin toss, a shuffle)."""
        if state.to_act != (CHANCE,):
            return False
        actions = state.legal_actions(CHANCE)
        return bool(actions) and all(a.cards() and a.supplier() is not None for a in actions)

    def supplies(self, seat: Seat, state: State) -> bool:
        """True when chance waits for a card that ``seat`` scans."""
        return self._reveals_for(seat, state)

    # -- helpers --------------------------------------------------------------------------------

    def _selection(self, seat: Seat) -> _Selection:
        return self._selections.get(seat) or _Selection()

    def _reveals_for(self, seat: Seat, state: State) -> bool:
        return any(action.supplier() == seat for action in state.legal_actions(CHANCE))

    def _seat_refusal(self, seat: Seat, state: State) -> str:
        if not 1 <= seat <= state.players:
            return f"there is no seat {seat} at this table (seats 1 to {state.players})"
        if state.is_over:
            return "the game is over"
        return ""

    def _waiting(self, state: State) -> str:
        if state.to_act == (CHANCE,):
            seats = sorted({s for a in state.legal_actions(CHANCE) if (s := a.supplier())})
            if seats:
                return "waiting for a card from seat " + ", ".join(map(str, seats))
            return "waiting for the table"
        return "waiting for seat " + ", ".join(str(seat) for seat in state.to_act if seat != CHANCE)
