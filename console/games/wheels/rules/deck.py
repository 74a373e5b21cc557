"""A seat's deck as the engine knows it: a known top, an unordered middle, a known bottom.

The engine never shuffles. A stacked deck (scenarios, tests) is all known top, drawn in order. A
dealt deck is all middle: any card left there may come next, weighted by its copies, and chance
(a seeded RNG in virtual play, a scan in physical play) says which. Opening swaps go under the
bottom, in swap order, and come up only when everything above them is gone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from console.games.core import Seat


@dataclass(frozen=True, slots=True)
class DueDraw:
    """A card owed to ``seat``, the one decision pending while it waits: chance decides which card
    (any of the deck's ``next_cards``), the seat's own scanner supplies it in physical play, and it
    goes into that hand. After an opening swap's replacement, ``swapped`` then goes under the deck."""

    seat: Seat
    swapped: str | None = None


# Interned: the ending step owes a card nearly every turn.
due_draw = cache(DueDraw)


class Deck:
    __slots__ = ("bottom", "middle", "top")

    def __init__(self, top: Iterable[str] = (), middle: Iterable[str] = ()) -> None:
        self.top: list[str] = list(top)
        self.middle: dict[str, int] = {}
        for card in middle:
            self.middle[card] = self.middle.get(card, 0) + 1
        self.bottom: list[str] = []

    def copy(self) -> Deck:
        twin = Deck.__new__(Deck)
        twin.top = self.top.copy()
        twin.middle = self.middle.copy()
        twin.bottom = self.bottom.copy()
        return twin

    def __len__(self) -> int:
        return len(self.top) + sum(self.middle.values()) + len(self.bottom)

    def next_cards(self) -> list[tuple[str, int]]:
        """The cards that may be drawn next with their weights, in card-id order; [] if empty."""
        if self.top:
            return [(self.top[0], 1)]
        if self.middle:
            return sorted(self.middle.items())
        if self.bottom:
            return [(self.bottom[0], 1)]
        return []

    def can_draw(self, card: str) -> bool:
        if self.top:
            return self.top[0] == card
        if self.middle:
            return card in self.middle
        return bool(self.bottom) and self.bottom[0] == card

    def draw(self, card: str) -> None:
        """Take ``card`` off the deck; the caller has checked ``can_draw``."""
        if self.top:
            self.top.pop(0)
        elif self.middle:
            left = self.middle[card] - 1
            if left:
                self.middle[card] = left
            else:
                del self.middle[card]
        else:
            self.bottom.pop(0)

    def put_under(self, card: str) -> None:
        self.bottom.append(card)

    def holds(self, card: str) -> bool:
        return card in self.top or card in self.middle or card in self.bottom
