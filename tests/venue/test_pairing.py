"""Pairings: Swiss with its tiebreakers, byes and no rematch while another pairing exists; the
Watch's tables of four and three, ranked by wins, then victory points, then share of points."""

from __future__ import annotations

import itertools
import random
from itertools import chain

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from console.venue.pairing import (
    WIN_FLOOR,
    Game,
    records,
    swiss_ranking,
    swiss_round,
    table_ranking,
    table_round,
    table_sizes,
)


def play(pairs: list[tuple[str, str | None]], rng: random.Random) -> tuple[list[Game], list[str]]:
    games = [Game((a, b), (rng.choice([a, b]),)) for a, b in pairs if b is not None]
    return games, [a for a, b in pairs if b is None]


def test_four_players_meet_everyone_before_any_rematch() -> None:
    players = ["ann", "bob", "cy", "dee"]
    first = swiss_round(players, [])
    assert first == [("ann", "bob"), ("cy", "dee")]
    games = [Game(("ann", "bob"), ("ann",)), Game(("cy", "dee"), ("cy",))]
    second = swiss_round(players, games)
    assert second == [("ann", "cy"), ("bob", "dee")], "winners meet winners"
    games += [Game(("ann", "cy"), ("ann",)), Game(("bob", "dee"), ("dee",))]
    third = swiss_round(players, games)
    assert {frozenset(p) for p in third} == {frozenset(("ann", "dee")), frozenset(("bob", "cy"))}
    games += [Game(tuple(p), (p[0],)) for p in third]  # type: ignore[arg-type]
    assert len(swiss_round(players, games)) == 2, "once all have met, rematches are allowed"


@settings(max_examples=40, deadline=None)
@given(half=st.integers(3, 10), rounds=st.integers(1, 3), seed=st.integers(0, 10_000))
def test_swiss_never_rematches_while_a_fresh_pairing_exists(half: int, rounds: int, seed: int) -> None:
    # With n >= 2 * rounds players, the players not yet met always hold a perfect matching (each
    # has met fewer than half the field), so every round of these must be free of rematches.
    players = [f"p{i}" for i in range(2 * half)]
    rng = random.Random(seed)
    games: list[Game] = []
    for _ in range(rounds):
        pairs = swiss_round(players, games)
        assert sorted(str(p) for p in chain.from_iterable(pairs)) == sorted(players)
        met = {frozenset(g.players) for g in games}
        assert not any(frozenset(p) in met for p in pairs)
        games += play(pairs, rng)[0]


def test_an_odd_field_gives_the_bye_to_the_lowest_ranked_who_has_had_none() -> None:
    players = ["a", "b", "c", "d", "e"]
    first = swiss_round(players, [])
    assert first[-1] == ("e", None)
    games = [Game(("a", "b"), ("a",)), Game(("c", "d"), ("c",))]
    second = swiss_round(players, games, byes=["e"])
    byes = [a for a, b in second if b is None]
    assert byes == ["d"], "e had the bye and ranks above the losers now"
    assert records(players, games, ["e"])["e"].match_points == 1.0


def test_tiebreaks_use_opponents_win_percentage_floored_at_a_third() -> None:
    # x and y both won once; x beat a player who then lost again (0 % -> 0.33 floor), y beat one
    # who then won (50 %): y ranks higher on opponents' win percentage.
    players = ["x", "y", "weak", "strong", "z"]
    games = [
        Game(("x", "weak"), ("x",)),
        Game(("y", "strong"), ("y",)),
        Game(("weak", "z"), ("z",)),
        Game(("strong", "z"), ("strong",)),
    ]
    table = records(players, games)
    assert table["x"].owp == pytest.approx(WIN_FLOOR)
    assert table["y"].owp == pytest.approx(0.5)
    order = [r.player for r in swiss_ranking(table)]
    assert order.index("y") < order.index("x")


@pytest.mark.parametrize(
    ("count", "sizes"),
    [(3, [3]), (4, [4]), (6, [3, 3]), (7, [4, 3]), (10, [4, 3, 3]), (12, [4, 4, 4]), (13, [4, 3, 3, 3])],
)
def test_tables_of_four_with_the_remainder_at_tables_of_three(count: int, sizes: list[int]) -> None:
    assert table_sizes(count) == sizes


@pytest.mark.parametrize("count", [1, 2, 5])
def test_a_field_that_cannot_sit_at_fours_and_threes_is_refused(count: int) -> None:
    with pytest.raises(ValueError, match="cannot sit"):
        table_sizes(count)


def test_the_watch_ranks_by_wins_then_points_then_share() -> None:
    players = ["a", "b", "c", "d", "e", "f", "g"]
    games = [Game(("a", "b", "c", "d"), ("a",), (10, 9, 8, 1)), Game(("e", "f", "g"), ("e",), (10, 4, 2))]
    order = [r.player for r in table_ranking(players, games)]
    # a and e each won with 10 points; e took the larger share of its table (10 of 16).
    assert order[:2] == ["e", "a"]
    assert order[2:4] == ["b", "c"], "then victory points"
    tables = table_round(players, games)
    assert [len(t) for t in tables] == [4, 3] and tables[0][0] == "e"


def test_the_watch_seats_players_who_have_not_met_where_it_can() -> None:
    players = [f"p{i}" for i in range(8)]
    first = table_round(players, [])
    games = [Game(t, (t[0],), tuple(float(10 - i) for i in range(len(t)))) for t in first]
    second = table_round(players, games)
    for table in second:  # 8 players from two tables of four: two of each old table, no more
        for old in first:
            assert len(set(table) & set(old)) == 2


def _repeat_free_exists(players: list[str], sizes: list[int], met: dict[str, set[str]]) -> bool:
    """By brute force: some seating at tables of ``sizes`` where nobody meets a player met before."""
    if not players:
        return True
    first, rest = players[0], players[1:]
    for size in set(sizes):  # the first player's table, of each size there is
        left = list(sizes)
        left.remove(size)
        for others in itertools.combinations([p for p in rest if p not in met[first]], size - 1):
            table = (first, *others)
            if any(b in met[a] for a, b in itertools.combinations(table, 2)):
                continue
            if _repeat_free_exists([p for p in rest if p not in others], left, met):
                return True
    return False


@pytest.mark.parametrize(("count", "rounds"), [(13, (1, 2)), (16, (1, 2)), (17, (1, 2))])
def test_tables_avoid_repeat_opponents_whenever_a_seating_without_them_exists(
    count: int, rounds: tuple[int, int]
) -> None:
    """Checked against a brute force over 40 random histories (the greedy seating met old
    opponents again where a seating without any existed)."""
    rng = random.Random(count)
    players = [f"p{i}" for i in range(count)]
    checked = 0
    for _ in range(40):
        games: list[Game] = []
        for _ in range(rng.randint(*rounds)):
            shuffled = rng.sample(players, count)
            at = 0
            for size in table_sizes(count):
                table = tuple(shuffled[at : at + size])
                at += size
                games.append(Game(table, (table[0],), tuple(float(rng.randint(0, 20)) for _ in table)))
        met = {record.player: set(record.opponents) for record in table_ranking(players, games)}
        seated = table_round(players, games)
        repeats = sum(b in met[a] for table in seated for a, b in itertools.combinations(table, 2))
        if _repeat_free_exists(sorted(players), table_sizes(count), met):
            checked += 1
            assert repeats == 0, (games, seated)
    assert checked >= 5, "the histories left a seating without repeats often enough to test"
