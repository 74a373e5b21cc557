"""The engine contract as Wheels of War keeps it: facts, option specs, the seat that supplies a
drawn card, and the rule-specific reason a seat hears when it may not act now."""

from __future__ import annotations

import random

import pytest

from console.games.core import CHANCE, IllegalAction, NotationError, State
from console.games.wheels import GAME
from console.games.wheels.actions import Draw
from console.games.wheels.catalog import CraftCard
from console.games.wheels.state import WheelsState


def test_the_facts_name_the_chance_verbs_the_engine_uses() -> None:
    assert (GAME.facts.min_players, GAME.facts.max_players) == (2, 2)
    assert GAME.facts.hidden_information and GAME.facts.simultaneous
    state = GAME.new(2, options={"archaffineur_1": "none", "archaffineur_2": "none"})
    rng = random.Random(3)
    seen: set[str] = set()
    while not state.is_over:
        seat = state.to_act[0]
        if seat == CHANCE:
            action = state.sample_chance(rng)
            seen.add(action.verb)
        else:
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
        state.apply(action)
    assert seen == set(GAME.facts.chance_kinds) == {"first", "draw"}


def test_every_option_has_a_spec_with_its_choices_or_range() -> None:
    specs = {spec.name: spec for spec in GAME.option_specs}
    assert set(specs) == {"first_seat", "deck_1", "deck_2", "archaffineur_1", "archaffineur_2", "edition"}
    assert (specs["first_seat"].minimum, specs["first_seat"].maximum) == (0, 2)
    assert specs["deck_1"].choices == ("cellar-keepers", "saboteurs", "standard")
    assert specs["archaffineur_2"].choices[:2] == ("choose", "none")
    assert "fen-matriarch" in specs["archaffineur_2"].choices
    assert GAME.default_options() == {
        "first_seat": 0,
        "deck_1": "standard",
        "deck_2": "standard",
        "archaffineur_1": "choose",
        "archaffineur_2": "choose",
        "edition": "",
    }


def test_a_drawn_card_is_supplied_by_the_drawing_seat_and_the_coin_toss_by_no_one() -> None:
    assert GAME.parse_action("chance:draw 2 cart-wheel").supplier() == 2
    assert GAME.parse_action("chance:draw 1 bloom").supplier() == 1
    assert GAME.parse_action("chance:first 2").supplier() is None
    assert GAME.parse_action("1:set cart-wheel 2").supplier() is None
    state = GAME.new(2, options={"first_seat": 1, "archaffineur_1": "none", "archaffineur_2": "none"})
    draws = state.legal_actions(CHANCE)
    assert draws and all(isinstance(d, Draw) and d.supplier() == 1 for d in draws)


def test_the_engine_keeps_the_contracts_apply_and_explains_a_refused_turn() -> None:
    assert "apply" not in vars(WheelsState)  # the base checks the turn, then asks why_not_now
    state = GAME.new(2, options={"first_seat": 2, "archaffineur_1": "none", "archaffineur_2": "none"})
    with pytest.raises(IllegalAction, match="a card must be drawn first: seat 1 draws"):
        state.apply(GAME.parse_action("1:keep"))
    with pytest.raises(IllegalAction, match="Wheels of War has seats 1 and 2, not seat 3"):
        state.apply(GAME.parse_action("3:keep"))
    assert state.why_not_now(CHANCE) == State.why_not_now(state, CHANCE)


def test_the_engine_has_no_concession_and_no_clock() -> None:
    """R-41: concession and time limits are the table's business, not rules of the game."""
    assert GAME.clock(GAME.merge_options(None)) is None
    assert "time-up" not in GAME.facts.chance_kinds
    for text in ("1:concede", "chance:time-up"):
        with pytest.raises(NotationError):
            GAME.parse_action(text)


def test_card_details_give_the_pages_each_crafts_text_and_whether_it_aims_at_the_rival() -> None:
    details = GAME.card_details()
    crafts = {card_id for card_id, card in GAME.cards.cards.items() if card.kind != "wheel"}
    assert all(details[card]["text"] for card in crafts)
    aimed = {card_id for card_id in crafts if details[card_id]["rival"]}
    assert aimed and aimed != crafts  # some crafts aim at the rival's shelf, some at one's own
    # its text in English: a message id, or a sentence with the card's figures (printed.py)
    free = {card_id for card_id in crafts if GAME.card_words(details[card_id]["text"]).startswith("Free.")}
    printed_free = {
        card_id for card_id, card in GAME.cards.cards.items() if isinstance(card, CraftCard) and card.free
    }
    assert free == printed_free and free  # an Archaffineur is never marked: it is no craft


def test_card_details_give_a_wheels_printed_figures_before_it_is_set() -> None:
    """A hand shows value, peak and hold, and the ages it pays in full (the book's Cart Wheel)."""
    facts = GAME.card_details()["cart-wheel"]["facts"]
    assert GAME.card_words(facts) == "value 8 · peak 4 · hold 2 (full at ages 4–6)"
