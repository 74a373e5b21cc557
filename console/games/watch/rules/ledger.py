"""The Reckoner's Ledger: prices, caps, stores, the pieces on the board and production.

Every change to a settlement, city, walls or improvement goes through the helpers here, so the
counts, the Warpath and the VP always follow the board.
"""

from __future__ import annotations

from bisect import insort
from functools import lru_cache
from typing import TYPE_CHECKING

from console.games.watch.refusal import commas
from console.games.watch.rules.board import DESERT, TOPOLOGY
from console.games.watch.words import amount, tile
from console.i18n.said import Said, Value, say

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

GRAIN, WOOD, STONE, GOLD = range(4)
RESOURCE_NAMES = ("grain", "wood", "stone", "gold")
RESOURCE_INDEX = {name: index for index, name in enumerate(RESOURCE_NAMES)}
TILE_YIELD = {"grain": GRAIN, "wood": WOOD, "stone": STONE, "gold": GOLD}

NONE, SETTLEMENT, CITY = 0, 1, 2
PIECE_NAMES = ("", "settlement", "city")
MAX_CITIES, MAX_SETTLEMENTS, STACK_CAP, HAND_LIMIT = 4, 5, 5, 3

Cost = tuple[int, int, int, int]
COSTS: dict[str, Cost] = {
    "settlement": (2, 2, 2, 0),
    "city": (4, 2, 4, 0),
    "road": (0, 1, 1, 0),
    "unit": (1, 1, 1, 0),
    "walls": (0, 2, 3, 0),
    "granary": (2, 3, 0, 0),
    "mill": (0, 2, 3, 0),
    "quarry": (0, 1, 4, 0),
}
ACTIVATION: dict[str, Cost] = {"grain": (1, 0, 0, 0), "gold": (0, 0, 0, 1)}
DRAW_PRICES: dict[str, dict[str, Cost]] = {
    "warfare": {"gold": (0, 0, 0, 2), "goods": (0, 2, 1, 0)},
    "growth": {"gold": (0, 0, 0, 2), "goods": (2, 1, 0, 0)},
    "politics": {"gold": (0, 0, 0, 2), "goods": (1, 0, 2, 0)},
}
EXCHANGE_RATE = 2  # Gold for one Grain, Wood or Stone
IMPROVEMENT_FOR_TILE = {"grain": "granary", "wood": "mill", "stone": "quarry"}
IMPROVEMENT_YIELD = {"granary": GRAIN, "mill": WOOD, "quarry": STONE}


def affordable(stores: list[int], cost: Cost) -> bool:
    return stores[0] >= cost[0] and stores[1] >= cost[1] and stores[2] >= cost[2] and stores[3] >= cost[3]


# Every price a turn's legal deeds ask about, each one bit of what ``payable`` answers.
_PRICES = (*COSTS.values(), *ACTIVATION.values(), *(c for by in DRAW_PRICES.values() for c in by.values()))
PRICE_BITS: dict[Cost, int] = {cost: 1 << index for index, cost in enumerate(dict.fromkeys(_PRICES))}
_PAYABLE: dict[tuple[int, ...], int] = {}
# By resource, by amount held (0 up to the dearest price of it): the prices whose share it covers.
_DEAREST = max(max(cost) for cost in PRICE_BITS)
_COVERS = [
    [sum(bit for cost, bit in PRICE_BITS.items() if cost[index] <= held) for held in range(_DEAREST + 1)]
    for index in range(4)
]


def payable(stores: list[int]) -> int:
    """The prices ``stores`` can pay, as the bits of PRICE_BITS: kept by treasury, since few
    treasuries occur and every listing of a turn's deeds asks about nearly every price."""
    key = tuple(stores)
    bits = _PAYABLE.get(key)
    if bits is None:
        if min(key) < 0:  # never in play; priced one by one all the same
            bits = sum(bit for cost, bit in PRICE_BITS.items() if affordable(stores, cost))
        else:
            top = _DEAREST
            bits = (
                _COVERS[0][min(key[0], top)]
                & _COVERS[1][min(key[1], top)]
                & _COVERS[2][min(key[2], top)]
                & _COVERS[3][min(key[3], top)]
            )
        if len(_PAYABLE) >= 50_000:  # a bound on memory, however long a process runs
            _PAYABLE.clear()
        _PAYABLE[key] = bits
    return bits


def pay(stores: list[int], cost: Cost) -> None:
    stores[0] -= cost[0]
    stores[1] -= cost[1]
    stores[2] -= cost[2]
    stores[3] -= cost[3]


def cost_words(cost: Cost) -> Value:
    """A price as the Ledger prints it: "2 Grain, 2 Wood, 2 Stone"."""
    return commas([amount(count, RESOURCE_NAMES[index]) for index, count in enumerate(cost) if count])


