"""The legal actions of a seat, and chance's outcomes, built already in notation order.

The lists come out sorted without sorting: verbs in alphabetical order (invoke, play, read, set,
wait; keep, swap), card ids sorted, shelves 1 to 3, and ``set c s`` before ``set c s sealed``. So
the input composer's cursor walks a wheel's placements as shelf 1, shelf 1 sealed, shelf 2, ...:
pressing DOWN on a shelf toggles its seal, pressing it again moves to the next shelf.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from console.games.core import CHANCE, Action, IllegalAction, Seat
from console.games.wheels.actions import (
    choose_action,
    draw_action,
    first_action,
    invoke_action,
    keep_action,
    play_action,
    read_action,
    set_action,
    swap_action,
    wait_action,
)
from console.games.wheels.catalog import Archaffineur, CraftCard, Target
from console.games.wheels.rules.cellar import ShelvedWheel
from console.games.wheels.rules.phases import ARCHAFFINEURS, OPENING, PLAY, TOSS
from console.games.wheels.rules.player import OPENING_SWAPS
from console.games.wheels.rules.targets import valid_shelves
from console.i18n.said import say

if TYPE_CHECKING:
    from console.games.wheels.state import WheelsState


def actions_for(state: WheelsState, seat: Seat) -> list[Action]:
    """Every action ``seat`` may take now; the caller has checked that it is to act."""
    if seat == CHANCE:
        return [action for action, _ in chance_outcomes(state)]
    phase = state.phase
    if phase == PLAY:
        return _turn_actions(state, seat)
    if phase == OPENING:
        player = state.seats[seat - 1]
        found: list[Action] = [keep_action(seat)]
        if player.swaps < OPENING_SWAPS and len(player.deck):
            found.extend(swap_action(seat, card) for card in sorted(player.hand))
        return found
    if phase == ARCHAFFINEURS:
        return [choose_action(seat, leader) for leader in state.catalog.ids_of("archaffineur")]
    return []


def _turn_actions(state: WheelsState, seat: Seat) -> list[Action]:
    me = state.seats[seat - 1]
    rival = state.seats[2 - seat]
    cards = state.catalog.cards
    found: list[Action] = []
    if me.archaffineur and not me.archaffineur_used:
        leader = cards[me.archaffineur]
        assert isinstance(leader, Archaffineur)
        _targeted(found, invoke_action, seat, leader.id, leader.target, me.shelves, rival.shelves)
    wheels: list[str] = []
    for card_id in sorted(me.hand):
        card = cards[card_id]
        if isinstance(card, CraftCard):
            _targeted(found, play_action, seat, card_id, card.target, me.shelves, rival.shelves)
        else:
            wheels.append(card_id)
    empty = []
    for index, wheel in enumerate(me.shelves):
        if wheel is None:
            empty.append(index + 1)
        else:
            found.append(read_action(seat, index + 1))
    for card_id in wheels:
        for shelf in empty:
            found.append(set_action(seat, card_id, shelf, False))
            found.append(set_action(seat, card_id, shelf, True))
    found.append(wait_action(seat))
    return found


def _targeted(
    found: list[Action],
    make: Callable[[Seat, str, int], Action],
    seat: Seat,
    card_id: str,
    target: Target,
    mine: list[ShelvedWheel | None],
    theirs: list[ShelvedWheel | None],
) -> None:
    if target is Target.NONE:
        found.append(make(seat, card_id, 0))
        return
    for shelf in valid_shelves(target, theirs if target.on_rival else mine):
        found.append(make(seat, card_id, shelf))


def chance_outcomes(state: WheelsState) -> list[tuple[Action, int]]:
    """The coin toss, or the next draw: each card that may come next, weighted by its copies."""
    if state.draws_due:
        drawer = state.draws_due[0].seat
        deck = state.seats[drawer - 1].deck
        return [(draw_action(drawer, card), copies) for card, copies in deck.next_cards()]
    if state.phase == TOSS:
        return [(first_action(1), 1), (first_action(2), 1)]
    return []


def sample_chance(state: WheelsState, rng: random.Random) -> Action:
    """The same distribution, and the same pick for the same RNG, as State.sample_chance over
    ``chance_outcomes``, without building the whole list."""
    if state.draws_due:
        drawer = state.draws_due[0].seat
        deck = state.seats[drawer - 1].deck
        middle = deck.middle
        if middle and not deck.top:
            pick = rng.randrange(sum(middle.values()))
            for card in sorted(middle):
                pick -= middle[card]
                if pick < 0:
                    return draw_action(drawer, card)
        rng.randrange(1)  # a forced draw still takes its turn of the RNG, as the generic sampler does
        return draw_action(drawer, deck.top[0] if deck.top else deck.bottom[0])
    if state.phase == TOSS:
        return first_action(1 + rng.randrange(2))
    raise IllegalAction(say("chance has nothing to resolve now"))
