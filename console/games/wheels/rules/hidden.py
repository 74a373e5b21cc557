"""Determinization for search bots: a copy of the match in which what a seat cannot see is
re-dealt at random, consistent with its view.

The seat sees its own hand, wheels and swapped-away cards; of its rival it sees counts, open
wheels, the discard and (once both are chosen) the Archaffineur. The rival's unseen cards (hand,
deck, sealed wheels) are gathered, sorted, shuffled with ``rng`` and dealt back: sealed shelves
first (each takes a wheel card), then the hand, then the deck. During the opening the rival's
swaps are its secret, so the copy has it still choosing. A secret Archaffineur is re-drawn.
The copy has no history: the history names cards the seat never saw.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from console.games.core import Seat
from console.games.wheels.rules.cellar import ShelvedWheel
from console.games.wheels.rules.phases import DEAL, OPENING
from console.games.wheels.rules.player import Player

if TYPE_CHECKING:
    from console.games.wheels.state import WheelsState


def determinize(state: WheelsState, seat: Seat, rng: random.Random) -> WheelsState:
    copy = state.copy()
    copy.history = []
    rival: Player = copy.seats[2 - seat]
    in_opening = state.phase in (OPENING, DEAL)
    deck = rival.deck
    unseen = [
        *rival.hand_cards(),
        *deck.top,
        *deck.bottom,
        *(card for card, copies in deck.middle.items() for _ in range(copies)),
    ]
    sealed = [index for index, wheel in enumerate(rival.shelves) if wheel is not None and wheel.sealed]
    unseen += [rival.shelves[index].card.id for index in sealed]  # type: ignore[union-attr]
    unseen.sort()
    rng.shuffle(unseen)
    catalog = state.catalog
    for index in sealed:
        old = rival.shelves[index]
        assert old is not None
        pick = next(i for i, card in enumerate(unseen) if catalog.cards[card].kind == "wheel")
        wheel = ShelvedWheel(catalog.wheel(unseen.pop(pick)), sealed=True)
        wheel.age, wheel.soured = old.age, old.soured
        rival.shelves[index] = wheel
    hand_size = rival.hand_size
    rival.hand = {}
    for card in unseen[:hand_size]:
        rival.take_into_hand(card)
    rest = unseen[hand_size:]
    bottom = 0 if in_opening else len(deck.bottom)
    top = len(deck.top)
    deck.top = rest[:top]
    deck.bottom = rest[top : top + bottom]
    deck.middle = {}
    for card in rest[top + bottom :]:
        deck.middle[card] = deck.middle.get(card, 0) + 1
    if in_opening:
        rival.swaps, rival.kept = 0, False
    both_chosen = all(player.archaffineur is not None for player in state.seats)
    if rival.archaffineur is not None and not both_chosen:
        rival.archaffineur = rng.choice(catalog.ids_of("archaffineur"))
    copy._settle()
    return copy
