"""The contract as Wisteria keeps it: facts, option specs with ranges, the table's clock, who
supplies each chance card, out-of-turn time-up, refusals of a turn, and exact notation."""

from __future__ import annotations

import pytest

from console.games.core import CHANCE, BadOptions, IllegalAction, NotationError, TableClock
from console.games.wisteria.actions import TIME_UP, Battle, Draw, FaceDown, Retreat, Tally, TimeUp
from console.games.wisteria.game import WisteriaGame


def test_facts_say_two_to_thirty_six_players_secret_choices_and_the_chance_verbs(game: WisteriaGame) -> None:
    facts = game.facts
    assert (facts.min_players, facts.max_players) == (2, 36)
    assert facts.simultaneous and facts.hidden_information
    assert facts.chance_kinds == ("draw", "facedown", "tally", "time-up")
    assert "default_options" not in WisteriaGame.__dict__ and "min_players" not in WisteriaGame.__dict__


def test_every_option_has_a_spec_and_every_number_a_range(game: WisteriaGame) -> None:
    specs = {spec.name: spec for spec in game.option_specs}
    assert set(specs) == {
        "victory",
        "copies",
        "deck",
        "combined_decks",
        "round_limit",
        "time_limit_minutes",
        "repeat_face_down",
    }
    assert specs["victory"].choices == ("total_control", "time_limit", "power_score")
    for spec in specs.values():
        if type(spec.default) is int:
            assert spec.minimum is not None and spec.maximum is not None, spec.name


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"round_limit": 10**30}, "option 'round_limit' must be from 0 to 1000000"),
        ({"combined_decks": 10**6}, "option 'combined_decks' must be from 1 to 10"),
        ({"copies": 101}, "option 'copies' must be from 0 to 100"),
        ({"time_limit_minutes": 0}, "option 'time_limit_minutes' must be from 1 to 600"),
        ({"victory": "Time_Limit"}, "option 'victory' must be one of"),
        ({"repeat_face_down": 1}, "option 'repeat_face_down' must be true or false"),
        ({"deck": "1 " * 601}, "option 'deck' lists more than 600 cards"),
        ({"deck": "1" * 10**6}, "option 'deck' lists more than 600 cards"),
        ({"deck": "1 ² 3"}, "option 'deck': '²' is not a card"),
        ({"deck": "1 ٣ 3"}, "option 'deck': '٣' is not a card"),
    ],
)
def test_an_option_out_of_its_range_is_refused_naming_it(
    game: WisteriaGame, options: dict[str, object], named: str
) -> None:
    with pytest.raises(BadOptions, match=named):
        game.new(2, options=options)


def test_a_stacked_card_in_unicode_digits_is_refused_as_bad_options(game: WisteriaGame) -> None:
    with pytest.raises(BadOptions, match="seat 1's stacked deck: '²' is not a card"):
        game.new(2, decks={1: ["²"], 2: ["3"]})


def test_the_clock_runs_for_time_limit_and_power_score_only(game: WisteriaGame) -> None:
    assert game.clock({}) is None
    assert game.clock({"victory": "total_control", "time_limit_minutes": 5}) is None
    assert game.clock({"victory": "time_limit"}) == TableClock(minutes=15, time_up=TIME_UP)
    assert game.clock({"victory": "power_score", "time_limit_minutes": 1}) == TableClock(1, TIME_UP)
    with pytest.raises(BadOptions, match="time_limit_minutes"):
        game.clock({"victory": "time_limit", "time_limit_minutes": 10**9})


def test_a_card_is_supplied_by_its_owners_scanner_and_the_clock_by_nobody() -> None:
    assert [kind(CHANCE, 3, 5).supplier() for kind in (Draw, FaceDown, Tally)] == [3, 3, 3]
    assert TimeUp(CHANCE).supplier() is None and Battle(2).supplier() is None
    assert TimeUp.out_of_turn and not Draw.out_of_turn and not Retreat.out_of_turn


def test_time_up_is_heard_through_the_contracts_apply_while_seats_choose(game: WisteriaGame) -> None:
    state = game.new(2, options={"victory": "time_limit"}, decks={1: ["4", "2", "5"], 2: ["4", "6", "3"]})
    for text in ("chance:draw 1 4", "chance:draw 2 4", "chance:facedown 1 2", "chance:facedown 2 6"):
        state.apply(game.parse_action(text))
    assert state.to_act == (1, 2)
    assert [event.kind for event in state.apply(TIME_UP)] == ["time_up"]
    assert "apply" not in type(state).__dict__


def test_a_refused_turn_says_who_is_to_act_in_the_rules_words(game: WisteriaGame) -> None:
    state = game.new(3, decks={1: ["4", "2"], 2: ["4", "6"], 3: ["1", "1"]})
    with pytest.raises(IllegalAction, match="seat 1 has no choice to make now: Battle or Retreat is chosen"):
        state.apply(Battle(1))
    with pytest.raises(IllegalAction, match="there is no seat 9: the seats are 1 to 3"):
        state.apply(Retreat(9))
    for text in (
        "chance:draw 1 4",
        "chance:draw 2 4",
        "chance:draw 3 1",
        "chance:facedown 1 2",
        "chance:facedown 2 6",
    ):
        state.apply(game.parse_action(text))
    assert state.why_not_now(3) == "seat 3 is not in this War: only the tied seats choose Battle or Retreat"
    assert (
        state.why_not_now(CHANCE)
        == "no card is needed now: seat 1 and seat 2 must first choose Battle or Retreat"
    )


@pytest.mark.parametrize(
    "text",
    [
        "²:battle",
        "1:battle ²",
        "chance:draw ² 5",
        "chance:draw 1 ٣",
        "chance:draw 1 5 ",
        " 1:battle",
        "1:Battle",
        "CHANCE:draw 1 5",
        "chance:draw 1  5",
        "chance:draw",
        "chance:draw 1 99999999999",
        "chance:draw -1 5",
        "chance:time-up now",
        "1:",
        ":battle",
        "",
        "1:battle\n",
        "chance:tally 1 ５",
        "0:battle",
        "01:battle",
        "chance:draw 02 5",
        "chance:draw 1 +5",
        "1:re treat",
        "1:time-up",
    ],
)
def test_bad_text_is_always_a_notation_error_with_a_reason(game: WisteriaGame, text: str) -> None:
    with pytest.raises(NotationError) as refused:
        game.parse_action(text)
    assert type(refused.value) is NotationError and str(refused.value)


def test_text_spelt_otherwise_than_its_action_is_refused_naming_the_spelling(game: WisteriaGame) -> None:
    with pytest.raises(NotationError, match="the action is written 'chance:draw 2 5'"):
        game.parse_action("chance:draw 02 5")
