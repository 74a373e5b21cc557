"""Roads and reach: a ruler's network, where roads and settlements may go, the Warpath, and
where an army may march.

A ruler's network is every intersection touched by their roads, settlements or cities.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from console.games.watch.rules.board import TOPOLOGY
from console.games.watch.rules.ledger import CITY
from console.i18n.said import Said, say

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

WARPATH_LENGTH = 5
WARPATH_VP = 2
# The longest run is a hard search on huge networks; past this many steps the longest run found so far
# stands (deterministic, so replays agree), and a network that only grew keeps at least its old length.
# Networks of up to about 23 roads are measured exactly (checked against an unbounded search).
SEARCH_STEPS = 1_500
EDGE_POINTS = TOPOLOGY.edge_points
POINT_EDGES = TOPOLOGY.point_edges
POINT_NEIGHBOURS = TOPOLOGY.point_neighbours
POINT_COUNT = len(TOPOLOGY.point_ids)
# At most three roads meet at a point, so every point where a run may turn or stop (not two roads,
# or a cut) is one where a longest run may start (odd, or a cut): longest_run relies on it.
assert max(len(edges) for edges in POINT_EDGES) <= 3


def network(state: WatchState, seat: int) -> set[int]:
    points = set(state.owned[seat])
    for edge in state.roads_of[seat]:
        points.update(EDGE_POINTS[edge])
    return points


def _road_continues_at(state: WatchState, seat: int, point: int, founding_point: int | None) -> bool:
    """Whether a new road of ``seat`` may start from ``point``."""
    if founding_point is not None:
        return point == founding_point
    owner = state.piece_owner[point]
    if owner == seat:
        return True
    if owner:  # another ruler's settlement or city cuts the chain
        return False
    return any(state.road_owner[edge] == seat for edge in POINT_EDGES[point])


# Why a road may not be laid (road_error) or a settlement or city may not stand (site_error).
EDGE_TAKEN = say("that edge already has a road")
ACROSS_WATER = say("roads are never laid across water")
NOT_FROM_FOUNDING_PIECE = say("a founding road must run from the piece you just placed")
NOT_FROM_NETWORK = say("a road must extend from your own city, settlement or road")
SITE_TAKEN = say("that intersection already holds a settlement or city")
SITE_IN_WATER = say("that intersection touches only water")
SITE_HELD = say("another ruler's army stands on that intersection")
SITE_CROWDED = say("that intersection is next to a settlement or city")
SITE_OFF_ROAD = say("a settlement must stand on an intersection touched by your road")


def road_error(state: WatchState, seat: int, edge: int, founding_point: int | None = None) -> Said | None:
    if state.road_owner[edge]:
        return EDGE_TAKEN
    if not state.road_land[edge]:
        return ACROSS_WATER
    a, b = EDGE_POINTS[edge]
    if not (
        _road_continues_at(state, seat, a, founding_point)
        or _road_continues_at(state, seat, b, founding_point)
    ):
        if founding_point is not None:
            return NOT_FROM_FOUNDING_PIECE
        return NOT_FROM_NETWORK
    return None


def legal_road_edges(state: WatchState, seat: int, founding_point: int | None = None) -> tuple[int, ...]:
    """The edges where ``seat`` may lay a road now, ascending (kept until the board changes)."""
    if founding_point is not None:
        return _open_edges(state, seat, [founding_point])
    edges = state.open_edges.get(seat)
    if edges is None:
        # A road goes on from your own pieces, and from your roads' ends where no other ruler's
        # piece stands (one's own piece there is among the first already).
        piece_owner = state.piece_owner
        starts = set(state.owned[seat])
        for edge in state.roads_of[seat]:
            for point in EDGE_POINTS[edge]:
                if not piece_owner[point]:
                    starts.add(point)
        edges = state.open_edges[seat] = _open_edges(state, seat, starts)
    return edges


def _open_edges(state: WatchState, seat: int, starts: Iterable[int]) -> tuple[int, ...]:
    edges: set[int] = set()
    for point in starts:
        edges.update(POINT_EDGES[point])
    road_owner, road_land = state.road_owner, state.road_land
    return tuple(sorted(edge for edge in edges if not road_owner[edge] and road_land[edge]))


def road_laid(state: WatchState, edge: int, owner: int) -> None:
    """A new road of ``owner`` on ``edge``: what is kept of where roads, settlements and stacks may
    go is brought up to date, in new dicts (copies share the old ones). The other rulers only lose
    the edge (their reach hangs on their own pieces and roads); the owner's grows at its two ends."""
    open_edges = {}
    for seat, edges in state.open_edges.items():
        if seat != owner:
            open_edges[seat] = edges if edge not in edges else tuple(e for e in edges if e != edge)
            continue
        starts = [point for point in EDGE_POINTS[edge] if not state.piece_owner[point]]  # no piece: a start
        open_edges[seat] = tuple(sorted({*edges, *_open_edges(state, seat, starts)} - {edge}))
    open_sites = dict(state.open_sites)
    sites = open_sites.get(owner)
    if sites is not None:  # a site's checks but one hang on pieces; the road touches only its ends
        ends = [p for p in EDGE_POINTS[edge] if p not in sites]
        new = [p for p in ends if site_error(state, owner, p, founding=False, armies=False) is None]
        if new:
            open_sites[owner] = tuple(sorted((*sites, *new)))
    # Marches run on the marching ruler's and allies' roads (friends: the key's third part).
    marches = {key: ends for key, ends in state.marches.items() if owner not in key[2]}
    state.open_edges, state.open_sites, state.marches = open_edges, open_sites, marches


