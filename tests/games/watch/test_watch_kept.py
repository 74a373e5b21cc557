"""What the Watch keeps between actions instead of finding again (state.py, rules/network.py): a
length not searched again, and the edges and sites kept until the board changes, must be what a
new search finds, at every step of seeded random Watches and in copies that go their own way."""

import random

from console.games import find_game
from console.games.checks import random_action
from console.games.watch.rules.network import legal_road_edges, legal_sites, longest_road, reachable

SEATS = range(1, 5)


def found_again(state, seat):
    """Edges and sites with nothing kept: on a copy whose kept values are dropped."""
    fresh = state.copy()
    fresh.board_changed()
    return legal_road_edges(fresh, seat), legal_sites(fresh, seat, founding=False)


def playouts(seeds):
    game = find_game("watch")
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new(4, seed)
        while state.to_act:
            state.apply(random_action(state, rng))
            yield rng, state


def test_a_length_not_searched_again_is_what_a_search_finds():
    kept = 0
    for _, state in playouts(range(6)):
        for seat in SEATS:
            if state.road_lengths[seat] == state.road_measured[seat]:
                assert longest_road(state, seat) == state.road_measured[seat]
                kept += 1
    assert kept > 1000  # the check ran on real positions, not on none


def test_kept_edges_and_sites_are_what_a_new_search_finds():
    checked = 0
    for _, state in playouts(range(3)):
        if state.phase != "play":
            continue
        for seat in SEATS:
            # Ask twice: the second answer comes from what the first kept.
            first = legal_road_edges(state, seat), legal_sites(state, seat, founding=False)
            assert first == found_again(state, seat)
            assert seat in state.open_edges and seat in state.open_sites
            checked += 1
    assert checked > 1000


def test_a_copy_that_builds_leaves_the_original_as_it_was():
    for rng, state in playouts([5]):
        if state.phase != "play" or rng.random() > 0.05:
            continue
        for seat in SEATS:
            legal_road_edges(state, seat)
        before = [legal_road_edges(state, seat) for seat in SEATS]
        other = state.copy()
        while other.to_act and other.open_edges is state.open_edges:
            other.apply(random_action(other, rng))
        for seat in SEATS:
            legal_road_edges(other, seat)  # fills only the copy's own
        assert [legal_road_edges(state, seat) for seat in SEATS] == before
        assert [found_again(state, seat)[0] for seat in SEATS] == before
        assert [legal_road_edges(other, seat) for seat in SEATS] == [found_again(other, s)[0] for s in SEATS]


def test_a_copy_keeps_its_own_measures():
    state = find_game("watch").new(4, 3)
    other = state.copy()
    other.road_measured[1] = 99
    assert state.road_measured[1] == 0


def test_kept_marches_are_what_a_new_search_finds():
    """Marches are kept by the allies and every stack's place, owner and size: after moves,
    strikes, recruits and alliances (none of which touch the board), what is kept must still hold."""
    checked = 0
    for _, state in playouts(range(8)):
        for point, stack in list(state.stacks.items()):
            kept = reachable(state, stack.owner, point)
            assert reachable(state, stack.owner, point) == kept  # the second answer is the kept one
            fresh = state.copy()
            fresh.board_changed()
            assert reachable(fresh, stack.owner, point) == kept
            checked += 1
    assert checked > 1000
