"""The setup of a match: the coin toss, the secret choice of Archaffineurs, the draws (chance) and
the opening swaps.

Each function checks the action, raising IllegalAction before it changes anything, then applies
it. WheelsState dispatches to them and works out who acts next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.games.core import Event, IllegalAction, Seat
from console.games.wheels.actions import ChooseArchaffineur, ChooseFirst, Draw, Keep, Swap
from console.games.wheels.refusals import refusal
from console.games.wheels.rules.deck import due_draw
from console.games.wheels.rules.events import private, public
from console.games.wheels.rules.phases import ARCHAFFINEURS, TOSS
from console.games.wheels.rules.player import OPENING_SWAPS
from console.i18n.said import Card, Said, say, say_n
from console.i18n.said import Seat as SaidSeat

if TYPE_CHECKING:
    from console.games.wheels.state import WheelsState


def toss(state: WheelsState, action: ChooseFirst) -> list[Event]:
    if state.phase != TOSS:
        raise IllegalAction(say("the first seat has already been chosen"))
    state.first_seat = action.first
    state.phase = ARCHAFFINEURS
    state.advance_setup()
    return [public("first", seat=action.first)]


def draw(state: WheelsState, action: Draw) -> list[Event]:
    events: list[Event] = []
    if not state.draws_due:
        raise IllegalAction(say("no one is due to draw a card now"))
    due = state.draws_due[0]
    drawer = due.seat
    if action.drawer != drawer:
        raise IllegalAction(
            say("%(seat)s draws next, not %(other)s", seat=SaidSeat(drawer), other=SaidSeat(action.drawer))
        )
    player = state.seats[drawer - 1]
    if not player.deck.can_draw(action.card):
        raise refusal(IllegalAction, undrawable(state, drawer, action.card), state.catalog.name)
    state.draws_due.pop(0)
    player.deck.draw(action.card)
    player.take_into_hand(action.card)
    events.extend(private(drawer, "draw", {"seat": drawer, "card": action.card}, {"seat": drawer}))
    if due.swapped is not None:
        # "A swapped card goes to the bottom of your deck after its replacement is drawn."
        player.take_from_hand(due.swapped)
        player.deck.put_under(due.swapped)
        player.swaps += 1
        if player.swaps == OPENING_SWAPS:
            player.kept = True
            events.append(public("opening-done", seat=drawer))
    return events


def undrawable(state: WheelsState, seat: Seat, card: str) -> Said:
    """Why a scanned card cannot be seat's next draw, saying nothing the rival may not know."""
    player = state.seats[seat - 1]
    what, whose = Card(card), SaidSeat(seat)
    if player.deck.holds(card):
        return say(
            "%(card)s is not next in %(seat)s's deck (swapped cards lie at the bottom)", card=what, seat=whose
        )
    on_shelves = any(wheel is not None and wheel.card.id == card for wheel in player.shelves)
    if card in player.hand or card in player.discard or on_shelves:
        return say(
            "%(card)s cannot be drawn by %(seat)s: the ledger has every copy of it elsewhere",
            card=what,
            seat=whose,
        )
    return say("%(card)s is not in %(seat)s's deck", card=what, seat=whose)


def choose(state: WheelsState, action: ChooseArchaffineur) -> list[Event]:
    events: list[Event] = []
    player = state.seats[action.seat - 1]
    if player.archaffineur is not None:
        raise IllegalAction(say("your Archaffineur has already been chosen"))
    player.archaffineur = action.archaffineur
    name = state.catalog.name(action.archaffineur)
    events.extend(
        private(
            action.seat,
            "chose",
            {"seat": action.seat, "archaffineur": action.archaffineur, "name": name},
            {"seat": action.seat},
        )
    )
    if all(p.archaffineur is not None for p in state.seats):
        chosen = {str(s): state.seats[s - 1].archaffineur or None for s in (1, 2)}
        events.append(public("archaffineurs", **chosen))
    state.advance_setup()
    return events


def swap(state: WheelsState, action: Swap) -> list[Event]:
    player = state.seats[action.seat - 1]
    if player.hand.get(action.card, 0) == 0:
        said = say("you have no %(card)s in hand to swap", card=Card(action.card))
        raise refusal(IllegalAction, said, state.catalog.name)
    if player.swaps >= OPENING_SWAPS:
        raise IllegalAction(
            say_n(
                "you may swap at most %(num)s opening card",
                "you may swap at most %(num)s opening cards",
                OPENING_SWAPS,
            )
        )
    if not len(player.deck):
        raise IllegalAction(say("your deck is empty: there is nothing to swap for"))
    state.draws_due.append(due_draw(action.seat, action.card))
    return private(action.seat, "swap", {"seat": action.seat, "card": action.card}, {"seat": action.seat})


def keep(state: WheelsState, action: Keep) -> list[Event]:
    state.seats[action.seat - 1].kept = True
    return private(action.seat, "keep", {"seat": action.seat}, {"seat": action.seat})
