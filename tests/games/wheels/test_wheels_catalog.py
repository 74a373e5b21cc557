"""The card catalog is data (cards.toml), validated at load with errors that name the bad entry."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import pytest

from console.games.core import CatalogError
from console.games.wheels import GAME
from console.games.wheels.catalog import CraftCard, Target, WheelCard, parse_catalog

CARDS = GAME.cards


def craft(card_id: str) -> CraftCard:
    card = CARDS.cards[card_id]
    assert isinstance(card, CraftCard), f"{card_id} is no craft"
    return card


def raw_catalog() -> dict[str, Any]:
    text = resources.files("console.games.wheels").joinpath("cards.toml").read_text("utf-8")
    return tomllib.loads(text)


def test_cart_wheel_has_value_8_peak_4_and_hold_2() -> None:
    cart = CARDS.wheel("cart-wheel")
    assert (cart.value, cart.peak, cart.hold) == (8, 4, 2)


def test_every_card_the_book_names_is_in_the_catalog() -> None:
    named = {
        "cart-wheel": "wheel",
        "turn-the-wheels": "craft",
        "affineurs-nose": "craft",
        "the-souring": "craft",
        "purging-rind": "craft",
        "fen-poultice": "craft",
        "riftstone": "craft",
        "bloom": "craft",
        "cellarhand": "craft",
        "ward-rounds": "craft",
        "verdenne-archaffineur": "archaffineur",
        "fen-matriarch": "archaffineur",
    }
    for card_id, kind in named.items():
        assert CARDS.cards[card_id].kind == kind
        assert CARDS.cards[card_id].book
    assert {card.id for card in CARDS.cards.values() if card.book} == set(named)


def test_turn_the_wheels_is_a_regular_craft() -> None:
    assert not craft("turn-the-wheels").free


def test_the_targeting_classes_of_the_named_crafts() -> None:
    assert craft("affineurs-nose").target is Target.RIVAL_EVEN_SEALED
    assert craft("the-souring").target is Target.RIVAL
    assert craft("purging-rind").target is Target.RIVAL
    assert craft("fen-poultice").target is Target.OWN_EVEN_SOURED
    assert craft("riftstone").target is Target.OWN_EVEN_SOURED
    assert craft("bloom").target is Target.OWN_UNRIPE


def test_every_mechanic_of_the_book_is_used_by_some_card() -> None:
    ops = {
        effect.op
        for card in CARDS.cards.values()
        if not isinstance(card, WheelCard)
        for effect in card.effects
    }
    assert ops >= {
        "age",
        "value",
        "hold",
        "restore",
        "ripen",
        "unseal",
        "sour",
        "remove",
        "return",
        "read-best",
        "damp",
        "chill",
    }
    gains = {
        effect.amount > 0
        for card in CARDS.cards.values()
        if not isinstance(card, WheelCard)
        for effect in card.effects
        if effect.op in ("value", "hold")
    }
    assert gains == {True, False}, "value and hold crafts both raise and lower"
    assert any(card.free for card in CARDS.cards.values() if isinstance(card, CraftCard))
    assert any(not card.free for card in CARDS.cards.values() if isinstance(card, CraftCard))
    assert len(CARDS.ids_of("archaffineur")) >= 3
    assert len(CARDS.ids_of("wheel")) >= 6


def test_the_standard_deck_has_24_cards_and_every_named_deck_card() -> None:
    standard = CARDS.decks["standard"]
    assert sum(standard.values()) == 24
    named_deck_cards = {card.id for card in CARDS.cards.values() if card.book and card.kind != "archaffineur"}
    assert named_deck_cards <= set(standard)


def test_constructed_deck_lists_are_chosen_per_seat() -> None:
    assert {"standard", "saboteurs", "cellar-keepers"} <= set(CARDS.decks)
    state = GAME.new(2, 0, {"deck_1": "saboteurs", "deck_2": "cellar-keepers"})
    assert state.seats[0].deck.middle == CARDS.decks["saboteurs"]
    assert state.seats[1].deck.middle == CARDS.decks["cellar-keepers"]


def test_the_game_catalog_names_every_card_for_scans() -> None:
    names = GAME.catalog()
    assert names["cart-wheel"] == "Cart Wheel"
    assert names["fen-matriarch"] == "Fen Matriarch"
    assert len(names) == len(CARDS.cards)


def broken(mutate: Any) -> str:
    data = raw_catalog()
    mutate(data)
    with pytest.raises(CatalogError) as caught:
        parse_catalog(data)
    return str(caught.value)


def test_a_wheel_with_a_missing_figure_is_refused_by_name() -> None:
    message = broken(lambda data: data["wheel"][3].pop("hold"))
    assert "wheel 'cart-wheel'" in message and "hold" in message


def test_a_figure_of_the_wrong_type_is_refused_by_name() -> None:
    message = broken(lambda data: data["wheel"][0].update(value="three"))
    assert "wheel 'fresh-curd'" in message and "'value' must be int" in message


def test_a_duplicate_id_is_refused() -> None:
    message = broken(lambda data: data["wheel"][1].update(id="fresh-curd"))
    assert "used twice" in message


def test_an_unknown_target_is_refused_by_name() -> None:
    message = broken(lambda data: data["craft"][6].update(target="own-ripe"))
    assert "craft 'bloom'" in message and "unknown target 'own-ripe'" in message


def test_an_unknown_effect_is_refused_by_name() -> None:
    message = broken(lambda data: data["craft"][2].update(effects=[{"op": "explode"}]))
    assert "craft 'the-souring'" in message and "unknown op 'explode'" in message


def test_a_value_craft_aimed_at_soured_wheels_breaks_the_book_and_is_refused() -> None:
    message = broken(lambda data: data["craft"][9].update(target="own-even-soured"))
    assert "craft 'brine-rub'" in message and "soured" in message


def test_a_craft_that_reaches_sealed_wheels_without_unsealing_is_refused() -> None:
    message = broken(lambda data: data["craft"][2].update(target="rival-even-sealed"))
    assert "craft 'the-souring'" in message and "sealed" in message


def test_an_archaffineur_whose_power_could_not_reach_a_sealed_wheel_is_refused() -> None:
    # "Leader powers also reach sealed wheels."
    message = broken(lambda data: data["archaffineur"][3].update(target="rival"))
    assert "archaffineur 'rindbreaker-archaffineur'" in message and "reaches sealed wheels" in message


def test_a_deck_naming_an_unknown_card_is_refused_by_name() -> None:
    message = broken(lambda data: data["decks"]["standard"].update({"gouda": 1}))
    assert "deck 'standard'" in message and "'gouda'" in message


def test_a_deck_of_the_wrong_size_is_refused() -> None:
    message = broken(lambda data: data["decks"]["standard"].update({"cart-wheel": 2}))
    assert "deck 'standard' has 23 cards" in message


def test_an_archaffineur_in_a_deck_is_refused() -> None:
    message = broken(lambda data: data["decks"]["saboteurs"].update({"fen-matriarch": 1}))
    assert "Archaffineur" in message


def test_an_unknown_field_is_refused_by_name() -> None:
    message = broken(lambda data: data["archaffineur"][0].update(colour="green"))
    assert "archaffineur 'verdenne-archaffineur'" in message and "colour" in message


def test_invalid_toml_is_refused_with_the_file_named() -> None:
    from console.games.wheels.catalog import load_catalog

    with pytest.raises(CatalogError, match=r"broken\.toml is not valid TOML"):
        load_catalog("[[wheel]\nid=", source="broken.toml")
