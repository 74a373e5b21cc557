"""When a venue's round clock calls time, the turn in play is finished (console/hub/timecall.py):
for seats that choose together each turn, for a seat whose turn takes several moves, and for a
table where only chance was to act; then the game is scored by its running score."""

from __future__ import annotations

from console.hub.timecall import TimeCall, acting_seats, scored_as_it_stands


def test_seats_choosing_together_finish_once_both_chose_and_the_reveal_followed() -> None:
    call = TimeCall(acting_seats([1, 2]), mark=4)
    before = ["chance:first 1", "1:a", "2:b", "chance:deal"]
    assert not call.turn_finished([*before, "1:choose x"], [2])
    assert not call.turn_finished([*before, "1:choose x", "2:choose y"], [0]), "the reveal is to come"
    assert call.turn_finished([*before, "1:choose x", "2:choose y", "chance:reveal"], [1, 2])


def test_a_turn_of_several_moves_finishes_when_it_passes_to_the_next_seat() -> None:
    call = TimeCall(acting_seats([3]), mark=0)
    assert not call.turn_finished(["3:build a"], [3])
    assert not call.turn_finished(["3:build a", "3:trade b"], [3])
    assert call.turn_finished(["3:build a", "3:trade b", "3:end"], [4])


def test_with_only_chance_to_act_the_table_ends_once_chance_has_acted() -> None:
    assert acting_seats([0, "chance"]) == frozenset()
    call = TimeCall(frozenset(), mark=2)
    assert not call.turn_finished(["1:x", "2:y"], [0])
    assert call.turn_finished(["1:x", "2:y", "chance:deal"], [1])


def test_the_highest_running_score_wins_and_a_tie_shares_it() -> None:
    assert scored_as_it_stands({"1": 3, "2": 5, "3": 5}, 3)["winners"] == [2, 3]
    outcome = scored_as_it_stands({"2": 1.5}, 2)
    assert outcome["winners"] == [2] and outcome["scores"] == [0.0, 1.5]
    assert outcome["reason"].startswith("the round's time")
