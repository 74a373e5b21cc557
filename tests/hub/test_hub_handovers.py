"""Which seats a bot played and when, from the seats' controllers and the handovers that led there."""

from __future__ import annotations

from console.hub.handovers import BotStint, Handover, bot_stints, current_levels


def test_a_seat_that_began_with_a_bot_is_a_bot_from_action_0_at_the_tables_level() -> None:
    assert bot_stints({1: "phone", 2: "bot"}, "normal", []) == [BotStint(2, "normal", 0, None)]


def test_a_player_who_left_and_came_back_gives_one_stretch_from_leaving_to_returning() -> None:
    handovers = [Handover(2, "phone", "bot", "easy", 14), Handover(2, "bot", "phone", "", 31)]
    stints = bot_stints({1: "phone", 2: "phone"}, "normal", handovers)
    assert stints == [BotStint(2, "easy", 14, 31)]
    assert stints[0].handed_over and stints[0].words() == "seat 2 by a bot (easy) from action 14 to action 31"


def test_a_new_level_starts_a_new_stretch_and_a_bot_from_the_start_is_counted_from_0() -> None:
    handovers = [Handover(1, "bot", "bot", "hard", 5), Handover(1, "bot", "pod", "", 9)]
    assert bot_stints({1: "pod", 2: "phone"}, "normal", handovers) == [
        BotStint(1, "normal", 0, 5),
        BotStint(1, "hard", 5, 9),
    ]
    assert current_levels(handovers) == {1: "hard"}


def test_a_bot_from_start_to_end_is_not_a_handover() -> None:
    (stint,) = bot_stints({1: "bot"}, "easy", [])
    assert not stint.handed_over
