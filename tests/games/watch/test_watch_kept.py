"""What the Watch keeps between actions instead of finding again (state.py, rules/network.py): a
length not searched again, and the edges and sites kept until the board changes, must be what a
new search finds, at every step of seeded random Watches and in copies that go their own way."""

import pickle
import random
from collections.abc import Iterable, Iterator, Sequence

import pytest

from console.games import find_game
from console.games.checks import random_action
from console.games.core import CHANCE, IllegalAction
from console.games.watch.rules.board import POINT_INDEX, TOPOLOGY
from console.games.watch.rules.ledger import SETTLEMENT, place_piece
from console.games.watch.rules.network import legal_road_edges, legal_sites, longest_road, reachable
from console.games.watch.state import WatchState
from tests.games.watch.watch_table import Table, edge

SEATS = range(1, 5)


def found_again(state: WatchState, seat: int) -> tuple[tuple[int, ...], list[int]]:
    """Edges and sites with nothing kept: on a copy whose kept values are dropped."""
    fresh = state.copy()
    fresh.board_changed()
    return legal_road_edges(fresh, seat), legal_sites(fresh, seat, founding=False)


def playouts(seeds: Iterable[int]) -> Iterator[tuple[random.Random, WatchState]]:
    game = find_game("watch")
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new(4, seed)
        assert isinstance(state, WatchState)
        while state.to_act:
            state.apply(random_action(state, rng))
            yield rng, state


@pytest.mark.slow
def test_a_length_not_searched_again_is_what_a_search_finds() -> None:
    kept = 0
    for _, state in playouts(range(6)):
        for seat in SEATS:
            if state.road_lengths[seat] == state.road_measured[seat]:
                assert longest_road(state, seat) == state.road_measured[seat]
                kept += 1
    assert kept > 1000  # the check ran on real positions, not on none


@pytest.mark.slow
def test_kept_edges_and_sites_are_what_a_new_search_finds() -> None:
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


def test_a_copy_that_builds_leaves_the_original_as_it_was() -> None:
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


def test_a_copy_keeps_its_own_measures() -> None:
    state = find_game("watch").new(4, 3)
    assert isinstance(state, WatchState)
    other = state.copy()
    other.road_measured[1] = 99
    assert state.road_measured[1] == 0


@pytest.mark.slow
def test_kept_marches_are_what_a_new_search_finds() -> None:
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


@pytest.mark.slow
def test_the_warpath_goes_alike_whether_lengths_are_read_at_once_or_late() -> None:
    """Grown networks wait to be searched (rules/network.py): a Watch whose lengths are read after
    every action and one never read but now and then must award the Warpath alike at every step,
    and show the same lengths whenever they are read."""
    game = find_game("watch")
    deferred = compared = 0
    for players, seed in [(players, seed) for players in (2, 3, 4) for seed in range(4)]:
        read, unread = game.new(players, seed), game.new(players, seed)
        assert isinstance(read, WatchState) and isinstance(unread, WatchState)
        rng = random.Random(seed)
        rulers = range(1, players + 1)
        step = holder = 0
        while read.to_act:
            action = random_action(read, rng)
            read.apply(action)
            unread.apply(action)
            step += 1
            lengths = list(read.road_lengths)  # searches at once
            assert not any(read.unsearched)  # lengths read leave nothing waiting
            deferred += any(unread.unsearched)
            holder = awarded(holder, lengths)
            assert unread.warpath == read.warpath == holder
            assert [unread.vp(seat) for seat in rulers] == [read.vp(seat) for seat in rulers]
            if step % 97 == 0:
                assert unread.road_measured == read.road_measured and unread.road_lengths == lengths
                compared += 1
        assert unread.road_lengths == read.road_lengths
    assert deferred > 1000 and compared > 20  # searches did wait, and were compared


def test_a_copy_that_plays_on_leaves_the_originals_waiting_networks_alone() -> None:
    game = find_game("watch")
    rng = random.Random(11)
    state = game.new(4, 11)
    assert isinstance(state, WatchState)
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


def test_a_site_reached_by_a_new_road_under_a_rivals_army_opens_when_the_army_leaves() -> None:
    """Only the army keeps a ruler from settling at the end of their new road (P-6 and the armies'
    rule): once it marches off, the site is theirs to take, though it was kept while it stood."""
    table = Table(2)
    table.army(2, "i25", 1)
    table.give(1, grain=9, wood=9, stone=9, gold=9)
    assert not [action for action in table.legal(1) if action.startswith("1:settle")]
    assert 1 in table.state.open_sites  # the listing kept the ruler's sites
    table.do(f"1:road {edge('i19', 'i25')}")
    assert "1:settle i25" not in table.legal(1)  # the army stands there
    del table.state.stacks[POINT_INDEX["i25"]]
    assert "1:settle i25" in table.legal(1)


