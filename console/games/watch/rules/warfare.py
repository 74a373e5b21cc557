"""The Warfare deck of the Great Chronicle: each card's targets now and what it does."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from console.games.core import Event
from console.games.watch.rules import building, network
from console.games.watch.rules.board import DESERT, TOPOLOGY, is_land
from console.games.watch.rules.ledger import STACK_CAP
from console.games.watch.rules.targets import Args, CardEffect, own_inactive

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

POINT_IDS, EDGE_IDS, HEX_IDS = TOPOLOGY.point_ids, TOPOLOGY.edge_ids, TOPOLOGY.hex_ids


def _forge_targets(state: WatchState, seat: int) -> list[Args]:
    out: list[Args] = []
    for point in sorted(network.network(state, seat)):
        if state.piece_owner[point] not in (0, seat):
            continue
        stack = state.stacks.get(point)
        if stack is None or (stack.owner == seat and not stack.active and stack.units < STACK_CAP):
            out.append((POINT_IDS[point],))
    return out


def _forge(state: WatchState, seat: int, args: Args) -> list[Event]:
    point = TOPOLOGY.point_ids.index(args[0])
    stack = building.add_unit(state, seat, point)
    return [Event("recruited", {"seat": seat, "at": args[0], "units": stack.units, "free": True})]


def _drill_targets(state: WatchState, seat: int) -> list[Args]:
    stacks = [POINT_IDS[p] for p in own_inactive(state, seat)]
    return [(p,) for p in stacks] + list(combinations(stacks, 2))


def _activate_points(state: WatchState, seat: int, points: list[int]) -> list[Event]:
    for point in points:
        state.stacks[point].active = True
    return [Event("activated", {"seat": seat, "at": [POINT_IDS[p] for p in points], "paid": "card"})]


def _drill(state: WatchState, seat: int, args: Args) -> list[Event]:
    return _activate_points(state, seat, [POINT_IDS.index(word) for word in args])


def _burn_targets(state: WatchState, seat: int) -> list[Args]:
    return [(EDGE_IDS[e],) for e, owner in enumerate(state.road_owner) if owner]


def _burn(state: WatchState, seat: int, args: Args) -> list[Event]:
    edge = EDGE_IDS.index(args[0])
    owner = state.road_owner[edge]
    state.set_road(edge, 0)
    state.roads_changed(owner)
    return [Event("road_destroyed", {"at": args[0], "owner": owner})]


def _intrigue_targets(state: WatchState, seat: int) -> list[Args]:
    friends = state.friends(seat)
    return [
        (POINT_IDS[p],)
        for p, stack in sorted(state.stacks.items())
        if stack.owner not in friends and stack.active
    ]


def _intrigue(state: WatchState, seat: int, args: Args) -> list[Event]:
    state.stacks[POINT_IDS.index(args[0])].held = True
    return [Event("held", {"at": args[0]})]


def _torch_targets(state: WatchState, seat: int) -> list[Args]:
    return [(HEX_IDS[h],) for h, (owner, _, _) in sorted(state.improvements.items()) if owner != seat]


def _torch(state: WatchState, seat: int, args: Args) -> list[Event]:
    owner, _, kind = state.improvements.pop(HEX_IDS.index(args[0]))
    return [Event("improvement_destroyed", {"at": args[0], "owner": owner, "kind": kind})]


def _decimation_targets(state: WatchState, seat: int) -> list[Args]:
    return [(POINT_IDS[p],) for p, stack in sorted(state.stacks.items()) if stack.owner != seat]


def _decimation(state: WatchState, seat: int, args: Args) -> list[Event]:
    point = POINT_IDS.index(args[0])
    stack = state.stacks[point]
    stack.units -= 2
    if stack.units <= 0:
        del state.stacks[point]
    return [Event("decimated", {"at": args[0], "owner": stack.owner, "left": max(stack.units, 0)})]


def _call_targets(state: WatchState, seat: int) -> list[Args]:
    return [()] if own_inactive(state, seat) else []


def _call(state: WatchState, seat: int, args: Args) -> list[Event]:
    return _activate_points(state, seat, own_inactive(state, seat))


def _turncoat_targets(state: WatchState, seat: int) -> list[Args]:
    friends = state.friends(seat)
    sources = [p for p, s in sorted(state.stacks.items()) if s.owner not in friends and s.active]
    receivers = [p for p, s in sorted(state.stacks.items()) if s.owner == seat and s.units < STACK_CAP]
    return [(POINT_IDS[a], POINT_IDS[b]) for a in sources for b in receivers]


def _turncoat(state: WatchState, seat: int, args: Args) -> list[Event]:
    source, receiver = POINT_IDS.index(args[0]), POINT_IDS.index(args[1])
    stack = state.stacks[source]
    stack.units -= 1
    if stack.units == 0:
        del state.stacks[source]
    state.stacks[receiver].units += 1
    return [Event("turncoat", {"from": args[0], "to": args[1], "owner": stack.owner})]


def _salt_targets(state: WatchState, seat: int) -> list[Args]:
    return [
        (HEX_IDS[h],) for h in range(TOPOLOGY.island) if is_land(state.tiles[h]) and state.tiles[h] != DESERT
    ]


def _salt(state: WatchState, seat: int, args: Args) -> list[Event]:
    hex_index = HEX_IDS.index(args[0])
    was = state.tiles[hex_index]
    state.tiles[hex_index] = DESERT
    return [Event("desert", {"at": args[0], "was": was})]


EFFECTS: dict[str, CardEffect] = {
    "forge_the_edge": (("point",), _forge_targets, _forge),
    "drill_sergeant": (("point*",), _drill_targets, _drill),
    "burn_the_ford": (("edge",), _burn_targets, _burn),
    "intrigue": (("point",), _intrigue_targets, _intrigue),
    "saboteurs_torch": (("hex",), _torch_targets, _torch),
    "decimation": (("point",), _decimation_targets, _decimation),
    "call_to_arms": ((), _call_targets, _call),
    "turncoat": (("point", "point"), _turncoat_targets, _turncoat),
    "salt_the_earth": (("hex",), _salt_targets, _salt),
}
