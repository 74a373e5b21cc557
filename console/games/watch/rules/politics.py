"""The Politics deck of the Great Chronicle: each card's targets now and what it does, and the
chance two of them queue: the card Spy steals and the cards Black Plot costs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from console.games.core import CHANCE, Event
from console.games.watch.actions import Lose, Steal, WatchAction, make, supplied
from console.games.watch.rules import alliances
from console.games.watch.rules.board import TOPOLOGY
from console.games.watch.rules.hand import GiveBack, return_card
from console.games.watch.rules.ledger import (
    CITY,
    HAND_LIMIT,
    RESOURCE_INDEX,
    RESOURCE_NAMES,
    SETTLEMENT,
    remove_piece,
)
from console.games.watch.rules.targets import Args, CardEffect, always, opponents, rivals_pieces, seat_args
from console.games.watch.rules.work import ChanceWork
from console.i18n import N_
from console.i18n.said import Said, say

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

POINT_IDS = TOPOLOGY.point_ids


@dataclass(frozen=True, slots=True)
class SpyTheft(ChanceWork):
    """Spy: a random card of ``victim``'s hand (weighted by copies) passes to ``thief``, who then
    holds it and so scans it at a physical table."""

    thief: int
    victim: int
    name: ClassVar[str] = "steal"
    unlisted: ClassVar[Said] = say("the table's steal must be one of the outcomes its rules allow now")

    def outcomes(self, state: WatchState) -> list[tuple[WatchAction, int]]:
        hand = state.hands[self.victim]
        return [(supplied(Steal, self.thief, card), hand.count(card)) for card in sorted(set(hand))]

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        state.pending.pop(0)
        assert isinstance(action, Steal)
        thief, victim, card = self.thief, self.victim, action.card
        state.hands[victim].remove(card)
        events = [Event("stolen", {"seat": thief, "from": victim})]
        events.append(
            Event(
                "card",
                {"seat": thief, "from": victim, "card": card, "how": "spy"},
                audience=frozenset((thief, victim)),
            )
        )
        state.hands[thief].append(card)
        if len(state.hands[thief]) > HAND_LIMIT:
            state.pending.insert(0, GiveBack(thief))
        return events


@dataclass(frozen=True, slots=True)
class BlackPlotLoss(ChanceWork):
    """Black Plot: ``victim`` loses ``left`` more random cards, each under its own deck."""

    victim: int
    left: int
    name: ClassVar[str] = "lose"
    unlisted: ClassVar[Said] = say("the table's lose must be one of the outcomes its rules allow now")

    def outcomes(self, state: WatchState) -> list[tuple[WatchAction, int]]:
        hand = state.hands[self.victim]
        return [(make(Lose, CHANCE, self.victim, card), hand.count(card)) for card in sorted(set(hand))]

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        state.pending.pop(0)
        assert isinstance(action, Lose)
        victim, card = self.victim, action.card
        return_card(state, victim, card)
        if self.left > 1 and state.hands[victim]:
            state.pending.insert(0, BlackPlotLoss(victim, self.left - 1))
        return [
            Event("card_lost", {"seat": victim, "deck": state.catalog.cards[card].deck}),
            Event("card", {"seat": victim, "card": card, "how": "black plot"}, audience=frozenset((victim,))),
        ]


def _favor_targets(state: WatchState, seat: int) -> list[Args]:
    return [(str(other), name) for other in opponents(state, seat) for name in RESOURCE_NAMES]


def _favor(state: WatchState, seat: int, args: Args) -> list[Event]:
    victim, index = int(args[0]), RESOURCE_INDEX[args[1]]
    amount = min(4, state.stores[victim][index])
    state.stores[victim][index] -= amount
    state.stores[seat][index] += amount
    return [Event("taken", {"seat": seat, "from": victim, "resource": args[1], "amount": amount})]


def _spy(state: WatchState, seat: int, args: Args) -> list[Event]:
    state.pending.insert(0, SpyTheft(seat, int(args[0])))
    return []


def _unrest_targets(state: WatchState, seat: int) -> list[Args]:
    return [(POINT_IDS[p],) for p in rivals_pieces(state, seat)]


def _unrest(state: WatchState, seat: int, args: Args) -> list[Event]:
    state.unrest.add(POINT_IDS.index(args[0]))
    return [Event("unrest", {"at": args[0]})]


def _bribe(state: WatchState, seat: int, args: Args) -> list[Event]:
    victim = int(args[0])
    for stack in state.stacks.values():
        if stack.owner == victim:
            stack.active = False
    return [Event("deactivated", {"seat": victim})]


def _treason(state: WatchState, seat: int, args: Args) -> list[Event]:
    victim = int(args[0])
    events: list[Event] = []
    for pair in sorted(pair for pair in state.alliances if victim in pair):
        events += alliances.end_alliance(state, pair, N_("treason"))
    return events


def _revolt_targets(state: WatchState, seat: int) -> list[Args]:
    kind = state.piece_kind
    return [(POINT_IDS[p],) for p in rivals_pieces(state, seat) if kind[p] == SETTLEMENT]


def _revolt(state: WatchState, seat: int, args: Args) -> list[Event]:
    point = POINT_IDS.index(args[0])
    owner = state.piece_owner[point]
    remove_piece(state, point)
    return [Event("piece_destroyed", {"at": args[0], "owner": owner, "piece": "settlement"})]


def _black_plot(state: WatchState, seat: int, args: Args) -> list[Event]:
    position = 0
    for victim in opponents(state, seat):
        if state.hands[victim]:
            state.pending.insert(position, BlackPlotLoss(victim, min(3, len(state.hands[victim]))))
            position += 1
    return []


def _pariah(state: WatchState, seat: int, args: Args) -> list[Event]:
    victim = int(args[0])
    state.pariahs.add(victim)
    events = [Event("pariah", {"seat": victim})]
    for pair in sorted(pair for pair in state.alliances if victim in pair):
        events += alliances.end_alliance(state, pair, N_("pariah"))
    return events


def _usurp_targets(state: WatchState, seat: int) -> list[Args]:
    kind = state.piece_kind
    return [(POINT_IDS[p],) for p in rivals_pieces(state, seat) if kind[p] == CITY]


def _usurp(state: WatchState, seat: int, args: Args) -> list[Event]:
    point = POINT_IDS.index(args[0])
    owner = state.piece_owner[point]
    remove_piece(state, point)
    return [Event("piece_destroyed", {"at": args[0], "owner": owner, "piece": "city"})]


EFFECTS: dict[str, CardEffect] = {
    "favor": (("seat", "resource"), _favor_targets, _favor),
    "spy": (("seat",), seat_args, _spy),
    "civil_unrest": (("point",), _unrest_targets, _unrest),
    "bribed_guard": (("seat",), seat_args, _bribe),
    "treason": (("seat",), seat_args, _treason),
    "revolt": (("point",), _revolt_targets, _revolt),
    "black_plot": ((), always, _black_plot),
    "pariah": (("seat",), seat_args, _pariah),
    "usurpation": (("point",), _usurp_targets, _usurp),
}
