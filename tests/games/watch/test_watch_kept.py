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


def test_the_warpath_goes_alike_whether_lengths_are_read_at_once_or_late():
    """Grown networks wait to be searched (rules/network.py): a Watch whose lengths are read after
    every action and one never read but now and then must award the Warpath alike at every step,
    and show the same lengths whenever they are read."""
    game = find_game("watch")
    deferred = compared = 0
    for players, seed in [(players, seed) for players in (2, 3, 4) for seed in range(4)]:
        read, unread = game.new(players, seed), game.new(players, seed)
        rng = random.Random(seed)
        rulers = range(1, players + 1)
        step = holder = 0
        while read.to_act:
            action = random_action(read, rng)
            read.apply(action)
            unread.apply(action)
            step += 1
            lengths = list(read.road_lengths)  # searches at once
            deferred += any(unread.unsearched)
            holder = awarded(holder, lengths)
            assert unread.warpath == read.warpath == holder
            assert [unread.vp(seat) for seat in rulers] == [read.vp(seat) for seat in rulers]
            if step % 97 == 0:
                assert unread.road_lengths == lengths and unread.road_measured == read.road_measured
                compared += 1
        assert unread.road_lengths == read.road_lengths
    assert deferred > 1000 and compared > 20  # searches did wait, and were compared


def test_a_copy_that_plays_on_leaves_the_originals_waiting_networks_alone():
    game = find_game("watch")
    rng = random.Random(11)
    state = game.new(4, 11)
    checked = 0
    while state.to_act:
        state.apply(random_action(state, rng))
        if not any(state.unsearched) or rng.random() > 0.05:
            continue
        expected = state.copy().road_lengths
        kept, other = state.copy(), state.copy()
        for _ in range(30):  # the other copy grows and loses roads and has its lengths read
            if other.to_act:
                other.apply(random_action(other, rng))
                assert other.road_lengths[0] == 0
        assert kept.road_lengths == expected
        assert any(state.unsearched)  # the original still waits, untouched
        checked += 1
    assert checked > 5


def awarded(holder, lengths):
    """Ruling P-9 on lengths searched at once: the holder keeps it while (tied) longest at 5 or
    more, else a unique longest of 5 or more takes it, else it is set aside."""
    best = max(lengths)
    if holder and lengths[holder] == best and best >= 5:
        return holder
    leaders = [seat for seat, length in enumerate(lengths) if length == best and seat]
    return leaders[0] if best >= 5 and len(leaders) == 1 else 0
