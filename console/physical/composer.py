"""The composer: scans and button presses become one legal action, for any game.

Each seat has a cursor over its decision in steps, the same steps its phone shows
(console/games/steps.py): with nothing scanned, UP and DOWN walk the first steps (a card, a
folded list, a one-tap choice), wrapping round; OK on a one-tap choice commits it, and OK on a card
or a folded list opens it: a card narrows the choices exactly as a scan of it does, a stack or a
list shows its uses. A scan jumps straight to the actions that use the scanned card (a second scan
narrows further, when an action uses both cards). BACK drops the scanned cards or the opened step,
then returns the cursor to the top. When chance must act (``to_act == (CHANCE,)``), a scan at
seat S *is* the outcome: it commits the chance action whose card seat S supplies
(``Action.supplier()``, part of the contract) and that uses that card.

With ``positional_readers`` each seat's reader number is a table position (a seat kit with
one reader per shelf): a scan whose choices put the card on a position keeps only those on the
reader's own position, so for a wheel UP and DOWN just toggle its seal. Without it (one reader per
seat: QR scanners, single-reader pods) the reader is ignored and a scanned wheel's uses are walked
in order: shelf 1, shelf 1 sealed, shelf 2, ...

The composer never changes the game: it answers ``Committed(action)`` and the table applies it.
It recomputes the choices from the state every time, so it cannot go stale. Refusals carry a
message a player understands and never name the scanned card (it may be a face-down card). Prompts
and refusals are sentences (console.i18n.said), said on each phone in its own language; each
entry the cursor walks says what it is (a choice's action, a card and its uses, a folded list),
so a phone words it as it words its own buttons.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from console.games.core import CHANCE, JSON, Action, Game, Seat, State
from console.games.steps import CardStep, Choice, FirstStep, StepGroup, Steps, steps_for
from console.i18n.said import Said, Speaker, phrase, say
from console.i18n.said import Seat as SaidSeat
from console.inputs.events import ButtonPressed, CardScanned, InputEvent, Key
from console.physical.cardmap import CardMap, CardRefused

ENGLISH = Speaker()


@dataclass(frozen=True)
class Entry:
    """One line the cursor can rest on: an ``action`` OK commits, or (``action`` None) a step OK
    opens, named by ``key``. ``words`` stand on their own (the heading, then the choice), in
    English; ``heading`` is its group's ("" for a choice that stands alone), ``step`` the card step
    or folded list it opens, so each phone words it in its own language."""

    key: str
    words: str
    action: Action | None = None
    choices: tuple[Action, ...] = ()  # every action reached through it
    heading: str = ""
    step: CardStep | StepGroup | None = None

    @classmethod
    def of(cls, action: Action, words: str, heading: str = "") -> Entry:
        return cls(str(action), words, action, (action,), heading)

    def to_json(self) -> JSON:
        """What the line is, for the phone to word: a choice's ``action`` (with ``chance`` for a
        chance outcome, worded by its card names), a ``card`` step (its ``name`` as printed and
        how many ``ways``), or a folded ``group`` of ``count`` choices; ``words`` its English."""
        said: JSON = {"key": self.key, "words": self.words, "heading": self.heading}
        if isinstance(self.step, CardStep):
            return {**said, "card": self.step.subject, "name": self.step.name, "ways": len(self.step.uses)}
        if isinstance(self.step, StepGroup):
            return {**said, "group": self.step.heading, "count": len(self.choices)}
        if self.action is not None and self.action.seat == CHANCE:
            return {**said, "action": self.key, "chance": True}
        return {**said, "action": self.key}


@dataclass(frozen=True)
class Cursor:
    """What one seat sees on its phone or pod: the entries it walks, which is highlighted, and why
    (``asked``: the prompt as a sentence; ``prompt`` its English)."""

    seat: Seat
    entries: tuple[Entry, ...] = ()
    index: int = 0
    cards: tuple[str, ...] = ()  # the scanned cards narrowing the choices
    asked: Said = field(default_factory=lambda: Said(""))
    opened: str = ""  # the step OK opened (a stack, a folded list), in words; "" at the first step

    @property
    def prompt(self) -> str:
        return ENGLISH.render(self.asked)

    @property
    def choices(self) -> tuple[Action, ...]:
        """Every action the seat can reach from here, in the entries' order."""
        return tuple(action for entry in self.entries for action in entry.choices)

    @property
    def highlighted(self) -> Action | None:
        """The action OK commits now; None when the highlighted entry opens a step."""
        return self.entries[self.index].action if self.entries else None

    def to_json(self, viewer: Seat | None, names: Mapping[str, str] | None = None) -> JSON:
        """The cursor as ``viewer`` may see it: the seat itself sees everything; anyone else
        only that the seat is choosing (its choice may be secret, like Battle or Retreat)."""
        public: JSON = {
            "seat": self.seat,
            "choosing": bool(self.entries),
            "prompt": self.prompt,
            "prompt_said": self.asked.to_json(),
        }
        if viewer != self.seat:
            return public
        names = names or {}
        return {
            **public,
            "choices": [entry.key for entry in self.entries],
            "labels": [entry.words for entry in self.entries],
            "entries": [entry.to_json() for entry in self.entries],
            "index": self.index,
            "cards": [{"id": card, "name": names.get(card, card)} for card in self.cards],
            "opened": self.opened,
        }


