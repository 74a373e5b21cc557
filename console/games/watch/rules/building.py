"""The builder's actions of a turn: settlements, cities, roads, units, activation, walls,
improvements and the Gold exchange, each checked against the Ledger before anything changes."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from console.games.core import Event
from console.games.watch.actions import (
    Activate,
    City,
    Exchange,
    Improve,
    Recruit,
    Road,
    Settle,
    Walls,
    WatchAction,
    edge_actions,
    make,
    point_actions,
)
from console.games.watch.refusal import refused
from console.games.watch.rules import network
from console.games.watch.rules.board import EDGE_INDEX, HEX_INDEX, POINT_INDEX, TOPOLOGY
from console.games.watch.rules.combat import Stack
from console.games.watch.rules.ledger import (
    ACTIVATION,
    CITY,
    COSTS,
    EXCHANGE_RATE,
    IMPROVEMENT_FOR_TILE,
    MAX_CITIES,
    MAX_SETTLEMENTS,
    PRICE_BITS,
    RESOURCE_INDEX,
    SETTLEMENT,
    STACK_CAP,
    affordable,
    city_improvement,
    pay,
    place_piece,
    short_of,
)
from console.i18n.said import Said, say, say_n

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

POINT_IDS, EDGE_IDS, HEX_IDS = TOPOLOGY.point_ids, TOPOLOGY.edge_ids, TOPOLOGY.hex_ids
# The bits of ``payable`` for each price the legal deeds ask about.
SETTLEMENT_BIT, CITY_BIT, ROAD_BIT, UNIT_BIT, WALLS_BIT = (
    PRICE_BITS[COSTS[work]] for work in ("settlement", "city", "road", "unit", "walls")
)
IMPROVEMENT_BIT = {kind: PRICE_BITS[COSTS[kind]] for kind in IMPROVEMENT_FOR_TILE.values()}
ACTIVATION_BIT = {payment: PRICE_BITS[cost] for payment, cost in ACTIVATION.items()}
ACTIVATION_BITS = sum(ACTIVATION_BIT.values())


def legal(state: WatchState, seat: int, can: int) -> list[WatchAction]:
    """The builder's deeds ``seat`` may do now; ``can``: the prices its stores pay (``payable``)."""
    actions: list[WatchAction] = []
    if can & SETTLEMENT_BIT and state.settlements[seat] < MAX_SETTLEMENTS:
        settle = point_actions(Settle, seat)
        actions += [settle[p] for p in network.legal_sites(state, seat, founding=False)]
    if can & CITY_BIT and state.settlements[seat] and state.cities[seat] < MAX_CITIES:
        city, piece_kind = point_actions(City, seat), state.piece_kind
        actions += [city[p] for p in state.owned[seat] if piece_kind[p] == SETTLEMENT]
    if can & ROAD_BIT:
        road = edge_actions(Road, seat)
        actions += [road[e] for e in network.legal_road_edges(state, seat)]
    if state.cities[seat]:
        actions += _city_works(state, seat, can)
    if can & ACTIVATION_BITS:
        resting = [p for p, stack in state.stacks.items() if stack.owner == seat and not stack.active]
        for payment, bit in ACTIVATION_BIT.items():
            if resting and can & bit:
                activate = point_actions(Activate, seat, payment)
                actions += [activate[p] for p in resting]
    if state.stores[seat][3] >= EXCHANGE_RATE:
        actions += exchange_actions(seat)
    return actions


def _city_works(state: WatchState, seat: int, can: int) -> list[WatchAction]:
    """What ``seat``'s cities may have built (``can``: the prices its stores pay): units, walls and
    each city's one improvement."""
    piece_kind = state.piece_kind
    own_cities = [p for p in state.owned[seat] if piece_kind[p] == CITY]
    actions: list[WatchAction] = []
    if can & UNIT_BIT:
        recruit = point_actions(Recruit, seat)
        actions += [recruit[p] for p in own_cities if _recruit_error(state, seat, p) is None]
    if can & WALLS_BIT:
        walls = point_actions(Walls, seat)
        actions += [walls[p] for p in own_cities if not state.walls[p]]
    improvements, tiles = state.improvements, state.tiles
    improved = {city for _, city, _ in improvements.values()}
    for point in own_cities:
        if point in improved:
            continue
        for hex_index in TOPOLOGY.point_hexes[point]:
            kind = IMPROVEMENT_FOR_TILE.get(tiles[hex_index])
            if kind and hex_index not in improvements and can & IMPROVEMENT_BIT[kind]:
                actions.append(make(Improve, seat, HEX_IDS[hex_index], POINT_IDS[point]))
    return actions


