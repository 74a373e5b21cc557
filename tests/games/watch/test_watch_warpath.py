"""The Warpath's search (ruling R-1): the engine's search answers exactly as the plain recursive
search of the first engine, step budget included, so every recorded Watch replays the same."""

import random
from collections.abc import Sequence

from console.games.watch.rules.board import TOPOLOGY
from console.games.watch.rules.network import SEARCH_STEPS, longest_run

EDGE_POINTS = TOPOLOGY.edge_points


def reference_run(
    own: Sequence[int], piece_owner: Sequence[int], seat: int, budget: int = SEARCH_STEPS
) -> int:
    """The recursive depth-first search of the first engine, kept as the oracle."""
    total = len(own)
    if total < 2:
        return total
    links: dict[int, list[tuple[int, int]]] = {}
    for bit, edge in enumerate(own):
        a, b = EDGE_POINTS[edge]
        links.setdefault(a, []).append((1 << bit, b))
        links.setdefault(b, []).append((1 << bit, a))
    cut = {p for p in links if piece_owner[p] not in (0, seat)}
    starts = [p for p, out in links.items() if len(out) % 2 or p in cut]
    best = covered = 0
    steps = budget

    def walk(point: int, used: int, length: int) -> None:
        nonlocal best, covered, steps
        steps -= 1
        best = max(best, length)
        if best == total or steps <= 0 or (length and point in cut):
            return
        for bit, nxt in links[point]:
            if not used & bit:
                covered |= bit
                walk(nxt, used | bit, length + 1)

    for point in starts:
        if best == total or steps <= 0:
            return best
        walk(point, 0, 0)
    for bit, edge in enumerate(own):
        if not covered & (1 << bit) and best < total:
            walk(EDGE_POINTS[edge][0], 0, 0)
    return best


def grown_network(rng: random.Random, size: int) -> list[int]:
    """A network grown road by road from one edge, as a ruler builds it."""
    own = {rng.randrange(len(EDGE_POINTS))}
    while len(own) < size:
        ends = {p for e in own for p in EDGE_POINTS[e]}
        touching = [e for e in range(len(EDGE_POINTS)) if e not in own and (set(EDGE_POINTS[e]) & ends)]
        own.add(rng.choice(touching))
    return sorted(own)


def test_the_search_answers_as_the_recursive_one_on_every_kind_of_network() -> None:
    rng = random.Random(2024)
    bound = 0
    for trial in range(400):
        own = (
            grown_network(rng, rng.randrange(1, 45))
            if trial % 4
            else sorted(rng.sample(range(len(EDGE_POINTS)), rng.randrange(1, 40)))
        )
        piece_owner = [rng.choice((0, 0, 0, 1, 2)) for _ in range(len(TOPOLOGY.point_ids))]
        budget = rng.choice((SEARCH_STEPS, 40, 300))
        assert longest_run(own, piece_owner, 1, budget) == reference_run(own, piece_owner, 1, budget)
        bound += reference_run(own, piece_owner, 1, budget) != reference_run(own, piece_owner, 1, 10**9)
    assert bound > 20  # the budget really did cut some searches short, and both cut them alike


def test_networks_of_up_to_twenty_roads_are_measured_exactly() -> None:
    rng = random.Random(7)
    for _ in range(60):
        own = grown_network(rng, rng.randrange(2, 21))
        piece_owner = [0] * len(TOPOLOGY.point_ids)
        assert longest_run(own, piece_owner, 1) == reference_run(own, piece_owner, 1, 10**9)


def test_loops_and_stretches_answer_as_the_recursive_search() -> None:
    """Rings of hexes (loops with no end, alone or joined by roads and cut by pieces), with budgets
    that run out part way along a stretch the search takes whole."""
    rng = random.Random(11)
    rings = [
        sorted(edge for edge, hexes in enumerate(TOPOLOGY.edge_hexes) if hex_index in hexes)
        for hex_index in range(TOPOLOGY.island)
    ]
    loops = 0
    for trial in range(600):
        chosen: set[int] = set().union(*rng.sample(rings, rng.randrange(1, 5)))
        if trial % 2:
            chosen |= set(rng.sample(range(len(EDGE_POINTS)), rng.randrange(0, 6)))
        own = sorted(chosen)
        piece_owner = [rng.choice((0,) * 8 + (1, 2)) for _ in range(len(TOPOLOGY.point_ids))]
        budget = rng.choice((1, 2, 3, 6, 7, 12, 13, 40, SEARCH_STEPS))
        assert longest_run(own, piece_owner, 1, budget) == reference_run(own, piece_owner, 1, budget)
        loops += all(len([e for e in own if p in EDGE_POINTS[e]]) == 2 for e in own for p in EDGE_POINTS[e])
    assert loops > 20  # networks of loops alone (two roads at every point) came up


