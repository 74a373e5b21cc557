"""The card catalog (cards.toml): the three decks of the Great Chronicle and the seven Harrows.

Loaded once and validated; a bad entry is named in the error. Deck contents (how many copies
of each card) follow the ``copies`` option: by rarity (default) or one of each.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from console.games.core import CatalogError, read_cards

DECKS = ("warfare", "growth", "politics")
RARITIES = ("common", "rare", "legendary", "hidden victory")
# P-44: rarity means frequency. A deck holds 4x3 + 3x2 + 2x1 + 2x1 = 22 cards.
COPIES_BY_RARITY = {"common": 3, "rare": 2, "legendary": 1, "hidden victory": 1}
CARD_KEYS = {"id", "name", "deck", "rarity", "quote", "text", "effect", "needs"}
HARROW_KEYS = {"id", "name", "text", "effect"}


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    deck: str
    rarity: str
    quote: str
    text: str
    effect: str
    needs: str

    @property
    def hidden_victory(self) -> bool:
        return self.rarity == "hidden victory"


@dataclass(frozen=True)
class HarrowCard:
    id: str
    name: str
    text: str
    effect: str


@dataclass(frozen=True)
class Catalog:
    cards: dict[str, Card]
    harrows: dict[str, HarrowCard]

    def deck_counts(self, deck: str, copies: str) -> dict[str, int]:
        return {
            card.id: (COPIES_BY_RARITY[card.rarity] if copies == "rarity" else 1)
            for card in self.cards.values()
            if card.deck == deck
        }

    def name(self, card_id: str) -> str:
        entry = self.cards.get(card_id) or self.harrows[card_id]
        return entry.name


def parse_catalog(
    data: dict[str, Any],
    card_effects: frozenset[str],
    harrow_effects: frozenset[str],
    source: str = "cards.toml",
) -> Catalog:
    """Check every entry and build the catalog; CatalogError names the first bad one."""
    cards: dict[str, Card] = {}
    harrows: dict[str, HarrowCard] = {}
    unknown = set(data) - {"card", "harrow"}
    if unknown:
        raise CatalogError(f"{source}: unknown table(s) {sorted(unknown)}; expected [[card]] and [[harrow]]")
    for number, entry in enumerate(data.get("card", []), start=1):
        where = f"{source}: card #{number} ({entry.get('id', 'no id')})"
        _check_keys(entry, CARD_KEYS, {"needs"}, where)
        if entry["deck"] not in DECKS:
            raise CatalogError(f"{where}: deck {entry['deck']!r} is not one of {', '.join(DECKS)}")
        if entry["rarity"] not in RARITIES:
            raise CatalogError(f"{where}: rarity {entry['rarity']!r} is not one of {', '.join(RARITIES)}")
        if entry["effect"] not in card_effects:
            raise CatalogError(f"{where}: no rule implements the effect {entry['effect']!r}")
        if not entry["id"].startswith(entry["deck"][0] + "-"):
            raise CatalogError(f"{where}: a {entry['deck']} card's id must start with {entry['deck'][0]}-")
        if entry["id"] in cards:
            raise CatalogError(f"{where}: the id {entry['id']!r} is used twice")
        cards[entry["id"]] = Card(
            needs=entry.get("needs", ""), **{k: entry[k] for k in CARD_KEYS - {"needs"}}
        )
    for number, entry in enumerate(data.get("harrow", []), start=1):
        where = f"{source}: harrow #{number} ({entry.get('id', 'no id')})"
        _check_keys(entry, HARROW_KEYS, set(), where)
        if entry["effect"] not in harrow_effects:
            raise CatalogError(f"{where}: no rule implements the Harrow effect {entry['effect']!r}")
        if not entry["id"].startswith("x-") or entry["id"] in harrows:
            raise CatalogError(f"{where}: a Harrow id must start with x- and be unique")
        harrows[entry["id"]] = HarrowCard(**{k: entry[k] for k in HARROW_KEYS})
    for deck in DECKS:
        if not any(card.deck == deck for card in cards.values()):
            raise CatalogError(f"{source}: the {deck} deck has no cards")
    if len(harrows) != 7:
        raise CatalogError(f"{source}: Ulgareth carries seven Harrows, not {len(harrows)}")
    return Catalog(cards, harrows)


def _check_keys(entry: Any, keys: set[str], optional: set[str], where: str) -> None:
    if not isinstance(entry, dict):
        raise CatalogError(f"{where}: an entry must be a table")
    missing = keys - optional - set(entry)
    extra = set(entry) - keys
    if missing:
        raise CatalogError(f"{where}: missing {', '.join(sorted(missing))}")
    if extra:
        raise CatalogError(f"{where}: unknown key(s) {', '.join(sorted(extra))}")
    for key in keys & set(entry):
        if not isinstance(entry[key], str) or not entry[key].strip():
            raise CatalogError(f"{where}: {key} must be a non-empty string")


def load_catalog(text: str | None = None, source: str = "cards.toml") -> Catalog:
    """Read and check a catalog: ``text``, or by default the packaged cards.toml. Every effect it
    names must be one a rule implements."""
    from console.games.watch.rules.chronicle import CARD_EFFECTS  # the rules read the catalog
    from console.games.watch.rules.harrows import HARROW_EFFECTS

    data = read_cards(__name__, text, source)
    return parse_catalog(data, frozenset(CARD_EFFECTS), frozenset(HARROW_EFFECTS), source)


@cache
def catalog() -> Catalog:
    """The game's cards, read from its cards.toml and checked once for the process."""
    return load_catalog()
