"""A turn of play: setting, reading, crafts, the Archaffineur, Wait, and the ending step that a
turn-spending action runs.

"Setting a wheel, reading one, playing a craft without the Free mark, or choosing Wait spends one
turn. When that action ends, only your cellar ages. Your remaining turn count falls by one and you
draw one card if your deck has cards and your hand has room."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.games.core import Event, IllegalAction, Outcome, Seat
from console.games.wheels.actions import Invoke, PlayCraft, Read, SetWheel, Wait
from console.games.wheels.catalog import Archaffineur, CraftCard, Target
from console.games.wheels.refusals import refusal
from console.games.wheels.rules.cellar import ShelvedWheel
from console.games.wheels.rules.deck import due_draw
from console.games.wheels.rules.effects import read_wheel, resolve
from console.games.wheels.rules.events import private, public
from console.games.wheels.rules.player import HAND_LIMIT, Player
from console.games.wheels.rules.targets import target_problem
from console.i18n import N_
from console.i18n.said import Card, say

if TYPE_CHECKING:
    from console.games.wheels.state import WheelsState


def set_wheel(state: WheelsState, action: SetWheel) -> list[Event]:
    events: list[Event] = []
    player = state.seats[action.seat - 1]
    card = state.catalog.wheel(action.card)
    if player.hand.get(action.card, 0) == 0:
        raise refusal(
            IllegalAction, say("you have no %(card)s in hand", card=Card(card.id)), state.catalog.name
        )
    occupant = player.shelves[action.shelf - 1]
    if occupant is not None:
        if occupant.soured:
            raise IllegalAction(
                say(
                    "shelf %(shelf)s holds a soured wheel: read it for 0 to clear it first",
                    shelf=action.shelf,
                )
            )
        raise IllegalAction(
            say("shelf %(shelf)s is not empty: a wheel is set on an empty shelf", shelf=action.shelf)
        )
    player.take_from_hand(action.card)
    wheel = ShelvedWheel(card, action.sealed)
    player.shelves[action.shelf - 1] = wheel
    full = {
        "seat": action.seat,
        "shelf": action.shelf,
        "card": card.id,
        "sealed": action.sealed,
        "age": wheel.age,  # zero: it joins this turn's ageing step, in the ending event
        "value": wheel.value,
        "peak": card.peak,
        "hold": wheel.hold,
    }
    if action.sealed:
        events.extend(
            private(action.seat, "set", full, {key: full[key] for key in ("seat", "shelf", "sealed", "age")})
        )
    else:
        events.append(public("set", **full))
    end_turn(state, action.seat, events)
    return events


def read_shelf(state: WheelsState, action: Read) -> list[Event]:
    events: list[Event] = []
    player = state.seats[action.seat - 1]
    if player.shelves[action.shelf - 1] is None:
        raise IllegalAction(
            say("your shelf %(shelf)s is empty: there is nothing to read", shelf=action.shelf)
        )
    read_wheel(player, action.seat, action.shelf, events)
    end_turn(state, action.seat, events)
    return events


def play_craft(state: WheelsState, action: PlayCraft) -> list[Event]:
    events: list[Event] = []
    player = state.seats[action.seat - 1]
    card = state.catalog.cards[action.card]
    assert isinstance(card, CraftCard)
    if player.hand.get(action.card, 0) == 0:
        raise refusal(
            IllegalAction, say("you have no %(card)s in hand", card=Card(card.id)), state.catalog.name
        )
    check_target(state, action.seat, card, action.shelf)
    player.take_from_hand(action.card)  # the card leaves the hand before it acts (Riftstone)
    player.discard.append(action.card)
    events.append(
        public(
            "play",
            seat=action.seat,
            card=card.id,
            shelf=action.shelf,
            on="rival" if card.target.on_rival else "own",
            free=card.free,
        )
    )
    resolve(card, action.seat, state.seats, action.shelf, events)
    if not card.free:
        end_turn(state, action.seat, events)
    return events


def invoke(state: WheelsState, action: Invoke) -> list[Event]:
    events: list[Event] = []
    player = state.seats[action.seat - 1]
    if not player.archaffineur:
        raise IllegalAction(say("you play this match without an Archaffineur"))
    if player.archaffineur != action.archaffineur:
        said = say("your Archaffineur is not the %(card)s", card=Card(action.archaffineur))
        raise refusal(IllegalAction, said, state.catalog.name)
    if player.archaffineur_used:
        raise IllegalAction(say("your Archaffineur has already been used this match"))
    leader = state.catalog.cards[action.archaffineur]
    assert isinstance(leader, Archaffineur)
    check_target(state, action.seat, leader, action.shelf)
    player.archaffineur_used = True
    events.append(public("invoke", seat=action.seat, archaffineur=leader.id, shelf=action.shelf))
    resolve(leader, action.seat, state.seats, action.shelf, events)
    return events


def wait(state: WheelsState, action: Wait) -> list[Event]:
    events = [public("wait", seat=action.seat)]
    end_turn(state, action.seat, events)
    return events


def check_target(state: WheelsState, seat: Seat, card: CraftCard | Archaffineur, shelf: int) -> None:
    if card.target is not Target.NONE and not shelf:
        raise refusal(
            IllegalAction,
            say("%(card)s needs a target: name a shelf", card=Card(card.id)),
            state.catalog.name,
        )
    if card.target is Target.NONE:
        if shelf:
            said = say("%(card)s chooses no wheel: name no shelf", card=Card(card.id))
            raise refusal(IllegalAction, said, state.catalog.name)
        return
    owner = state.seats[2 - seat] if card.target.on_rival else state.seats[seat - 1]
    problem = target_problem(card.target, owner.shelves[shelf - 1], shelf, card.id)
    if problem is not None:
        raise refusal(IllegalAction, problem, state.catalog.name)


def end_turn(state: WheelsState, seat: Seat, events: list[Event]) -> None:
    """The ending step of a turn-spending action: only this seat's cellar ages, its conditions
    count down, its turn count falls, and it draws if it can; then the other seat plays."""
    player = state.seats[seat - 1]
    gain = player.ageing()
    soured = []
    if gain:
        for index, wheel in enumerate(player.shelves):
            if wheel is not None:
                was = wheel.soured
                wheel.add_age(gain)
                if wheel.soured and not was:
                    soured.append(index + 1)
    if player.damp:
        player.damp -= 1
    if player.chill:
        player.chill -= 1
    player.turns_left -= 1
    # A seat with no turns left draws nothing: the card could never be used (rulings.md, R-5).
    if player.turns_left and player.hand_size < HAND_LIMIT and len(player.deck):
        state.draws_due.append(due_draw(seat))
    events.append(
        public(
            "ending",
            seat=seat,
            aged=gain,
            soured=soured,
            turns_left=player.turns_left,
            damp=player.damp,
            chill=player.chill,
        )
    )
    rival = state.seats[2 - seat]
    if rival.turns_left:
        state.current = 3 - seat
    elif not player.turns_left:
        outcome = final_outcome(state.seats)
        state.finish(outcome)
        events.append(public("over", **outcome.to_json()))


def final_outcome(seats: tuple[Player, Player]) -> Outcome:
    """The book: "The highest banked Renown wins, and equal scores draw. Wheels left on shelves add
    nothing to the final score." Only banked Renown counts."""
    first, second = seats[0].banked, seats[1].banked
    scores = (float(first), float(second))
    # The reason's parts are messages of the game's catalog (N_), each number and seat written where
    # console.i18n.said.phrase finds them again: a journal keeps the English, each screen says it
    # in its language.
    if first == second:
        return Outcome(
            (1, 2), scores, N_("a draw") + ": " + N_("both banked %(num)s Renown") % {"num": first}
        )
    winner = 1 if first > second else 2
    most = N_("%(seat)s banked the most Renown (%(num)s to %(num2)s)")
    return Outcome(
        (winner,),
        scores,
        most % {"seat": f"seat {winner}", "num": max(first, second), "num2": min(first, second)},
    )
