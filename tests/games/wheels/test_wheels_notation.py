"""Notation: every verb round-trips through str and parse_action, and malformed text (odd digits,
spaces, case, numbers) is a NotationError that says what is wrong, never another exception."""

from __future__ import annotations

import pytest

from console.games.core import NotationError
from console.games.wheels import GAME
from tests.games.wheels.conftest import Kit

EXAMPLES = [
    "chance:first 2",
    "chance:draw 1 cart-wheel",
    "1:choose fen-matriarch",
    "2:swap bloom",
    "1:keep",
    "1:set cart-wheel 2",
    "1:set cart-wheel 2 sealed",
    "2:read 3",
    "1:play the-souring 3",
    "1:play cellarhand",
    "2:invoke fen-matriarch",
    "2:invoke rindbreaker-archaffineur 1",
    "1:wait",
]


@pytest.mark.parametrize("text", EXAMPLES)
def test_every_verb_round_trips(text: str) -> None:
    action = GAME.parse_action(text)
    assert str(action) == text
    assert GAME.parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("1:SET cart-wheel 2", "a verb is written in lower-case letters"),
        ("1:set Cart-Wheel 2", "there is no card 'Cart-Wheel'"),
        ("1:set cart-wheel 2 SEALED", "the only word after the shelf is 'sealed'"),
        ("chance:draw 1 Cart-Wheel", "there is no deck card 'Cart-Wheel'"),
        ("\u00b2:wait", "the seat must be a number from 1 in ASCII digits"),
        ("1:read \u00b2", "is not plain ASCII notation"),
        ("1:read \u0663", "is not plain ASCII notation"),
        ("chance:first \u00b2", "is not plain ASCII notation"),
        ("1:read x2", "the shelf must be a whole number"),
        ("1:read 99999999999999999999", "the shelf must be a whole number"),
        ("chance:first 99999", "the first seat is 1 or 2"),
        ("chance:first -1", "the first seat is 1 or 2"),
        ("1:read 02", "the action is written '1:read 2'"),
        ("chance:draw 01 cart-wheel", "the action is written 'chance:draw 1 cart-wheel'"),
        ("01:wait", "the seat must be a number from 1"),
        (" 1:wait", "the seat must be a number from 1"),
        ("1:wait ", "the action ends with a space"),
        ("1:set  cart-wheel 2", "words are separated by one space"),
        ("1:read", "read takes 1 word after it, not 0"),
        ("1:", "the action has no verb"),
        ("", "is not an action"),
        ("1:set cart-wheel\t2", "is not plain ASCII notation"),
    ],
)
def test_notation_has_one_spelling_and_anything_else_is_a_notation_error(text: str, complaint: str) -> None:
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(text)
    assert complaint in str(caught.value)


def test_the_actions_name_their_cards_for_scans() -> None:
    assert GAME.parse_action("1:set cart-wheel 2").cards() == ("cart-wheel",)
    assert GAME.parse_action("1:play bloom 1").cards() == ("bloom",)
    assert GAME.parse_action("1:invoke fen-matriarch").cards() == ("fen-matriarch",)
    assert GAME.parse_action("1:read 1").cards() == ()


@pytest.mark.parametrize(
    "text, complaint",
    [
        ("1:set bloom 1", "Bloom is a craft, not a wheel"),
        ("1:play cart-wheel", "Cart Wheel is a wheel, not a craft"),
        ("1:invoke bloom", "Bloom is a craft, not an Archaffineur"),
        ("1:set cart-wheel 4", "shelves are numbered 1 to 3"),
        ("1:set cart-wheel 0", "shelves are numbered 1 to 3"),
        ("1:set cart-wheel two", "the shelf must be a whole number"),
        ("1:set cart-wheel 2 open", "the only word after the shelf is 'sealed'"),
        ("1:read", "read takes 1 word after it"),
        ("1:set cart-wheel", "set takes 2 to 3 words after it, not 1"),
        ("1:wait now", "wait takes 0 words after it, not 1"),
        ("1:bake", "unknown verb 'bake'"),
        ("chance:draw 3 bloom", "the drawing seat is 1 or 2"),
        ("chance:first 0", "the first seat is 1 or 2"),
        ("chance:wait", "chance only does"),
        ("chance:draw 1 fen-matriarch", "no deck card"),
        ("1:swap fen-matriarch", "no deck card"),
        ("wait", "expected SEAT:VERB"),
    ],
)
def test_malformed_text_is_a_notation_error_saying_what_is_wrong(text: str, complaint: str) -> None:
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(text)
    assert complaint in str(caught.value)


def test_a_wheels_placements_are_walked_shelf_by_shelf_with_the_seal_toggled_in_between(kit: Kit) -> None:
    state = kit.begin(["market-round", "cart-wheel"], [])
    placements = [text for text in kit.legal(state, 1) if text.startswith("1:set cart-wheel")]
    assert placements == [
        "1:set cart-wheel 1",
        "1:set cart-wheel 1 sealed",
        "1:set cart-wheel 2",
        "1:set cart-wheel 2 sealed",
        "1:set cart-wheel 3",
        "1:set cart-wheel 3 sealed",
    ]


def test_legal_actions_come_in_notation_order(kit: Kit) -> None:
    state = kit.begin(
        ["market-round", "bloom", "the-souring", "cellarhand"],
        [],
        leaders=("rindbreaker-archaffineur", "none"),
    )
    kit.put(state, 1, 2, "cart-wheel", age=1)
    kit.put(state, 2, 1, "cart-wheel", age=1)
    kit.put(state, 2, 3, "cart-wheel", age=1, sealed=True)
    texts = kit.legal(state, 1)
    assert texts == sorted(texts)
    assert texts == [
        "1:invoke rindbreaker-archaffineur 1",
        "1:invoke rindbreaker-archaffineur 3",
        "1:play bloom 2",
        "1:play cellarhand",
        "1:play the-souring 1",
        "1:read 2",
        "1:set market-round 1",
        "1:set market-round 1 sealed",
        "1:set market-round 3",
        "1:set market-round 3 sealed",
        "1:wait",
    ]


def test_notation_md_documents_every_verb() -> None:
    from importlib import resources

    from console.games.wheels import actions

    text = resources.files("console.games.wheels").joinpath("notation.md").read_text("utf-8")
    verbs = {
        cls.verb
        for cls in vars(actions).values()
        if isinstance(cls, type) and issubclass(cls, actions.Action) and cls.verb
    }
    assert len(verbs) == 10
    for verb in verbs:
        assert f":{verb}" in text, f"notation.md does not document {verb}"
