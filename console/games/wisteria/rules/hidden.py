"""Determinization for search bots: a copy of the game in which every card a seat cannot see is
re-dealt at random, and every rival's secret War choice is re-drawn, consistent with its view.

A seat's view shows the face-up cards in play (revealed, sacrifice, battle) and pile counts, never
the contents of piles, face-down cards or spent cards; those are the unseen cards. They are
gathered as one multiset (the deck less what is face up, less cards already tallied), sorted,
shuffled with ``rng`` and dealt back into the same places in a fixed order, so two games that look
the same to the seat give the same copy for the same ``rng``.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from console.games.core import Seat
from console.games.wisteria.rules import piles
from console.games.wisteria.rules.steps import BATTLE, DECLARE, RETREAT

if TYPE_CHECKING:
    from console.games.wisteria.state import WisteriaState


def unseen_cards(state: WisteriaState) -> list[int]:
    """The strengths nobody sees face up now, sorted: the deck less the face-up and tallied cards."""
    counts = list(state.composition)
    for seat in range(1, state.players + 1):
        for card in (state.round_card[seat], state.sacrifice[seat], *state.battle[seat]):
            if card:
                counts[card] -= 1
        if state.tallied is not None:
            for strength in range(1, 7):
                counts[strength] -= state.tallied[seat][strength]
    return [strength for strength in range(1, 7) for _ in range(counts[strength])]


def determinize(state: WisteriaState, seat: Seat, rng: random.Random) -> WisteriaState:
    copy = state.copy()
    cards = unseen_cards(state)
    rng.shuffle(cards)

    def deal(count: int) -> list[int]:
        dealt = cards[-count:] if count else []
        del cards[len(cards) - count :]
        return dealt

    for other in range(1, state.players + 1):
        copy.face_down[other] = deal(len(state.face_down[other]))
        copy.spent[other] = deal(len(state.spent[other]))
        copy.won[other] = _counts(deal(state.won_count[other]))
        kind = state.draw_kind[other]
        if kind == piles.SHUFFLED:
            copy.shuffled[other] = _counts(deal(state.draw_count[other]))
        elif kind == piles.STACKED:
            copy.stacked[other] = deal(len(state.stacked[other]))
    copy.pool = _counts(cards)  # what is left is the dealt cards nobody has drawn
    copy.pool_total = len(cards)
    if state.step is DECLARE and not state.declared:
        for member in state.members:
            if member != seat and state.choice[member]:
                copy.choice[member] = rng.choice((BATTLE, RETREAT))
    return copy


def _counts(cards: list[int]) -> list[int]:
    counts = [0] * 7
    for card in cards:
        counts[card] += 1
    return counts
