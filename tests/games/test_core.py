"""The contract's own helpers: notation splitting and option merging refuse what they must."""

from __future__ import annotations

import pytest

from console.games import find_game
from console.games.core import CHANCE, BadOptions, NotationError, split_notation


def test_notation_splits_into_seat_verb_and_arguments() -> None:
    assert split_notation("2:Retreat") == (2, "retreat", [])
    assert split_notation(" chance:draw 1 5 ") == (CHANCE, "draw", ["1", "5"])


@pytest.mark.parametrize("text", ["battle", "0:battle", "²:battle", "-1:battle", "x:battle", "2:", "2:   "])
def test_text_that_is_not_seat_colon_verb_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        split_notation(text)


def test_an_option_of_the_wrong_kind_is_refused_a_boolean_is_not_a_number() -> None:
    wheels = find_game("wheels")
    with pytest.raises(BadOptions, match="first_seat"):
        wheels.new(2, options={"first_seat": True})
    with pytest.raises(BadOptions, match="no option 'colour'"):
        wheels.new(2, options={"colour": "red"})
    assert wheels.new(2, options={"first_seat": 2}) is not None
