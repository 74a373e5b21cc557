"""The hex map of Thairen: a radius-2 island of 19 tiles in a frame of 18 sea hexes.

Geometry is fixed, so the ids are stable for every layout: island hexes ``h1``-``h19`` and sea
hexes ``s1``-``s18`` in reading order (top row first, left to right), intersections ``i1``-``i54``
and edges ``e1``-``e72`` in reading order of their positions. Only the tiles on the hexes change
between layouts. Positions are integers: a hex centre at (2q + r, 3r) in units of half a hex's
width and half its side, so an SVG only has to scale x by sqrt(3)/2 and y by 1/2.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

GRAIN, WOOD, STONE, GOLD, DESERT, LAKE, SEA = "grain", "wood", "stone", "gold", "desert", "lake", "sea"
WATER = frozenset({LAKE, SEA})
TILE_MIX: tuple[str, ...] = (GRAIN,) * 5 + (WOOD,) * 4 + (STONE,) * 5 + (GOLD,) * 2 + (DESERT,) + (LAKE,) * 2

# The reference layout of the close reading of the rule book (C.4), by axial coordinates (q, r).
REFERENCE: dict[tuple[int, int], str] = {
    (0, 0): DESERT,
    (1, 0): GRAIN,
    (1, -1): WOOD,
    (0, -1): STONE,
    (-1, 0): GRAIN,
    (-1, 1): WOOD,
    (0, 1): STONE,
    (2, 0): STONE,
    (2, -1): GRAIN,
    (2, -2): LAKE,
    (1, -2): GOLD,
    (0, -2): WOOD,
    (-1, -1): GRAIN,
    (-2, 0): STONE,
    (-2, 1): WOOD,
    (-2, 2): LAKE,
    (-1, 2): GOLD,
    (0, 2): GRAIN,
    (1, 1): STONE,
}

AXIAL_NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
VERTEX_OFFSETS = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))


def _distance(q: int, r: int) -> int:
    return max(abs(q), abs(r), abs(q + r))


@dataclass(frozen=True)
class Topology:
    """Which hexes, intersections and edges touch which: the same for every layout."""

    hex_ids: tuple[str, ...]  # island first (h1..h19), then sea (s1..s18)
    hex_axial: tuple[tuple[int, int], ...]
    hex_xy: tuple[tuple[int, int], ...]
    island: int  # hexes 0..island-1 are the island
    point_ids: tuple[str, ...]
    point_xy: tuple[tuple[int, int], ...]
    point_hexes: tuple[tuple[int, ...], ...]  # every hex (island or sea) meeting at the point
    point_edges: tuple[tuple[int, ...], ...]
    point_neighbours: tuple[tuple[int, ...], ...]
    edge_ids: tuple[str, ...]
    edge_points: tuple[tuple[int, int], ...]
    edge_hexes: tuple[tuple[int, ...], ...]  # the two hexes either side
    hex_points: tuple[tuple[int, ...], ...]  # island hexes only (sea hexes: ())

    def other_end(self, edge: int, point: int) -> int:
        first, second = self.edge_points[edge]
        return second if first == point else first


def _build_topology() -> Topology:
    island = sorted(
        ((q, r) for q in range(-2, 3) for r in range(-2, 3) if _distance(q, r) <= 2),
        key=lambda qr: (qr[1], qr[0]),
    )
    sea = sorted(
        ((q, r) for q in range(-3, 4) for r in range(-3, 4) if _distance(q, r) == 3),
        key=lambda qr: (qr[1], qr[0]),
    )
    axial = island + sea
    centres = [(2 * q + r, 3 * r) for q, r in axial]
    corners = [[(x + dx, y + dy) for dx, dy in VERTEX_OFFSETS] for x, y in centres]
    points_xy = sorted(
        {corner for index in range(len(island)) for corner in corners[index]}, key=lambda xy: (xy[1], xy[0])
    )
    point_index = {xy: index for index, xy in enumerate(points_xy)}
    edge_set: set[tuple[int, int]] = set()
    for index in range(len(island)):
        ring = [point_index[xy] for xy in corners[index]]
        for k in range(6):
            a, b = ring[k], ring[(k + 1) % 6]
            edge_set.add((min(a, b), max(a, b)))

    def midpoint(edge: tuple[int, int]) -> tuple[int, int]:
        (x1, y1), (x2, y2) = points_xy[edge[0]], points_xy[edge[1]]
        return (y1 + y2, x1 + x2)

    edges = sorted(edge_set, key=midpoint)
    corner_sets = [set(hex_corners) for hex_corners in corners]
    point_hexes = tuple(tuple(h for h in range(len(axial)) if xy in corner_sets[h]) for xy in points_xy)
    edge_hexes = tuple(
        tuple(
            h for h in range(len(axial)) if points_xy[a] in corner_sets[h] and points_xy[b] in corner_sets[h]
        )
        for a, b in edges
    )
    point_edges = tuple(tuple(e for e, pair in enumerate(edges) if p in pair) for p in range(len(points_xy)))
    point_neighbours = tuple(
        tuple(edges[e][1] if edges[e][0] == p else edges[e][0] for e in point_edges[p])
        for p in range(len(points_xy))
    )
    hex_points = tuple(
        tuple(sorted(point_index[xy] for xy in corners[h])) if h < len(island) else ()
        for h in range(len(axial))
    )
    hex_ids = tuple(f"h{n + 1}" for n in range(len(island))) + tuple(f"s{n + 1}" for n in range(len(sea)))
    return Topology(
        hex_ids=hex_ids,
        hex_axial=tuple(axial),
        hex_xy=tuple(centres),
        island=len(island),
        point_ids=tuple(f"i{n + 1}" for n in range(len(points_xy))),
        point_xy=tuple(points_xy),
        point_hexes=point_hexes,
        point_edges=point_edges,
        point_neighbours=point_neighbours,
        edge_ids=tuple(f"e{n + 1}" for n in range(len(edges))),
        edge_points=tuple(edges),
        edge_hexes=edge_hexes,
        hex_points=hex_points,
    )


TOPOLOGY = _build_topology()
HEX_INDEX = {name: index for index, name in enumerate(TOPOLOGY.hex_ids)}
POINT_INDEX = {name: index for index, name in enumerate(TOPOLOGY.point_ids)}
EDGE_INDEX = {name: index for index, name in enumerate(TOPOLOGY.edge_ids)}


def reference_tiles() -> list[str]:
    """The tiles of the fixed reference layout, by hex index (sea hexes included)."""
    return [REFERENCE[axial] if n < TOPOLOGY.island else SEA for n, axial in enumerate(TOPOLOGY.hex_axial)]


def random_tiles(seed: int) -> list[str]:
    """A seeded shuffle of the reference tile mix, with no two Goldfields or two Lakes touching."""
    rng = random.Random(seed)
    coordinates = TOPOLOGY.hex_axial[: TOPOLOGY.island]
    position = {axial: n for n, axial in enumerate(coordinates)}
    while True:
        tiles = list(TILE_MIX)
        rng.shuffle(tiles)
        if not _touching_pair(tiles, coordinates, position):
            return tiles + [SEA] * (len(TOPOLOGY.hex_ids) - TOPOLOGY.island)


def _touching_pair(
    tiles: Sequence[str], coordinates: Sequence[tuple[int, int]], position: dict[tuple[int, int], int]
) -> bool:
    for n, (q, r) in enumerate(coordinates):
        if tiles[n] not in (GOLD, LAKE):
            continue
        for dq, dr in AXIAL_NEIGHBOURS:
            other = position.get((q + dq, r + dr))
            if other is not None and tiles[other] == tiles[n]:
                return True
    return False


def is_land(tile: str) -> bool:
    return tile not in WATER


def buildable(tiles: Sequence[str], point: int) -> bool:
    """A city or settlement needs at least one land tile (desert counts) at its intersection."""
    return any(is_land(tiles[h]) for h in TOPOLOGY.point_hexes[point])


def road_allowed(tiles: Sequence[str], edge: int) -> bool:
    """'Never across water': an edge with water on both sides takes no road."""
    return any(is_land(tiles[h]) for h in TOPOLOGY.edge_hexes[edge])
