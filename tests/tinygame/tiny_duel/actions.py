"""The two actions: chance deals a card into a seat's hand (the card scanned at that seat), and
a seat lays a card from its hand. Notation: ``chance:deal 2 flame``, ``1:lay sun``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from console.games.core import CHANCE, Action, NotationError, Seat, parse_int, split_notation

# The cards, weakest first: id -> (printed name, strength).
CARDS: dict[str, tuple[str, int]] = {
    "spark": ("Spark", 1),
    "flame": ("Flame", 2),
    "blaze": ("Blaze", 3),
    "pyre": ("Pyre", 4),
    "sun": ("Sun", 5),
}


def strength(card: str) -> int:
    return CARDS[card][1]


@dataclass(frozen=True)
class Deal(Action):
    """Chance deals ``card`` into seat ``to``'s hand: that seat's reader scans it."""

    to: Seat = 1
    card: str = ""
    verb: ClassVar[str] = "deal"

    def args(self) -> tuple[str, ...]:
        return (str(self.to), self.card)

    def supplier(self) -> Seat | None:
        return self.to

    def cards(self) -> tuple[str, ...]:
        return (self.card,)


@dataclass(frozen=True)
class Lay(Action):
    """A seat lays ``card`` from its hand face up in front of it."""

    card: str = ""
    verb: ClassVar[str] = "lay"

    def args(self) -> tuple[str, ...]:
        return (self.card,)

    def cards(self) -> tuple[str, ...]:
        return (self.card,)


def parse(text: str) -> Action:
    seat, verb, words = split_notation(text)
    if verb == "deal" and seat == CHANCE and len(words) == 2 and words[1] in CARDS:
        return Deal(CHANCE, parse_int(words[0], "the seat dealt to", text), words[1])
    if verb == "lay" and seat != CHANCE and len(words) == 1 and words[0] in CARDS:
        return Lay(seat, words[0])
    raise NotationError(f"{text[:40]!r} is not a Tiny Duel action (chance:deal SEAT CARD, SEAT:lay CARD)")
