"""A card leaves a draw pile (chance:draw, chance:facedown, chance:tally): checked against the step
the game is at and the pile it comes from, then resolved by that step's rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from console.games.core import CHANCE, Event, IllegalAction, Seat
from console.games.wisteria.actions import CardAction, Draw, FaceDown, Tally
from console.games.wisteria.refusals import clauses
from console.games.wisteria.rules import scoring, war
from console.games.wisteria.rules.choices import no_such_seat
from console.games.wisteria.rules.piles import refusal
from console.games.wisteria.rules.reveal import revealed
from console.games.wisteria.rules.steps import DECLARE, FACE_DOWN, REVEAL, TALLY, WAR, Step
from console.i18n.said import Said, say
from console.i18n.said import Seat as SaidSeat

if TYPE_CHECKING:
    from console.games.wisteria.state import WisteriaState

CardRule = Callable[["WisteriaState", Seat, int, list[Event]], None]

# How each step that waits for cards resolves the card a seat supplied.
RESOLVE: dict[Step, CardRule] = {
    REVEAL: revealed,
    FACE_DOWN: war.placed_face_down,
    WAR: war.war_card,
    TALLY: scoring.tallied,
}
NEEDED = {
    Draw: say("a face-up card (chance:draw)"),
    FaceDown: say("a face-down war card (chance:facedown)"),
    Tally: say("a card counted for the Power Score (chance:tally)"),
}


def supply(state: WisteriaState, action: CardAction) -> list[Event]:
    """The rule for every card action."""
    why = card_refusal(state, action)
    if why is not None:
        raise IllegalAction(why)
    events: list[Event] = []
    RESOLVE[state.step](state, action.owner, action.strength, events)
    return events


def card_refusal(state: WisteriaState, action: CardAction) -> Said | None:
    """Why this card cannot come now (each a sentence for a person), or None."""
    if action.seat != CHANCE:
        return say("a card comes from a draw pile: it is chance's action, not a seat's")
    expected = state.step.card
    if expected is None:
        return no_card_needed(state)
    if type(action) is not expected:
        return say(
            "the table needs %(needed)s now, not %(given)s",
            needed=NEEDED[expected],
            given=NEEDED[type(action)],
        )
    owner = action.owner
    if owner not in state.pending:
        if owner > state.players:
            return no_such_seat(owner, state.players)
        return say(
            "%(seat)s does not supply a card now; waiting for %(seats)s",
            seat=SaidSeat(owner),
            seats=tuple(SaidSeat(seat) for seat in state.pending),
        )
    return refusal(state, owner, action.strength)


def no_card_needed(state: WisteriaState) -> Said:
    """Why chance brings no card now: ``why_not_now``'s text for chance too, so its clauses are
    as ``phrase`` finds them (up to three seats by name, as the text says them)."""
    if state.step is not DECLARE:
        return say("no card is needed now")
    waiting = [SaidSeat(seat) for seat in state.acting]
    if len(waiting) == 1:
        choose = say("%(seat)s must first choose Battle or Retreat", seat=waiting[0])
    elif len(waiting) == 2:
        choose = say(
            "%(seat)s and %(seat2)s must first choose Battle or Retreat", seat=waiting[0], seat2=waiting[1]
        )
    elif len(waiting) == 3:
        choose = say(
            "%(seat)s, %(seat2)s and %(seat3)s must first choose Battle or Retreat",
            seat=waiting[0],
            seat2=waiting[1],
            seat3=waiting[2],
        )
    else:
        choose = say("%(seats)s must first choose Battle or Retreat", seats=tuple(waiting))
    return clauses(": ", say("no card is needed now"), choose)
