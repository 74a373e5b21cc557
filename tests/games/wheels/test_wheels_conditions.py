"""Damp and chill: "Damp makes the affected player's cellar gain two age at the end of each of their
turns. Chill makes it gain none. These durations count the affected player's ending turns. Free
actions consume neither duration. If both apply, chill wins, but both durations still count down.
Reapplying the same condition keeps the longer of its remaining duration and the new duration.
Durations do not add together." """

from __future__ import annotations

import pytest

from tests.games.wheels.conftest import Kit


def test_damp_makes_the_affected_cellar_gain_two_age_at_each_of_its_endings(kit: Kit) -> None:
    state = kit.begin(["fen-mist"], [])
    wheel = kit.put(state, 2, 1, "cart-wheel", age=1)
    kit.act(state, "1:play fen-mist")
    assert (state.seats[1].damp, wheel.age) == (2, 1)
    kit.act(state, "2:wait")
    assert wheel.age == 3
    kit.act(state, "1:wait", "2:wait")
    assert wheel.age == 5
    kit.act(state, "1:wait", "2:wait")
    assert wheel.age == 6  # damp is spent: back to one a turn


def test_chill_makes_the_affected_cellar_gain_no_age(kit: Kit) -> None:
    state = kit.begin(["cold-snap"], [])
    wheel = kit.put(state, 2, 1, "cart-wheel", age=4)
    kit.act(state, "1:play cold-snap", "2:wait", "1:wait", "2:wait")
    assert wheel.age == 4
    kit.act(state, "1:wait", "2:wait")
    assert wheel.age == 5


def test_durations_count_only_the_affected_players_ending_turns(kit: Kit) -> None:
    state = kit.begin(["cold-snap"], [])
    kit.act(state, "1:play cold-snap")
    chill = [state.seats[1].chill]
    for seat in (2, 1, 2, 1):
        kit.act(state, f"{seat}:wait")
        chill.append(state.seats[1].chill)
    assert chill == [2, 1, 1, 0, 0]  # only seat 2's own endings count it down


def test_free_actions_consume_neither_duration(kit: Kit) -> None:
    state = kit.begin(["root-cellar", "brine-rub", "wax-rind"], [])
    state.seats[0].damp = 2
    kit.put(state, 1, 1, "cart-wheel", age=1)
    kit.act(state, "1:play root-cellar", "1:play brine-rub 1", "1:play wax-rind 1")
    assert (state.seats[0].damp, state.seats[0].chill) == (2, 2)


def test_if_both_apply_chill_wins_but_both_durations_count_down(kit: Kit) -> None:
    state = kit.begin([], [])
    state.seats[0].damp, state.seats[0].chill = 2, 1
    wheel = kit.put(state, 1, 1, "cart-wheel", age=1)
    kit.act(state, "1:wait")
    assert (wheel.age, state.seats[0].damp, state.seats[0].chill) == (1, 1, 0)
    kit.act(state, "2:wait", "1:wait")
    assert (wheel.age, state.seats[0].damp) == (3, 0)


@pytest.mark.parametrize("remaining, new, kept", [(1, 2, 2), (3, 2, 3), (0, 2, 2)])
def test_reapplying_keeps_the_longer_of_the_remaining_and_the_new_duration(
    kit: Kit, remaining: int, new: int, kept: int
) -> None:
    state = kit.begin(["fen-mist"], [])
    state.seats[1].damp = remaining
    kit.act(state, "1:play fen-mist")
    assert state.seats[1].damp == kept == max(remaining, new)


def test_durations_do_not_add_together(kit: Kit) -> None:
    state = kit.begin(["root-cellar", "root-cellar"], [])
    kit.act(state, "1:play root-cellar", "1:play root-cellar")
    assert state.seats[0].chill == 2


def test_damp_and_chill_durations_are_separate(kit: Kit) -> None:
    state = kit.begin(["fen-mist"], [])
    state.seats[1].chill = 1
    kit.act(state, "1:play fen-mist")
    assert (state.seats[1].damp, state.seats[1].chill) == (2, 1)


def test_a_condition_you_give_yourself_with_a_regular_craft_counts_this_ending(kit: Kit) -> None:
    state = kit.begin(["sweating-room"], [])
    wheel = kit.put(state, 1, 1, "cart-wheel", age=1)
    kit.act(state, "1:play sweating-room")
    assert (wheel.age, state.seats[0].damp) == (3, 2)


def test_a_condition_given_to_the_rival_counts_from_the_rivals_next_ending(kit: Kit) -> None:
    state = kit.begin(["fen-mist"], [])
    kit.act(state, "1:play fen-mist")
    assert state.seats[1].damp == 2
    kit.act(state, "2:wait")
    assert state.seats[1].damp == 1


def test_a_newly_set_wheel_under_chill_stays_at_age_zero_and_under_damp_reaches_two(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], ["cart-wheel"])
    state.seats[0].chill = 1
    state.seats[1].damp = 1
    kit.act(state, "1:set cart-wheel 1", "2:set cart-wheel 1")
    assert (kit.wheel(state, 1, 1).age, kit.wheel(state, 2, 1).age) == (0, 2)


def test_reading_at_age_zero_under_chill_pays_nothing_and_spends_a_turn(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], [])
    state.seats[0].chill = 2
    kit.act(state, "1:set cart-wheel 1", "2:wait", "1:read 1")
    assert state.seats[0].banked == 0 and state.seats[0].turns_left == 10


def test_damp_can_skip_past_the_last_full_age(kit: Kit) -> None:
    state = kit.begin([], [])
    state.seats[0].damp = 1
    wheel = kit.put(state, 1, 1, "cart-wheel", age=5)
    kit.act(state, "1:wait")
    assert (wheel.age, wheel.soured) == (7, True)


def test_the_rival_sees_your_damp_and_chill(kit: Kit) -> None:
    state = kit.begin(["fen-mist"], [])
    kit.act(state, "1:play fen-mist")
    assert state.view(1)["players"]["2"]["damp"] == 2
    assert state.view(None)["players"]["2"]["damp"] == 2
