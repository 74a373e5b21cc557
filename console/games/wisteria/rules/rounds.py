"""A round begins and ends: every seat still in the game is asked for its top card (reshuffling an
empty draw pile first), and once the round resolves the seats with no cards are out (P-14) and the
game ends (Total Control, time up, the round limit) or the next round begins.

Cards in play sit in per-seat slots until the round resolves: the round card, face-down war cards,
a sacrificed card, battle cards, and ``spent`` cards from an earlier War of the same round (only
after a re-evaluation, P-12). The reveal itself is in reveal.py, the War in war.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.games.core import CHANCE, Event, IllegalAction, Seat
from console.games.wisteria.actions import TimeUp
from console.games.wisteria.rules import scoring
from console.games.wisteria.rules.piles import reshuffle
from console.games.wisteria.rules.steps import REVEAL
from console.i18n import N_
from console.i18n.said import say

if TYPE_CHECKING:
    from console.games.wisteria.state import WisteriaState

CHANCE_ONLY: tuple[Seat, ...] = (CHANCE,)


def start_round(state: WisteriaState, events: list[Event]) -> None:
    """Every seat still in the game reveals the top card of its draw pile (reshuffling first)."""
    state.round += 1
    state.step = REVEAL
    active = state.active
    for seat in active:
        if not state.draw_count[seat]:
            reshuffle_pile(state, seat, events)
    state.in_round = active[:]
    state.pending = active[:]
    state.round_started = False
    state.acting = CHANCE_ONLY


def reshuffle_pile(state: WisteriaState, seat: Seat, events: list[Event]) -> None:
    size = reshuffle(state, seat)
    events.append(Event("reshuffle", {"seat": seat, "cards": size}))


def end_round(state: WisteriaState, events: list[Event]) -> None:
    """P-14: a seat left with no cards at all is out; then the game ends or goes on."""
    for seat in state.in_round:
        if not state.eliminated[seat] and not state.draw_count[seat] and not state.won_count[seat]:
            eliminate(state, seat, N_("has no cards left"), events)
    if len(state.active) == 1:
        scoring.total_control(state, state.active[0], events)
    elif state.time_up:
        scoring.score(state, events)
    elif state.options.round_limit and state.round >= state.options.round_limit:
        scoring.round_limit_reached(state, events)
    else:
        start_round(state, events)


def eliminate(state: WisteriaState, seat: Seat, why: str, events: list[Event]) -> None:
    state.eliminated[seat] = True
    state.active.remove(seat)
    events.append(Event("eliminated", {"seat": seat, "why": why}))


def time_up(state: WisteriaState, action: TimeUp) -> list[Event]:
    """chance:time-up (R-6): scored now between rounds, else once the round in progress resolves."""
    if action.seat != CHANCE:
        raise IllegalAction(say("time-up is the table's clock speaking, written chance:time-up"))
    if state.options.victory == "total_control":
        raise IllegalAction(say("this game is played to Total Control: it has no time limit"))
    if state.time_up:
        raise IllegalAction(
            say("time is already up: the round in progress finishes, then the game is scored")
        )
    state.time_up = True
    events = [Event("time_up", {})]
    if state.step is REVEAL and not state.round_started:
        scoring.score(state, events)
    return events


# -- cards in play --------------------------------------------------------------------------------


def clear_slots(state: WisteriaState, seat: Seat) -> list[int]:
    """Every card of the seat in play, taken out of its slots: round card first, then face-down."""
    cards = [
        state.round_card[seat],
        *state.face_down[seat],
        state.sacrifice[seat],
        *state.battle[seat],
        *state.spent[seat],
    ]
    state.round_card[seat] = state.sacrifice[seat] = 0
    state.face_down[seat].clear()
    state.battle[seat].clear()
    state.spent[seat].clear()
    return [card for card in cards if card]


def in_play(state: WisteriaState) -> int:
    """How many cards are in the centre now."""
    return sum(
        (1 if state.round_card[seat] else 0)
        + len(state.face_down[seat])
        + (1 if state.sacrifice[seat] else 0)
        + len(state.battle[seat])
        + len(state.spent[seat])
        for seat in range(1, state.players + 1)
    )


def give(state: WisteriaState, seat: Seat, cards: list[int]) -> None:
    won = state.won[seat]
    for card in cards:
        won[card] += 1
    state.won_count[seat] += len(cards)
