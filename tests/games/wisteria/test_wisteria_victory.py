"""Winning the Game: one victory condition chosen before play. Total Control; Time Limit and Power
Score "after 15 minutes" (the table's clock posts chance:time-up; the round in progress finishes,
P-15); ties share the win (P-16); the round_limit option ends simulated games (R-7)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from console.games.core import CHANCE, IllegalAction
from console.games.wisteria.actions import TIME_UP, TimeUp
from console.games.wisteria.game import WisteriaGame

Play = Any


def test_total_control_one_player_collects_all_cards(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["5", "6"], 2: ["3"]}).do("chance:draw 1 5", "chance:draw 2 3")
    outcome = table.state.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (1.0, 0.0)
    assert "Total Control" in outcome.reason
    assert table.state.to_act == () and table.state.view(None)["phase"] == "over"
    with pytest.raises(IllegalAction, match="the game is over"):
        table.state.apply(table.game.parse_action("chance:draw 1 6"))


def test_total_control_has_no_clock(game: WisteriaGame) -> None:
    with pytest.raises(IllegalAction, match="played to Total Control: it has no time limit"):
        game.new(2).apply(TIME_UP)


def test_time_limit_the_player_with_the_most_cards_wins(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["5", "1", "1"], 2: ["3", "1", "2"]}, victory="time_limit")
    table.do("chance:draw 1 5", "chance:draw 2 3", "chance:time-up")
    outcome = table.state.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (4.0, 2.0)
    assert outcome.reason == "most cards (Time Limit): 4"


def test_time_up_lets_the_round_in_progress_finish_first(play: Callable[..., Play]) -> None:
    # P-15: time is up in the middle of a War; the War is played out, then the cards are counted.
    table = play(2, {1: ["4", "2", "5", "1"], 2: ["4", "6", "3", "1"]}, victory="time_limit")
    table.settle().do("chance:time-up")
    assert table.state.outcome() is None and table.state.view(None)["time_up"]
    table.do("1:battle", "2:battle").settle()
    outcome = table.state.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (7.0, 1.0)


def test_time_up_is_heard_whoever_is_to_act_and_only_once(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["4", "2", "5", "1"], 2: ["4", "6", "3", "1"]}, victory="power_score")
    table.settle()
    assert table.state.to_act == (1, 2)
    table.do("chance:time-up")
    with pytest.raises(IllegalAction, match="time is already up"):
        table.do("chance:time-up")


def test_time_up_is_never_a_legal_action_so_random_play_never_picks_it(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["4", "2"], 2: ["3", "1"]}, victory="time_limit")
    assert all("time-up" not in str(action) for action in table.state.legal_actions(CHANCE))
    assert all(action != TIME_UP for action, _ in table.state.chance_outcomes())


def test_ties_in_scoring_are_a_shared_win(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["5", "1"], 2: ["3", "1", "2", "2"]}, victory="time_limit")
    table.do("chance:draw 1 5", "chance:draw 2 3", "chance:time-up")
    outcome = table.state.outcome()
    assert outcome is not None and outcome.winners == (1, 2) and outcome.is_draw
    assert outcome.reason.endswith("a shared win")


def test_power_score_adds_up_the_strength_of_all_cards_owned(play: Callable[..., Play]) -> None:
    # Worked example 38: A holds 20 cards worth 50, B 16 cards worth 70.
    decks = {1: ["2"] * 10 + ["3"] * 10, 2: ["4"] * 10 + ["5"] * 6}
    power = play(2, decks, victory="power_score").do("chance:time-up").state.outcome()
    count = play(2, decks, victory="time_limit").do("chance:time-up").state.outcome()
    assert power is not None and power.winners == (2,) and power.scores == (50.0, 70.0)
    assert count is not None and count.winners == (1,) and count.scores == (20.0, 16.0)


def test_power_score_tallies_every_unseen_dealt_card(game: WisteriaGame) -> None:
    # the engine never saw a dealt pile, so each of its cards is counted as a chance action.
    state = game.new(2, options={"victory": "power_score", "deck": "6 6 1 1"})
    state.apply(TIME_UP)
    assert state.phase_name == "tally" and state.to_act == (CHANCE,) and state.pending == [1, 2]
    state.apply(game.parse_action("chance:tally 2 1"))
    with pytest.raises(IllegalAction, match="the table needs a card counted"):
        state.apply(game.parse_action("chance:draw 1 6"))
    for text in ("chance:tally 1 6", "chance:tally 1 6"):
        state.apply(game.parse_action(text))
    with pytest.raises(IllegalAction, match="seat 2 cannot have a 6: both 6s are accounted for"):
        state.apply(game.parse_action("chance:tally 2 6"))
    state.apply(game.parse_action("chance:tally 2 1"))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (12.0, 2.0)
    assert state.census() == list(state.composition)


def test_round_limit_under_total_control_ends_the_game_unfinished(game: WisteriaGame) -> None:
    state = game.new(2, options={"round_limit": 3})
    rng = random.Random(4)
    while state.to_act:
        seat = state.to_act[0]
        state.apply(state.sample_chance(rng) if seat == CHANCE else state.legal_actions(seat)[0])
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == () and outcome.reason.startswith("unfinished")
    assert state.round == 3 and sum(outcome.scores) == 36


def test_round_limit_under_time_limit_scores_like_time_up(game: WisteriaGame) -> None:
    state = game.new(3, options={"round_limit": 5, "victory": "time_limit"})
    rng = random.Random(2)
    while state.to_act:
        seat = state.to_act[0]
        state.apply(state.sample_chance(rng) if seat == CHANCE else state.legal_actions(seat)[-1])
    outcome = state.outcome()
    assert outcome is not None and outcome.winners and "Time Limit" in outcome.reason and state.round == 5


def test_a_player_holding_every_card_wins_whatever_the_victory_condition(play: Callable[..., Play]) -> None:
    # with one player left there is nothing to play or to wait for.
    for victory in ("time_limit", "power_score"):
        table = play(2, {1: ["5", "6"], 2: ["3"]}, victory=victory).do("chance:draw 1 5", "chance:draw 2 3")
        outcome = table.state.outcome()
        assert outcome is not None and outcome.winners == (1,) and "Total Control" in outcome.reason


def test_time_up_after_a_first_card_of_the_round_waits_for_the_round(play: Callable[..., Play]) -> None:
    # a round has begun once a card is turned; time-up then waits for it to resolve.
    table = play(2, {1: ["5", "1", "1"], 2: ["3", "1", "2"]}, victory="time_limit")
    table.do("chance:draw 1 5", "chance:time-up")
    assert table.state.outcome() is None and table.state.pending == [2]
    table.do("chance:draw 2 3")
    outcome = table.state.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_time_up_in_a_seats_name_is_refused(game: WisteriaGame) -> None:
    # Time-up is heard out of turn, so a seat's would reach the rule: only the table's clock says it.
    state = game.new(2, 0, {"victory": "time_limit"})
    with pytest.raises(IllegalAction, match="time-up is the table's clock speaking, written chance:time-up"):
        state.apply(TimeUp(1))
    assert not state.time_up and state.outcome() is None


def test_a_war_ended_by_a_choice_hands_the_tally_to_chance(play: Callable[..., Play]) -> None:
    # Power Score at the round limit: B chooses last and cannot battle, so A wins the War on that
    # choice; the round limit scores the game, and C's unseen dealt card must be tallied by chance.
    table = play(
        3, {1: ["5", "1", "6"], 2: ["5", "1"]}, victory="power_score", round_limit=1, deck="1 1 5 5 6 2 3"
    )
    table.do("chance:draw 1 5", "chance:draw 2 5", "chance:draw 3 2", "1:battle", "2:battle")
    state = table.state
    assert state.phase_name == "tally" and state.to_act == (CHANCE,) and state.pending == [3]
    assert [dict(e.data) for e in table.events if e.kind == "tally"] == [{"seats": (3,)}]
    table.do("chance:tally 3 3")
    assert [dict(e.data) for e in table.events if e.kind == "tallied"] == [{"seat": 3, "card": 3}]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (20.0, 0.0, 3.0)
    assert table.events[-1].kind == "game_over" and dict(table.events[-1].data) == outcome.to_json()
    assert state.pending == [] and state.to_act == ()


def test_power_score_counts_a_reshuffled_draw_pile(play: Callable[..., Play]) -> None:
    # A wins round 1 (5 and 3), turns its won pile over as its draw pile, and wins round 2 with
    # the 5: at the round limit A holds a won 5 and 4 and, in its reshuffled pile, the 3.
    table = play(2, {1: ["5"], 2: ["3", "4", "1"]}, victory="power_score", round_limit=2)
    table.do("chance:draw 1 5", "chance:draw 2 3", "chance:draw 1 5", "chance:draw 2 4")
    assert table.state.shuffled[1] == [0, 0, 0, 1, 0, 0, 0]
    outcome = table.state.outcome()
    assert outcome is not None and outcome.scores == (12.0, 1.0) and outcome.winners == (1,)
