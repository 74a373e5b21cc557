"""The turn and the round: a ruler's deeds until they end their turn or declare victory, and the
close of the round (production, the alliances' rounds, the moon, the landfall) once all have gone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from console.games.core import Event
from console.games.watch.actions import (
    MAX_SEAT,
    Accept,
    Choose,
    Declare,
    Decline,
    End,
    Forfeit,
    Return,
    WatchAction,
    make,
)
from console.games.watch.refusal import refused
from console.games.watch.rules import alliances, building, chronicle, combat, harrows, horde
from console.games.watch.rules.ledger import RESOURCE_NAMES, payable, production
from console.games.watch.rules.network import WARPATH_VP
from console.games.watch.rules.work import Step
from console.i18n import N_
from console.i18n.said import Said, say

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

# Answers to a question nobody asked, in the table's words.
OUT_OF_PLACE: dict[type[WatchAction], Said] = {
    Accept: say("there is no offer of alliance for you to answer"),
    Decline: say("there is no offer of alliance for you to answer"),
    Return: say("your hand is within its limit of 3: there is nothing to give back"),
    Choose: say("a free card's deck is chosen only when a held wall ties for the most committed"),
    Forfeit: say("a city is forfeited only when the wall breaks and you stood thinnest on it"),
}


def legal(state: WatchState, seat: int) -> list[WatchAction]:
    """Every deed of ``seat``'s turn, unsorted."""
    can = payable(state.stores[seat])
    actions = building.legal(state, seat, can)
    actions += combat.legal(state, seat)
    actions += alliances.legal(state, seat)
    actions += chronicle.legal_draws(state, seat, can)
    if state.hands[seat]:
        actions += chronicle.legal_cards(state, seat)
    declare, end = CLOSING[seat]
    target = state.options["victory_points"]
    if _vp_ceiling(state, seat) >= target and state.vp(seat) >= target:
        actions.append(declare)
    actions.append(end)
    return actions


def _vp_ceiling(state: WatchState, seat: int) -> int:
    """At least ``state.vp(seat)``, as if ``seat`` held the Warpath and every alliance trophy it
    could: a listing counts the visible VP only when they might reach the target."""
    return (
        state.settlements[seat]
        + 2 * state.cities[seat]
        + len(state.revealed[seat])
        + state.honours[seat]
        + WARPATH_VP
        + alliances.TROPHY_VP * alliances.MAX_ALLIANCES
    )


# By seat: the two deeds that close a turn, made once (every listing of a turn ends with them).
CLOSING = {seat: (make(Declare, seat), make(End, seat)) for seat in range(1, MAX_SEAT + 1)}


def not_a_deed(state: WatchState, action: WatchAction) -> list[Event]:
    """An action the turn has no rule for (an answer nobody asked for): refused, in words."""
    raise refused(
        OUT_OF_PLACE.get(type(action)) or say("%(verb)s is not a deed of your turn", verb=action.verb)
    )


def declare(state: WatchState, action: WatchAction) -> list[Event]:
    seat = action.seat
    visible = state.vp(seat)
    target = state.options["victory_points"]
    if visible < target:
        raise refused(
            say("you have %(num)s visible VP; a declaration needs %(target)s", num=visible, target=target)
        )
    # The outcome's reason is said in each language by Game.phrase, which takes "ruler 1" back to
    # %(seat)s and the VP to %(num)s: "ruler 1 declared victory with 15 VP", as ever.
    declared = N_("%(seat)s declared victory with %(num)s VP") % {"seat": f"ruler {seat}", "num": visible}
    state.finish("declared", declared, winners=(seat,))
    return [Event("victory", {"seat": seat, "vp": visible})]


def end_turn(state: WatchState, action: WatchAction) -> list[Event]:
    seat = state.current
    for stack in state.stacks.values():
        if stack.owner == seat:
            stack.moved = stack.struck = False
            stack.held = False  # Intrigue lasts through the owner's next turn
    state.offered.clear()
    events = [Event("turn_ended", {"seat": seat})]
    if seat < state.players:
        state.current = seat + 1
        return events
    state.pending.append(RoundClose())
    return events


@dataclass(frozen=True, slots=True)
class RoundClose(Step):
    """The wheel turns: production, alliance rounds, the moon, then activations expire."""

    def run(self, state: WatchState) -> list[Event]:
        events = []
        for seat in range(1, state.players + 1):
            gained = production(state, seat)
            for index in range(4):
                state.stores[seat][index] += gained[index]
            events.append(Event("produced", {"seat": seat, **dict(zip(RESOURCE_NAMES, gained, strict=True))}))
        state.unrest.clear()
        events += alliances.close_round(state)
        state.moons -= 1
        if state.moons == 0:
            state.pending[0:0] = [harrows.DrawHarrow(), horde.Landfall(), horde.LandfallEnd()]
        state.pending.append(RoundEnd())
        return events


@dataclass(frozen=True, slots=True)
class RoundEnd(Step):
    """Activations expire; the round limit may close the Chronicle; else the next round begins."""

    def run(self, state: WatchState) -> list[Event]:
        for stack in state.stacks.values():
            stack.active = False
        limit = state.options["max_rounds"]
        if limit and state.round >= limit:
            # two messages, as phrase() takes the reason apart (joined, not in an f-string: pybabel
            # would not find them there)
            reached = N_("the round limit (%(num)s) was reached") % {"num": limit}
            state.finish("time", ": ".join((reached, N_("the highest visible VP wins"))))
            return [Event("watch_ends", {"reason": "time"})]
        state.round += 1
        state.current = 1
        return [Event("round_begins", {"round": state.round})]