def short_of(stores: list[int], cost: Cost, what: Said) -> Said:
    """Why ``what`` cannot be paid for: its price, what the ruler holds, and what is missing, each
    in a clause of its own, so the missing goods never read as part of the holdings."""
    missing = tuple(
        say(
            "%(num)s more %(resource)s", num=cost[index] - stores[index], resource=tile(RESOURCE_NAMES[index])
        )
        for index in range(4)
        if cost[index] > stores[index]
    )
    return say(
        "%(what)s costs %(cost)s; you have %(held)s; you need %(missing)s",
        what=what,
        cost=cost_words(cost),
        held=stores_words(stores),
        missing=missing,
    )


def stores_words(stores: list[int]) -> Value:
    """What a ruler holds, "1 Grain, 1 Wood and 1 Gold", or "nothing"."""
    held = tuple(amount(count, RESOURCE_NAMES[index]) for index, count in enumerate(stores) if count)
    return held or say("nothing")


# --- pieces -------------------------------------------------------------------------------------


def place_piece(state: WatchState, point: int, owner: int, kind: int) -> None:
    old_owner, old_kind = state.piece_owner[point], state.piece_kind[point]
    if old_kind:
        _count(state, old_owner, old_kind, -1)
    if old_owner != owner:
        if old_owner:
            state.owned[old_owner].remove(point)
        insort(state.owned[owner], point)
    state.piece_owner[point] = owner
    state.piece_kind[point] = kind
    state.board_changed()
    _count(state, owner, kind, +1)
    if old_owner != owner:
        state.piece_changed(point, owner)


def remove_piece(state: WatchState, point: int) -> None:
    """Destroy a settlement or city: the intersection is freed and the slot returned."""
    owner, kind = state.piece_owner[point], state.piece_kind[point]
    if not kind:
        return
    _count(state, owner, kind, -1)
    state.owned[owner].remove(point)
    state.piece_owner[point] = 0
    state.piece_kind[point] = NONE
    state.board_changed()
    if kind == CITY:
        _raze_city_works(state, point)
    state.piece_changed(point, owner)


def demote_city(state: WatchState, point: int) -> str:
    """A city reduced to a settlement: its walls and every adjacent improvement are destroyed.

    A ruler already holding five settlements loses the city outright (ruling P-47). Returns what
    became of it, for the event."""
    owner = state.piece_owner[point]
    _raze_city_works(state, point)
    if state.settlements[owner] >= MAX_SETTLEMENTS:
        remove_piece(state, point)
        return "destroyed"
    place_piece(state, point, owner, SETTLEMENT)
    return "demoted"


def _raze_city_works(state: WatchState, point: int) -> None:
    state.walls[point] = False
    for hex_index in TOPOLOGY.point_hexes[point]:
        state.improvements.pop(hex_index, None)
    # An improvement bound to this city but on a tile not adjacent cannot exist; nothing else to do.


def _count(state: WatchState, owner: int, kind: int, delta: int) -> None:
    if kind == SETTLEMENT:
        state.settlements[owner] += delta
    else:
        state.cities[owner] += delta


def city_improvement(state: WatchState, point: int) -> int | None:
    """The tile of the improvement owned by the city at ``point``, if it has one."""
    for hex_index, (_, city, _) in state.improvements.items():
        if city == point:
            return hex_index
    return None


# --- production ---------------------------------------------------------------------------------


def production(state: WatchState, seat: int) -> list[int]:
    """What ``seat`` gains at round close: 1 per settlement, 2 per city, for every adjacent producing
    tile, plus 1 per improvement (none from desert, none from a city under Civil Unrest)."""
    gained = [0, 0, 0, 0]
    tiles, unrest, kind = state.tiles, state.unrest, state.piece_kind
    yields = point_yields(tuple(tiles))
    for point in state.owned[seat]:
        if point in unrest:
            continue
        multiplier = kind[point]
        for resource in yields[point]:
            gained[resource] += multiplier
    for hex_index, (owner, city, improvement) in state.improvements.items():
        if owner == seat and tiles[hex_index] != DESERT and city not in unrest:
            gained[IMPROVEMENT_YIELD[improvement]] += 1
    return gained


@lru_cache(maxsize=64)
def point_yields(tiles: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """By intersection, the resource of each producing tile it touches, for the layout ``tiles``
    (kept by layout: it changes only when land turns desert)."""
    return tuple(
        tuple(TILE_YIELD[tiles[h]] for h in hexes if tiles[h] in TILE_YIELD) for hexes in TOPOLOGY.point_hexes
    )


def starting_resources(state: WatchState, seat: int) -> list[int]:
    """1 from every tile touching the settlement, 2 from every tile touching the city."""
    return production(state, seat)
