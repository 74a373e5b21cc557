"""What a card says beyond its name (printed.py): a craft's or Archaffineur's text is either the
fixed text of its cards.toml entry or a sentence with its own figures, never both and never
neither; the book's figures say the book's words; an edition that changes a figure changes what the
card says; and every name and text is a message of the game's catalog, translated."""

from __future__ import annotations

import re

import pytest

from console import i18n
from console.games.editions import Edition
from console.games.wheels import GAME, printed
from console.games.wheels.catalog import Archaffineur, CraftCard, WheelCard, catalog
from console.games.wheels.game import WheelsGame
from console.i18n.said import Said, Speaker

PACKAGE = GAME.catalog_package()
# The printed words of the cards that say their figures, with the book's figures: as they read
# before they were worded with their figures ("two wheels" is now "2 wheels": a figure is a value).
BOOK_WORDS = {
    "turn-the-wheels": "Each of your wheels gains one age now; then your cellar ages as your turn ends.",
    "affineurs-nose": "Free. A rival's wheel that has not soured, sealed or not: remove its seal; its hold "
    "falls by one.",
    "cellarhand": "Free. Read your wheel worth the most Renown now (sealed too; ties: the earlier shelf).",
    "ward-rounds": "Read your 2 wheels worth the most Renown now (sealed too; ties: the earlier shelf).",
    "verdenne-archaffineur": "Read your 2 wheels worth the most Renown now (sealed too; ties: the earlier "
    "shelf).",
    "brine-rub": "Free. One of your unsealed wheels that has not soured gains 2 value.",
    "wax-rind": "Free. One of your unsealed wheels that has not soured gains 2 hold.",
    "cheese-mites": "A rival's unsealed wheel that has not soured loses 3 value (not below 0).",
    "fen-mist": "Your rival's cellar is damp for their next 2 ending turns.",
    "sweating-room": "Your cellar is damp for 3 ending turns, this one included.",
    "cold-snap": "Your rival's cellar is chilled for their next 2 ending turns.",
    "root-cellar": "Free. Your cellar is chilled for your next 2 ending turns.",
    "brine-archaffineur": "Each of your wheels that has not soured gains 2 value.",
    "hoarfrost-archaffineur": "Each of your wheels that has not soured gains 2 hold; your cellar is chilled "
    "for your next ending turn.",
}


def actors() -> list[CraftCard | Archaffineur]:
    """Every craft and Archaffineur of the book, and the lab's stand-in craft."""
    cards = [*catalog().cards.values(), *catalog().stand_ins.values()]
    return [card for card in cards if isinstance(card, CraftCard | Archaffineur)]


def messages(language: str) -> dict[str, list[str]]:
    """The game's catalog in ``language``: each message id (a plural's singular) -> its forms."""
    found: dict[str, list[str]] = {}
    for message in i18n.catalog(language, PACKAGE):
        if not message.id:
            continue
        key = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple | list) else [message.string]
        found[key] = [str(form) for form in strings]
    return found


def test_each_cards_text_is_fixed_in_cards_toml_or_worded_with_its_figures() -> None:
    for card in actors():
        worded = card.id in printed.WORDED
        assert worded != bool(card.text), f"{card.id}: a text in cards.toml or in printed.py, not both"
    assert set(printed.WORDED) <= {card.id for card in actors()}, "printed.py words a card there is not"


def test_a_fixed_text_names_no_figure() -> None:
    """A figure written in a message id would stay when an edition changes it ("one" is a pronoun
    too: "even a soured one")."""
    for card in actors():
        assert not re.search(r"\d|\b(two|three|four|five|six)\b", card.text), card.id


def test_the_books_figures_say_the_books_words() -> None:
    said = {card.id: GAME.card_words(printed.text(card)) for card in actors() if card.id in printed.WORDED}
    assert said == BOOK_WORDS


def test_an_edition_that_changes_a_figure_changes_what_the_card_says() -> None:
    edition = (
        Edition()
        .number("brine-rub", "effect1.amount", 4)
        .number("fen-mist", "effect1.turns", 1)
        .number("ward-rounds", "effect1.count", 1)
        .number("affineurs-nose", "effect2.amount", -2)
        .number("cart-wheel", "peak", 5)
    )
    game = WheelsGame(edition)
    details = game.card_details()
    assert game.card_words(details["brine-rub"]["text"]).endswith("gains 4 value.")
    fen_mist = game.card_words(details["fen-mist"]["text"])
    assert fen_mist == "Your rival's cellar is damp for their next ending turn."
    assert game.card_words(details["ward-rounds"]["text"]).startswith("Read your wheel worth the most")
    assert game.card_words(details["affineurs-nose"]["text"]).endswith("its hold falls by 2.")
    assert game.card_words(details["cart-wheel"]["facts"]) == "value 8 · peak 5 · hold 2 (full at ages 5–7)"
    german = game.card_words(details["fen-mist"]["text"], "de")
    assert german == "Der Keller deines Gegners ist an seinem nächsten Zugende feucht."
    assert game.card_words(details["brine-rub"]["text"], "es").endswith("gana 4 de valor.")


def test_every_name_and_text_is_in_game_pot() -> None:
    shipped = {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in i18n.template(PACKAGE)
        if message.id
    }
    names = {card.name for card in catalog().cards.values()}
    fixed = {card.text for card in actors() if card.text}
    assert names - shipped == set(), "run pybabel extract in console/games/wheels (README.md)"
    assert fixed - shipped == set()
    details = GAME.card_details()
    worded = [detail[key] for detail in details.values() for key in ("text", "facts") if key in detail]
    assert {said.id for said in worded if isinstance(said, Said)} - shipped == set()


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_every_card_reads_in_each_language(language: str) -> None:
    """A card's name as printed (the cards on the table are English), its text and facts translated."""
    translated = messages(language)
    speaker = GAME.speaker(language)
    for card_id, detail in GAME.card_details().items():
        name = GAME.card_name(card_id)
        assert translated[name] == [name], f"{card_id}: a card's name is said as printed"
        for key in ("text", "facts"):
            if key not in detail:
                continue
            value = detail[key]
            english = GAME.card_words(value)
            said = speaker.render(value) if isinstance(value, Said) else speaker.translate(str(value))
            assert said and said != english and "%(" not in said, (card_id, language, said)


def test_a_wheels_facts_are_said_with_its_figures() -> None:
    wheel = catalog().wheel("cart-wheel")
    assert isinstance(wheel, WheelCard)
    facts = printed.facts(wheel)
    assert Speaker("de", PACKAGE).render(facts) == "Wert 8 · Reife 4 · Haltbarkeit 2 (voll im Alter 4–6)"
    assert Speaker("es", PACKAGE).render(facts) == (
        "valor 8 · madurez 4 · conservación 2 (plena de la edad 4 a la 6)"
    )
