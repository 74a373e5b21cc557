"""Views and events: pile counts, cards in play face up, face-down cards as a count, who has
chosen (never what) until every tied seat has chosen; a seat sees its own choice; events for
others never reveal a choice or a face-down card before its time."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from console.games.checks import check_leaks, check_simultaneous_secrecy
from console.games.core import IllegalAction

Play = Any
DECKS = {1: ["5", "1", "6", "3"], 2: ["5", "2", "4", "3"], 3: ["5", "4", "1", "3"]}


def test_every_view_is_json_ready_with_piles_phase_round_and_to_act(play: Callable[..., Play]) -> None:
    table = play(3, DECKS).settle()
    for seat in (None, 1, 2, 3):
        view = table.state.view(seat)
        assert json.loads(json.dumps(view)) == view
        assert view["phase"] == "declare" and view["round"] == 1 and view["to_act"] == [1, 2, 3]
        assert view["seats"]["2"] | {"draw": 2, "won": 0, "eliminated": False} == view["seats"]["2"]
    assert table.state.view(2)["seat"] == 2 and table.state.view(2)["draw"] == 2
    assert "draw" not in table.state.view(None)


def test_cards_in_play_are_shown_face_up_and_face_down_cards_only_as_a_count(
    play: Callable[..., Play],
) -> None:
    entry = play(3, DECKS).settle().seat(1)
    assert entry["revealed"] == 5 and entry["face_down"] == 1 and entry["in_war"]


def test_views_show_that_a_seat_has_chosen_never_what(play: Callable[..., Play]) -> None:
    table = play(3, DECKS).do("2:retreat")
    for seat in (None, 1, 3):
        view = table.state.view(seat)
        assert view["seats"]["2"]["chosen"] is True and view["seats"]["1"]["chosen"] is False
        assert "choice" not in view["seats"]["2"] and "my_choice" not in view
        assert '"retreat"' not in json.dumps(view)


def test_a_seat_sees_its_own_choice_in_its_own_view(play: Callable[..., Play]) -> None:
    table = play(3, DECKS).do("2:retreat")
    assert table.state.view(2)["my_choice"] == "retreat"
    assert list(table.state.hidden_strings(2)) == ["seat 2 chose retreat"]
    assert "seat 2 chose retreat" in json.dumps(table.state.view(2))
    assert list(table.state.hidden_strings(1)) == []
    check_leaks(table.state)
    check_simultaneous_secrecy(table.state)


def test_choices_are_shown_to_all_once_every_tied_seat_has_chosen(play: Callable[..., Play]) -> None:
    table = play(3, DECKS).do("2:retreat", "1:battle", "3:battle")
    view = table.state.view(None)
    assert [view["seats"][s]["choice"] for s in ("1", "2", "3")] == ["battle", "retreat", "battle"]
    assert list(table.state.hidden_strings(2)) == []


def test_a_choice_gives_a_public_chosen_event_and_a_private_one(play: Callable[..., Play]) -> None:
    table = play(3, DECKS).settle()
    events = table.state.apply(table.game.parse_action("2:retreat"))
    public = [event for event in events if event.visible_to(1)]
    assert [(event.kind, dict(event.data)) for event in public] == [("chosen", {"seat": 2})]
    private = [event for event in events if event.audience == frozenset({2})]
    assert [(event.kind, dict(event.data)) for event in private] == [
        ("choice", {"seat": 2, "choice": "retreat"})
    ]
    assert not any(event.visible_to(None) and '"retreat"' in json.dumps(event.to_json()) for event in events)


def test_the_last_choice_reveals_every_choice_in_a_public_event(play: Callable[..., Play]) -> None:
    table = play(3, DECKS).do("2:retreat", "1:battle")
    events = table.state.apply(table.game.parse_action("3:battle"))
    (choices,) = [event for event in events if event.kind == "choices"]
    assert choices.audience is None and dict(choices.data) == {"battle": (1, 3), "retreat": (2,)}


def test_a_face_down_event_names_no_card(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["4", "2", "5"], 2: ["4", "6", "5"]}).settle()
    face_down = [event for event in table.events if event.kind == "face_down"]
    assert [dict(event.data) for event in face_down] == [{"seat": 1}, {"seat": 2}]


def test_refusing_a_changed_choice_does_not_say_what_was_chosen(play: Callable[..., Play]) -> None:
    table = play(3, DECKS).do("2:retreat")
    with pytest.raises(IllegalAction) as refused:
        table.do("2:battle")
    assert "retreat" not in str(refused.value)


def test_the_public_view_and_outcome_after_the_game(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["5", "6"], 2: ["3"]}).do("chance:draw 1 5", "chance:draw 2 3")
    view = table.state.view(None)
    assert view["outcome"]["winners"] == [1] and view["seats"]["2"]["eliminated"] is True
    assert view["last_round"] == {"round": 1, "winner": 1, "cards": 2, "war": False}


def test_after_a_war_the_next_round_shows_no_war(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["4", "2", "5", "1", "3", "6"], 2: ["4", "6", "5", "3", "2", "1"]})
    table.do("1:battle", "2:battle").settle()
    view = table.state.view(None)
    assert view["round"] == 2 and view["retreat_allowed"] is True
    for entry in view["seats"].values():
        assert entry["in_war"] is False and "choice" not in entry and "chosen" not in entry