def exact_run(own: Sequence[int]) -> int:
    """Every run tried from every point, with no budget: the longest run by definition."""
    links: dict[int, list[tuple[int, int]]] = {}
    for edge in own:
        a, b = EDGE_POINTS[edge]
        links.setdefault(a, []).append((edge, b))
        links.setdefault(b, []).append((edge, a))

    def longest_from(point: int, used: frozenset[int]) -> int:
        return max(
            (1 + longest_from(nxt, used | {edge}) for edge, nxt in links[point] if edge not in used),
            default=0,
        )

    return max((longest_from(point, frozenset()) for point in links), default=0)


def test_a_network_beside_a_separate_loop_is_measured_exactly() -> None:
    """A ring of roads apart from the rest of a ruler's network is searched on its own, and only it:
    the search from the loop's first road counts no road of the other network twice."""
    rng = random.Random(5)
    rings = [
        sorted(edge for edge, hexes in enumerate(TOPOLOGY.edge_hexes) if hex_index in hexes)
        for hex_index in range(TOPOLOGY.island)
    ]
    measured = 0
    while measured < 150:
        network = set(grown_network(rng, rng.randrange(3, 13)))
        ring = rng.choice(rings)
        if {p for e in network for p in EDGE_POINTS[e]} & {p for e in ring for p in EDGE_POINTS[e]}:
            continue  # the loop must stand apart
        own = sorted(network | set(ring))
        assert longest_run(own, [0] * len(TOPOLOGY.point_ids), 1) == exact_run(own), own
        measured += 1


def test_networks_beside_separate_loops_answer_as_the_recursive_search_on_any_budget() -> None:
    """Rings apart from a ruler's other roads are searched only after every root, from the first of
    their roads in the ruler's order; with budgets from a single step up (and lone roads among the
    networks), the search must still answer as the recursive one (R-1), cut short where it is."""
    rng = random.Random(13)
    hexes = [
        {edge for edge, hexes in enumerate(TOPOLOGY.edge_hexes) if hex_index in hexes}
        for hex_index in range(TOPOLOGY.island)
    ]
    # Rings of one hex (6 roads) and round two neighbouring hexes (10): loops of unlike lengths.
    rings = hexes + [a ^ b for a in hexes for b in hexes if len(a & b) == 1]

    def points(edges: set[int]) -> set[int]:
        return {p for e in edges for p in EDGE_POINTS[e]}

    for edge in range(len(EDGE_POINTS)):  # a lone road is a run of one, whatever the budget
        assert longest_run([edge], [0] * len(TOPOLOGY.point_ids), 1, budget=1) == 1
    apart = cut_short = 0
    for _ in range(800):
        roads = set(grown_network(rng, rng.randrange(1, 14)))
        for ring in rng.sample(rings, rng.randrange(0, 4)):
            if not points(ring) & points(roads):
                roads |= ring
                apart += 1
        own = sorted(roads)
        piece_owner = [rng.choice((0,) * 8 + (1, 2)) for _ in range(len(TOPOLOGY.point_ids))]
        budget = rng.choice((rng.randrange(1, 80), SEARCH_STEPS))
        expected = reference_run(own, piece_owner, 1, budget)
        assert longest_run(own, piece_owner, 1, budget) == expected, (own, budget)
        cut_short += expected != reference_run(own, piece_owner, 1, 10**9)
    assert apart > 300 and cut_short > 50
    pairs = 0
    while pairs < 30:  # two loops alone, apart: every budget, so some run out in the second loop
        a, b = rng.sample(rings, 2)
        if points(a) & points(b):
            continue
        loops, pairs = sorted(a | b), pairs + 1
        for budget in range(1, 40):
            no_pieces = [0] * len(TOPOLOGY.point_ids)
            assert longest_run(loops, no_pieces, 1, budget) == reference_run(loops, no_pieces, 1, budget)
