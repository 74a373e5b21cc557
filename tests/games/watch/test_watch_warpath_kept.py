"""A cut where a ruler has a single road is not searched again (state.piece_changed): the length
kept must be what a new search would find, at every step of seeded random Watches."""

import random

from console.games import find_game
from console.games.checks import random_action
from console.games.watch.rules.network import longest_road


def test_a_length_not_searched_again_is_what_a_search_finds():
    game = find_game("watch")
    kept = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new(4, seed)
        while state.to_act:
            state.apply(random_action(state, rng))
            for seat in range(1, 5):
                if state.road_lengths[seat] == state.road_measured[seat]:
                    assert longest_road(state, seat) == state.road_measured[seat], (seed, seat)
                    kept += 1
    assert kept > 1000  # the check ran on real positions, not on none


def test_a_copy_keeps_its_own_measures():
    state = find_game("watch").new(4, 3)
    other = state.copy()
    other.road_measured[1] = 99
    assert state.road_measured[1] == 0