@pytest.mark.slow
def test_a_holders_network_grown_past_the_exact_search_measures_alike_read_late() -> None:
    """Ruling R-1 past the search budget: a network that only grew never measures shorter, though
    a new road can change the search's order so that it finds less. The holder's network waits
    unsearched while no rival can be longer; read every third road (three twins, one for each
    phase), it must show the lengths and the Warpath of a twin read after every road."""
    peaks = waited = 0
    for seed in (1, 2, 28, 29, 39):  # games whose budgeted search finds less after a new longest
        rng = random.Random(seed)
        each, late = Table(2), [Table(2) for _ in range(3)]
        best = 0
        for step in range(1, 60):
            text = f"1:road {TOPOLOGY.edge_ids[rng.choice(legal_road_edges(each.state, 1))]}"
            for table in (each, *late):
                table.give(1, wood=1, stone=1)
                table.do(text)
            lengths = list(each.state.road_lengths)
            peaks += each.state.road_measured[1] < lengths[1] == best  # a new longest, then less
            best = lengths[1]
            for phase, table in enumerate(late):
                assert table.state.warpath == each.state.warpath
                if step % 3 == phase:
                    waited += len(table.state.unsearched[1]) == 3  # three searches waited
                    assert table.state.road_lengths == lengths
        assert each.state.warpath == 1  # the grower held the Warpath while it waited
    assert peaks >= 5 and waited > 200


def test_a_length_kept_past_the_search_stays_by_the_rulers_own_piece_and_goes_at_a_rivals_cut() -> None:
    """R-1: a network that only grew keeps its length when the budgeted search finds less. The
    ruler's own settlement cuts nothing, so the kept length stands; a rival's settlement changes
    the network (it no longer only grew), so the length is what the search finds, even at a road's
    end, where the cut leaves every run as it was."""
    rng = random.Random(1)
    table = Table(2)
    state = table.state
    while state.road_measured[1] == state.road_lengths[1]:
        assert len(state.roads_of[1]) < 60, "the budgeted search never found less"
        table.give(1, wood=1, stone=1)
        table.do(f"1:road {TOPOLOGY.edge_ids[rng.choice(legal_road_edges(state, 1))]}")
    kept = state.road_lengths[1]

    def free_points(roads: int) -> list[int]:
        """Where no piece stands and exactly ``roads`` of the ruler's roads meet."""
        return [
            p
            for p in range(len(state.piece_owner))
            if not state.piece_owner[p]
            and sum(state.road_owner[e] == 1 for e in TOPOLOGY.point_edges[p]) == roads
        ]

    place_piece(state, free_points(2)[0], 1, SETTLEMENT)
    assert state.road_lengths[1] == kept
    place_piece(state, free_points(1)[0], 2, SETTLEMENT)
    assert state.road_lengths[1] == longest_road(state, 1) < kept


@pytest.mark.slow
def test_a_copy_that_plays_on_leaves_everything_of_the_original_as_it_was() -> None:
    """A copy shares nothing it may change with its original (state.py copy): a copy played on,
    through builds, wars, Harrows, the Horde and its lengths read, leaves the original's every
    field as it was, but the kept edges, sites and marches that copies share on purpose."""
    changed = set()
    for rng, state in playouts([1, 4]):
        if rng.random() > 0.1:
            continue
        before = fingerprint(state)
        other = state.copy()
        for _ in range(40):
            if other.to_act:
                other.apply(random_action(other, rng))
                assert other.road_lengths[0] == 0  # read: the copy's waiting networks are searched
        changed |= {name for name, value in fingerprint(other).items() if value != before[name]}
        assert fingerprint(state) == before
    assert {"tiles", "walls", "improvements", "honours", "lengths", "unrest"} <= changed  # they did change


def fingerprint(state: WatchState) -> dict[str, bytes]:
    """Every field of a Watch, by name, as bytes, but what is shared on purpose or never changes."""
    shared = {"game", "catalog", "open_edges", "open_sites", "marches", "listed_outcomes"}
    return {name: pickle.dumps(value) for name, value in vars(state).items() if name not in shared}


def awarded(holder: int, lengths: Sequence[int]) -> int:
    """Ruling P-9 on lengths searched at once: the holder keeps it while (tied) longest at 5 or
    more, else a unique longest of 5 or more takes it, else it is set aside."""
    best = max(lengths)
    if holder and lengths[holder] == best and best >= 5:
        return holder
    leaders = [seat for seat, length in enumerate(lengths) if length == best and seat]
    return leaders[0] if best >= 5 and len(leaders) == 1 else 0


def test_the_chance_outcomes_are_the_legal_chance_actions_in_their_order() -> None:
    """The outcomes chance may take are its legal actions, in the one canonical order (so a seed
    replays), with a weight each; none while a ruler is to act."""
    listed = 0
    for _, state in playouts(range(2)):
        outcomes = state.chance_outcomes()
        assert [action for action, _ in outcomes] == state.legal_actions(CHANCE)
        assert all(weight > 0 for _, weight in outcomes)
        listed += len(outcomes) > 1
    assert listed > 100


def test_a_redealt_copy_hears_the_chance_outcomes_its_own_decks_allow() -> None:
    """The outcomes a Watch lists are kept for the action that follows (state.py): a copy re-dealt
    for one ruler's eyes (rules/hidden.py) has other decks, and must take a card only its decks
    hold and refuse one only the original's held, though the original listed its outcomes last."""
    game = find_game("watch")
    rng = random.Random(2)
    state = game.new(4, 2)
    taken = refused = 0
    while state.to_act and taken + refused < 40:
        if state.to_act == (CHANCE,):
            listed = {action for action, _ in state.chance_outcomes()}
            redealt = state.determinize(rng.randrange(1, 5), rng)
            own = set(redealt.legal_actions(CHANCE))
            for action in sorted(own ^ listed, key=str)[:3]:
                other = redealt.copy()
                if action in own:
                    other.apply(action)
                    taken += 1
                else:
                    with pytest.raises(IllegalAction):
                        other.apply(action)
                    refused += 1
        state.apply(random_action(state, rng))
    assert taken > 5 and refused > 5
