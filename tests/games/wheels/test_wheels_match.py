"""The match: "Each player has three cellar shelves and twelve turns ... The match ends after both
players spend their twelve turns. The highest banked Renown wins, and equal scores draw. Wheels left
on shelves add nothing to the final score." """

from __future__ import annotations

import pytest

from console.games.core import CHANCE, IllegalAction
from console.games.wheels import GAME
from tests.games.wheels.conftest import Kit


def test_each_player_has_three_cellar_shelves(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], ["cart-wheel"])
    for seat in ("1", "2"):
        shelves = state.view(None)["players"][seat]["shelves"]
        assert [shelf["shelf"] for shelf in shelves] == [1, 2, 3]
        assert all(shelf["empty"] for shelf in shelves)


def test_each_player_has_twelve_turns(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], ["cart-wheel"])
    assert [player.turns_left for player in state.seats] == [12, 12]


def test_players_alternate_single_turns_starting_with_the_first_seat(kit: Kit) -> None:
    state = kit.begin(first=2)
    seen = []
    for _ in range(4):
        seat = state.to_act[0]
        seen.append(seat)
        kit.act(state, f"{seat}:wait")
    assert seen == [2, 1, 2, 1]


def test_a_coin_toss_by_chance_chooses_the_first_seat() -> None:
    state = GAME.new(2)
    assert state.to_act == (CHANCE,)
    assert [str(action) for action in state.legal_actions(CHANCE)] == ["chance:first 1", "chance:first 2"]
    assert [weight for _, weight in state.chance_outcomes()] == [1, 1]
    state.apply(GAME.parse_action("chance:first 2"))
    assert state.first_seat == 2
    assert state.view(None)["first_seat"] == 2


def test_chance_tosses_the_coin_only_before_the_deal_and_draws_only_once_a_card_is_owed() -> None:
    state = GAME.new(2, options={"archaffineur_1": "none", "archaffineur_2": "none"})
    views = [state.view(seat) for seat in (None, 1, 2)]
    with pytest.raises(IllegalAction, match="no one is due to draw a card now"):
        state.apply(GAME.parse_action("chance:draw 1 bloom"))
    assert [state.view(seat) for seat in (None, 1, 2)] == views
    state.apply(GAME.parse_action("chance:first 2"))
    assert state.to_act == (CHANCE,) and state.phase == "deal"
    views = [state.view(seat) for seat in (None, 1, 2)]
    with pytest.raises(IllegalAction, match="the first seat has already been chosen"):
        state.apply(GAME.parse_action("chance:first 1"))
    assert [state.view(seat) for seat in (None, 1, 2)] == views and state.first_seat == 2


def test_the_match_ends_after_both_players_spend_their_twelve_turns(kit: Kit) -> None:
    state = kit.begin()
    for turn in range(23):
        kit.act(state, f"{1 + turn % 2}:wait")
        assert state.outcome() is None
    kit.act(state, "2:wait")
    assert state.outcome() is not None
    assert state.to_act == ()
    assert [player.turns_left for player in state.seats] == [0, 0]


def test_the_highest_banked_renown_wins(kit: Kit) -> None:
    state = kit.begin(["fresh-curd"], [])
    kit.act(state, "1:set fresh-curd 1", "2:wait", "1:read 1")
    for turn in range(21):
        kit.act(state, f"{2 - turn % 2}:wait")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (1,)
    assert outcome.scores == (3.0, 0.0)


def test_equal_scores_draw(kit: Kit) -> None:
    state = kit.begin(["fresh-curd"], ["fresh-curd"])
    kit.act(state, "1:set fresh-curd 1", "2:set fresh-curd 1", "1:read 1", "2:read 1")
    for turn in range(20):
        kit.act(state, f"{1 + turn % 2}:wait")
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw
    assert outcome.winners == (1, 2)
    assert outcome.scores == (3.0, 3.0)


def test_wheels_left_on_shelves_add_nothing_to_the_final_score(kit: Kit) -> None:
    state = kit.begin(["fresh-curd", "cart-wheel"], [])
    kit.act(state, "1:set fresh-curd 1", "2:wait", "1:read 1", "2:wait")
    for _ in range(4):
        kit.act(state, "1:wait", "2:wait")
    kit.act(state, "1:set cart-wheel 2")  # seat 1's seventh turn: age 6 after its twelfth
    for turn in range(11):
        kit.act(state, f"{2 - turn % 2}:wait")
    wheel = kit.wheel(state, 1, 2)
    assert (wheel.age, wheel.payout()) == (6, 8)  # worth 8 if read, but never read
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (3.0, 0.0)


def test_nothing_may_be_done_once_the_match_is_over(kit: Kit) -> None:
    state = kit.begin()
    for turn in range(24):
        kit.act(state, f"{1 + turn % 2}:wait")
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply(GAME.parse_action("1:wait"))


def test_a_seat_with_no_turns_left_takes_no_free_action_either(kit: Kit) -> None:
    state = kit.begin(["cellarhand", "fresh-curd"], [])
    for turn in range(23):
        kit.act(state, f"{1 + turn % 2}:wait")
    assert state.seats[0].turns_left == 0 and state.to_act == (2,)
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="you have spent your twelve turns"):
        state.apply(GAME.parse_action("1:play cellarhand"))


def test_acting_out_of_turn_is_refused_saying_whose_turn_it_is(kit: Kit) -> None:
    state = kit.begin([], [], first=2)
    before = state.view(None)
    with pytest.raises(IllegalAction, match="it is seat 2's turn, not yours"):
        state.apply(GAME.parse_action("1:wait"))
    with pytest.raises(IllegalAction, match="seats 1 and 2, not seat 3"):
        state.apply(GAME.parse_action("3:wait"))
    assert state.view(None) == before


def test_actions_of_play_are_refused_before_play_begins(kit: Kit) -> None:
    state = kit.new(decks={1: ["cart-wheel"], 2: ["cart-wheel"]})
    kit.chance(state)
    with pytest.raises(IllegalAction, match="opening hands are being chosen"):
        state.apply(GAME.parse_action("1:wait"))


def test_the_seed_does_not_shuffle_anything() -> None:
    first, second = GAME.new(2, seed=1), GAME.new(2, seed=99)
    assert first.view(None) == second.view(None)
    assert first.chance_outcomes() == second.chance_outcomes()
