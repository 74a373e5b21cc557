"""The chance model: the engine never shuffles; every card that leaves a draw pile is a chance
action, drawn from a stacked order, the pool of unseen dealt cards, or a reshuffled won pile."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from console.games.core import CHANCE, IllegalAction, State
from console.games.wisteria.actions import Draw
from console.games.wisteria.game import WisteriaGame
from console.games.wisteria.refusals import english
from console.games.wisteria.rules.piles import (
    DEALT,
    SHUFFLED,
    STACKED,
    number_word,
    possible,
    refusal,
    total_weight,
)

Play = Any


def test_legal_chance_actions_list_every_card_of_every_pending_seat(game: WisteriaGame) -> None:
    state = game.new(2)
    texts = [str(action) for action in state.legal_actions(CHANCE)]
    assert texts == [f"chance:draw {seat} {n}" for seat in (1, 2) for n in range(1, 7)]


def test_scans_may_arrive_in_any_order(game: WisteriaGame) -> None:
    state = game.new(3)
    state.apply(game.parse_action("chance:draw 3 2"))
    state.apply(game.parse_action("chance:draw 1 4"))
    assert [action.owner for action in state.legal_actions(CHANCE)] == [2] * 6  # type: ignore[attr-defined]


def test_chance_outcomes_are_for_the_lowest_pending_seat_weighted_by_count(game: WisteriaGame) -> None:
    state = game.new(2)
    state.apply(game.parse_action("chance:draw 1 6"))
    outcomes = state.chance_outcomes()
    assert [(str(action), weight) for action, weight in outcomes] == [
        ("chance:draw 2 1", 6),
        ("chance:draw 2 2", 6),
        ("chance:draw 2 3", 6),
        ("chance:draw 2 4", 6),
        ("chance:draw 2 5", 6),
        ("chance:draw 2 6", 5),
    ]


def test_a_dealt_pile_draws_from_the_pool_of_unseen_dealt_cards(game: WisteriaGame) -> None:
    state = game.new(2, options={"deck": "6 6 1 1"})
    assert state.draw_kind[1] == DEALT and state.pool_total == 4
    state.apply(game.parse_action("chance:draw 1 6"))
    state.apply(game.parse_action("chance:draw 2 6"))
    assert state.pool == [0, 2, 0, 0, 0, 0, 0]


def test_a_card_the_pool_cannot_hold_is_refused_naming_why(game: WisteriaGame) -> None:
    state = game.new(2, options={"deck": "6 6 6 6 6 6 1 1 1 1 1 1"})
    for seat in (1, 2):
        state.apply(game.parse_action(f"chance:draw {seat} 6"))
    for seat in (1, 2):
        state.apply(game.parse_action(f"chance:facedown {seat} 6"))
    state.apply(game.parse_action("1:retreat"))
    state.apply(game.parse_action("2:retreat"))
    state.apply(game.parse_action("chance:draw 1 6"))  # both sacrifices: the fifth and sixth 6
    state.apply(game.parse_action("chance:draw 2 6"))
    state.apply(game.parse_action("chance:draw 1 1"))  # the next round
    with pytest.raises(IllegalAction, match="seat 2 cannot have a 6: all six 6s are accounted for"):
        state.apply(game.parse_action("chance:draw 2 6"))
    state.apply(game.parse_action("chance:draw 2 1"))
    said = refusal(game.new(2, options={"deck": "6 1 1"}), 1, 5)
    assert said is not None and english(said) == "seat 1 cannot have a 5: this deck has no 5s"


def test_a_stacked_pile_forces_its_top_card(game: WisteriaGame) -> None:
    state = game.new(2, decks={1: ["5", "2"], 2: ["3"]})
    assert state.draw_kind[1] == STACKED
    assert [str(action) for action in state.legal_actions(CHANCE)] == ["chance:draw 1 5", "chance:draw 2 3"]
    with pytest.raises(IllegalAction, match="seat 1's stacked deck has a 5 on top, not a 2"):
        state.apply(game.parse_action("chance:draw 1 2"))


def test_a_reshuffled_won_pile_is_a_known_multiset(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["5"], 2: ["3", "2"]}).do("chance:draw 1 5", "chance:draw 2 3")
    state = table.state
    assert state.draw_kind[1] == SHUFFLED and state.shuffled[1] == [0, 0, 0, 1, 0, 1, 0]
    outcomes = [(str(action), weight) for action, weight in state.chance_outcomes()]
    assert outcomes == [("chance:draw 1 3", 1), ("chance:draw 1 5", 1)]
    with pytest.raises(IllegalAction, match="reshuffled won pile, which holds no 6"):
        state.apply(Draw(CHANCE, 1, 6))


def test_sample_chance_draws_exactly_as_the_contract_would(game: WisteriaGame) -> None:
    state = game.new(3, options={"deck": "1 2 2 3 3 3 6 6 6 6"})
    for seed in range(40):
        assert state.sample_chance(random.Random(seed)) == State.sample_chance(state, random.Random(seed))


def test_chance_cannot_act_while_seats_choose(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["4", "1", "5"], 2: ["4", "2", "6"]}).settle()
    assert table.state.to_act == (1, 2)
    assert table.state.legal_actions(CHANCE) == [] and table.state.chance_outcomes() == []
    with pytest.raises(IllegalAction, match="chance has nothing to resolve"):
        table.state.sample_chance(random.Random(1))
    with pytest.raises(IllegalAction, match="must first choose Battle or Retreat"):
        table.state.apply(Draw(CHANCE, 1, 5))


def test_the_card_verb_must_match_what_is_needed(game: WisteriaGame) -> None:
    state = game.new(2)
    with pytest.raises(IllegalAction, match="needs a face-up card"):
        state.apply(game.parse_action("chance:facedown 1 5"))
    with pytest.raises(IllegalAction, match="there is no seat 3"):
        state.apply(game.parse_action("chance:draw 3 5"))
    state.apply(game.parse_action("chance:draw 1 5"))
    with pytest.raises(IllegalAction, match="seat 1 does not supply a card now; waiting for seat"):
        state.apply(game.parse_action("chance:draw 1 5"))


def test_the_last_seat_that_has_revealed_is_told_it_supplies_nothing_now(game: WisteriaGame) -> None:
    state = game.new(3)
    state.apply(game.parse_action("chance:draw 3 5"))
    with pytest.raises(
        IllegalAction, match=r"^seat 3 does not supply a card now; waiting for seat 1 and seat 2$"
    ):
        state.apply(game.parse_action("chance:draw 3 4"))


def test_a_card_offered_by_a_seat_is_refused_as_chances_to_give(play: Callable[..., Play]) -> None:
    # While the tied seats choose they are to act, so a card action in a seat's name reaches the rule.
    table = play(2, {1: ["4", "2", "5"], 2: ["4", "6", "5"]}).settle()
    assert table.state.to_act == (1, 2)
    with pytest.raises(IllegalAction, match="a card comes from a draw pile: it is chance's action"):
        table.state.apply(Draw(1, 1, 5))
    assert table.state.to_act == (1, 2) and table.state.draw_count[1] == 1


def test_once_the_game_is_over_chance_is_told_no_card_is_needed(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["5"], 2: ["3"]}).do("chance:draw 1 5", "chance:draw 2 3")
    assert table.state.outcome() is not None
    assert table.state.why_not_now(CHANCE) == "no card is needed now"


def test_the_only_card_of_a_strength_is_named_in_the_singular(game: WisteriaGame) -> None:
    state = game.new(2, 0, {"deck": "1 2 3 4 5 6 6"})
    state.apply(game.parse_action("chance:draw 1 1"))
    with pytest.raises(IllegalAction, match=r"^seat 2 cannot have a 1: the only 1 is accounted for$"):
        state.apply(game.parse_action("chance:draw 2 1"))


def test_counts_are_words_up_to_twelve_then_digits() -> None:
    assert [number_word(count) for count in (0, 1, 12, 13)] == ["no", "one", "twelve", "13"]


def test_a_stacked_pile_has_one_outcome_of_weight_one(play: Callable[..., Play]) -> None:
    state = play(2, {1: ["5", "1"], 2: ["3", "1"]}).state
    assert state.chance_outcomes() == [(Draw(CHANCE, 1, 5), 1)]
    assert total_weight(state, 1) == 1 and possible(state, 1) == [(5, 1)]
