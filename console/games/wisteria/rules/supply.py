"""A card leaves a draw pile (chance:draw, chance:facedown, chance:tally): checked against the step
the game is at and the pile it comes from, then resolved by that step's rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from console.games.core import CHANCE, Event, IllegalAction, Seat
from console.games.wisteria.actions import CardAction, Draw, FaceDown, Tally
from console.games.wisteria.rules import scoring, war
from console.games.wisteria.rules.piles import refusal
from console.games.wisteria.rules.reveal import revealed
from console.games.wisteria.rules.steps import DECLARE, FACE_DOWN, REVEAL, TALLY, WAR, Step

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
    Draw: "a face-up card (chance:draw)",
    FaceDown: "a face-down war card (chance:facedown)",
    Tally: "a card counted for the Power Score (chance:tally)",
}


def supply(state: WisteriaState, action: CardAction) -> list[Event]:
    """The rule for every card action."""
    why = card_refusal(state, action)
    if why is not None:
        raise IllegalAction(why)
    events: list[Event] = []
    RESOLVE[state.step](state, action.owner, action.strength, events)
    return events


def card_refusal(state: WisteriaState, action: CardAction) -> str | None:
    """Why this card cannot come now (each a sentence for a person), or None."""
    if action.seat != CHANCE:
        return "a card comes from a draw pile: it is chance's action, not a seat's"
    expected = state.step.card
    if expected is None:
        return no_card_needed(state)
    if type(action) is not expected:
        return f"the table needs {NEEDED[expected]} now, not {NEEDED[type(action)]}"
    owner = action.owner
    if owner not in state.pending:
        if owner > state.players:
            return f"there is no seat {owner}: the seats are 1 to {state.players}"
        waiting = ", ".join(str(seat) for seat in state.pending)
        return f"seat {owner} does not supply a card now; waiting for seat(s) {waiting}"
    return refusal(state, owner, action.strength)


def no_card_needed(state: WisteriaState) -> str:
    if state.step is DECLARE:
        waiting = ", ".join(str(seat) for seat in state.acting)
        return f"no card is needed now: seat(s) {waiting} must first choose Battle or Retreat"
    return "no card is needed now"
