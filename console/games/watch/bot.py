"""A rule-of-thumb ruler: it reads only its own view, its legal actions and the fixed map.

It saves for its next victory point (a city, else a settlement and the roads to it), spends only
what that plan can spare, stands an active army on every landfall, and aims its cards at rivals.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache, cached_property
from typing import Any

from console.games.core import JSON, Action, Seat, State
from console.games.observe import ObservingBot
from console.games.watch.actions import (
    Accept,
    Activate,
    Choose,
    City,
    Declare,
    Draw,
    End,
    Exchange,
    Forfeit,
    Improve,
    Offer,
    Play,
    Recruit,
    Return,
    Reveal,
    Road,
    Settle,
    Walls,
)
from console.games.watch.observe import PIECE_INDEX, Ruler, Seen, from_view, observe
from console.games.watch.rules.board import EDGE_INDEX, HEX_INDEX, POINT_INDEX, TOPOLOGY, WATER
from console.games.watch.rules.ledger import COSTS, DRAW_PRICES, IMPROVEMENT_FOR_TILE, RESOURCE_NAMES
from console.games.watch.state import WatchState

Need = tuple[int, int, int, int]
# What a tile yields to the piece beside it, by the round: Gold only buys goods, two for one.
TILE_WORTH = {"grain": 1.0, "wood": 1.0, "stone": 1.0, "gold": 0.6}
NOTHING: Need = (0, 0, 0, 0)
POINTS = len(TOPOLOGY.point_ids)
CITY = PIECE_INDEX["city"]
# Card -> worth of playing it now, before its target is weighed (hidden victory cards are revealed).
CARD_WORTH = {
    "g-pioneers-claim": 650,
    "p-usurpation": 450,
    "p-revolt": 350,
    "g-master-mason": 250,
    "g-bumper-crop": 200,
    "p-favor": 200,
    "g-crowns-due": 200,
    "g-gold-rush": 150,
    "g-commercial-empire": 120,
    "w-turncoat": 150,
    "w-decimation": 120,
    "w-saboteurs-torch": 120,
    "g-unfair-trade": 120,
    "g-road-building": 120,
    "g-the-great-collapse": 100,
    "p-black-plot": 60,
    "p-spy": 60,
    "w-salt-the-earth": 60,
    "p-civil-unrest": 40,
    "w-burn-the-ford": 30,
    "w-intrigue": 20,
    "p-bribed-guard": 10,
    "p-treason": 5,
    "p-pariah": 5,
}
DECK_WORTH = {"politics": 3, "growth": 2, "warfare": 1}


@cache
def distances() -> tuple[tuple[int, ...], ...]:
    """Steps between every two intersections along the edges (the map never changes)."""
    table = []
    for start in range(len(TOPOLOGY.point_ids)):
        far = [99] * len(TOPOLOGY.point_ids)
        far[start], frontier = 0, [start]
        while frontier:
            nearer = []
            for point in frontier:
                for other in TOPOLOGY.point_neighbours[point]:
                    if far[other] == 99:
                        far[other] = far[point] + 1
                        nearer.append(other)
            frontier = nearer
        table.append(tuple(far))
    return tuple(table)


class Sites:
    """Where the ruler's next settlement could go and how near each point is to the best of them:
    a function of the map, the pieces and the ruler alone, so a bot keeps it while those stay as
    they are (most decisions of a turn place no piece)."""

    def __init__(self, tiles: tuple[str, ...], owner: tuple[int, ...], me: int) -> None:
        self.tiles, self.owner = tiles, owner
        self.incomes = {tiles[h] for p in range(POINTS) if owner[p] == me for h in TOPOLOGY.point_hexes[p]}
        self._reach: dict[int, float] = {}
        self._road_reach: dict[int, float] = {}

    def site_worth(self, point: int) -> float:
        """A site's yield, with a bonus for each good it would be the first of my pieces to touch
        (a ruler with no Wood income builds nothing)."""
        worth = 0.0
        new = set()
        for hex_index in TOPOLOGY.point_hexes[point]:
            tile = self.tiles[hex_index]
            worth += TILE_WORTH.get(tile, 0.0)
            if tile in TILE_WORTH and tile != "gold" and tile not in self.incomes:
                new.add(tile)
        return worth + 1.5 * len(new)

    @cached_property
    def free_sites(self) -> dict[int, float]:
        """Open intersections a settlement could take one day, by worth."""
        owner, land = self.owner, land_points(self.tiles)
        return {
            p: self.site_worth(p)
            for p in range(POINTS)
            if land[p] and not owner[p] and not any(owner[n] for n in TOPOLOGY.point_neighbours[p])
        }

    @cached_property
    def _richest_first(self) -> list[tuple[float, int]]:
        return sorted(((worth, site) for site, worth in self.free_sites.items()), key=lambda entry: -entry[0])

    def reach(self, point: int) -> float:
        """The best open site's worth over one plus its distance from ``point`` (0 for none)."""
        best = self._reach.get(point)
        if best is None:
            far = distances()[point]
            best = 0.0
            for worth, site in self._richest_first:
                if worth <= best:
                    break  # this site and every poorer one are worth at most ``best``, however near
                value = worth / (1 + far[site])
                if value > best:
                    best = value
            self._reach[point] = best
        return best

    def road_reach(self, edge: int) -> float:
        """The better reach of a road's two ends."""
        known = self._road_reach.get(edge)
        if known is None:
            one, two = TOPOLOGY.edge_points[edge]
            known = self._road_reach[edge] = max(self.reach(one), self.reach(two))
        return known


