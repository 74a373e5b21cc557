"""A deck of the Ironkeep (or Ulgareth's Harrows) whose order is learnt only as it is drawn.

A shuffled deck is a multiset of cards nobody has seen (``unseen``); drawing from it is a chance
action weighted by the counts, which is the same as shuffling at setup and turning cards over.
Cards put back go under the deck (``bottom``) in a known order and come up again only once the
unseen cards are gone. A stacked deck (scenarios) puts a known order on ``top``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from console.games.watch.refusal import bad_options
from console.games.watch.words import deck as deck_words
from console.i18n.said import say


class Deck:
    __slots__ = ("bottom", "size", "top", "unseen")

    def __init__(
        self, unseen: Mapping[str, int], top: Sequence[str] = (), bottom: Sequence[str] = ()
    ) -> None:
        self.top = list(top)
        self.unseen = {card: count for card, count in unseen.items() if count > 0}
        self.bottom = list(bottom)
        self.size = len(self.top) + sum(self.unseen.values()) + len(self.bottom)  # cards in the deck

    @classmethod
    def stacked(cls, counts: Mapping[str, int], order: Sequence[str], what: str) -> Deck:
        """The cards of ``order`` on top (top first), the rest of ``counts`` unseen beneath;
        BadOptions if ``order`` holds a card more often than the deck ``what`` does."""
        rest = dict(counts)
        for card in order:
            if rest.get(card, 0) <= 0:
                raise bad_options(
                    say(
                        "the stacked %(deck)s deck has more %(card)s than the deck holds",
                        deck=deck_words(what),
                        card=repr(card),
                    )
                )
            rest[card] -= 1
        return cls(rest, order)

    def copy(self) -> Deck:
        return Deck(self.unseen, self.top, self.bottom)

    def __len__(self) -> int:
        return self.size

    @property
    def needs_chance(self) -> bool:
        """The next card is one of the unseen ones, so chance must say which."""
        return not self.top and bool(self.unseen)

    def take_known(self) -> str:
        """The next card when its identity is already fixed (stacked top, or the cycled bottom)."""
        self.size -= 1
        return self.top.pop(0) if self.top else self.bottom.pop(0)

    def take_unseen(self, card: str) -> None:
        left = self.unseen[card] - 1
        if left:
            self.unseen[card] = left
        else:
            del self.unseen[card]
        self.size -= 1

    def put_under(self, card: str) -> None:
        self.bottom.append(card)
        self.size += 1
