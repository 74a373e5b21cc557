"""Rule 2: on the first tie every tied seat chooses Battle or Retreat, all at once and in secret;
a choice cannot be changed (P-17), and Retreat is only for the first tie (R-2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.games.core import Event, IllegalAction, Seat
from console.games.wisteria.actions import Battle, Retreat
from console.games.wisteria.rules.steps import BATTLE, CHOICE_NAMES, DECLARE, RETREAT
from console.games.wisteria.rules.war import begin_war_cards

if TYPE_CHECKING:
    from console.games.wisteria.state import WisteriaState


def choose(state: WisteriaState, action: Battle | Retreat) -> list[Event]:
    """The rule for ``N:battle`` and ``N:retreat``."""
    refusal = choice_refusal(state, action.seat)
    if refusal is not None:
        raise IllegalAction(refusal)
    events: list[Event] = []
    declare(state, action.seat, type(action) is Retreat, events)
    return events


def choice_refusal(state: WisteriaState, seat: Seat) -> str | None:
    """Why ``seat`` may not choose now, in words every seat may read (never what anyone chose);
    None if it may."""
    if not 1 <= seat <= state.players:
        return f"there is no seat {seat}: the seats are 1 to {state.players}"
    if state.step is DECLARE and seat in state.members:
        if state.choice[seat]:
            return f"seat {seat} has already chosen; choices cannot be changed"
        return None
    if not state.first_tie and seat in state.battlers:
        return (
            f"seat {seat} has no choice to make now: Retreat can only be done on the first card tie, "
            f"and this War is a repeat, so seat {seat} battles on"
        )
    if state.step is DECLARE:
        return f"seat {seat} is not in this War: only the tied seats choose Battle or Retreat"
    return f"seat {seat} has no choice to make now: Battle or Retreat is chosen only after a tie"


def declare(state: WisteriaState, seat: Seat, retreat: bool, events: list[Event]) -> None:
    """Record the secret choice; once the last tied seat has chosen, every choice is made public."""
    name = CHOICE_NAMES[RETREAT if retreat else BATTLE]
    state.choice[seat] = RETREAT if retreat else BATTLE
    events.append(Event("chosen", {"seat": seat}))
    events.append(Event("choice", {"seat": seat, "choice": name}, frozenset((seat,))))
    waiting = tuple(member for member in state.acting if member != seat)
    if waiting:
        state.acting = waiting
        return
    choice = state.choice
    state.battlers = [member for member in state.members if choice[member] == BATTLE]
    state.retreaters = [member for member in state.members if choice[member] == RETREAT]
    state.retreats += len(state.retreaters)
    state.declared = True
    events.append(Event("choices", {"battle": tuple(state.battlers), "retreat": tuple(state.retreaters)}))
    begin_war_cards(state, events)
