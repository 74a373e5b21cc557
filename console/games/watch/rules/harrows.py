"""Ulgareth's seven Harrows: the one drawn at each landfall, and its chance picks among the
eligible targets on the board, repeated as many times as the Harrow says (ruling P-32)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from console.games.core import Event
from console.games.watch.actions import (
    Blight,
    Burn,
    Demote,
    Harrow,
    Pick,
    Raze,
    Rot,
    Rout,
    WatchAction,
    make,
    supplied,
)
from console.games.watch.rules.board import DESERT, GRAIN, TOPOLOGY, is_land
from console.games.watch.rules.ledger import CITY, SETTLEMENT, demote_city, remove_piece
from console.games.watch.rules.work import ChanceWork
from console.i18n.said import Said, say

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

POINT_IDS, EDGE_IDS, HEX_IDS = TOPOLOGY.point_ids, TOPOLOGY.edge_ids, TOPOLOGY.hex_ids


def _grain_tiles(state: WatchState) -> list[str]:
    return [HEX_IDS[h] for h in range(TOPOLOGY.island) if state.tiles[h] == GRAIN]


def _living_land(state: WatchState) -> list[str]:
    return [
        HEX_IDS[h] for h in range(TOPOLOGY.island) if is_land(state.tiles[h]) and state.tiles[h] != DESERT
    ]


def _roads(state: WatchState) -> list[str]:
    return [EDGE_IDS[e] for e, owner in enumerate(state.road_owner) if owner]


def _settlements(state: WatchState) -> list[str]:
    return [POINT_IDS[p] for p, kind in enumerate(state.piece_kind) if kind == SETTLEMENT]


def _cities(state: WatchState) -> list[str]:
    return [POINT_IDS[p] for p, kind in enumerate(state.piece_kind) if kind == CITY]


def _stacks(state: WatchState) -> list[str]:
    return [POINT_IDS[p] for p in sorted(state.stacks)]


def _improvements(state: WatchState) -> list[str]:
    return [HEX_IDS[h] for h in sorted(state.improvements)]


def _to_desert(state: WatchState, target: str) -> Event:
    hex_index = HEX_IDS.index(target)
    was = state.tiles[hex_index]
    state.tiles[hex_index] = DESERT
    return Event("desert", {"at": target, "was": was})


def _burn(state: WatchState, target: str) -> Event:
    edge = EDGE_IDS.index(target)
    owner = state.road_owner[edge]
    state.set_road(edge, 0)
    state.roads_changed(owner)
    return Event("road_destroyed", {"at": target, "owner": owner})


def _raze(state: WatchState, target: str) -> Event:
    point = POINT_IDS.index(target)
    owner = state.piece_owner[point]
    remove_piece(state, point)
    return Event("piece_destroyed", {"at": target, "owner": owner, "piece": "settlement"})


def _demote(state: WatchState, target: str) -> Event:
    point = POINT_IDS.index(target)
    owner = state.piece_owner[point]
    return Event("city_fell", {"at": target, "owner": owner, "fate": demote_city(state, point)})


def _rout(state: WatchState, target: str) -> Event:
    stack = state.stacks.pop(POINT_IDS.index(target))
    return Event("stack_destroyed", {"at": target, "owner": stack.owner, "units": stack.units})


def _rot(state: WatchState, target: str) -> Event:
    owner, _, kind = state.improvements.pop(HEX_IDS.index(target))
    return Event("improvement_destroyed", {"at": target, "owner": owner, "kind": kind})


HarrowRule = tuple[
    type[WatchAction], int, Callable[["WatchState"], list[str]], Callable[["WatchState", str], Event]
]
# Harrow effect -> (chance verb, how many picks, eligible targets, what a pick does)
HARROW_EFFECTS: dict[str, HarrowRule] = {
    "blighted_earth": (Blight, 1, _grain_tiles, _to_desert),
    "ashen_wind": (Burn, 5, _roads, _burn),
    "great_desolation": (Blight, 1, _living_land, _to_desert),
    "cracked_seats": (Raze, 1, _settlements, _raze),
    "broken_crown": (Demote, 1, _cities, _demote),
    "black_lung": (Rout, 3, _stacks, _rout),
    "creeping_rot": (Rot, 1, _improvements, _rot),
}


def pick_actions(state: WatchState, effect: str) -> list[WatchAction]:
    verb, _, targets, _ = HARROW_EFFECTS[effect]
    return [make(verb, 0, target) for target in targets(state)]


def fire_harrow(state: WatchState, harrow: str) -> list[Event]:
    entry = state.catalog.harrows[harrow]
    state.decks["harrows"].put_under(harrow)
    state.last["harrow"] = {"card": harrow, "name": entry.name}
    _, times, _, _ = HARROW_EFFECTS[entry.effect]
    state.pending.insert(0, HarrowPick(entry.effect, times))
    return [Event("harrow", {"card": harrow, "name": entry.name})]


@dataclass(frozen=True, slots=True)
class DrawHarrow(ChanceWork):
    """The Harrow of a landfall, drawn for the table by the ruler whose turn closed the round."""

    name: ClassVar[str] = "harrow"
    unlisted: ClassVar[Said] = say("the table's harrow must be one of the outcomes its rules allow now")

    def outcomes(self, state: WatchState) -> list[tuple[WatchAction, int]]:
        unseen = state.decks["harrows"].unseen.items()
        return [(supplied(Harrow, state.current, card), count) for card, count in unseen]

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        assert isinstance(action, Harrow)
        state.pending.pop(0)
        state.decks["harrows"].take_unseen(action.card)
        return fire_harrow(state, action.card)

    def advance(self, state: WatchState) -> list[Event] | None:
        deck = state.decks["harrows"]
        if deck.needs_chance:
            return None
        state.pending.pop(0)
        if not len(deck):
            return []
        return fire_harrow(state, deck.take_known())


@dataclass(frozen=True, slots=True)
class HarrowPick(ChanceWork):
    """A Harrow strikes ``left`` more of its eligible targets, each picked by chance."""

    effect: str
    left: int
    name: ClassVar[str] = "pick"
    unlisted: ClassVar[Said] = say("the table's pick must be one of the outcomes its rules allow now")

    def outcomes(self, state: WatchState) -> list[tuple[WatchAction, int]]:
        return [(action, 1) for action in pick_actions(state, self.effect)]

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        do = HARROW_EFFECTS[self.effect][3]  # the pick is one of the outcomes (checked by the state)
        state.pending.pop(0)
        if self.left > 1:
            state.pending.insert(0, HarrowPick(self.effect, self.left - 1))
        assert isinstance(action, Pick)
        return [do(state, action.target)]
