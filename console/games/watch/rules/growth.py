"""The Growth deck of the Great Chronicle: each card's targets now and what it does, and the work
two of them queue: Road Building's free roads and Unfair Trade's random resources."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, ClassVar

from console.games.core import CHANCE, Event
from console.games.watch.actions import Improve, Road, Settle, Take, WatchAction, make
from console.games.watch.refusal import either
from console.games.watch.rules import building, network
from console.games.watch.rules.board import EDGE_INDEX, TOPOLOGY
from console.games.watch.rules.ledger import CITY, MAX_SETTLEMENTS, RESOURCE_INDEX, RESOURCE_NAMES, production
from console.games.watch.rules.targets import Args, CardEffect, always, opponents
from console.games.watch.rules.work import ChanceWork, Decision
from console.i18n.said import Said, Seat, say, say_n

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

POINT_IDS, EDGE_IDS, HEX_IDS = TOPOLOGY.point_ids, TOPOLOGY.edge_ids, TOPOLOGY.hex_ids


@dataclass(frozen=True, slots=True)
class FreeRoad(Decision):
    """Road Building: ruler ``seat`` lays ``left`` more roads for free, one at a time."""

    left: int
    name: ClassVar[str] = "free_road"
    first: ClassVar[Said] = say("place your free road (Road Building) first, on an edge your network reaches")

    def choices(self, state: WatchState) -> list[WatchAction]:
        return [make(Road, self.seat, EDGE_IDS[e]) for e in network.legal_road_edges(state, self.seat)]

    def wrong_choice(self, state: WatchState, action: WatchAction) -> Said | None:
        if not isinstance(action, Road):
            return None
        error = network.road_error(state, self.seat, EDGE_INDEX[action.edge])
        if error is None:
            return say("place your free road first")
        return say("%(why)s (your free road of Road Building)", why=error)

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        state.pending.pop(0)
        if self.left > 1:
            state.pending.insert(0, FreeRoad(self.seat, self.left - 1))
        assert isinstance(action, Road)
        return building.do_road(state, action, free=True)


@dataclass(frozen=True, slots=True)
class TakeResource(ChanceWork):
    """Unfair Trade: one random resource (weighted by how many) passes from ``victim`` to ``thief``."""

    thief: int
    victim: int
    name: ClassVar[str] = "take"
    unlisted: ClassVar[Said] = say("the table's take must be one of the outcomes its rules allow now")

    def outcomes(self, state: WatchState) -> list[tuple[WatchAction, int]]:
        stores = state.stores[self.victim]
        victim = self.victim
        return [(make(Take, CHANCE, victim, RESOURCE_NAMES[i]), stores[i]) for i in range(4) if stores[i]]

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        state.pending.pop(0)
        assert isinstance(action, Take)
        name = action.resource
        index = RESOURCE_INDEX[name]
        state.stores[self.victim][index] -= 1
        state.stores[self.thief][index] += 1
        return [Event("taken", {"seat": self.thief, "from": self.victim, "resource": name, "amount": 1})]


def _road_building_targets(state: WatchState, seat: int) -> list[Args]:
    return [()] if network.legal_road_edges(state, seat) else []


def _road_building(state: WatchState, seat: int, args: Args) -> list[Event]:
    state.pending.insert(0, FreeRoad(seat, 2))
    return []


def _unfair_trade(state: WatchState, seat: int, args: Args) -> list[Event]:
    for offset, victim in enumerate(opponents(state, seat)):
        state.pending.insert(offset, TakeResource(seat, victim))
    return []


def _mason_targets(state: WatchState, seat: int) -> list[Args]:
    out = []
    for point in state.points_of(seat):
        if state.piece_kind[point] != CITY:
            continue
        for hex_index in TOPOLOGY.point_hexes[point]:
            if building.improvement_error(state, seat, hex_index, point) is None:
                out.append((HEX_IDS[hex_index], POINT_IDS[point]))
    return sorted(out)


def _mason(state: WatchState, seat: int, args: Args) -> list[Event]:
    return building.do_improve(state, make(Improve, seat, *args), free=True)


def _gold_rush(state: WatchState, seat: int, args: Args) -> list[Event]:
    state.stores[seat][3] += 2
    return [Event("gained", {"seat": seat, "gold": 2})]


def _bumper_crop(state: WatchState, seat: int, args: Args) -> list[Event]:
    gained = production(state, seat)
    for index in range(4):
        state.stores[seat][index] += gained[index]
    return [Event("gained", {"seat": seat, **dict(zip(RESOURCE_NAMES, gained, strict=True))})]


def crowns_due_victims(state: WatchState, seat: int) -> list[int]:
    rivals = opponents(state, seat)
    best = max(state.vp(other) for other in rivals)
    return [other for other in rivals if state.vp(other) == best]


def _crowns_targets(state: WatchState, seat: int) -> list[Args]:
    out: list[Args] = []
    for victim in crowns_due_victims(state, seat):
        out += _takings(victim, tuple(state.stores[victim]))
    return out


@lru_cache(maxsize=4096)
def _takings(victim: int, stores: tuple[int, ...]) -> tuple[Args, ...]:
    """Every way Crown's Due may take 4 of ``stores`` (all, if fewer), as its arguments: kept, since
    a hand may hold the card for many turns and the combinations are costly to list."""
    size = min(4, sum(stores))
    return tuple(
        (str(victim), *(RESOURCE_NAMES[index] for index in combo))
        for combo in combinations_with_replacement(range(4), size)
        if all(combo.count(index) <= stores[index] for index in range(4))
    )


def _crowns_reason(state: WatchState, seat: int, args: Args) -> Said | None:
    victims = crowns_due_victims(state, seat)
    victim = int(args[0])
    if victim not in victims:
        return say(
            "Crown's Due takes from the opponent with the most VP: %(rulers)s (%(vp)s VP)",
            rulers=either([Seat(other) for other in victims]),
            vp=state.vp(victims[0]),
        )
    held = sum(state.stores[victim])
    if len(args) - 1 != min(4, held):
        if held >= 4:
            return say("Crown's Due takes exactly 4 of %(seat)s's resources", seat=Seat(victim))
        return say_n(
            "Crown's Due takes the %(num)s resource %(seat)s holds (fewer than 4)",
            "Crown's Due takes all %(num)s resources %(seat)s holds (fewer than 4)",
            held,
            seat=Seat(victim),
        )
    return say("%(seat)s does not hold the resources named", seat=Seat(victim))


def _crowns(state: WatchState, seat: int, args: Args) -> list[Event]:
    victim = int(args[0])
    for name in args[1:]:
        state.stores[victim][RESOURCE_INDEX[name]] -= 1
        state.stores[seat][RESOURCE_INDEX[name]] += 1
    return [Event("taken", {"seat": seat, "from": victim, "resources": list(args[1:])})]


def _pioneer_targets(state: WatchState, seat: int) -> list[Args]:
    if state.settlements[seat] >= MAX_SETTLEMENTS:
        return []
    return [(POINT_IDS[p],) for p in network.legal_sites(state, seat, founding=False)]


def _pioneer(state: WatchState, seat: int, args: Args) -> list[Event]:
    return building.do_settle(state, make(Settle, seat, args[0]), free=True)


def _empire_targets(state: WatchState, seat: int) -> list[Args]:
    return [(name,) for name in RESOURCE_NAMES]


def _empire(state: WatchState, seat: int, args: Args) -> list[Event]:
    index = RESOURCE_INDEX[args[0]]
    total = 0
    for victim in opponents(state, seat):
        total += state.stores[victim][index]
        state.stores[victim][index] = 0
    state.stores[seat][index] += total
    return [Event("taken", {"seat": seat, "from": "every opponent", "resource": args[0], "amount": total})]


def _collapse(state: WatchState, seat: int, args: Args) -> list[Event]:
    for victim in opponents(state, seat):
        state.stores[victim] = [amount // 2 for amount in state.stores[victim]]
    return [Event("collapse", {"seat": seat})]


EFFECTS: dict[str, CardEffect] = {
    "road_building": ((), _road_building_targets, _road_building),
    "unfair_trade": ((), always, _unfair_trade),
    "master_mason": (("hex", "point"), _mason_targets, _mason),
    "gold_rush": ((), always, _gold_rush),
    "bumper_crop": ((), always, _bumper_crop),
    "crowns_due": (("seat", "resource*"), _crowns_targets, _crowns),
    "pioneers_claim": (("point",), _pioneer_targets, _pioneer),
    "commercial_empire": (("resource",), _empire_targets, _empire),
    "great_collapse": ((), always, _collapse),
}
# Reasons more exact than a card's "needs" for a play with the wrong arguments.
REASONS: dict[str, Callable[[WatchState, int, Args], Said | None]] = {"crowns_due": _crowns_reason}