@cache
def exchange_actions(seat: int) -> list[WatchAction]:
    return [make(Exchange, seat, good) for good in ("grain", "stone", "wood")]


def _require(condition: bool, reason: Said) -> None:
    if not condition:
        raise refused(reason)


# Each work by the Ledger's name for it, as a price is said ("a settlement costs 2 Grain, ...").
LABELS = {
    "settlement": say("a settlement"),
    "city": say("a city"),
    "road": say("a road"),
    "unit": say("an army unit"),
    "walls": say("City Walls"),
    "granary": say("a Granary"),
    "mill": say("a Mill"),
    "quarry": say("a Quarry"),
}
MOST_SETTLEMENTS = say_n(
    "you hold %(num)s settlement, the most allowed",
    "you hold %(num)s settlements, the most allowed",
    MAX_SETTLEMENTS,
)
MOST_CITIES = say_n(
    "you hold %(num)s city, the most allowed", "you hold %(num)s cities, the most allowed", MAX_CITIES
)
NOT_YOUR_SETTLEMENT = say("a city is raised only from one of your own settlements")
NOT_YOUR_CITY_TO_RECRUIT = say("armies are recruited at one of your cities")
NO_STACK = say("you have no army stack there")
ALREADY_ACTIVE = say("that stack is already active")
NOT_YOUR_CITY_TO_WALL = say("walls are raised only around one of your cities")
ALREADY_WALLED = say("that city already has walls")
ACTIVATION_UNPAID = {
    "grain": say("activation costs 1 Grain; you have none"),
    "gold": say("activation costs 1 Gold; you have none"),
}
# Why a unit may not join a stack (None: it may).
STACK_ACTIVE = say("units join only an inactive stack; this one is active until the round closes")
STACK_FULL = say_n("a stack holds at most %(num)s unit", "a stack holds at most %(num)s units", STACK_CAP)
# Why an improvement may not stand (None: it may).
NOT_YOUR_CITY_TO_IMPROVE = say("an improvement belongs to one of your cities")
NOT_NEXT_TO_CITY = say("an improvement stands on a tile next to its city")
NOT_IMPROVABLE = say("only a grain, wood or stone tile takes an improvement (granary, mill, quarry)")
TILE_IMPROVED = say("each tile may bear only one improvement")
CITY_IMPROVED = say("that city already has its one improvement")


def _charge(state: WatchState, seat: int, what: str) -> None:
    cost = COSTS[what]
    if not affordable(state.stores[seat], cost):  # the reason is written only when it is needed
        raise refused(short_of(state.stores[seat], cost, LABELS[what]))
    pay(state.stores[seat], cost)


def do_settle(state: WatchState, action: Settle, free: bool = False) -> list[Event]:
    seat, point = action.seat, action.point
    _require(state.settlements[seat] < MAX_SETTLEMENTS, MOST_SETTLEMENTS)
    error = network.site_error(state, seat, point, founding=False)
    if error is not None:
        raise refused(error)
    if not free:
        _charge(state, seat, "settlement")
    place_piece(state, point, seat, SETTLEMENT)
    return [Event("built", {"seat": seat, "work": "settlement", "at": POINT_IDS[point]})]


def do_city(state: WatchState, action: City) -> list[Event]:
    seat, point = action.seat, action.point
    _require(
        state.piece_kind[point] == SETTLEMENT and state.piece_owner[point] == seat,
        NOT_YOUR_SETTLEMENT,
    )
    _require(state.cities[seat] < MAX_CITIES, MOST_CITIES)
    _charge(state, seat, "city")
    place_piece(state, point, seat, CITY)
    return [Event("built", {"seat": seat, "work": "city", "at": POINT_IDS[point]})]


