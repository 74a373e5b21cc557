"""Rule 2: on the first tie every tied seat chooses Battle or Retreat, all at once and in secret;
a choice cannot be changed (P-17), and Retreat is only for the first tie (R-2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.games.core import Event, IllegalAction, Seat
from console.games.wisteria.actions import Battle, Retreat
from console.games.wisteria.refusals import clauses
from console.games.wisteria.rules.steps import BATTLE, CHOICE_NAMES, DECLARE, RETREAT
from console.games.wisteria.rules.war import begin_war_cards
from console.i18n.said import Said, say
from console.i18n.said import Seat as SaidSeat

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


def choice_refusal(state: WisteriaState, seat: Seat) -> Said | None:
    """Why ``seat`` may not choose now, in words every seat may read (never what anyone chose);
    None if it may. Clauses as ``phrase`` finds them: it is ``why_not_now``'s text too."""
    if not 1 <= seat <= state.players:
        return no_such_seat(seat, state.players)
    if state.step is DECLARE and seat in state.members:
        if not state.choice[seat]:
            return None
        return clauses(
            "; ", say("%(seat)s has already chosen", seat=SaidSeat(seat)), say("choices cannot be changed")
        )
    who = SaidSeat(seat)
    if not state.first_tie and seat in state.battlers:
        return clauses(
            ": ",
            say("%(seat)s has no choice to make now", seat=who),
            say(
                "Retreat can only be done on the first card tie, and this War is a repeat, "
                "so %(seat)s battles on",
                seat=who,
            ),
        )
    if state.step is DECLARE:
        return clauses(
            ": ",
            say("%(seat)s is not in this War", seat=who),
            say("only the tied seats choose Battle or Retreat"),
        )
    return clauses(
        ": ",
        say("%(seat)s has no choice to make now", seat=who),
        say("Battle or Retreat is chosen only after a tie"),
    )


def no_such_seat(seat: Seat, players: int) -> Said:
    """A seat number beyond the table's seats (or below them)."""
    return clauses(
        ": ",
        say("there is no %(seat)s", seat=SaidSeat(seat)),
        say("the seats are %(num)s to %(num2)s", num=1, num2=players),
    )


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