class Plan:
    """What the ruler holds, wants next and may spare, read once per decision from its
    observation; the dearer readings (open sites, reach) only when an action asks for them."""

    def __init__(self, seen: Seen, sites: Sites) -> None:
        me = seen.you
        ruler = seen.rulers[me - 1]
        self.me, self.seen, self.rulers, self.sites = me, seen, seen.rulers, sites
        self.founding = seen.phase == "founding"
        self.stores = ruler.stores
        self.tiles = seen.tiles
        self.owner = seen.owner  # 0: no piece
        self.moons = seen.moons
        self.strength = sum(r.cities for r in self.rulers)  # the Horde's: cities on the board
        self.armies = {a.at: a.owner for a in seen.armies}
        self.units = sum(a.units for a in seen.armies if a.owner == me)
        self.site_worth, self.reach = sites.site_worth, sites.reach
        self.reserve: Need = NOTHING  # the price of the next victory point
        if ruler.cities < 4 and ruler.settlements:
            self.reserve = COSTS["city"]
        elif ruler.settlements < 5:
            self.reserve = COSTS["settlement"]
        self._spare: dict[Need, bool] = {}

    @cached_property
    def rivals(self) -> list[Ruler]:
        return [r for r in self.rulers if r.seat != self.me]

    def spare(self, cost: Need) -> bool:
        """Paying ``cost`` leaves what the next victory point needs (a resource it needs none of is free)."""
        known = self._spare.get(cost)
        if known is None:
            known = self._spare[cost] = all(
                c == 0 or s - c >= r for s, c, r in zip(self.stores, cost, self.reserve, strict=True)
            )
        return known

    def deficit(self) -> list[int]:
        return [max(0, r - s) for s, r in zip(self.stores, self.reserve, strict=True)]


@cache
def land_points(tiles: tuple[str, ...]) -> tuple[bool, ...]:
    """Intersections touching land (water never changes, so few layouts are ever asked for)."""
    return tuple(any(tiles[h] not in WATER for h in TOPOLOGY.point_hexes[p]) for p in range(POINTS))