def site_error(state: WatchState, seat: int, point: int, founding: bool, armies: bool = True) -> Said | None:
    """Why a new city or settlement may not stand at ``point`` (None: it may); ``armies=False``
    leaves out the one check that armies decide."""
    if state.piece_kind[point]:
        return SITE_TAKEN
    if not state.point_land[point]:
        return SITE_IN_WATER
    stack = state.stacks.get(point) if armies else None
    if stack is not None and stack.owner != seat:
        return SITE_HELD
    own_only = state.options["distance_rule"] == "own"
    for neighbour in POINT_NEIGHBOURS[point]:
        owner = state.piece_owner[neighbour]
        if owner and (owner == seat or not own_only):
            return SITE_CROWDED
    if not founding and not any(state.road_owner[edge] == seat for edge in POINT_EDGES[point]):
        return SITE_OFF_ROAD
    return None


def legal_sites(state: WatchState, seat: int, founding: bool) -> list[int]:
    if founding:
        return [p for p in range(POINT_COUNT) if site_error(state, seat, p, founding) is None]
    sites = state.open_sites.get(seat)
    if sites is None:
        # Every check but the armies' (they move without the board changing), on the network.
        sites = state.open_sites[seat] = tuple(
            p for p in sorted(network(state, seat)) if site_error(state, seat, p, False, armies=False) is None
        )
    stacks = state.stacks
    if not stacks:
        return list(sites)
    return [p for p in sites if (stack := stacks.get(p)) is None or stack.owner == seat]


# --- the Warpath --------------------------------------------------------------------------------


def longest_road(state: WatchState, seat: int) -> int:
    """The longest continuous run of ``seat``'s roads (no edge twice), cut by other rulers' pieces."""
    return longest_run(state.roads_of[seat], state.piece_owner, seat)


class _Stop(Exception):
    """The search of ``longest_run`` is over: its budget is spent, or one run holds every road."""


# A stretch as the search takes it: the roads a run must follow from one point to the next where it
# may turn or stop, as [first road's bit, every road's bits, roads, the ways on from its end (None
# where a run stops there)]. A list, as the ways on of two stretches may lead to each other.
Way = list[Any]
Links = dict[int, list[tuple[int, int]]]  # point -> (road's bit, the point at its other end)


def longest_run(own: Sequence[int], piece_owner: Sequence[int], seat: int, budget: int = SEARCH_STEPS) -> int:
    """The longest run over the roads ``own`` (edge ids, ascending) by a depth-first search that
    stops after ``budget`` steps with the longest run found so far (ruling R-1).

    The search order is fixed, so the answer is too: runs start at each point of odd degree or cut by
    another ruler's piece, in the order the roads first reach them, then on the loops left over; the
    roads out of a point are tried in the order of ``own``. A step is one run looked at, in preorder
    (the empty run at a start included). Through a point with two roads and no cut a run has one way
    on, so the search takes such a stretch of k roads whole, as k steps, and turns only at its end."""
    total = len(own)
    if total < 2:
        return total
    links = _links(own)
    # Where a run may turn or stop (not two roads, or a cut), and whether it may go on from there.
    stops: dict[int, bool] = {}
    roots = []  # where a longest run may start: it cannot be extended backwards there
    for point, pairs in links.items():
        owner = piece_owner[point]
        if owner and owner != seat:  # another ruler's piece: a run may end there but not pass
            stops[point] = False
            roots.append(point)
        elif len(pairs) != 2:
            stops[point] = len(pairs) > 1
            if len(pairs) % 2:
                roots.append(point)
    ways, covered = _ways(links, stops)
    longest, left = 0, budget

    def walk(choices: list[Way], used: int, length: int) -> None:
        """Look at every run that goes on from the run ``used`` (``length`` roads) by ``choices``."""
        nonlocal longest, left
        for first, roads, count, onward in choices:
            if used & first:
                continue
            if count >= left:  # the budget ends on this stretch, after ``left`` of its roads
                longest = max(longest, length + left)
                raise _Stop
            left -= count
            reached = length + count
            if reached > longest:
                longest = reached
                if reached == total:
                    raise _Stop
            if onward:
                walk(onward, used | roads, reached)

    def search(choices: list[Way]) -> None:
        nonlocal left
        left -= 1  # the empty run at the root is a step too
        if left <= 0:
            raise _Stop
        walk(choices, 0, 0)

    try:
        for root in roots:
            search(ways[root])
        for bit, edge in enumerate(own):  # loops with no end, fork or cut: runs from their first road
            if not covered >> bit & 1:
                root = EDGE_POINTS[edge][0]
                loop: list[Way] = []  # both ways round; back at the root, a run has no road left
                for first, point in links[root]:
                    roads = _stretch(links, stops, root, first, point)[0]
                    loop.append([first, roads, roads.bit_count(), None])
                    covered |= roads
                search(loop)
    except _Stop:
        pass
    return longest