def label(action: Action, names: Mapping[str, str]) -> str:
    """A chance action as words: the verb, then its arguments with card ids shown by name."""
    return " ".join([action.verb, *(names.get(arg, arg) for arg in action.args())])


@dataclass(frozen=True)
class Committed:
    seat: Seat
    action: Action


@dataclass(frozen=True)
class Refusal:
    """Why a scan or a press was not taken, as a sentence (``message``: its English)."""

    seat: Seat
    said: Said

    @property
    def message(self) -> str:
        return ENGLISH.render(self.said)


@dataclass(frozen=True)
class CursorMoved:
    cursor: Cursor


Outcome = Committed | Refusal | CursorMoved | None


@dataclass
class _Selection:
    cards: tuple[str, ...] = ()
    highlighted: str = ""  # the key of the highlighted entry
    chance: tuple[Action, ...] = ()  # several chance actions fit one scan: the seat picks
    position: int | None = None  # the reader's table position, with positional readers
    opened: str = ""  # the key of the step OK opened (a stack, a folded list)


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
        self.game = game
        self.cardmap = cardmap if cardmap is not None else CardMap(game)
        self.positional_readers = positional_readers
        self._selections: dict[Seat, _Selection] = {}

    # -- events ---------------------------------------------------------------------------------

    def handle(self, event: InputEvent, state: State) -> Outcome:
        """What ``event`` means now. Events other than scans and presses mean nothing here."""
        if isinstance(event, CardScanned):
            try:
                card = self.cardmap.identify(event)
            except CardRefused as refused:  # its words' parts may be messages (console.i18n.said.phrase)
                return Refusal(event.seat, phrase(str(refused)))
            return self.scan(event.seat, card.card_id, state, event.reader)
        if isinstance(event, ButtonPressed):
            if event.repeat and event.key not in (Key.UP, Key.DOWN):
                return None
            return self.press(event.seat, event.key, state)
        return None

    def scan(self, seat: Seat, card: str, state: State, reader: int = 1) -> Outcome:
        refusal = self._seat_refusal(seat, state)
        if refusal is not None:
            return Refusal(seat, refusal)
        selection = self._selection(seat)
        if seat in state.to_act:
            legal = state.legal_actions(seat)
            for cards in ((*selection.cards, card), (card,)):
                choices = [action for action in legal if _uses(action, cards)]
                if choices:
                    return self._narrowed(seat, cards, choices, reader, state)
            return Refusal(seat, say("seat %(seat)s: that card cannot be used now", seat=seat))
        if CHANCE in state.to_act:
            return self._chance_scan(seat, card, state)
        return Refusal(seat, say("seat %(seat)s: %(why)s", seat=seat, why=self._waiting(state)))

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
                return Refusal(
                    seat,
                    say(
                        "seat %(seat)s: that card cannot go at reader %(reader)s now; scan it at reader "
                        "%(readers)s",
                        seat=seat,
                        reader=reader,
                        readers=either(placed),
                    ),
                )
        self._selections[seat] = _Selection(cards, str(choices[0]), position=position)
        return CursorMoved(self.cursor(seat, state))

    def _chance_scan(self, seat: Seat, card: str, state: State) -> Outcome:
        mine = [action for action in state.legal_actions(CHANCE) if action.supplier() == seat]
        fitting = [action for action in mine if card in action.cards()]
        if len(fitting) == 1:
            self._selections.pop(seat, None)
            return Committed(seat, fitting[0])
        if fitting:
            self._selections[seat] = _Selection((card,), str(fitting[0]), tuple(fitting))
            return CursorMoved(self.cursor(seat, state))
        if mine:
            return Refusal(seat, say("seat %(seat)s: that card is not one you can reveal now", seat=seat))
        return Refusal(
            seat, say("seat %(seat)s has no card to reveal now; %(why)s", seat=seat, why=self._waiting(state))
        )

    def press(self, seat: Seat, key: Key, state: State) -> Outcome:
        refusal = self._seat_refusal(seat, state)
        if refusal is not None:
            return Refusal(seat, refusal)
        cursor = self.cursor(seat, state)
        selection = self._selection(seat)
        if key == Key.BACK:
            if selection.cards or selection.opened or cursor.index:
                self._selections.pop(seat, None)
                return CursorMoved(self.cursor(seat, state))
            return None
        if not cursor.entries:
            return Refusal(seat, say("seat %(seat)s: %(why)s", seat=seat, why=cursor.asked))
        entry = cursor.entries[cursor.index]
        if key == Key.OK:
            if entry.action is not None:
                self._selections.pop(seat, None)
                return Committed(seat, entry.action)
            return self._open(seat, entry, state)
        step = -1 if key == Key.UP else 1
        selection.highlighted = cursor.entries[(cursor.index + step) % len(cursor.entries)].key
        self._selections[seat] = selection
        return CursorMoved(self.cursor(seat, state))

    def _open(self, seat: Seat, entry: Entry, state: State) -> Outcome:
        """OK on a step: a card narrows the choices as a scan of it does (the LED and the page say
        the card is chosen); a stack on the map or a folded list shows what it holds."""
        opened = steps_for(self.game, state.legal_actions(seat), state.view(seat)).opened(entry.key)
        if isinstance(opened, CardStep) and all(opened.subject in use.cards() for use in opened.actions()):
            # as a scan of the card on any reader: every use of it, wherever it goes
            self._selections[seat] = _Selection((opened.subject,), str(opened.actions()[0]))
        else:
            self._selections[seat] = _Selection(opened=entry.key)
        return CursorMoved(self.cursor(seat, state))

    # -- the cursor -----------------------------------------------------------------------------

    def cursor(self, seat: Seat, state: State) -> Cursor:
        """Seat's cursor over what it may do now."""
        selection = self._selection(seat)
        entries: list[Entry] = []
        opened = ""
        if seat in state.to_act:
            steps = steps_for(self.game, state.legal_actions(seat), state.view(seat))
            entries, opened = self._entries(selection, steps)
            prompt = say("choose, then OK") if selection.cards or opened else say("scan a card or choose")
        elif selection.chance and CHANCE in state.to_act:
            legal_chance = set(state.legal_actions(CHANCE))
            names = self.game.catalog()
            entries = [
                Entry.of(action, label(action, names))
                for action in selection.chance
                if action in legal_chance
            ]
            prompt = say("choose, then OK")
        elif CHANCE in state.to_act and self._reveals_for(seat, state):
            prompt = say("scan your card")
        else:
            prompt = self._waiting(state) if state.to_act else say("the game is over")
        if not entries:
            selection.cards = ()
        keys = [entry.key for entry in entries]
        index = keys.index(selection.highlighted) if selection.highlighted in keys else 0
        return Cursor(seat, tuple(entries), index, selection.cards if entries else (), prompt, opened)

    def _entries(self, selection: _Selection, steps: Steps) -> tuple[list[Entry], str]:
        """What the seat walks: the actions its scanned cards narrow to, the step it opened, or
        else the first steps; and the opened step's words."""
        headings = _headings(steps)
        if selection.cards:
            narrowed = [
                Entry.of(action, steps.line(choice), headings.get(choice.action, ""))
                for action, choice in steps.choices().items()
                if _uses(action, selection.cards) and _at(action, selection.position)
            ]
            if narrowed:
                return sorted(narrowed, key=lambda entry: entry.key), ""
        opened = steps.opened(selection.opened) if selection.opened else None
        if opened is not None:
            inner = opened.uses if isinstance(opened, CardStep) else opened.steps
            return [self._entry(step, steps, headings) for step in inner], steps.title(opened)
        # nothing scanned or opened, or what was no longer fits: the first steps
        selection.cards, selection.position, selection.opened = (), None, ""
        return [self._entry(step, steps, headings) for step in steps.first()], ""

    @staticmethod
    def _entry(step: FirstStep, steps: Steps, headings: Mapping[Action, str]) -> Entry:
        if isinstance(step, Choice):
            return Entry.of(step.action, steps.line(step), headings.get(step.action, ""))
        heading = step.heading if isinstance(step, StepGroup) else headings.get(step.actions()[0], "")
        return Entry(step.key, steps.line(step), None, step.actions(), heading, step)

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

    def uses(self, seat: Seat, card: str, state: State) -> list[Action]:
        """What ``card`` could do for ``seat`` now: its own legal actions using it, or the chance
        outcomes whose card it supplies. Empty when the card is nothing to that seat now."""
        if seat in state.to_act:
            return [action for action in state.legal_actions(seat) if _uses(action, (card,))]
        if CHANCE in state.to_act:
            chance = state.legal_actions(CHANCE)
            return [action for action in chance if action.supplier() == seat and card in action.cards()]
        return []

    def supplies(self, seat: Seat, state: State) -> bool:
        """True when chance waits for a card that ``seat`` scans."""
        return self._reveals_for(seat, state)

    # -- helpers --------------------------------------------------------------------------------

    def _selection(self, seat: Seat) -> _Selection:
        return self._selections.get(seat) or _Selection()

    def _reveals_for(self, seat: Seat, state: State) -> bool:
        return any(action.supplier() == seat for action in state.legal_actions(CHANCE))

    def _seat_refusal(self, seat: Seat, state: State) -> Said | None:
        if not 1 <= seat <= state.players:
            return say(
                "there is no seat %(seat)s at this table (seats 1 to %(most)s)", seat=seat, most=state.players
            )
        if state.is_over:
            return say("the game is over")
        return None

    def _waiting(self, state: State) -> Said:
        if state.to_act == (CHANCE,):
            seats = sorted({s for a in state.legal_actions(CHANCE) if (s := a.supplier())})
            if seats:
                return say("waiting for a card from %(seats)s", seats=tuple(SaidSeat(s) for s in seats))
            return say("waiting for the table")
        acting = tuple(SaidSeat(seat) for seat in state.to_act if seat != CHANCE)
        return say("waiting for %(seats)s", seats=acting)


def either(numbers: list[int]) -> Said | int:
    """Numbers said as alternatives: "2", "2 or 3", "1, 2 or 3"."""
    if len(numbers) == 1:
        return numbers[0]
    return say("%(first)s or %(last)s", first=", ".join(map(str, numbers[:-1])), last=numbers[-1])


def _headings(steps: Steps) -> dict[Action, str]:
    """Each action's group heading, "" where its choice stands alone (the heading is its words)."""
    found: dict[Action, str] = {}
    for group in steps.groups:
        for action in group.actions():
            found[action] = "" if group.alone else group.heading
    return found
