"""Random games through the public API: the contract's generic checks, card conservation after
every action (D: the number of cards never changes), and the heuristic bot."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from console.games.checks import check_engine, play_random, random_action
from console.games.core import RandomBot
from console.games.wisteria.actions import Battle, Retreat
from console.games.wisteria.bot import HeuristicBot
from console.games.wisteria.game import WisteriaGame
from console.games.wisteria.state import WisteriaState
from console.lab.runs import RunSpec
from console.lab.simulate import simulate
from tests.helpers.wisteria_table import check_action


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_contract(game: WisteriaGame, players: int) -> None:
    finals = check_engine(game, players, games=2, seed=100 * players)
    assert all(state.outcome() is not None for state in finals)


@pytest.mark.parametrize(
    "options",
    [
        {"victory": "power_score", "round_limit": 40, "deck": "1 1 2 5 5 5 6 6"},
        {"victory": "time_limit", "round_limit": 60, "repeat_face_down": True},
        {"copies": 2, "combined_decks": 2},
    ],
)
def test_random_games_keep_the_contract_with_options(game: WisteriaGame, options: dict[str, Any]) -> None:
    finals = check_engine(game, 3, games=2, seed=7, options=options)
    assert all(state.outcome() is not None for state in finals)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_whole_table_holds_after_any_action(game: WisteriaGame, players: int) -> None:
    # Cards conserved, eliminated seats own nothing, no finished War lingers, War events agree
    # with the cards moved: tests/helpers/wisteria_table.py, after every action.
    rng = random.Random(players)
    actions = 0
    decks: list[dict[str, Any]] = [
        {"deck": "1 2 3 3 4 5 6 6"},
        {"copies": 2},
        {"copies": 3, "repeat_face_down": True},
    ]
    for number in range(15):
        state = game.new(players, number, decks[number % 3])
        while state.to_act:
            before = state.copy()
            action = random_action(state, rng)
            check_action(before, action, state.apply(action), state)
            actions += 1
    assert actions > 500


@pytest.mark.parametrize("players", [4, 5])
def test_the_whole_table_holds_in_tie_heavy_games_that_reach_the_rare_wars(
    game: WisteriaGame, players: int
) -> None:
    # A deck of eleven 6s ties nearly every round, so random games reach what ordinary decks do
    # not: every battler out while retreaters stand (no central winner, out seats pass their
    # cards left) and, with repeat_face_down, a battler out at a repeat while a retreater stands.
    rng = random.Random(players)
    out_pass = repeat_out = 0
    for number in range(30):
        state = game.new(players, number, {"deck": "3 3 3" + " 6" * 11, "repeat_face_down": True})
        while state.to_act:
            before = state.copy()
            action = random_action(state, rng)
            events = state.apply(action)
            check_action(before, action, events, state)
            kinds = [event.kind for event in events]
            out_pass += any(
                event.kind == "no_winner"
                and any(state.eliminated[move["from"]] for move in event.data["passed"])
                for event in events
            )
            repeat_out += "war_again" in kinds and "eliminated" in kinds and bool(before.retreaters)
    assert out_pass and repeat_out, (out_pass, repeat_out)


def test_under_total_control_every_random_game_ends_with_one_player_holding_the_deck(
    game: WisteriaGame,
) -> None:
    for seed in range(10):
        state = play_random(game, 3, seed)
        assert isinstance(state, WisteriaState)
        outcome = state.outcome()
        assert outcome is not None
        if len(outcome.winners) == 1:
            assert state.owned(outcome.winners[0]) == 36


def test_a_copy_is_independent_and_of_the_same_type(game: WisteriaGame) -> None:
    state = game.new(3)
    state.apply(game.parse_action("chance:draw 1 4"))
    twin = state.copy()
    assert type(twin) is WisteriaState and twin.view(None) == state.view(None)
    twin.apply(game.parse_action("chance:draw 2 4"))
    assert state.pending == [2, 3] and twin.pending == [3]


def test_the_heuristic_bot_retreats_when_its_reserve_is_low(play: Any) -> None:
    bot = HeuristicBot()
    low = play(2, {1: ["4", "1", "2", "3"], 2: ["4", "1", "6", "6", "6", "6", "6"]}).settle()
    assert bot.choose(low.state.view(1), low.state.legal_actions(1), random.Random(0)) == Retreat(1)
    assert bot.choose(low.state.view(2), low.state.legal_actions(2), random.Random(0)) == Battle(2)


def test_the_heuristic_bot_battles_with_no_card_left(play: Any) -> None:
    table = play(2, {1: ["4", "1"], 2: ["4", "1", "6"]}).settle()
    choice = HeuristicBot().choose(table.state.view(1), table.state.legal_actions(1), random.Random(0))
    assert choice == Battle(1)


def test_the_heuristic_bot_retreats_against_a_much_richer_rival(play: Any) -> None:
    table = play(2, {1: ["4", "1", *"23456"], 2: ["4", "1", *("6" * 24)]}).settle()
    choice = HeuristicBot().choose(table.state.view(1), table.state.legal_actions(1), random.Random(0))
    assert choice == Retreat(1)


def test_heuristic_and_random_bots_play_whole_games(game: WisteriaGame) -> None:
    assert game.heuristic_bot() is not None and isinstance(game.heuristic_bot(), HeuristicBot)
    report = simulate(RunSpec("wisteria", 6, seed=3, players=3, bots=("heuristic",)), workers=1)
    assert sum(report["wins_by_seat"]) + report["draws"] + report["unfinished"] == 6
    assert RandomBot().name == "random"


def test_simulation_stats_report_rounds_wars_and_retreats(game: WisteriaGame) -> None:
    finals = [play_random(game, 2, seed) for seed in range(3)]
    stats = game.simulation_stats(finals)
    assert stats["mean_rounds"] > 1 and stats["mean_wars"] > 0
    assert stats["longest_rounds"] >= stats["mean_rounds"]


def test_simulation_stats_count_every_retreat(game: WisteriaGame, play: Callable[..., Any]) -> None:
    table = play(3, {1: ["5", "1", "4"], 2: ["5", "2", "4"], 3: ["3", "4"]}).do("1:retreat", "2:retreat")
    assert game.simulation_stats([table.state])["mean_retreats"] == 2
