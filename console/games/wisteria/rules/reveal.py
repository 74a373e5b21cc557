"""The basic round: every seat reveals the top card of its draw pile; the unique highest card takes
every revealed card (P-3), a tie for highest starts a War (war.py) among the tied seats only.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from console.games.core import Event, Seat
from console.games.wisteria.actions import SHARED_SEATS
from console.games.wisteria.rules import war
from console.games.wisteria.rules.piles import take
from console.games.wisteria.rules.rounds import end_round

if TYPE_CHECKING:
    from console.games.wisteria.state import WisteriaState

# The commonest events, built once: events are immutable values (read-only data), so a round's
# reveals and its win cost no allocation.
DRAW_EVENTS = [
    [Event("draw", MappingProxyType({"seat": seat, "card": card})) for card in range(7)]
    for seat in range(SHARED_SEATS + 1)
]
ROUND_WON_EVENTS = [
    [
        Event("round_won", MappingProxyType({"seat": seat, "cards": cards}))
        for cards in range(SHARED_SEATS + 1)
    ]
    for seat in range(SHARED_SEATS + 1)
]


def revealed(state: WisteriaState, seat: Seat, strength: int, events: list[Event]) -> None:
    """chance:draw in the reveal: the seat's round card; the last one resolves the round."""
    take(state, seat, strength)
    pending = state.pending
    pending.remove(seat)
    state.round_card[seat] = strength
    state.round_started = True
    events.append(DRAW_EVENTS[seat][strength])
    if not pending:
        resolve_reveals(state, events)


def resolve_reveals(state: WisteriaState, events: list[Event]) -> None:
    """The unique highest card takes every revealed card; a tie for highest starts a War."""
    seats = state.in_round
    cards = state.round_card
    top = 0
    tied: list[Seat] = []
    for seat in seats:
        card = cards[seat]
        if card > top:
            top, tied = card, [seat]
        elif card == top:
            tied.append(seat)
    if len(tied) > 1:
        war.start_war(state, tied, top, events)
        return
    winner = tied[0]
    won = state.won[winner]
    for seat in seats:
        won[cards[seat]] += 1
        cards[seat] = 0
    state.won_count[winner] += len(seats)
    state.last = {"round": state.round, "winner": winner, "cards": len(seats), "war": False}
    events.append(ROUND_WON_EVENTS[winner][len(seats)])
    end_round(state, events)
