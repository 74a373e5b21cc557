"""What a physical Watch table needs beyond the rules: the revealed victory cards (for a re-check
after a restart) and each ruler's hand (so a tagged copy dealt into it is not taken for a card
drawn later)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from console.games.core import CardInPlay, Seat

if TYPE_CHECKING:
    from console.games.watch.state import WatchState


def cards_in_play(state: WatchState) -> list[CardInPlay]:
    """Every revealed card, in front of its ruler."""
    return [CardInPlay(seat, card) for seat in range(1, state.players + 1) for card in state.revealed[seat]]


def cards_in_hand(state: WatchState, seat: Seat) -> Counter[str] | None:
    if not 0 < seat < len(state.hands):
        return None
    return Counter(state.hands[seat])
