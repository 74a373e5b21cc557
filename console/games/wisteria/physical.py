"""What a physical Wisteria table needs beyond the rules: the cards in play for a re-check after a
restart. Wisteria has no hands (a seat's cards are its piles), so no copy is held."""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.games.core import CardInPlay

if TYPE_CHECKING:
    from console.games.wisteria.state import WisteriaState


def cards_in_play(state: WisteriaState) -> list[CardInPlay]:
    """The War's cards, as the engine's own rounds.clear_slots takes them in: each seat's revealed
    card, its face-down cards, its sacrifice, its battle cards and its spent cards."""
    cards = []
    for seat in range(1, state.players + 1):
        laid = [
            state.round_card[seat],
            *state.face_down[seat],
            state.sacrifice[seat],
            *state.battle[seat],
            *state.spent[seat],
        ]
        cards += [CardInPlay(seat, str(card)) for card in laid if card]
    return cards
