"""Tie Round (War Trigger), Rule 1 (face-down card), Rule 2 (Battle or Retreat), Option A Battle,
Option B Retreat: one test per sentence, and the worked examples of the close reading."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from console.games.core import CHANCE, IllegalAction
from console.games.wisteria.actions import Battle
from console.games.wisteria.rules.war import bonus

Play = Any


def counts(*strengths: int) -> list[int]:
    multiset = [0] * 7
    for strength in strengths:
        multiset[strength] += 1
    return multiset


# Tie Round (War Trigger)


def test_only_the_players_tied_for_highest_enter_the_war(play: Callable[..., Play]) -> None:
    table = play(3, {1: ["5", "1", "4"], 2: ["5", "2", "4"], 3: ["3", "4"]}).settle()
    assert table.state.members == [1, 2] and table.state.to_act == (1, 2)
    assert table.seat(3)["in_war"] is False and table.seat(3)["face_down"] == 0


def test_non_tied_revealed_cards_go_to_the_eventual_winner_of_the_war(play: Callable[..., Play]) -> None:
    table = play(3, {1: ["5", "1", "6", "3"], 2: ["5", "2", "4", "3"], 3: ["3", "4"]})
    table.do("1:battle", "2:battle").settle()
    assert table.state.won[1] == counts(5, 5, 3, 1, 2, 6, 4) and table.seat(3)["won"] == 0


def test_non_tied_players_are_never_asked_for_more_cards(play: Callable[..., Play]) -> None:
    # P-21: C holds one card only and the War goes on without it.
    table = play(3, {1: ["5", "1", "6"], 2: ["5", "2", "4"], 3: ["3"]}).do("1:battle", "2:battle")
    assert table.state.pending == [1, 2]
    table.settle()
    assert table.seat(3)["eliminated"] and table.seat(1)["won"] == 7


# Rule 1: Face-Down War Card


def test_each_tied_player_places_one_card_face_down_into_the_war_pile(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["4", "2", "5"], 2: ["4", "6", "5"]}).settle()
    assert [table.seat(s)["face_down"] for s in (1, 2)] == [1, 1]
    assert table.state.view(None)["in_play"] == 4


def test_a_face_down_card_is_shown_to_no_view_until_the_war_resolves(play: Callable[..., Play]) -> None:
    low = play(2, {1: ["4", "1", "5"], 2: ["4", "1", "5"]}).settle().state
    high = play(2, {1: ["4", "6", "5"], 2: ["4", "6", "5"]}).settle().state
    for seat in (None, 1, 2):
        assert low.view(seat) == high.view(seat)
    assert low.face_down[1] == [1] and high.face_down[1] == [6]


def test_the_face_down_cards_are_turned_over_when_the_war_ends(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["4", "2", "5"], 2: ["4", "6", "3"]}).do("1:battle", "2:battle").settle()
    (won,) = [event for event in table.events if event.kind == "war_won"]
    assert won.data["face_down"] == {"1": (2,), "2": (6,)} and won.data["cards"] == 6


# Rule 2: Declare War Action (Simultaneous)


def test_every_tied_seat_still_to_choose_is_to_act_at_once(play: Callable[..., Play]) -> None:
    table = play(3, {1: ["5", "1", "6"], 2: ["5", "2", "4"], 3: ["5", "4", "1"]}).settle()
    assert table.state.to_act == (1, 2, 3)
    table.do("2:retreat")
    assert table.state.to_act == (1, 3)


def test_choices_cannot_be_changed(play: Callable[..., Play]) -> None:
    table = play(3, {1: ["5", "1", "6"], 2: ["5", "2", "4"], 3: ["5", "4", "1"]}).do("2:retreat")
    with pytest.raises(IllegalAction, match="seat 2 has already chosen; choices cannot be changed"):
        table.do("2:battle")


def test_a_seat_outside_the_war_has_no_choice(play: Callable[..., Play]) -> None:
    table = play(3, {1: ["5", "1", "6"], 2: ["5", "2", "4"], 3: ["3", "4"]}).settle()
    with pytest.raises(IllegalAction, match="seat 3 is not in this War"):
        table.do("3:battle")
    with pytest.raises(IllegalAction, match="there is no seat 4"):
        table.do("4:battle")


# Option A: Battle


def test_each_attacking_player_reveals_one_card_face_up(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["4", "2", "5", "1"], 2: ["4", "6", "3", "1"]}).do("1:battle", "2:battle")
    assert table.state.pending == [1, 2]
    table.do("chance:draw 1 5")
    assert table.seat(1)["battle"] == [5]


def test_the_higher_battle_card_wins_every_card_of_the_war_battle_cards_too(
    play: Callable[..., Play],
) -> None:
    # P-6: tied cards, face-down cards and the battle cards themselves.
    table = play(2, {1: ["4", "2", "5", "1"], 2: ["4", "6", "3", "1"]}).do("1:battle", "2:battle").settle()
    assert table.state.won[1] == counts(4, 4, 2, 6, 5, 3) and table.seat(2)["won"] == 0


def test_no_bonus_is_defined_so_a_battle_card_counts_its_strength(game: Any) -> None:
    # P-4: "Apply bonuses if active" names no bonus: the hook gives 0.
    assert all(bonus(seat, strength) == 0 for seat in (1, 2) for strength in range(1, 7))


def test_a_tie_in_battle_repeats_the_war_at_rule_2_without_a_new_face_down_card(
    play: Callable[..., Play],
) -> None:
    # Worked example 22 (P-5): A 4, B 4; face-down A 2, B 6; Battle 5 / 5 (tie); again 1 / 3: B wins 8.
    table = play(2, {1: ["4", "2", "5", "1", "3"], 2: ["4", "6", "5", "3", "2"]})
    table.do("1:battle", "2:battle", "chance:draw 1 5", "chance:draw 2 5")
    assert table.state.phase_name == "war" and table.state.pending == [1, 2]
    assert [table.seat(s)["face_down"] for s in (1, 2)] == [1, 1]
    assert not table.state.view(None)["retreat_allowed"]
    table.do("chance:draw 1 1", "chance:draw 2 3")
    assert table.state.won[2] == counts(4, 4, 2, 6, 5, 5, 1, 3)
    assert table.state.last == {"round": 1, "winner": 2, "cards": 8, "war": True}


def test_retreat_can_only_be_done_on_the_first_card_tie(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["4", "2", "5", "1"], 2: ["4", "6", "5", "3"]})
    table.do("1:battle", "2:battle", "chance:draw 1 5", "chance:draw 2 5")
    with pytest.raises(IllegalAction, match="Retreat can only be done on the first card tie"):
        table.state.apply(table.game.parse_action("1:retreat"))
    assert table.state.legal_actions(1) == []


def test_an_option_places_a_new_face_down_card_on_each_repeat(play: Callable[..., Play]) -> None:
    # P-5's configurable alternative: repeat_face_down = true.
    table = play(2, {1: ["4", "2", "5", "6", "1"], 2: ["4", "6", "5", "1", "3"]}, repeat_face_down=True)
    table.do("1:battle", "2:battle", "chance:draw 1 5", "chance:draw 2 5")
    assert table.state.phase_name == "face_down"
    table.do("chance:facedown 1 6", "chance:facedown 2 1", "chance:draw 1 1", "chance:draw 2 3")
    assert table.state.won[2] == counts(4, 4, 2, 6, 5, 5, 6, 1, 1, 3)


def test_with_three_battlers_only_those_tied_for_highest_battle_on(play: Callable[..., Play]) -> None:
    # P-11: A 6, B 6, C 2 -> C is out of the War, its cards stay in the pot; A and B battle again.
    decks = {1: ["5", "1", "6", "4", "1"], 2: ["5", "1", "6", "2", "1"], 3: ["5", "1", "2", "3"]}
    table = play(3, decks).do("1:battle", "2:battle", "3:battle").settle()
    assert table.state.won[1] == counts(5, 5, 5, 1, 1, 1, 6, 6, 2, 4, 2)
    assert [e.data for e in table.events if e.kind == "war_again"] == [{"seats": (1, 2), "strength": 6}]


# Option B: Retreat, and the Retreat Outcomes


def test_a_retreating_player_places_one_additional_card_face_up(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["3", "1", "5"], 2: ["3", "1", "2", "5"]}).do("1:battle", "2:retreat")
    assert table.state.pending == [2]  # the lone battler reveals nothing (P-9)
    table.do("chance:draw 2 2")


def test_one_battler_wins_the_sacrificed_card_the_retreater_keeps_tied_and_face_down(
    play: Callable[..., Play],
) -> None:
    # Worked example 26: A 3, B 3; a1, b1; A battles, B retreats with b2.
    table = play(2, {1: ["3", "1", "5"], 2: ["3", "1", "2", "5"]}).do("1:battle", "2:retreat").settle()
    assert table.state.won[1] == counts(3, 1, 2)  # A takes 3 + a1 + b2
    assert table.state.won[2] == counts(3, 1)  # B keeps 3 + b1 (P-8: to B's won pile)
    assert [table.seat(s)["cards"] for s in (1, 2)] == [4, 3]  # B handed exactly one card to A


def test_two_battlers_fight_on_and_the_winner_takes_the_sacrificed_cards(play: Callable[..., Play]) -> None:
    # Worked example 23: all tie on 5; A and B battle, C retreats with c2; A 6 beats B 2: A wins 7.
    decks = {1: ["5", "1", "6", "4"], 2: ["5", "1", "2", "4"], 3: ["5", "1", "3", "4"]}
    table = play(3, decks).do("1:battle", "2:battle", "3:retreat").settle()
    assert table.state.won[1] == counts(5, 5, 1, 1, 6, 2, 3)
    assert table.state.won[3] == counts(5, 1)
    assert table.state.last == {"round": 1, "winner": 1, "cards": 7, "war": True}


def test_when_all_retreat_each_sacrifice_goes_to_the_left_two_players_swap(play: Callable[..., Play]) -> None:
    # Worked example 28, 2 players: A 6, B 6; a1, b1; a2 -> B, b2 -> A; counts unchanged (P-20).
    table = play(2, {1: ["6", "1", "2", "5"], 2: ["6", "1", "3", "5"]}).do("1:retreat", "2:retreat").settle()
    assert table.state.won[1] == counts(6, 1, 3) and table.state.won[2] == counts(6, 1, 2)
    assert [table.seat(s)["cards"] for s in (1, 2)] == [4, 4]
    assert table.state.last == {"round": 1, "winner": None, "cards": 0, "war": True}


def test_all_retreat_three_players_the_left_of_b_is_c_outside_the_war(play: Callable[..., Play]) -> None:
    # Worked example 28, 3 players: A 5, B 5, C 3; a2 -> B, b2 -> C; C gets its 3 back.
    table = play(3, {1: ["5", "1", "2", "4"], 2: ["5", "1", "6", "4"], 3: ["3", "4"]})
    table.do("1:retreat", "2:retreat").settle()
    assert table.state.won[1] == counts(5, 1)
    assert table.state.won[2] == counts(5, 1, 2)
    assert table.state.won[3] == counts(3, 6)
    assert [table.seat(s)["cards"] for s in (1, 2, 3)] == [3, 4, 3]  # A -1, B 0, C +1


def test_all_retreat_four_players(play: Callable[..., Play]) -> None:
    # Worked example 28, 4 players: A 4, B 2, C 4, D 1; A and C retreat: a2 -> B, c2 -> D.
    decks = {1: ["4", "1", "5", "6"], 2: ["2", "6"], 3: ["4", "1", "3", "6"], 4: ["1", "6"]}
    table = play(4, decks).do("1:retreat", "3:retreat").settle()
    assert table.state.won[1] == counts(4, 1) and table.state.won[3] == counts(4, 1)
    assert table.state.won[2] == counts(2, 5) and table.state.won[4] == counts(1, 3)


def test_the_player_on_the_left_skips_eliminated_seats(play: Callable[..., Play]) -> None:
    # P-10: seat 2 is out, so seat 1's left is seat 3.
    decks = {1: ["4", "5", "6", "2", "3"], 2: ["1"], 3: ["3", "5", "4", "1", "6"]}
    table = play(3, decks).do("chance:draw 1 4", "chance:draw 2 1", "chance:draw 3 3")
    assert table.seat(2)["eliminated"]
    table.do("1:retreat", "3:retreat").settle()
    assert table.state.won[3] == counts(5, 4, 2)  # kept 5 + face-down 4, plus seat 1's sacrifice 2
    assert table.state.won[1] == counts(4, 1, 3, 5, 6, 1)


# The War's events, as the table screen tells them


def war_events(table: Play) -> list[tuple[str, dict[str, Any]]]:
    shown = ("war", "choices", "war_again", "kept", "war_won", "no_winner", "reevaluated")
    return [(event.kind, dict(event.data)) for event in table.events if event.kind in shown]


def test_a_war_tells_the_tie_the_choices_what_a_retreater_keeps_and_the_prize(
    play: Callable[..., Play],
) -> None:
    decks = {1: ["5", "1", "6", "4"], 2: ["5", "1", "2", "4"], 3: ["5", "1", "3", "4"]}
    table = play(3, decks).do("1:battle", "2:battle", "3:retreat").settle()
    assert war_events(table) == [
        ("war", {"seats": (1, 2, 3), "strength": 5}),
        ("choices", {"battle": (1, 2), "retreat": (3,)}),
        ("kept", {"seat": 3, "cards": 2}),
        ("war_won", {"seat": 1, "cards": 7, "face_down": {"1": (1,), "2": (1,), "3": (1,)}}),
    ]


def test_a_war_nobody_wins_tells_where_each_sacrifice_went(play: Callable[..., Play]) -> None:
    table = play(3, {1: ["5", "1", "2", "4"], 2: ["5", "1", "6", "4"], 3: ["3", "4"]})
    table.do("1:retreat", "2:retreat").settle()
    assert war_events(table) == [
        ("war", {"seats": (1, 2), "strength": 5}),
        ("choices", {"battle": (), "retreat": (1, 2)}),
        (
            "no_winner",
            {
                "passed": ({"from": 1, "to": 2, "cards": 1}, {"from": 2, "to": 3, "cards": 1}),
                "face_down": {"1": (1,), "2": (1,)},
            },
        ),
    ]


def test_a_choice_for_no_seat_is_refused_even_when_chance_is_to_act(play: Callable[..., Play]) -> None:
    # Chance (seat 0) is to act while the cards are revealed: a Battle for seat 0 reaches the rule.
    table = play(2, {1: ["4", "2", "5"], 2: ["4", "6", "5"]})
    with pytest.raises(IllegalAction, match="there is no seat 0: the seats are 1 to 2"):
        table.state.apply(Battle(CHANCE))
    assert table.state.choice == [0, 0, 0] and table.state.pending == [1, 2]


def test_in_a_repeated_war_a_retreater_has_no_choice_to_make(play: Callable[..., Play]) -> None:
    decks = {1: ["5", "1", "4", "6"], 2: ["5", "2", "4", "1"], 3: ["5", "3", "2", "6"]}
    table = play(3, decks).do("1:battle", "2:battle", "3:retreat", "chance:draw 1 4", "chance:draw 2 4")
    table.do("chance:draw 3 2")
    assert not table.state.first_tie and table.state.pending == [1, 2] and table.state.retreats == 1
    apply = table.state.apply  # not table.do, which would first settle the pending battle cards
    with pytest.raises(IllegalAction, match="seat 3 has no choice to make now: Battle or Retreat is chosen"):
        apply(table.game.parse_action("3:battle"))
    with pytest.raises(IllegalAction, match="this War is a repeat, so seat 1 battles on"):
        apply(table.game.parse_action("1:retreat"))
