"""Every Wheels of War action as a small value with its notation, and the parser back from text
(on the shared ``split_notation``; ``Game.parse_action`` then checks the one spelling).

Notation (see notation.md): ``chance:first 2``, ``chance:draw 1 cart-wheel``, ``1:choose
fen-matriarch``, ``1:swap bloom``, ``1:keep``, ``1:set cart-wheel 2 sealed``, ``1:read 2``,
``1:play the-souring 3``, ``1:invoke fen-matriarch``, ``1:wait``. Shelves are numbered 1 to 3;
a craft's shelf is the rival's when the craft targets the rival, else your own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from console.games.core import CHANCE, Action, NotationError, Seat, parse_int, split_notation
from console.games.wheels.catalog import catalog
from console.games.wheels.refusals import refusal
from console.games.wheels.rules.cellar import SHELVES
from console.i18n.said import Card, say, say_n


@dataclass(frozen=True)
class ChooseFirst(Action):
    """Chance: the coin toss for the first seat (no card, so no seat supplies it)."""

    first: Seat
    verb: ClassVar[str] = "first"

    def args(self) -> tuple[str, ...]:
        return (str(self.first),)


@dataclass(frozen=True)
class Draw(Action):
    """Chance: ``drawer`` draws ``card``, sampled from the deck or learned from a scan."""

    drawer: Seat
    card: str
    verb: ClassVar[str] = "draw"

    def args(self) -> tuple[str, ...]:
        return (str(self.drawer), self.card)

    def supplier(self) -> Seat | None:
        """The drawer scans the card it draws into its own reader."""
        return self.drawer

    def cards(self) -> tuple[str, ...]:
        return (self.card,)


@dataclass(frozen=True)
class ChooseArchaffineur(Action):
    archaffineur: str
    verb: ClassVar[str] = "choose"

    def args(self) -> tuple[str, ...]:
        return (self.archaffineur,)

    def cards(self) -> tuple[str, ...]:
        return (self.archaffineur,)


@dataclass(frozen=True)
class Swap(Action):
    """Opening: put ``card`` under the deck after drawing its replacement."""

    card: str
    verb: ClassVar[str] = "swap"

    def args(self) -> tuple[str, ...]:
        return (self.card,)

    def cards(self) -> tuple[str, ...]:
        return (self.card,)


@dataclass(frozen=True)
class Keep(Action):
    verb: ClassVar[str] = "keep"


@dataclass(frozen=True)
class SetWheel(Action):
    card: str
    shelf: int
    sealed: bool = False
    verb: ClassVar[str] = "set"

    def args(self) -> tuple[str, ...]:
        return (self.card, str(self.shelf), "sealed") if self.sealed else (self.card, str(self.shelf))

    def cards(self) -> tuple[str, ...]:
        return (self.card,)

    def position(self) -> int | None:
        return self.shelf


@dataclass(frozen=True)
class Read(Action):
    shelf: int
    verb: ClassVar[str] = "read"

    def args(self) -> tuple[str, ...]:
        return (str(self.shelf),)


@dataclass(frozen=True)
class PlayCraft(Action):
    """Play a craft; ``shelf`` is 0 for a craft that chooses no wheel."""

    card: str
    shelf: int = 0
    verb: ClassVar[str] = "play"

    def args(self) -> tuple[str, ...]:
        return (self.card, str(self.shelf)) if self.shelf else (self.card,)

    def cards(self) -> tuple[str, ...]:
        return (self.card,)


@dataclass(frozen=True)
class Invoke(Action):
    """Use the seat's Archaffineur; ``shelf`` is 0 for a power that chooses no wheel."""

    archaffineur: str
    shelf: int = 0
    verb: ClassVar[str] = "invoke"

    def args(self) -> tuple[str, ...]:
        return (self.archaffineur, str(self.shelf)) if self.shelf else (self.archaffineur,)

    def cards(self) -> tuple[str, ...]:
        return (self.archaffineur,)


@dataclass(frozen=True)
class Wait(Action):
    verb: ClassVar[str] = "wait"


# Interned constructors: legal_actions hands out the same few values over and over, and building
# a frozen dataclass costs far more than a cache hit.
first_action = cache(lambda first: ChooseFirst(CHANCE, first))
draw_action = cache(lambda drawer, card: Draw(CHANCE, drawer, card))
choose_action = cache(ChooseArchaffineur)
swap_action = cache(Swap)
keep_action = cache(Keep)
set_action = cache(SetWheel)
read_action = cache(Read)
play_action = cache(PlayCraft)
invoke_action = cache(Invoke)
wait_action = cache(Wait)