def _links(own: Sequence[int]) -> Links:
    """Adjacency over the roads ``own`` only, each road one bit (its place in ``own``), so a run is
    a walk over ints; points in the order the roads first reach them."""
    links: Links = {}
    bit = 1
    for edge in own:
        a, b = EDGE_POINTS[edge]
        pairs = links.get(a)
        if pairs is None:
            links[a] = [(bit, b)]
        else:
            pairs.append((bit, b))
        pairs = links.get(b)
        if pairs is None:
            links[b] = [(bit, a)]
        else:
            pairs.append((bit, a))
        bit <<= 1
    return links


def _ways(links: Links, stops: dict[int, bool]) -> tuple[dict[int, list[Way]], int]:
    """Each stop's stretches in the order of its roads, with their ways on, and the bits of every
    road on some stretch. A stretch is walked once; its reverse is made at the same time."""
    ways: dict[int, list[Way]] = {}
    reverse: dict[int, Way] = {}  # by its first road's bit: the stretches walked from their far end
    covered = 0
    for start in stops:
        found = ways[start] = []
        for first, point in links[start]:
            way = reverse.pop(first, None)
            if way is None:
                roads, last, end = _stretch(links, stops, start, first, point)
                count = roads.bit_count()
                way = [first, roads, count, end if stops[end] else None]
                reverse[last] = [last, roads, count, start if stops[start] else None]
                covered |= roads
            found.append(way)
    # The ways on leave out those a run just come along a stretch cannot take: on its own roads.
    for found in ways.values():
        for way in found:
            if way[3] is not None:
                way[3] = [onward for onward in ways[way[3]] if not onward[0] & way[1]]
    return ways, covered


def _stretch(
    links: Links, stops: dict[int, bool], start: int, first: int, point: int
) -> tuple[int, int, int]:
    """The stretch leaving ``start`` by the road ``first`` to ``point``: on through points (two
    roads, no cut) to the next stop or back at ``start``; (its roads' bits, its last road, its end)."""
    roads = last = first
    while point not in stops and point != start:
        (bit_a, end_a), (bit_b, end_b) = links[point]
        last, point = (bit_b, end_b) if bit_a == last else (bit_a, end_a)
        roads |= last
    return roads, last, point


# A ruler's network as it stood when it grew: their roads (ascending) and every intersection's owner.
Grown = tuple[tuple[int, ...], tuple[int, ...]]


def update_warpath(state: WatchState, seats: tuple[int, ...] = (), grew: bool = False) -> None:
    """Ruling P-9: first to 5 takes it; it passes only to a strictly longer road; after losses the
    holder keeps it while still (tied) longest, else a unique longest takes it, else it is set aside.
    Only the lengths of ``seats`` are measured again (all rulers' when none are named).

    A network that only grew is not searched at once: it is kept as it stood (``state.unsearched``)
    and searched when its length is read or the trophy's award needs it. Until then ``lengths`` is
    a floor of its length and its roads a ceiling; the same searches run on the same networks, so
    the lengths are the ones searching at once would give."""
    lengths, measured, unsearched = state.lengths, state.measured, state.unsearched
    for seat in seats or range(1, state.players + 1):
        if grew:
            unsearched[seat].append((tuple(state.roads_of[seat]), tuple(state.piece_owner)))
        else:
            unsearched[seat].clear()
            lengths[seat] = measured[seat] = longest_road(state, seat)
    _award_warpath(state)


