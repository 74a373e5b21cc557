"""Wisteria's actions and their notation (see notation.md).

Seats choose ``N:battle`` or ``N:retreat``. Chance supplies every card that leaves a draw pile:
``chance:draw SEAT STRENGTH`` (face up), ``chance:facedown SEAT STRENGTH`` (the war card) and
``chance:tally SEAT STRENGTH`` (an unseen card counted for Power Score); ``chance:time-up`` is the
table's clock. Actions are immutable values, so the common ones are built once and shared.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from console.games.core import CHANCE, Action, NotationError, Seat, parse_int, split_notation
from console.games.wisteria.catalog import STRENGTHS, STRONGEST
from console.i18n.said import say

SHARED_SEATS = 36  # actions for seats 1..SHARED_SEATS are built once at import


@dataclass(frozen=True)
class Battle(Action):
    """A tied seat fights on: it reveals a battle card."""

    verb: ClassVar[str] = "battle"


@dataclass(frozen=True)
class Retreat(Action):
    """A tied seat gives up one face-up card and keeps its tied and face-down cards."""

    verb: ClassVar[str] = "retreat"


@dataclass(frozen=True)
class CardAction(Action):
    """Chance: a card of ``strength`` leaves ``owner``'s draw pile."""

    owner: int = 0
    strength: int = 0

    def args(self) -> tuple[str, ...]:
        return (str(self.owner), str(self.strength))

    def cards(self) -> tuple[str, ...]:
        return (str(self.strength),)

    def supplier(self) -> Seat:
        """The card is ``owner``'s: its scanner supplies it (from its own draw pile)."""
        return self.owner


@dataclass(frozen=True)
class Draw(CardAction):
    """A card turned face up: the round's card, a battle card or a sacrificed card."""

    verb: ClassVar[str] = "draw"


@dataclass(frozen=True)
class FaceDown(CardAction):
    """The face-down war card (Rule 1): known to the engine, shown to nobody until the War ends."""

    verb: ClassVar[str] = "facedown"


@dataclass(frozen=True)
class Tally(CardAction):
    """An unseen card of a draw pile counted at the end of a Power Score game."""

    verb: ClassVar[str] = "tally"


@dataclass(frozen=True)
class TimeUp(Action):
    """The table's clock ran out: the round in progress finishes, then the game is scored."""

    verb: ClassVar[str] = "time-up"
    # The clock runs out whoever is to act; the rule checks the victory and that it is once.
    out_of_turn: ClassVar[bool] = True


CARD_VERBS: dict[str, type[CardAction]] = {"draw": Draw, "facedown": FaceDown, "tally": Tally}
CHOICE_VERBS: dict[str, type[Action]] = {"battle": Battle, "retreat": Retreat}
VERBS = ", ".join(["battle", "retreat", *CARD_VERBS, "time-up"])
TIME_UP = TimeUp(CHANCE)


def _shared(kind: type[CardAction]) -> list[list[CardAction]]:
    return [
        [kind(CHANCE, owner, strength) for strength in range(STRONGEST + 1)]
        for owner in range(SHARED_SEATS + 1)
    ]


DRAWS, FACE_DOWNS, TALLIES = _shared(Draw), _shared(FaceDown), _shared(Tally)
SHARED_BY_KIND = {Draw: DRAWS, FaceDown: FACE_DOWNS, Tally: TALLIES}
BATTLES = [Battle(seat) for seat in range(SHARED_SEATS + 1)]
RETREATS = [Retreat(seat) for seat in range(SHARED_SEATS + 1)]


def card_action(
    table: list[list[CardAction]], kind: type[CardAction], owner: int, strength: int
) -> CardAction:
    """The shared instance when there is one, else a new equal value."""
    if owner <= SHARED_SEATS:
        return table[owner][strength]
    return kind(CHANCE, owner, strength)


def choice_action(seat: int, retreat: bool) -> Action:
    if seat <= SHARED_SEATS:
        return RETREATS[seat] if retreat else BATTLES[seat]
    return Retreat(seat) if retreat else Battle(seat)


def parse(text: str) -> Action:
    """Notation to action; NotationError says what is wrong with the text. Text that parses but is
    spelt otherwise than ``str(action)`` is refused by the contract's ``Game.parse_action``."""
    seat, verb, args = split_notation(text)
    shown = text[:40]  # an error quotes the text, never a screenful of it
    quoted = repr(shown)
    if verb in CHOICE_VERBS:
        if seat == CHANCE:
            raise NotationError(
                say("%(text)s: only a seat chooses to %(verb)s, like 2:%(verb)s", text=quoted, verb=verb)
            )
        if args:
            raise NotationError(
                say(
                    "%(text)s: %(verb)s takes nothing after it, like %(number)s:%(verb)s",
                    text=quoted,
                    verb=verb,
                    number=seat,
                )
            )
        return choice_action(seat, verb == "retreat")
    if verb in CARD_VERBS:
        if seat != CHANCE or len(args) != 2:
            raise NotationError(
                say(
                    "%(text)s: a card comes from chance, like chance:%(verb)s SEAT STRENGTH",
                    text=quoted,
                    verb=verb,
                )
            )
        owner = parse_int(args[0], say("the seat"), shown)
        strength = parse_int(args[1], say("the strength"), shown)
        if owner < 1:
            raise NotationError(say("%(text)s: seats are numbered from 1", text=quoted))
        if strength not in STRENGTHS:
            raise NotationError(
                say(
                    "%(text)s: strength %(strength)s is not a card; strengths run from 1 to 6",
                    text=quoted,
                    strength=strength,
                )
            )
        kind = CARD_VERBS[verb]
        return card_action(SHARED_BY_KIND[kind], kind, owner, strength)
    if verb == "time-up":
        if seat != CHANCE or args:
            raise NotationError(
                say("%(text)s: the clock is the table's, written chance:time-up", text=quoted)
            )
        return TIME_UP
    raise NotationError(
        say(
            "%(text)s: Wisteria has no action %(verb)s; its verbs are %(verbs)s",
            text=quoted,
            verb=repr(verb[:24]),
            verbs=VERBS,
        )
    )
