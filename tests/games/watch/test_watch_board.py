"""The board: a radius-2 island of 19 tiles in a sea frame, stable ids, reference and random layouts."""

from collections import Counter

from console.games.watch import GAME
from console.games.watch.rules.board import (
    GOLD,
    LAKE,
    TILE_MIX,
    TOPOLOGY,
    buildable,
    random_tiles,
    reference_tiles,
    road_allowed,
)


def test_the_island_has_19_tiles_54_intersections_and_72_edges() -> None:
    assert TOPOLOGY.island == 19
    assert len(TOPOLOGY.point_ids) == 54
    assert len(TOPOLOGY.edge_ids) == 72
    assert len(TOPOLOGY.hex_ids) == 19 + 18


def test_ids_are_stable_and_read_top_to_bottom() -> None:
    assert TOPOLOGY.hex_ids[:3] == ("h1", "h2", "h3")
    assert TOPOLOGY.hex_axial[0] == (0, -2)
    assert TOPOLOGY.point_xy[0] < TOPOLOGY.point_xy[-1] or TOPOLOGY.point_xy[0][1] < TOPOLOGY.point_xy[-1][1]
    ys = [y for _, y in TOPOLOGY.point_xy]
    assert ys == sorted(ys)


def test_every_intersection_touches_three_hexes_and_every_edge_two() -> None:
    assert all(len(hexes) == 3 for hexes in TOPOLOGY.point_hexes)
    assert all(len(hexes) == 2 for hexes in TOPOLOGY.edge_hexes)


def test_the_reference_layout_has_the_proposed_mix() -> None:
    tiles = reference_tiles()[: TOPOLOGY.island]
    assert Counter(tiles) == Counter(TILE_MIX)
    assert tiles[TOPOLOGY.hex_axial.index((0, 0))] == "desert"


def test_fifty_intersections_are_buildable_and_66_edges_take_roads_on_the_reference_layout() -> None:
    tiles = reference_tiles()
    assert sum(buildable(tiles, point) for point in range(54)) == 50
    assert sum(road_allowed(tiles, edge) for edge in range(72)) == 66


def test_random_layouts_are_seeded_and_keep_goldfields_and_lakes_apart() -> None:
    assert random_tiles(5) == random_tiles(5)
    assert random_tiles(5) != random_tiles(6)
    for seed in range(30):
        tiles = random_tiles(seed)
        assert Counter(tiles[: TOPOLOGY.island]) == Counter(TILE_MIX)
        for point_hexes in TOPOLOGY.edge_hexes:
            a, b = point_hexes
            if a < TOPOLOGY.island and b < TOPOLOGY.island:
                assert not (tiles[a] == tiles[b] and tiles[a] in (GOLD, LAKE))


def test_the_view_carries_what_an_svg_map_needs() -> None:
    state = GAME.new(2, 3, {"layout": "reference"})
    board = state.view(None)["board"]
    assert len(board["hexes"]) == 37 and {"id", "q", "r", "x", "y", "tile"} <= set(board["hexes"][0])
    assert len(board["intersections"]) == 54 and {"id", "x", "y"} <= set(board["intersections"][0])
    assert len(board["edges"]) == 72 and len(board["edges"][0]["ends"]) == 2
    assert board["scale"]["x"] > 0


def test_goldfields_and_lakes_are_kept_apart_only_when_touching() -> None:
    """Only touching pairs are refused: among 40 seeded layouts two Goldfields or two Lakes lie two
    hexes apart (axial offset (1, 1)) somewhere, as they would in a plain shuffle."""
    island = TOPOLOGY.hex_axial[: TOPOLOGY.island]
    apart = 0
    for seed in range(40):
        tiles = random_tiles(seed)
        apart += sum(
            1
            for a, (qa, ra) in enumerate(island)
            for b, (qb, rb) in enumerate(island)
            if tiles[a] == tiles[b] in (GOLD, LAKE) and (qb - qa, rb - ra) == (1, 1)
        )
    assert apart > 0
