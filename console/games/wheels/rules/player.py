"""One seat's side of the table: hand, deck, three shelves, discard, Renown, turns and conditions."""

from __future__ import annotations

from console.games.wheels.rules.cellar import SHELVES, ShelvedWheel
from console.games.wheels.rules.deck import Deck

TURNS = 12
OPENING_HAND = 6
HAND_LIMIT = 7
OPENING_SWAPS = 2


class Player:
    __slots__ = (
        "archaffineur",
        "archaffineur_used",
        "banked",
        "chill",
        "damp",
        "deck",
        "discard",
        "hand",
        "kept",
        "shelves",
        "swaps",
        "turns_left",
    )

    def __init__(self, deck: Deck, archaffineur: str | None) -> None:
        self.deck = deck
        self.hand: dict[str, int] = {}
        self.shelves: list[ShelvedWheel | None] = [None] * SHELVES
        self.discard: list[str] = []
        self.banked = 0
        self.turns_left = TURNS
        self.damp = 0
        self.chill = 0
        # None until chosen; "" for a seat that plays without one (option archaffineur_N = "none").
        self.archaffineur = archaffineur
        self.archaffineur_used = False
        self.swaps = 0
        self.kept = False

    def copy(self) -> Player:
        twin = Player.__new__(Player)
        twin.deck = self.deck.copy()
        twin.hand = self.hand.copy()
        twin.shelves = [wheel.copy() if wheel else None for wheel in self.shelves]
        twin.discard = self.discard.copy()
        twin.banked = self.banked
        twin.turns_left = self.turns_left
        twin.damp = self.damp
        twin.chill = self.chill
        twin.archaffineur = self.archaffineur
        twin.archaffineur_used = self.archaffineur_used
        twin.swaps = self.swaps
        twin.kept = self.kept
        return twin

    @property
    def hand_size(self) -> int:
        return sum(self.hand.values())

    def take_into_hand(self, card: str) -> None:
        self.hand[card] = self.hand.get(card, 0) + 1

    def take_from_hand(self, card: str) -> None:
        left = self.hand[card] - 1
        if left:
            self.hand[card] = left
        else:
            del self.hand[card]

    def hand_cards(self) -> list[str]:
        """The hand as card ids, copies repeated, sorted."""
        return [card for card, copies in sorted(self.hand.items()) for _ in range(copies)]

    def ageing(self) -> int:
        """What the ending step adds: chill wins over damp while both still count down."""
        if self.chill:
            return 0
        return 2 if self.damp else 1