class WatchBot(ObservingBot[Seen]):
    name = "watch-heuristic"

    def __init__(self) -> None:
        self._kept: dict[int, Sites] = {}  # by seat: the sites of its last decision

    def _sites(self, seen: Seen) -> Sites:
        kept = self._kept.get(seen.you)
        if kept is None or kept.owner != seen.owner or kept.tiles != seen.tiles:
            kept = self._kept[seen.you] = Sites(seen.tiles, seen.owner, seen.you)
        return kept

    def observe(self, state: State, seat: Seat) -> Seen:
        assert isinstance(state, WatchState)
        return observe(state, seat)

    def from_view(self, view: JSON) -> Seen:
        return from_view(view)

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        if not view.get("you"):  # the public table's view: no seat to play for
            return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
        return super().choose(view, legal, rng)

    def choose_seen(self, seen: Seen, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        plan = Plan(seen, self._sites(seen))
        best: list[Action] = []
        best_score = -1e9
        scores = _SCORES.get
        for action in legal:
            # _score, inline: a decision weighs some twenty actions
            scorer = scores(type(action))
            score = -1 if scorer is None else scorer(plan, action)
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return best[rng.randrange(len(best))]


def _score(plan: Plan, action: Action) -> float:
    """What ``action`` is worth to the plan, by its class (the engine's own, which nothing
    subclasses): a decision weighs some twenty, and one look-up beats a match on every class."""
    score = _SCORES.get(type(action))
    return -1 if score is None else score(plan, action)  # move, strike, break, decline: not worth the risk


def _piece(plan: Plan, action: City | Settle) -> float:
    worth = plan.site_worth(action.point) * (10 if plan.founding else 1)
    return (800 if isinstance(action, City) else 700) + worth


def _forfeit(plan: Plan, action: Forfeit) -> float:  # give up the poorest city
    return -plan.site_worth(action.point)


def _return(plan: Plan, action: Return) -> float:
    # The least worth goes back; never a hidden victory card nor a landfall's card (not listed).
    return -CARD_WORTH.get(action.card, 1000)


def _exchange(plan: Plan, action: Exchange) -> float:
    need = plan.deficit()
    wanted = need[RESOURCE_NAMES.index(action.good)]
    if wanted and 2 * sum(need[:3]) <= plan.stores[3]:
        return 500 + wanted  # the gold completes the next victory point
    return 40 + wanted if wanted and plan.stores[3] >= 6 else -1


def _recruit(plan: Plan, action: Recruit) -> float:
    if plan.units <= plan.strength and plan.moons <= 3:
        return 450
    return 20 if plan.units <= plan.strength and plan.spare(COSTS["unit"]) else -1


def _activate(plan: Plan, action: Activate) -> float:
    if plan.moons != 1:
        return -1
    return 600 + (1 if action.paid == "gold" else 0)


def _improve(plan: Plan, action: Improve) -> float:
    tile = plan.tiles[HEX_INDEX[action.hex]]
    return 300 if plan.spare(COSTS[IMPROVEMENT_FOR_TILE[tile]]) else -1


def _draw(plan: Plan, action: Draw) -> float:
    price = DRAW_PRICES[action.deck][action.payment]
    if plan.rulers[plan.me - 1].hand_size >= 3 or not plan.spare(price):
        return -1
    return 100 + DECK_WORTH[action.deck] + (5 if action.payment == "gold" else 0)


_SCORES: dict[type[Action], Callable[[Plan, Any], float]] = {
    Declare: lambda plan, action: 10_000,
    City: _piece,
    Settle: _piece,
    Reveal: lambda plan, action: 900,
    Forfeit: _forfeit,
    Choose: lambda plan, action: DECK_WORTH[action.deck],
    Return: _return,
    Road: lambda plan, action: _road(plan, action.edge, plan.founding),
    Exchange: _exchange,
    Recruit: _recruit,
    Activate: _activate,
    Walls: lambda plan, action: 15 if plan.spare(COSTS["walls"]) else -1,
    Improve: _improve,
    Draw: _draw,
    Play: lambda plan, action: _play(plan, action.card, action.targets),
    Accept: lambda plan, action: 5,
    Offer: lambda plan, action: 2 if not plan.seen.allies else -1,
    End: lambda plan, action: 0,
}


def _road(plan: Plan, edge_id: str, founding: bool) -> float:
    """A road is worth the best open site it brings nearer, more for nearer and richer ones."""
    if not founding and not plan.spare(COSTS["road"]) and plan.reserve != COSTS["settlement"]:
        return -1
    best = plan.sites.road_reach(EDGE_INDEX[edge_id])
    if not founding and plan.reserve != COSTS["settlement"] and best < 1:
        return -1
    return 60 + best


def _play(plan: Plan, card: str, args: tuple[str, ...]) -> float:
    worth = float(CARD_WORTH.get(card, 0))
    if card in ("w-drill-sergeant", "w-call-to-arms"):
        return 600 if plan.moons == 1 else -1
    if card == "w-forge-the-edge":
        point = POINT_INDEX[args[0]]
        return (200 if plan.units <= plan.strength else 10) + (5 if plan.seen.piece[point] == CITY else 0)
    if card in ("p-revolt", "p-usurpation", "p-civil-unrest", "g-pioneers-claim"):
        return worth + plan.site_worth(POINT_INDEX[args[0]])
    if card == "w-decimation":
        return worth if plan.armies.get(args[0]) != plan.me else -1
    if card == "w-burn-the-ford":
        return worth if plan.seen.roads[EDGE_INDEX[args[0]]] != plan.me else -1
    if card == "w-salt-the-earth":
        hex_points = TOPOLOGY.hex_points[HEX_INDEX[args[0]]]
        theirs = sum(1 for p in hex_points if plan.owner[p] and plan.owner[p] != plan.me)
        mine = sum(1 for p in hex_points if plan.owner[p] == plan.me)
        return worth + 10 * theirs if theirs and not mine else -1
    if card == "p-favor":
        seat, resource = int(args[0]), RESOURCE_NAMES.index(args[1])
        held = plan.rulers[seat - 1].stores[resource]
        return worth + min(4, held) * (3 if plan.deficit()[resource] else 1) if held else -1
    if card == "g-commercial-empire":
        got = sum(r.stores[RESOURCE_NAMES.index(args[0])] for r in plan.rivals)
        return worth + got * (3 if plan.deficit()[RESOURCE_NAMES.index(args[0])] else 1) if got else -1
    if card == "g-crowns-due":
        need = plan.deficit()
        return worth + sum(3 if need[RESOURCE_NAMES.index(w)] else 1 for w in args[1:])
    if card in ("p-spy", "p-black-plot"):
        return worth if any(r.hand_size for r in plan.rivals) else -1
    if card in ("p-treason", "p-pariah"):
        return worth if int(args[0]) not in plan.seen.allies else -1
    return worth


def evaluate(state: State) -> list[float]:
    """For the hard bot's truncated rollouts: each ruler's share of the visible VP, sharpened
    (squared) so a lead counts for more than an even spread."""
    assert isinstance(state, WatchState)
    weights = [(state.vp(seat) + 1) ** 2 for seat in range(1, state.players + 1)]
    total = sum(weights)
    return [weight / total for weight in weights]
