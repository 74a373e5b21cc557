"""Running Out of Cards: "If a player cannot complete their declared action, they immediately
lose." "If a player runs out of cards during a War, the opponent wins all cards in play." With
more players, P-12 as ruled in rulings.md (R-3, R-4, R-5)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

Play = Any


def counts(*strengths: int) -> list[int]:
    multiset = [0] * 7
    for strength in strengths:
        multiset[strength] += 1
    return multiset


def eliminations(table: Play) -> list[int]:
    return [event.data["seat"] for event in table.events if event.kind == "eliminated"]


def test_no_face_down_card_the_opponent_takes_both_tied_cards(play: Callable[..., Play]) -> None:
    # Item 33: A has exactly one card; A 4, B 4 -> A cannot place a face-down card -> B takes both 4s.
    table = play(2, {1: ["4"], 2: ["4", "6"]}).do("chance:draw 1 4", "chance:draw 2 4")
    assert eliminations(table) == [1]
    assert table.state.won[2] == counts(4, 4) and table.state.face_down[2] == []
    outcome = table.state.outcome()
    assert outcome is not None and outcome.winners == (2,)


def test_a_battler_with_no_card_to_reveal_loses_immediately(play: Callable[..., Play]) -> None:
    # Item 33: A has 2 cards: reveals 4, places its last face down, declares Battle -> A loses;
    # B takes both 4s and both face-down cards, and reveals no battle card.
    table = play(2, {1: ["4", "1"], 2: ["4", "2", "6"]}).do("1:battle", "2:battle")
    assert eliminations(table) == [1]
    assert table.state.won[2] == counts(4, 4, 1, 2) and table.state.draw_count[2] == 1
    assert table.state.outcome() is not None and table.state.outcome().winners == (2,)


def test_a_retreater_with_no_card_to_sacrifice_loses_immediately(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["4", "1"], 2: ["4", "2", "6"]}).do("1:retreat", "2:battle")
    assert eliminations(table) == [1] and table.state.won[2] == counts(4, 4, 1, 2)


def test_when_both_retreat_and_one_cannot_sacrifice_the_other_wins_all(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["4", "1"], 2: ["4", "2", "6"]}).do("1:retreat", "2:retreat")
    assert eliminations(table) == [1] and table.state.won[2] == counts(4, 4, 1, 2)
    assert table.state.draw_count[2] == 1  # the winner sacrificed nothing


def test_running_out_in_a_repeated_battle_gives_the_opponent_every_card_in_play(
    play: Callable[..., Play],
) -> None:
    table = play(2, {1: ["4", "2", "5"], 2: ["4", "6", "5", "3", "1"]}).do("1:battle", "2:battle").settle()
    assert eliminations(table) == [1]
    assert table.state.won[2] == counts(4, 4, 2, 6, 5, 5)


def test_the_sole_remaining_opponent_also_wins_the_outsiders_cards(play: Callable[..., Play]) -> None:
    # P-12: A and B tie, C is outside the War; A cannot place a face-down card -> B wins all in play.
    table = play(3, {1: ["5"], 2: ["5", "6"], 3: ["3", "2"]}).do(
        "chance:draw 1 5", "chance:draw 2 5", "chance:draw 3 3"
    )
    assert eliminations(table) == [1] and table.state.won[2] == counts(5, 5, 3)


def test_with_two_or_more_left_the_war_continues_and_the_out_players_cards_stay_in_the_pot(
    play: Callable[..., Play],
) -> None:
    decks = {1: ["5"], 2: ["5", "1", "6", "2"], 3: ["5", "2", "3", "2"]}
    table = play(3, decks).do("chance:draw 1 5", "chance:draw 2 5", "chance:draw 3 5")
    assert eliminations(table) == [1] and table.state.members == [2, 3]
    table.do("2:battle", "3:battle").settle()
    assert table.state.won[2] == counts(5, 5, 5, 1, 2, 6, 3)


def test_when_every_contender_runs_out_the_round_is_re_evaluated_among_the_rest(
    play: Callable[..., Play],
) -> None:
    # P-12: A 5, B 5, C 3, D 2; A and B cannot place face-down cards -> C has the highest card left.
    decks = {1: ["5"], 2: ["5"], 3: ["3", "1"], 4: ["2", "1"]}
    table = play(4, decks).do("chance:draw 1 5", "chance:draw 2 5", "chance:draw 3 3", "chance:draw 4 2")
    assert eliminations(table) == [1, 2]
    assert table.state.won[3] == counts(5, 5, 3, 2)


def test_a_re_evaluation_that_ties_starts_a_new_war_with_retreat_allowed(play: Callable[..., Play]) -> None:
    decks = {1: ["5"], 2: ["5"], 3: ["3", "1", "6", "2"], 4: ["3", "2", "4", "2"]}
    table = play(4, decks).do("chance:draw 1 5", "chance:draw 2 5", "chance:draw 3 3", "chance:draw 4 3")
    table.settle()
    assert table.state.members == [3, 4] and table.state.to_act == (3, 4)
    assert table.state.view(None)["retreat_allowed"]
    table.do("3:battle", "4:battle").settle()
    assert table.state.won[3] == counts(5, 5, 3, 3, 1, 2, 6, 4)


def test_when_every_battler_runs_out_the_retreaters_end_the_war_with_no_central_winner(
    play: Callable[..., Play],
) -> None:
    # A and B battle with no card left, C and D retreat: the all-retreat outcome, and each out
    # player's cards pass to its left (the next seat still in the game).
    decks = {1: ["5", "1"], 2: ["5", "2"], 3: ["5", "3", "6", "1"], 4: ["5", "4", "6", "1"]}
    table = play(4, decks).do("1:battle", "2:battle", "3:retreat", "4:retreat").settle()
    assert eliminations(table) == [1, 2]
    assert table.state.won[3] == counts(5, 3, 5, 1, 5, 2, 6)
    assert table.state.won[4] == counts(5, 4, 6)


def test_a_lone_retreater_left_in_the_war_wins_all_cards_in_play(play: Callable[..., Play]) -> None:
    decks = {1: ["5", "1"], 2: ["5", "2"], 3: ["5", "3", "6"]}
    table = play(3, decks).do("1:battle", "2:battle", "3:retreat")
    assert eliminations(table) == [1, 2]
    outcome = table.state.outcome()
    assert outcome is not None and outcome.winners == (3,)
    assert table.state.won[3] == counts(5, 5, 5, 1, 2, 3)


def test_a_lone_battler_wins_uncontested_even_with_no_card_left(play: Callable[..., Play]) -> None:
    # P-9: nobody to compare against, so no battle card is needed and running out cannot occur.
    table = play(2, {1: ["4", "1"], 2: ["4", "2", "6", "5"]}).do("1:battle", "2:retreat").settle()
    assert eliminations(table) == []
    assert table.state.last == {"round": 1, "winner": 1, "cards": 3, "war": True}
    assert table.state.shuffled[1] == counts(4, 1, 6)  # A's won pile, reshuffled for the next round


def test_if_everyone_runs_out_at_once_the_game_ends_shared(play: Callable[..., Play]) -> None:
    # two players, one card each, tied: nobody can place a face-down card.
    table = play(2, {1: ["4"], 2: ["4"]}).do("chance:draw 1 4", "chance:draw 2 4")
    outcome = table.state.outcome()
    assert outcome is not None and outcome.winners == (1, 2) and outcome.scores == (0.5, 0.5)
    assert table.state.in_play() == 2  # the two 4s stay in the centre; no card leaves the game


def test_cards_of_a_battler_out_of_the_contest_return_to_it_when_nobody_wins(
    play: Callable[..., Play],
) -> None:
    # R-4 with P-11: A, B, C battle (6, 6, 2), D and E retreat; A and B tie again with no card left.
    # Nobody wins the centre: A's and B's cards pass left (to C), D's sacrifice to E, E's to C
    # (A and B are out), C's own cards go back to C, D and E keep their tied and face-down cards.
    decks = {
        1: ["5", "1", "6"],
        2: ["5", "2", "6"],
        3: ["5", "3", "2", "4"],
        4: ["5", "4", "1", "4"],
        5: ["5", "6", "3", "4"],
    }
    table = play(5, decks).do("1:battle", "2:battle", "3:battle", "4:retreat", "5:retreat").settle()
    assert eliminations(table) == [1, 2]
    assert table.state.won[3] == counts(5, 1, 6, 5, 2, 6, 5, 3, 2, 3)
    assert table.state.won[4] == counts(5, 4)
    assert table.state.won[5] == counts(5, 6, 1)


def test_every_battler_out_with_retreaters_standing_leaves_the_out_seats_nothing(
    play: Callable[..., Play],
) -> None:
    # The all-retreat outcome with out seats: each out seat passes all its cards left, once; it
    # keeps none of them (they were counted twice once: 24 cards in an 18-card game).
    decks = {1: ["5", "1"], 2: ["5", "2"], 3: ["5", "3", "6", "1"], 4: ["5", "4", "6", "1"]}
    table = play(4, decks).do("1:battle", "2:battle", "3:retreat", "4:retreat").settle()
    (no_winner,) = [event.data for event in table.events if event.kind == "no_winner"]
    assert no_winner == {
        "passed": (
            {"from": 1, "to": 3, "cards": 2},
            {"from": 2, "to": 3, "cards": 2},
            {"from": 3, "to": 4, "cards": 1},
            {"from": 4, "to": 3, "cards": 1},
        ),
        "face_down": {"1": (1,), "2": (2,), "3": (3,), "4": (4,)},
    }
    assert [table.state.owned(seat) for seat in (1, 2)] == [0, 0]
    assert table.state.won[1] == table.state.won[2] == counts()
    assert sum(table.state.owned(seat) for seat in (1, 2, 3, 4)) + table.state.in_play() == 12


@pytest.mark.parametrize("repeat_face_down", [True, False])
def test_a_battler_out_in_a_repeated_war_while_a_retreater_stands(
    play: Callable[..., Play], repeat_face_down: bool
) -> None:
    # A and B battle, C retreats (sacrifices a 2); the battle ties on 4 and A has no card for the
    # repeat (a face-down card with repeat_face_down, else a battle card): A is out, B is the lone
    # battler left and wins; C keeps its tied and face-down cards; the game goes on.
    decks = {1: ["5", "1", "4"], 2: ["5", "2", "4", "6", "1"], 3: ["5", "3", "2", "6"]}
    table = play(3, decks, repeat_face_down=repeat_face_down)
    table.do("1:battle", "2:battle", "3:retreat", "chance:draw 1 4", "chance:draw 2 4", "chance:draw 3 2")
    assert eliminations(table) == [1]
    shown = ("war_again", "kept", "war_won")
    wars = [(event.kind, event.data) for event in table.events if event.kind in shown]
    assert wars == [
        ("war_again", {"seats": (1, 2), "strength": 4}),
        ("kept", {"seat": 3, "cards": 2}),
        ("war_won", {"seat": 2, "cards": 7, "face_down": {"1": (1,), "2": (2,), "3": (3,)}}),
    ]
    assert table.state.won[2] == counts(5, 1, 4, 5, 2, 4, 2) and table.state.won[3] == counts(5, 3)
    assert table.state.phase_name == "reveal" and table.state.pending == [2, 3] and table.state.round == 2
    assert table.state.members == [] and table.state.choice == [0, 0, 0, 0]


def test_a_re_evaluation_names_the_seats_left_and_their_best_card(play: Callable[..., Play]) -> None:
    decks = {1: ["5"], 2: ["5"], 3: ["3", "1", "6", "2"], 4: ["3", "2", "4", "2"]}
    table = play(4, decks).do("chance:draw 1 5", "chance:draw 2 5", "chance:draw 3 3", "chance:draw 4 3")
    wars = [(event.kind, event.data) for event in table.events if event.kind in ("war", "reevaluated")]
    assert wars == [
        ("war", {"seats": (1, 2), "strength": 5}),
        ("reevaluated", {"seats": (3, 4), "strength": 3}),
        ("war", {"seats": (3, 4), "strength": 3}),
    ]


def test_a_re_evaluation_tie_between_battlers_a_repeat_left_behind_is_a_fresh_war(
    play: Callable[..., Play],
) -> None:
    # P-11 then P-12: all battle on 5; A and B's 6s beat C and D's 2s, then A and B cannot repeat.
    # Re-evaluated, C and D tie on 5: a new War, first tie again (Retreat allowed, nobody has
    # chosen), their earlier War cards staying in play as the prize.
    decks = {
        1: ["5", "1", "6"],
        2: ["5", "1", "6"],
        3: ["5", "1", "2", "3", "6", "2"],
        4: ["5", "1", "2", "4", "1", "2"],
    }
    table = play(4, decks).do("1:battle", "2:battle", "3:battle", "4:battle").settle()
    state = table.state
    assert eliminations(table) == [1, 2] and state.wars == 2
    assert state.phase_name == "declare" and state.to_act == (3, 4) and state.view(None)["retreat_allowed"]
    assert state.choice[3:] == [0, 0] and not state.declared and state.battlers == state.retreaters == []
    assert state.spent[3] == state.spent[4] == [1, 2] and state.battle[3] == state.battle[4] == []
    assert state.face_down[3:] == [[3], [4]] and state.in_play() == 14
    table.do("3:battle", "4:battle", "chance:draw 3 6", "chance:draw 4 1")
    assert state.won[3] == counts(5, 5, 5, 5, 1, 1, 1, 1, 6, 6, 2, 2, 3, 4, 6, 1)


def test_every_war_is_counted_once_however_often_it_repeats(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["4", "2", "5", "1", "3"], 2: ["4", "6", "5", "3", "2"]})
    table.do("1:battle", "2:battle").settle()
    assert table.state.wars == 1 and table.state.retreats == 0
