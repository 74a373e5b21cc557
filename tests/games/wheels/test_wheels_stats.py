"""simulation_stats: Wheels of War's own figures over finished matches, for tabletop simulate."""

from __future__ import annotations

from console.games.checks import play_random
from console.games.core import Outcome, State
from console.games.wheels import GAME, simulation_stats
from console.games.wheels.actions import PlayCraft, SetWheel
from console.games.wheels.state import WheelsState


def finished(seed: int) -> WheelsState:
    state = play_random(GAME, 2, seed)
    assert isinstance(state, WheelsState)
    return state


def outcome_of(state: State) -> Outcome:
    outcome = state.outcome()
    assert outcome is not None
    return outcome


def test_simulation_stats_report_renown_first_seat_wins_sealing_and_card_use() -> None:
    finals = [finished(seed) for seed in range(12)]
    stats = simulation_stats(finals)
    assert stats["finished_matches"] == 12
    banked = [[state.seats[i].banked for state in finals] for i in (0, 1)]
    assert stats["mean_renown_seat_1"] == sum(banked[0]) / 12
    assert stats["mean_renown_seat_2"] == sum(banked[1]) / 12
    first_wins = sum(1 for state in finals if outcome_of(state).winners == (state.first_seat,))
    assert stats["first_seat_win_rate"] == first_wins / 12
    draws = sum(1 for state in finals if outcome_of(state).is_draw)
    assert stats["draw_rate"] == draws / 12
    sets = [a for state in finals for a in state.history if isinstance(a, SetWheel)]
    assert stats["seal_rate"] == sum(a.sealed for a in sets) / len(sets)
    plays = [a.card for state in finals for a in state.history if isinstance(a, PlayCraft)]
    chosen = [player.archaffineur for state in finals for player in state.seats]
    assert sum(stats["archaffineur_chosen"].values()) == len(chosen) == 24
    for card in set(plays):
        assert stats["card_uses"][card] == plays.count(card) + sum(1 for a in sets if a.card == card)


def test_the_game_hands_its_stats_to_the_simulation_report() -> None:
    finals = [play_random(GAME, 2, seed) for seed in range(3)]
    assert GAME.simulation_stats(finals) == simulation_stats(finals)


def test_unfinished_matches_are_left_out() -> None:
    assert simulation_stats([GAME.new(2)]) == {"finished_matches": 0}
