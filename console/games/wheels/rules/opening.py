"""The setup of a match: the coin toss, the secret choice of Archaffineurs, the draws (chance) and
the opening swaps.

Each function checks the action, raising IllegalAction before it changes anything, then applies
it. WheelsState dispatches to them and works out who acts next.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.games.core import Event, IllegalAction, Seat
from console.games.wheels.actions import ChooseArchaffineur, ChooseFirst, Draw, Keep, Swap
from console.games.wheels.rules.deck import due_draw
from console.games.wheels.rules.events import private, public
from console.games.wheels.rules.phases import ARCHAFFINEURS, TOSS
from console.games.wheels.rules.player import OPENING_SWAPS

if TYPE_CHECKING:
    from console.games.wheels.state import WheelsState


def toss(state: WheelsState, action: ChooseFirst) -> list[Event]:
    if state.phase != TOSS:
        raise IllegalAction("the first seat has already been chosen")
    state.first_seat = action.first
    state.phase = ARCHAFFINEURS
    state.advance_setup()
    return [public("first", seat=action.first)]


def draw(state: WheelsState, action: Draw) -> list[Event]:
    events: list[Event] = []
    if not state.draws_due:
        raise IllegalAction("no one is due to draw a card now")
    due = state.draws_due[0]
    drawer = due.seat
    if action.drawer != drawer:
        raise IllegalAction(f"seat {drawer} draws next, not seat {action.drawer}")
    player = state.seats[drawer - 1]
    if not player.deck.can_draw(action.card):
        raise IllegalAction(undrawable(state, drawer, action.card))
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


def undrawable(state: WheelsState, seat: Seat, card: str) -> str:
    """Why a scanned card cannot be seat's next draw, saying nothing the rival may not know."""
    name = state.catalog.name(card)
    player = state.seats[seat - 1]
    if player.deck.holds(card):
        return f"{name} is not next in seat {seat}'s deck (swapped cards lie at the bottom)"
    on_shelves = any(wheel is not None and wheel.card.id == card for wheel in player.shelves)
    if card in player.hand or card in player.discard or on_shelves:
        return f"{name} cannot be drawn by seat {seat}: the ledger has every copy of it elsewhere"
    return f"{name} is not in seat {seat}'s deck"


def choose(state: WheelsState, action: ChooseArchaffineur) -> list[Event]:
    events: list[Event] = []
    player = state.seats[action.seat - 1]
    if player.archaffineur is not None:
        raise IllegalAction("your Archaffineur has already been chosen")
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
        raise IllegalAction(f"you have no {state.catalog.name(action.card)} in hand to swap")
    if player.swaps >= OPENING_SWAPS:
        raise IllegalAction(f"you may swap at most {OPENING_SWAPS} opening cards")
    if not len(player.deck):
        raise IllegalAction("your deck is empty: there is nothing to swap for")
    state.draws_due.append(due_draw(action.seat, action.card))
    return private(action.seat, "swap", {"seat": action.seat, "card": action.card}, {"seat": action.seat})


def keep(state: WheelsState, action: Keep) -> list[Event]:
    state.seats[action.seat - 1].kept = True
    return private(action.seat, "keep", {"seat": action.seat}, {"seat": action.seat})
