"""Who takes the cards in play when a War ends: the winner (a retreater keeps its tied and first
face-down card, P-8), or, with no central winner, each sacrifice passes to the player on the left
(P-10) and the rest goes back to its owners (R-4). Either way the face-down cards are turned over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.games.core import Event, Seat
from console.games.wisteria.rules.piles import left_of
from console.games.wisteria.rules.rounds import clear_slots, end_round, give

if TYPE_CHECKING:
    from console.games.wisteria.state import WisteriaState


def flipped(state: WisteriaState) -> dict[str, tuple[int, ...]]:
    """The face-down cards, turned over now that the War is over."""
    return {str(seat): tuple(state.face_down[seat]) for seat in state.in_round if state.face_down[seat]}


def war_won(state: WisteriaState, winner: Seat, events: list[Event]) -> None:
    """The winner takes every card in play, but a retreater (still in the game) keeps its
    original tied card and first face-down card, to its own won pile (P-8)."""
    turned = flipped(state)
    retreaters = set(state.retreaters) - {winner}
    taken = 0
    for seat in state.in_round:
        cards = clear_slots(state, seat)
        if seat in retreaters and not state.eliminated[seat]:
            kept, cards = cards[:2], cards[2:]
            give(state, seat, kept)
            events.append(Event("kept", {"seat": seat, "cards": len(kept)}))
        give(state, winner, cards)
        taken += len(cards)
    state.last = {"round": state.round, "winner": winner, "cards": taken, "war": True}
    events.append(Event("war_won", {"seat": winner, "cards": taken, "face_down": turned}))
    close_war(state)
    end_round(state, events)


def no_central_winner(state: WisteriaState, events: list[Event]) -> None:
    """All tied seats retreated (or every battler ran out): each sacrificed card goes to the
    player on the sacrificer's left, an out player's cards to its left, the rest back to their
    owners' won piles (P-8, P-10)."""
    turned = flipped(state)
    passed = []
    for seat in state.in_round:
        sacrifice = state.sacrifice[seat]
        cards = clear_slots(state, seat)
        if state.eliminated[seat]:
            left = left_of(state, seat)
            give(state, left, cards)
            passed.append({"from": seat, "to": left, "cards": len(cards)})
            continue
        if sacrifice:
            cards.remove(sacrifice)
            left = left_of(state, seat)
            give(state, left, [sacrifice])
            passed.append({"from": seat, "to": left, "cards": 1})
        give(state, seat, cards)
    state.last = {"round": state.round, "winner": None, "cards": 0, "war": True}
    events.append(Event("no_winner", {"passed": tuple(passed), "face_down": turned}))
    close_war(state)
    end_round(state, events)


def close_war(state: WisteriaState) -> None:
    """The War is over: nobody is in it, nobody has chosen, the next tie is a first tie."""
    for seat in state.in_round:
        state.choice[seat] = 0
    state.members, state.battlers, state.retreaters = [], [], []
    state.declared = False
    state.first_tie = True
