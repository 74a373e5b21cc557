"""Wheels of War in an edition (console/games/editions.py): the catalog with numbers changed, the
lab's stand-ins added, and which cards of a seat's deck list are stood in for.

Numbers are changed in the catalog's own TOML and the whole is checked again, so an edition can
never make a card the catalog's checks refuse (a hold change of 0, a peak of 0).
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Sequence
from functools import cache
from typing import Any

from console.games.core import BadOptions, CatalogError, read_cards
from console.games.editions import Edition, Tunable
from console.games.wheels import catalog as catalogs
from console.games.wheels.catalog import Card, Catalog, CraftCard, WheelCard

TUNED_TABLES = ("wheel", "craft")  # the catalog's tables whose entries have tunable numbers


def tunables(cards: Catalog) -> list[Tunable]:
    """Every number the catalog declares tunable: a wheel's figures, a craft's effect figures."""
    found: list[Tunable] = []
    wheel_bounds = cards.tunable.get("wheel", {})
    craft_bounds = cards.tunable.get("craft", {})
    for card in sorted(cards.cards.values(), key=lambda card: card.id):
        if isinstance(card, WheelCard):
            for name, (low, high) in wheel_bounds.items():
                found.append(Tunable(card.id, name, getattr(card, name), low, high))
        elif isinstance(card, CraftCard):
            for number, effect in enumerate(card.effects, start=1):
                for name, (low, high) in craft_bounds.items():
                    if name in _figures(effect.op):
                        figure = f"effect{number}.{name}"
                        found.append(Tunable(card.id, figure, getattr(effect, name), low, high))
    return found


def _figures(op: str) -> set[str]:
    return {"age": {"amount"}, "value": {"amount"}, "hold": {"amount"}, "read-best": {"count"}}.get(
        op, {"turns"} if op in ("damp", "chill") else set()
    )


def stand_ins(cards: Catalog) -> list[str]:
    """The cards of any deck list that have a stand-in of their kind."""
    in_decks = {card for deck in cards.decks.values() for card in deck}
    return sorted(card for card in in_decks if cards.cards[card].kind in cards.stand_ins)


@cache
def edited_catalog(edition: Edition) -> Catalog:
    """The book's catalog with ``edition``'s numbers, and the stand-ins as cards (once per process
    for each edition: the lab plays thousands of games of one)."""
    book = catalogs.catalog()
    if not edition:
        return book
    data = copy.deepcopy(read_cards(catalogs.__name__, None, "cards.toml"))
    allowed = {(tunable.card, tunable.field): tunable for tunable in tunables(book)}
    for card, name, value in edition.numbers:
        tunable = allowed.get((card, name))
        if tunable is None:
            raise BadOptions(f"Wheels of War has no tunable number {card}.{name}")
        if not tunable.low <= value <= tunable.high:
            raise BadOptions(f"{card}.{name} may be {tunable.low} to {tunable.high}, not {value}")
        _set(data, card, name, value)
    for card, _seat in edition.stand_ins:
        if card not in stand_ins(book):
            raise BadOptions(f"Wheels of War has no stand-in for {card!r}")
        if any(other.startswith(f"{card}-") for other in book.cards):
            raise BadOptions(
                f"{card!r} is the start of another card's id: its stand-in would not sort in its place"
            )
    try:
        edited = catalogs.parse_catalog(data, "an edition of cards.toml")
    except CatalogError as error:
        raise BadOptions(str(error)) from None
    cards = dict(edited.cards)
    for card, _seat in edition.stand_ins:  # the lab's cards join the catalog only where played
        stand_in = edited.stand_ins[book.cards[card].kind]
        cards[twin_id(card, stand_in)] = dataclasses.replace(
            stand_in, id=twin_id(card, stand_in), name=f"{stand_in.name} (for {book.name(card)})"
        )
    return Catalog(cards=cards, decks=edited.decks, tunable=edited.tunable, stand_ins=edited.stand_ins)


def twin_id(card: str, stand_in: Card) -> str:
    """The stand-in's id in ``card``'s place. A deck is drawn from in card-id order, so this id
    sorts where ``card`` did ('~' after every letter, digit and '-' of an id): every draw of the
    game and its twin is the same card but this one, and the two games part only where it
    matters, which keeps a paired comparison tight."""
    return f"{card}~{stand_in.id}"


def _entry(data: dict[str, Any], card: str) -> dict[str, Any]:
    for table in TUNED_TABLES:
        for entry in data.get(table, []):
            if entry.get("id") == card:
                entry_found: dict[str, Any] = entry
                return entry_found
    raise BadOptions(f"Wheels of War has no card {card!r}")


def _set(data: dict[str, Any], card: str, name: str, value: int) -> None:
    entry = _entry(data, card)
    if "." in name:
        effect, figure = name.split(".", 1)
        entry["effects"][int(effect.removeprefix("effect")) - 1][figure] = value
    else:
        entry[name] = value


def deck_with_stand_ins(cards: Catalog, deck: Sequence[str], replaced: frozenset[str]) -> list[str]:
    """``deck`` with each copy of a ``replaced`` card swapped for its kind's stand-in."""
    return [
        twin_id(card, cards.stand_ins[cards.cards[card].kind]) if card in replaced else card for card in deck
    ]


def check_seats(edition: Edition) -> None:
    for card, seat in edition.stand_ins:
        if seat not in (0, 1, 2):
            raise BadOptions(f"a stand-in for {card!r} is for seat 1 or 2 (0: both), not {seat}")