def do_road(state: WatchState, action: Road, free: bool = False) -> list[Event]:
    seat, edge = action.seat, EDGE_INDEX[action.edge]
    error = network.road_error(state, seat, edge)
    if error is not None:
        raise refused(error)
    if not free:
        _charge(state, seat, "road")
    state.set_road(edge, seat)
    state.roads_changed(seat, grew=True)
    return [Event("built", {"seat": seat, "work": "road", "at": EDGE_IDS[edge]})]


def _recruit_error(state: WatchState, seat: int, point: int) -> Said | None:
    stack = state.stacks.get(point)
    if stack is None:
        return None
    if stack.active:
        return STACK_ACTIVE
    if stack.units >= STACK_CAP:
        return STACK_FULL
    return None


def add_unit(state: WatchState, seat: int, point: int) -> Stack:
    stack = state.stacks.get(point)
    if stack is None:
        stack = state.stacks[point] = Stack(seat, 1)
    else:
        stack.units += 1
    return stack


def do_recruit(state: WatchState, action: Recruit) -> list[Event]:
    seat, point = action.seat, action.point
    _require(
        state.piece_kind[point] == CITY and state.piece_owner[point] == seat,
        NOT_YOUR_CITY_TO_RECRUIT,
    )
    error = _recruit_error(state, seat, point)
    if error is not None:
        raise refused(error)
    _charge(state, seat, "unit")
    stack = add_unit(state, seat, point)
    return [Event("recruited", {"seat": seat, "at": POINT_IDS[point], "units": stack.units})]


def do_activate(state: WatchState, action: Activate) -> list[Event]:
    seat, point, payment = action.seat, action.point, action.paid
    stack = state.stacks.get(point)
    _require(stack is not None and stack.owner == seat, NO_STACK)
    assert stack is not None
    _require(not stack.active, ALREADY_ACTIVE)
    cost = ACTIVATION[payment]
    _require(affordable(state.stores[seat], cost), ACTIVATION_UNPAID[payment])
    pay(state.stores[seat], cost)
    stack.active = True
    return [Event("activated", {"seat": seat, "at": POINT_IDS[point], "paid": payment})]


def do_walls(state: WatchState, action: Walls) -> list[Event]:
    seat, point = action.seat, action.point
    _require(
        state.piece_kind[point] == CITY and state.piece_owner[point] == seat,
        NOT_YOUR_CITY_TO_WALL,
    )
    _require(not state.walls[point], ALREADY_WALLED)
    _charge(state, seat, "walls")
    state.walls[point] = True
    return [Event("built", {"seat": seat, "work": "walls", "at": POINT_IDS[point]})]


def improvement_error(state: WatchState, seat: int, hex_index: int, point: int) -> Said | None:
    if state.piece_kind[point] != CITY or state.piece_owner[point] != seat:
        return NOT_YOUR_CITY_TO_IMPROVE
    if hex_index not in TOPOLOGY.point_hexes[point]:
        return NOT_NEXT_TO_CITY
    if IMPROVEMENT_FOR_TILE.get(state.tiles[hex_index]) is None:
        return NOT_IMPROVABLE
    if hex_index in state.improvements:
        return TILE_IMPROVED
    if city_improvement(state, point) is not None:
        return CITY_IMPROVED
    return None


def do_improve(state: WatchState, action: Improve, free: bool = False) -> list[Event]:
    seat, hex_index, point = action.seat, HEX_INDEX[action.hex], POINT_INDEX[action.at]
    error = improvement_error(state, seat, hex_index, point)
    if error is not None:
        raise refused(error)
    kind = IMPROVEMENT_FOR_TILE[state.tiles[hex_index]]
    if not free:
        _charge(state, seat, kind)
    state.improvements[hex_index] = (seat, point, kind)
    return [Event("built", {"seat": seat, "work": kind, "at": HEX_IDS[hex_index], "city": POINT_IDS[point]})]


def do_exchange(state: WatchState, action: Exchange) -> list[Event]:
    seat, good = action.seat, action.good
    stores = state.stores[seat]
    if stores[3] < EXCHANGE_RATE:
        raise refused(
            say("the exchange takes %(num)s Gold; you have %(held)s", num=EXCHANGE_RATE, held=stores[3])
        )
    stores[3] -= EXCHANGE_RATE
    stores[RESOURCE_INDEX[good]] += 1
    return [Event("exchanged", {"seat": seat, "gold": EXCHANGE_RATE, "for": good})]
