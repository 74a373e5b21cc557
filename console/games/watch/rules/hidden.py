"""Determinization for search bots: a copy of the Watch in which what a ruler cannot see is
re-dealt at random, consistent with its view.

Hidden from a ruler: the other rulers' hands, the order and contents of every deck, and the
channels of alliances it is not in. For each deck, the cards it still holds and the cards of that
deck in other rulers' hands are pooled, sorted, shuffled with ``rng`` and dealt back: each hand
keeps how many cards of each deck it holds (decks have their own backs, and draws name the deck),
then the deck gets the rest as unseen cards, its known top and bottom sizes kept. Channels the
ruler may not read are emptied; the rules never read them.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import TYPE_CHECKING

from console.games.core import Seat
from console.games.watch.rules.decks import Deck

if TYPE_CHECKING:
    from console.games.watch.state import WatchState


def determinize(state: WatchState, seat: Seat, rng: random.Random) -> WatchState:
    copy = state.copy()
    cards = state.catalog.cards
    others = [other for other in range(1, state.players + 1) if other != seat]
    for name in sorted(state.decks):
        deck = state.decks[name]
        held = {other: [card for card in state.hands[other] if cards[card].deck == name] for other in others}
        pool = [*deck.top, *deck.bottom, *(card for card, count in deck.unseen.items() for _ in range(count))]
        for hand in held.values():
            pool += hand
        if not pool:
            continue
        pool.sort()
        rng.shuffle(pool)
        for other in others:
            count = len(held[other])
            if count:
                dealt, pool = pool[:count], pool[count:]
                kept = [card for card in copy.hands[other] if cards[card].deck != name]
                copy.hands[other] = sorted(kept + dealt)
        top, bottom = len(deck.top), len(deck.bottom)
        copy.decks[name] = Deck(Counter(pool[top + bottom :]), pool[:top], pool[top : top + bottom])
    for pair, alliance in copy.alliances.items():
        if seat not in pair:
            alliance.messages = []
    copy.archives = [
        archive if seat in archive.pair else dataclasses.replace(archive, messages=())
        for archive in copy.archives
    ]
    return copy
