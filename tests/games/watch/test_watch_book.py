"""cards.toml against the rule book: every card and Harrow the Chronicle of the Ferrum prints is in
the catalog with the book's name, deck, rarity, quote and text, and the catalog holds nothing else.

The book (seeds/001_bdb1176b8e839150.txt) prints a card as three lines: its name, its rarity run
into its quote in curly quotes, and its text, under the heading of its deck. The Harrows are the
Ordinance lines of "The Seven Harrows": "- Name — text", the text in lower case after the dash.
"""

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from console.games.watch.catalog import RARITIES, catalog

BOOK = Path(__file__).parents[3] / "seeds" / "001_bdb1176b8e839150.txt"
DECK_HEADINGS = {"The Warfare Deck": "warfare", "The Growth Deck": "growth", "The Politics Deck": "politics"}
RARITY_AND_QUOTE = re.compile(rf"^({'|'.join(RARITIES)})“(.+)”$")
HARROW_LINE = re.compile(r"^- (.+?) — (.+)$")


@dataclass(frozen=True)
class PrintedCard:
    name: str
    deck: str | None  # None: printed before any deck's heading (Forge the Edge, ruling P-35)
    rarity: str
    quote: str
    text: str


def _book_lines() -> list[str]:
    return BOOK.read_text(encoding="utf-8").splitlines()


@cache
def printed_cards() -> dict[str, PrintedCard]:
    """Every card the book prints, by name: a rarity-and-quote line between a name and a text."""
    lines = _book_lines()
    cards: dict[str, PrintedCard] = {}
    deck: str | None = None
    for number, line in enumerate(lines):
        deck = DECK_HEADINGS.get(line, deck)
        if line == "The Horde of Ulgareth":
            deck = None
        printed = RARITY_AND_QUOTE.match(line)
        if printed:
            name, text = lines[number - 1], lines[number + 1]
            assert name not in cards, f"the book prints {name!r} twice"
            cards[name] = PrintedCard(name, deck, printed[1], printed[2], text)
    return cards


@cache
def printed_harrows() -> dict[str, str]:
    """Every Harrow the book names, by name, with its text."""
    lines = _book_lines()
    section = lines[lines.index("The Seven Harrows") : lines.index("The Declaration of Victory")]
    return {match[1]: match[2] for match in map(HARROW_LINE.match, section) if match}


def _as_printed(text: str) -> str:
    """The book runs a Harrow's text on after a dash, in lower case; cards.toml starts it anew."""
    return text[0].lower() + text[1:]


def test_the_book_is_read_whole_thirty_three_cards_and_seven_harrows() -> None:
    """Guards the reading itself: 11 cards a deck (Warfare's eleventh, Forge the Edge, printed
    before the title under no heading) and the seven Harrows the book counts ("Seven Harrows form
    the deck Ulgareth carries")."""
    cards = printed_cards()
    assert len(cards) == 33
    assert [card.name for card in cards.values() if card.deck is None] == ["Forge the Edge"]
    by_heading = Counter(card.deck for card in cards.values())
    assert by_heading == {None: 1, "warfare": 10, "growth": 11, "politics": 11}
    assert len(printed_harrows()) == 7


def test_every_card_the_book_names_is_in_the_catalog() -> None:
    catalog_names = {card.name for card in catalog().cards.values()}
    missing = sorted(set(printed_cards()) - catalog_names)
    assert not missing, f"cards.toml lacks {missing}"


def test_every_catalog_card_is_printed_in_the_book() -> None:
    printed = printed_cards()
    unprinted = sorted(card.id for card in catalog().cards.values() if card.name not in printed)
    assert not unprinted, f"the book prints no card named as {unprinted}"


@pytest.mark.parametrize("card_id", sorted(catalog().cards))
def test_each_card_carries_the_books_rarity_quote_and_text(card_id: str) -> None:
    card = catalog().cards[card_id]
    printed = printed_cards()[card.name]
    assert (card.rarity, card.quote, card.text) == (printed.rarity, printed.quote, printed.text)


@pytest.mark.parametrize("card_id", sorted(catalog().cards))
def test_each_card_sits_in_the_deck_the_book_prints_it_under(card_id: str) -> None:
    """Forge the Edge, printed before the title under no deck, is a Warfare card (ruling P-35)."""
    card = catalog().cards[card_id]
    assert card.deck == (printed_cards()[card.name].deck or "warfare")


def test_every_harrow_the_book_names_is_in_the_catalog_and_no_other() -> None:
    catalog_names = {harrow.name for harrow in catalog().harrows.values()}
    assert catalog_names == set(printed_harrows())


@pytest.mark.parametrize("harrow_id", sorted(catalog().harrows))
def test_each_harrow_carries_the_books_text(harrow_id: str) -> None:
    harrow = catalog().harrows[harrow_id]
    assert _as_printed(harrow.text) == printed_harrows()[harrow.name]