def _award_warpath(state: WatchState) -> None:
    """The award of P-9, searching only the grown networks the answer hangs on."""
    lengths = state.lengths
    rulers = range(1, state.players + 1)
    holder = state.warpath
    if holder:
        # The holder keeps it when no one else can be longer: a network that grew is longer or the same.
        rivals = [seat for seat in rulers if seat != holder and _at_most(state, seat) > lengths[holder]]
        for seat in rivals:
            search_grown(state, seat)
        if lengths[holder] >= WARPATH_LENGTH and all(lengths[seat] <= lengths[holder] for seat in rivals):
            return
    elif all(_at_most(state, seat) < WARPATH_LENGTH for seat in rulers):
        return  # nobody can reach five: it stays set aside
    for seat in rulers:
        search_grown(state, seat)
    best = max(lengths)
    if holder and lengths[holder] == best and best >= WARPATH_LENGTH:
        return
    leaders = [seat for seat in rulers if lengths[seat] == best]
    state.warpath = leaders[0] if best >= WARPATH_LENGTH and len(leaders) == 1 else 0


def _at_most(state: WatchState, seat: int) -> int:
    """An upper bound on ``seat``'s length: a run holds no more roads than the network."""
    grown = state.unsearched[seat]
    return max(state.lengths[seat], len(grown[-1][0])) if grown else state.lengths[seat]


def search_grown(state: WatchState, seat: int) -> None:
    """Search ``seat``'s networks kept as they grew: its length is the longest of what each search
    found and the length before (a network that only grew never measures shorter, R-1)."""
    grown = state.unsearched[seat]
    if not grown:
        return
    own, piece_owner = grown[-1]
    latest = longest_run(own, piece_owner, seat)
    length = max(state.lengths[seat], latest)
    for own, piece_owner in reversed(grown[:-1]):
        if len(own) <= length:  # this one and every one before it has too few roads to be longer
            break
        length = max(length, longest_run(own, piece_owner, seat))
    state.lengths[seat], state.measured[seat] = length, latest
    grown.clear()


# --- marching -----------------------------------------------------------------------------------


def reachable(state: WatchState, seat: int, start: int) -> list[int]:
    """Where a stack of ``seat`` at ``start`` may end a move: any distance along its own or allied
    roads, never through or onto an intersection with a non-allied ruler's stack or piece; it may
    stop only where no other ruler stands (ruling R-2) and merge with its own stack up to 5.

    Kept until the board changes, by everything else it reads: the allies and every stack's place,
    owner and size (a turn lists a stack's marches again after each deed, and the move checks them)."""
    friends = state.friends(seat)
    stacks = state.stacks
    key = (seat, start, friends, tuple([(p, stack.owner, stack.units) for p, stack in stacks.items()]))
    ends = state.marches.get(key)
    if ends is None:
        ends = state.marches[key] = _march(state, seat, start, friends)
    return list(ends)


def _march(state: WatchState, seat: int, start: int, friends: frozenset[int]) -> tuple[int, ...]:
    road_owner, piece_owner, stacks = state.road_owner, state.piece_owner, state.stacks
    units = stacks[start].units
    seen = {start}
    frontier = [start]
    ends: list[int] = []
    while frontier:
        point = frontier.pop()
        for edge in POINT_EDGES[point]:
            if road_owner[edge] not in friends:
                continue
            nxt = EDGE_POINTS[edge][1] if EDGE_POINTS[edge][0] == point else EDGE_POINTS[edge][0]
            if nxt in seen:
                continue
            seen.add(nxt)
            owner = piece_owner[nxt]
            stack = stacks.get(nxt)
            if (owner and owner not in friends) or (stack is not None and stack.owner not in friends):
                continue
            frontier.append(nxt)
            if owner in (0, seat) and (stack is None or (stack.owner == seat and stack.units + units <= 5)):
                ends.append(nxt)
    return tuple(sorted(ends))


def nearest_city(state: WatchState, seat: int, start: int) -> int | None:
    """The owner's city fewest intersection-steps away (ties: the lowest id), for a retreat."""
    if state.cities[seat] == 0:
        return None
    seen = {start}
    layer = [start]
    while layer:
        cities = sorted(p for p in layer if state.piece_owner[p] == seat and state.piece_kind[p] == CITY)
        if cities:
            return cities[0]
        nxt_layer = []
        for point in layer:
            for neighbour in POINT_NEIGHBOURS[point]:
                if neighbour not in seen:
                    seen.add(neighbour)
                    nxt_layer.append(neighbour)
        layer = nxt_layer
    return None
