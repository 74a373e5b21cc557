"""The card catalog (cards.toml): six cards, strengths 1 to 6, each named for its strength.

Loaded once and validated; a bad entry is named in the error. Every other module speaks of a card
by its strength, an int, and turns it into the card id ``str(strength)`` only at the edges.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from console.games.core import CatalogError, read_cards

WEAKEST, STRONGEST = 1, 6
STRENGTHS = range(WEAKEST, STRONGEST + 1)
CARD_KEYS = {"id", "name", "strength"}


def parse_catalog(data: dict[str, Any], source: str = "cards.toml") -> dict[str, str]:
    """Check every entry; return card id -> display name, ordered by strength."""
    unknown = set(data) - {"card"}
    if unknown:
        raise CatalogError(f"{source}: unknown table(s) {sorted(unknown)}; expected [[card]]")
    names: dict[int, tuple[str, str]] = {}
    for number, entry in enumerate(data.get("card", []), start=1):
        where = f"{source}: card #{number} ({entry.get('id', 'no id')})"
        if set(entry) != CARD_KEYS:
            raise CatalogError(f"{where}: needs exactly the keys {sorted(CARD_KEYS)}, has {sorted(entry)}")
        strength = entry["strength"]
        if not isinstance(strength, int) or isinstance(strength, bool) or strength not in STRENGTHS:
            raise CatalogError(f"{where}: strength must be a whole number from 1 to 6, not {strength!r}")
        if entry["id"] != str(strength):
            raise CatalogError(f"{where}: the id of a strength {strength} card must be {str(strength)!r}")
        if not isinstance(entry["name"], str) or not entry["name"].strip():
            raise CatalogError(f"{where}: the name must be some text")
        if strength in names:
            raise CatalogError(f"{where}: strength {strength} is listed twice")
        names[strength] = (entry["id"], entry["name"])
    missing = [strength for strength in STRENGTHS if strength not in names]
    if missing:
        raise CatalogError(f"{source}: no card for strength(s) {missing}")
    return dict(names[strength] for strength in STRENGTHS)


def load_catalog(text: str | None = None, source: str = "cards.toml") -> dict[str, str]:
    """Read and check a catalog: ``text``, or by default the packaged cards.toml."""
    return parse_catalog(read_cards(__name__, text, source), source)


@cache
def catalog() -> dict[str, str]:
    """The game's cards, read from its cards.toml and checked once for the process."""
    return load_catalog()


def strength_of(card_id: str) -> int | None:
    """The strength a card id stands for, or None if it is not a Wisteria card."""
    text = card_id.strip()
    # isascii: "²" is a digit to Python but no card (and int("²") would raise).
    if len(text) == 1 and text.isascii() and text.isdigit() and WEAKEST <= int(text) <= STRONGEST:
        return int(text)
    return None