# A card's kind, as a refusal says it.
KINDS = {"wheel": say("a wheel"), "craft": say("a craft"), "archaffineur": say("an Archaffineur")}
# The verbs a refusal lists (notation: each said as it is written).
SEAT_VERBS = "choose, swap, keep, set, read, play, invoke, wait"


def parse(text: str) -> Action:
    """Parse notation into an action; NotationError names what is wrong with the text."""
    book = catalog()
    cards = book.cards
    seat, verb, args = split_notation(text)
    quoted = repr(text)

    def card(word: str, kind: str) -> str:
        found = cards.get(word)
        if found is None:
            raise NotationError(
                say(
                    "%(text)s: there is no card %(word)s in the Wheels of War catalog",
                    text=quoted,
                    word=repr(word),
                )
            )
        if found.kind != kind:
            said = say(
                "%(text)s: %(card)s is %(kind)s, not %(wanted)s",
                text=quoted,
                card=Card(found.id),
                kind=KINDS[found.kind],
                wanted=KINDS[kind],
            )
            raise refusal(NotationError, said, book.name)
        return found.id

    def deck_card(word: str) -> str:
        found = cards.get(word)
        if found is None or found.kind == "archaffineur":
            raise NotationError(
                say("%(text)s: there is no deck card %(word)s in the catalog", text=quoted, word=repr(word))
            )
        return found.id

    def shelf(word: str) -> int:
        number = parse_int(word, say("the shelf"), text)
        if not 1 <= number <= SHELVES:
            raise NotationError(
                say("%(text)s: shelves are numbered 1 to %(shelves)s", text=quoted, shelves=SHELVES)
            )
        return number

    def arity(low: int, high: int | None = None) -> None:
        high = low if high is None else high
        if low <= len(args) <= high:
            return
        if low == high:
            raise NotationError(
                say_n(
                    "%(text)s: %(verb)s takes %(num)s word after it, not %(given)s",
                    "%(text)s: %(verb)s takes %(num)s words after it, not %(given)s",
                    low,
                    text=quoted,
                    verb=verb,
                    given=len(args),
                )
            )
        raise NotationError(
            say(
                "%(text)s: %(verb)s takes %(low)s to %(high)s words after it, not %(given)s",
                text=quoted,
                verb=verb,
                low=low,
                high=high,
                given=len(args),
            )
        )

    if seat == CHANCE:
        if verb == "first":
            arity(1)
            first = parse_int(args[0], say("the seat"), text)
            if first not in (1, 2):
                raise NotationError(say("%(text)s: the first seat is 1 or 2", text=quoted))
            return first_action(first)
        if verb == "draw":
            arity(2)
            drawer = parse_int(args[0], say("the seat"), text)
            if drawer not in (1, 2):
                raise NotationError(say("%(text)s: the drawing seat is 1 or 2", text=quoted))
            return draw_action(drawer, deck_card(args[1]))
        raise NotationError(say("%(text)s: chance only does 'first' and 'draw'", text=quoted))
    if verb == "choose":
        arity(1)
        return choose_action(seat, card(args[0], "archaffineur"))
    if verb == "swap":
        arity(1)
        return swap_action(seat, deck_card(args[0]))
    if verb == "keep":
        arity(0)
        return keep_action(seat)
    if verb == "set":
        arity(2, 3)
        if len(args) == 3 and args[2] != "sealed":
            raise NotationError(say("%(text)s: the only word after the shelf is 'sealed'", text=quoted))
        return set_action(seat, card(args[0], "wheel"), shelf(args[1]), len(args) == 3)
    if verb == "read":
        arity(1)
        return read_action(seat, shelf(args[0]))
    if verb == "play":
        arity(1, 2)
        return play_action(seat, card(args[0], "craft"), shelf(args[1]) if len(args) == 2 else 0)
    if verb == "invoke":
        arity(1, 2)
        return invoke_action(seat, card(args[0], "archaffineur"), shelf(args[1]) if len(args) == 2 else 0)
    if verb == "wait":
        arity(0)
        return wait_action(seat)
    raise NotationError(
        say(
            "%(text)s: unknown verb %(verb)s; Wheels of War knows %(verbs)s",
            text=quoted,
            verb=repr(verb),
            verbs=SEAT_VERBS,
        )
    )
