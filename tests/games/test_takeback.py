"""The takeback policy (console/games/takeback.py): what it allows in each title, and its property
over random games: every allowed withdrawal leaves the game as if the actions were never made,
every refusal would have crossed chance, another seat or hidden information (takeback_checks.py).
``tabletop bench`` runs the same check over 2,000 games a title (console/bench/corrections.py)."""

from __future__ import annotations

import copy
import random

import pytest

from console.games import find_game
from console.games.checks import random_action
from console.games.core import Action, IllegalAction, State
from console.games.takeback import Takebacks, check_takeback, replay, takeback_point
from console.games.takeback_checks import TakebackCounts, check_takebacks

# Quick runs a title (a Watch game of four draws every view of a large board at every action).
QUICK_GAMES = {"wisteria": 10, "wheels": 10, "watch": 1}
SLOW_GAMES = {"wisteria": 200, "wheels": 200, "watch": 20}


def _run(name: str, games: int, first_seed: int) -> TakebackCounts:
    game = find_game(name)
    players = game.facts.typical_players or game.min_players
    total = TakebackCounts()
    for seed in range(first_seed, first_seed + games):
        total.add(check_takebacks(game, players, seed, dict(game.facts.short_options)))
    return total


@pytest.mark.parametrize("name", ["wisteria", "wheels", "watch"])
def test_every_takeback_is_exact_and_every_refusal_crossed_something(name: str) -> None:
    counts = _run(name, QUICK_GAMES[name], first_seed=1)
    assert counts.games == QUICK_GAMES[name]
    # The run met all three answers, and replayed a withdrawal: the checks above were exercised.
    assert counts.allowed and counts.refused_hidden and counts.refused_chance_or_seat
    assert counts.withdrawals >= 1


@pytest.mark.slow
@pytest.mark.parametrize("name", ["wisteria", "wheels", "watch"])
def test_the_takeback_property_over_many_games(name: str) -> None:
    counts = _run(name, SLOW_GAMES[name], first_seed=1000)
    assert counts.withdrawals >= SLOW_GAMES[name] // 10


def _play_until(state: State, rng: random.Random, takebacks: Takebacks, wanted: str) -> list[Action]:
    """Play random actions until some of one seat's legal actions start ``wanted``; return them."""
    for _ in range(2_000):
        for seat in state.to_act:
            found = [action for action in state.legal_actions(seat) if str(action).startswith(wanted)]
            if found:
                return found
        takebacks.apply(state, random_action(state, rng))
    raise AssertionError(f"no {wanted} came up")


def test_a_face_down_card_may_be_taken_back_a_face_up_one_not() -> None:
    game = find_game("wheels")
    state, takebacks, rng = game.new(2, 7), Takebacks(), random.Random(7)
    while True:
        sets = _play_until(state, rng, takebacks, "")
        sealed = [action for action in sets if action.verb == "set" and str(action).endswith(" sealed")]
        face_up = [action for action in sets if action.verb == "set" and not str(action).endswith(" sealed")]
        if sealed and face_up:
            break
        takebacks.apply(state, random_action(state, rng))
    seat = sealed[0].seat
    earlier = takebacks.point(seat).count
    for action, allowed in ((sealed[0], earlier + 1), (face_up[0], 0)):
        trial, trial_takebacks = state.copy(), copy.deepcopy(takebacks)
        trial_takebacks.apply(trial, action)
        assert trial_takebacks.point(seat).count == allowed, action


def test_the_last_of_a_secret_choice_shows_them_all_so_only_the_first_may_be_taken_back() -> None:
    game = find_game("wisteria")
    state, takebacks, rng = game.new(2, 3), Takebacks(), random.Random(3)
    _play_until(state, rng, takebacks, "1:battle")
    while len(state.to_act) < 2:  # a declaration both seats make at once
        takebacks.apply(state, random_action(state, rng))
        _play_until(state, rng, takebacks, "1:battle")
    assert takebacks.point(1).count == 0  # chance dealt last
    first, second = state.to_act
    takebacks.apply(state, game.parse_action(f"{first}:battle"))
    assert takebacks.point(first).count == 1 and takebacks.point(second).count == 0
    takebacks.apply(state, game.parse_action(f"{second}:retreat"))
    assert takebacks.point(second).count == 0
    assert takebacks.point(second).why_not_more == "its last action showed hidden information"
    assert takebacks.point(first).why_not_more == f"seat {second} has acted since"


def test_the_point_comes_from_the_history_alone_and_a_refusal_is_one_line() -> None:
    game = find_game("wisteria")
    rng, state = random.Random(5), game.new(2, 5)
    history: list[str] = []
    while len(state.to_act) != 2:  # until both seats declare at once
        action = random_action(state, rng)
        state.apply(action)
        history.append(str(action))
    seat = state.to_act[0]
    history.append(str(state.legal_actions(seat)[0]))
    point = takeback_point(game, 2, 5, None, history, seat)
    assert point.count == 1
    check_takeback(point, 1)
    with pytest.raises(IllegalAction, match=rf"^seat {seat} may take back at most 1 action: before that, "):
        check_takeback(point, 2)
    other = takeback_point(game, 2, 5, None, history, 3 - seat)
    with pytest.raises(IllegalAction, match=rf"^seat {3 - seat} cannot take back now: seat {seat} has acted"):
        check_takeback(other, 1)
    with pytest.raises(IllegalAction, match="at least one"):
        check_takeback(point, 0)
    withdrawn, _ = replay(game, 2, 5, None, history[:-1])
    assert withdrawn.view(None) == game.replay(2, 5, None, history[:-1]).view(None)
