"""What a physical Wheels table needs beyond the rules: the wheels on the shelves (by shelf, for a
re-check after a restart) and each seat's hand (so a tagged copy dealt into it is not taken for a
card drawn later)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from console.games.core import CardInPlay, Seat

if TYPE_CHECKING:
    from console.games.wheels.state import WheelsState


def cards_in_play(state: WheelsState) -> list[CardInPlay]:
    """Every shelved wheel, sealed or not, at its seat and shelf."""
    return [
        CardInPlay(seat, wheel.card.id, shelf)
        for seat, player in enumerate(state.seats, start=1)
        for shelf, wheel in enumerate(player.shelves, start=1)
        if wheel is not None
    ]


def cards_in_hand(state: WheelsState, seat: Seat) -> Counter[str] | None:
    if not 1 <= seat <= len(state.seats):
        return None
    return Counter(state.seats[seat - 1].hand)
