"""The contract's own helpers: notation splitting and option merging refuse what they must;
events are frozen values."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from console.games import find_game
from console.games.core import CHANCE, BadOptions, Event, NotationError, parse_int, split_notation


def test_notation_splits_into_seat_verb_and_arguments() -> None:
    assert split_notation("2:retreat") == (2, "retreat", [])
    assert split_notation("chance:draw 1 5") == (CHANCE, "draw", ["1", "5"])
    assert split_notation("12:battle") == (12, "battle", [])


def test_a_free_text_verb_keeps_its_words_whole() -> None:
    assert split_notation('1:say 2 "a  b"', free_text_verbs=("say",)) == (1, "say", ['2 "a  b"'])


@pytest.mark.parametrize("text", ["battle", "0:battle", "²:battle", "-1:battle", "x:battle", "2:", "2:   "])
def test_text_that_is_not_seat_colon_verb_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        split_notation(text)


@pytest.mark.parametrize(
    "text",
    [
        "2:Retreat",
        " chance:draw 1 5",
        "chance:draw 1 5 ",
        "chance:draw  1 5",
        "\u20031:battle",
        "1:battle\u3000",
        "01:battle",
        "Chance:draw 1 5",
        "1: battle",
        "chance:draw 1\t5",
        "chance:draw \u0661 5",
        "1 :battle",
    ],
)
def test_notation_has_one_spelling_anything_else_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        split_notation(text)


@pytest.mark.parametrize("word", ["²", "٣", "1.5", "", "1e3", "9999999999"])
def test_a_number_in_notation_is_ascii_digits(word: str) -> None:
    with pytest.raises(NotationError, match="whole number"):
        parse_int(word, "the seat", "chance:draw x 5")


def test_an_option_of_the_wrong_kind_is_refused_a_boolean_is_not_a_number() -> None:
    wheels = find_game("wheels")
    with pytest.raises(BadOptions, match="first_seat"):
        wheels.new(2, options={"first_seat": True})
    with pytest.raises(BadOptions, match="no option 'colour'"):
        wheels.new(2, options={"colour": "red"})
    assert wheels.new(2, options={"first_seat": 2}) is not None


def test_a_word_of_notation_is_printable_ascii_from_bang_to_tilde() -> None:
    assert split_notation('1:say "~!"') == (1, "say", ['"~!"'])
    for bad in ("1:say a\x7f", "1:say a\x1f", "1:say \xa0a"):
        with pytest.raises(NotationError, match="plain ASCII"):
            split_notation(bad)


def test_an_event_is_a_frozen_value_that_pickles_and_replaces_like_one_made_anew() -> None:
    event = Event("played", {"seat": 1}, frozenset({1}))
    assert (event.kind, event.data, event.audience) == ("played", {"seat": 1}, frozenset({1}))
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.kind = "revealed"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(event)) == event
    assert dataclasses.replace(event, audience=None) == Event("played", {"seat": 1})
    assert dataclasses.replace(event, audience=None).visible_to(2) and not event.visible_to(2)


def test_an_event_without_data_has_its_own_empty_data_and_is_public() -> None:
    bare = Event("ended")
    assert bare == Event("ended", {}, None) and bare.data == {} and bare.audience is None
    assert bare.data is not Event("ended").data  # never one mapping shared by every bare event
    assert bare.visible_to(None) and bare.to_json() == {"kind": "ended"}
