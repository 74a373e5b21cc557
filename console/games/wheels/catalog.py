"""The cards of Wheels of War: wheels, crafts, Archaffineurs, their effects and the deck lists.

The figures live in cards.toml, read and validated into these values once (``catalog()``); a
malformed entry is refused with an error that names it. The checks also hold the catalog to the
book's targeting rules, so a card written against them ("a value craft that can target a soured
wheel") is caught at load, not in play.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import Any

from console.games.core import CatalogError, read_cards


class Target(Enum):
    """Which wheel a craft or Archaffineur chooses, from "Choosing a craft target"."""

    NONE = "none"
    OWN = "own"
    OWN_UNRIPE = "own-unripe"
    OWN_EVEN_SOURED = "own-even-soured"
    RIVAL = "rival"
    RIVAL_EVEN_SEALED = "rival-even-sealed"

    @property
    def on_rival(self) -> bool:
        return self in (Target.RIVAL, Target.RIVAL_EVEN_SEALED)

    @property
    def allows_sealed(self) -> bool:
        return self is Target.RIVAL_EVEN_SEALED

    @property
    def allows_soured(self) -> bool:
        return self is Target.OWN_EVEN_SOURED


# Effects that change a wheel: on the target, or on each of your wheels when there is none.
WHEEL_OPS = frozenset({"age", "value", "hold", "restore", "ripen"})
# Effects that only make sense on one chosen wheel.
TARGET_ONLY_OPS = frozenset({"unseal", "sour", "remove", "return"})
# Effects on a player rather than on a wheel.
PLAYER_OPS = frozenset({"read-best", "damp", "chill"})
# The lab's blank craft (its stand-in for a craft) does nothing.
BLANK = "blank"
ALL_OPS = WHEEL_OPS | TARGET_ONLY_OPS | PLAYER_OPS | {BLANK}


@dataclass(frozen=True, slots=True)
class Effect:
    """One step of a craft or Archaffineur: ``op`` with its figures (unused ones are 0 / "")."""

    op: str
    amount: int = 0
    count: int = 0
    turns: int = 0
    who: str = ""


@dataclass(frozen=True, slots=True)
class WheelCard:
    id: str
    name: str
    value: int
    peak: int
    hold: int
    book: bool = False

    kind = "wheel"


@dataclass(frozen=True, slots=True)
class CraftCard:
    id: str
    name: str
    free: bool
    target: Target
    effects: tuple[Effect, ...]
    text: str  # "": its text says its figures, worded by printed.py
    book: bool = False

    kind = "craft"


@dataclass(frozen=True, slots=True)
class Archaffineur:
    """A seat's leader: a free action, once per match, whose power reaches sealed wheels."""

    id: str
    name: str
    target: Target
    effects: tuple[Effect, ...]
    text: str  # "": its text says its figures, worded by printed.py
    book: bool = False

    kind = "archaffineur"
    free = True


Card = WheelCard | CraftCard | Archaffineur


@dataclass(frozen=True)
class Catalog:
    """Every card by id, and the named deck lists (card id -> copies)."""

    cards: Mapping[str, Card]
    decks: Mapping[str, Mapping[str, int]]
    # The lab's: what tabletop balance may change (kind -> field -> bounds), and the stand-in
    # card for each kind. Neither is a card of the book.
    tunable: Mapping[str, Mapping[str, tuple[int, int]]] = field(default_factory=dict)
    stand_ins: Mapping[str, Card] = field(default_factory=dict)

    def wheel(self, card_id: str) -> WheelCard:
        card = self.cards[card_id]
        assert isinstance(card, WheelCard)
        return card

    def name(self, card_id: str) -> str:
        return self.cards[card_id].name

    def ids_of(self, kind: str) -> list[str]:
        return sorted(card.id for card in self.cards.values() if card.kind == kind)

    def deck_cards(self, deck_name: str) -> list[str]:
        """The deck list as card ids, copies repeated, in a canonical (sorted) order."""
        return [card for card, copies in sorted(self.decks[deck_name].items()) for _ in range(copies)]


DECK_SIZE = 24
DECK_MIN_WHEELS = 10
DECK_MAX_COPIES = 3
STANDARD_DECK = "standard"
ID_PATTERN = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
TARGET_NAMES = ", ".join(target.value for target in Target)


def load_catalog(text: str | None = None, source: str = "cards.toml") -> Catalog:
    """Read and check a catalog: ``text``, or by default the packaged cards.toml."""
    return parse_catalog(read_cards(__name__, text, source), source)


@cache
def catalog() -> Catalog:
    """The game's cards, read from its cards.toml and checked once for the process."""
    return load_catalog()


def parse_catalog(data: Mapping[str, Any], source: str = "cards.toml") -> Catalog:
    unknown = set(data) - {"wheel", "craft", "archaffineur", "decks", "tunable", "stand-in"}
    if unknown:
        raise CatalogError(f"{source}: unknown section(s) {', '.join(sorted(unknown))}")
    cards: dict[str, Card] = {}
    for kind, parse in (("wheel", _wheel), ("craft", _craft), ("archaffineur", _archaffineur)):
        entries = data.get(kind, [])
        if not isinstance(entries, list) or not entries:
            raise CatalogError(f"{source}: there must be at least one [[{kind}]] entry")
        for index, entry in enumerate(entries):
            where = f"{source}: {kind} #{index + 1}"
            if not isinstance(entry, dict):
                raise CatalogError(f"{where} is not a table")
            card_id = entry.get("id")
            if isinstance(card_id, str):
                where = f"{source}: {kind} {card_id!r}"
            card = parse(entry, where)
            if card.id in cards:
                raise CatalogError(f"{where}: the id {card.id!r} is used twice")
            cards[card.id] = card
    decks = _decks(data.get("decks", {}), cards, source)
    return Catalog(
        cards=cards,
        decks=decks,
        tunable=_tunable(data.get("tunable", {}), source),
        stand_ins=_stand_ins(data.get("stand-in", {}), cards, source),
    )


def _tunable(raw: Any, source: str) -> dict[str, dict[str, tuple[int, int]]]:
    if not isinstance(raw, dict):
        raise CatalogError(f"{source}: [tunable] must be tables of bounds like value = [1, 16]")
    tunable: dict[str, dict[str, tuple[int, int]]] = {}
    for kind, fields in raw.items():
        where = f"{source}: [tunable.{kind}]"
        if kind not in ("wheel", "craft") or not isinstance(fields, dict):
            raise CatalogError(f"{where}: only wheels and crafts have tunable numbers")
        tunable[kind] = {}
        for name, bounds in fields.items():
            if (
                not isinstance(bounds, list)
                or len(bounds) != 2
                or not all(type(bound) is int for bound in bounds)
                or bounds[0] > bounds[1]
            ):
                raise CatalogError(f"{where}: {name} needs bounds [low, high], not {bounds!r}")
            tunable[kind][name] = (bounds[0], bounds[1])
    return tunable


def _stand_ins(raw: Any, cards: Mapping[str, Card], source: str) -> dict[str, Card]:
    if not isinstance(raw, dict):
        raise CatalogError(f"{source}: [stand-in] must be a table for each kind of card")
    stand_ins: dict[str, Card] = {}
    for kind, entry in raw.items():
        where = f"{source}: [stand-in.{kind}]"
        if kind not in ("wheel", "craft") or not isinstance(entry, dict):
            raise CatalogError(f"{where}: a stand-in stands in for a wheel or a craft")
        card: Card = _wheel(entry, where) if kind == "wheel" else _craft(entry, where)
        if card.id in cards:
            raise CatalogError(f"{where}: the id {card.id!r} is a card of the book")
        stand_ins[kind] = card
    return stand_ins


def _field(entry: Mapping[str, Any], key: str, kind: type, where: str, default: Any = None) -> Any:
    if key not in entry:
        if default is not None:
            return default
        raise CatalogError(f"{where}: missing {key!r}")
    value = entry[key]
    # bool is an int in Python; a figure written `true` is still a mistake.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise CatalogError(f"{where}: {key!r} must be {kind.__name__}, not {value!r}")
    return value


def _common(entry: Mapping[str, Any], allowed: set[str], where: str) -> tuple[str, str, bool]:
    extra = set(entry) - allowed
    if extra:
        raise CatalogError(f"{where}: unknown field(s) {', '.join(sorted(extra))}")
    card_id = _field(entry, "id", str, where)
    if not ID_PATTERN.match(card_id):
        raise CatalogError(f"{where}: the id must be lower-case words joined by '-', like cart-wheel")
    name = _field(entry, "name", str, where)
    if not name.strip():
        raise CatalogError(f"{where}: the name is empty")
    return card_id, name, _field(entry, "book", bool, where, default=False)


def _wheel(entry: Mapping[str, Any], where: str) -> WheelCard:
    card_id, name, book = _common(entry, {"id", "name", "value", "peak", "hold", "book"}, where)
    value = _field(entry, "value", int, where)
    peak = _field(entry, "peak", int, where)
    hold = _field(entry, "hold", int, where)
    if value < 1 or peak < 1 or hold < 0:
        raise CatalogError(f"{where}: value and peak must be at least 1 and hold at least 0")
    return WheelCard(card_id, name, value, peak, hold, book)


def _craft(entry: Mapping[str, Any], where: str) -> CraftCard:
    fields = {"id", "name", "free", "target", "effects", "text", "book"}
    card_id, name, book = _common(entry, fields, where)
    free = _field(entry, "free", bool, where)
    target, effects = _target_and_effects(entry, where)
    if target is Target.RIVAL_EVEN_SEALED and effects[0].op != "unseal":
        raise CatalogError(f"{where}: only a craft that first removes the seal may target a sealed wheel")
    return CraftCard(card_id, name, free, target, effects, _text(entry, where), book)


def _archaffineur(entry: Mapping[str, Any], where: str) -> Archaffineur:
    card_id, name, book = _common(entry, {"id", "name", "target", "effects", "text", "book"}, where)
    target, effects = _target_and_effects(entry, where)
    # "Leader powers also reach sealed wheels": a power may choose no wheel, or a rival's wheel
    # sealed or not; every other target would refuse a sealed wheel.
    if target not in (Target.NONE, Target.RIVAL_EVEN_SEALED):
        raise CatalogError(
            f"{where}: a leader power reaches sealed wheels, so its target must be none or rival-even-sealed"
        )
    return Archaffineur(card_id, name, target, effects, _text(entry, where), book)


def _text(entry: Mapping[str, Any], where: str) -> str:
    """The printed text, or "" for a card whose text says its figures: printed.py words that one
    with the card's own figures, so an edition's changed figure is the one it says."""
    return str(_field(entry, "text", str, where, default=""))


def _target_and_effects(entry: Mapping[str, Any], where: str) -> tuple[Target, tuple[Effect, ...]]:
    target_name = _field(entry, "target", str, where)
    try:
        target = Target(target_name)
    except ValueError:
        raise CatalogError(f"{where}: unknown target {target_name!r} (targets: {TARGET_NAMES})") from None
    raw = _field(entry, "effects", list, where)
    if not raw:
        raise CatalogError(f"{where}: a card needs at least one effect")
    effects = tuple(_effect(item, f"{where}, effect #{n + 1}") for n, item in enumerate(raw))
    ops = {effect.op for effect in effects}
    if target is Target.NONE and ops & TARGET_ONLY_OPS:
        raise CatalogError(f"{where}: {', '.join(sorted(ops & TARGET_ONLY_OPS))} needs a target wheel")
    if target is not Target.NONE and not ops - PLAYER_OPS:
        raise CatalogError(f"{where}: the card chooses a wheel but none of its effects touches it")
    # "Value and hold crafts cannot target soured wheels."
    if target.allows_soured and ops & {"value", "hold"}:
        raise CatalogError(f"{where}: a value or hold effect cannot be aimed at a soured wheel")
    if "ripen" in ops and target not in (Target.NONE, Target.OWN_UNRIPE):
        raise CatalogError(f"{where}: ripen needs the target own-unripe")
    return target, effects


def _effect(item: Any, where: str) -> Effect:
    if not isinstance(item, dict):
        raise CatalogError(f'{where} is not a table like {{ op = "sour" }}')
    op = _field(item, "op", str, where)
    if op not in ALL_OPS:
        raise CatalogError(f"{where}: unknown op {op!r} (ops: {', '.join(sorted(ALL_OPS))})")
    needs = {
        "age": {"amount"},
        "value": {"amount"},
        "hold": {"amount"},
        "read-best": {"count"},
        "damp": {"turns", "who"},
        "chill": {"turns", "who"},
    }.get(op, set())
    extra = set(item) - needs - {"op"}
    if extra:
        raise CatalogError(f"{where}: {op} takes no {', '.join(sorted(extra))}")
    figures: dict[str, Any] = {}
    for key in sorted(needs):
        figures[key] = _field(item, key, str if key == "who" else int, where)
    if op == "age" and figures["amount"] < 1:
        raise CatalogError(f"{where}: age must add at least 1")
    if op in ("value", "hold") and figures["amount"] == 0:
        raise CatalogError(f"{where}: a {op} change of 0 does nothing")
    if op == "read-best" and figures["count"] < 1:
        raise CatalogError(f"{where}: read-best must read at least 1 wheel")
    if op in ("damp", "chill"):
        if figures["turns"] < 1:
            raise CatalogError(f"{where}: {op} must last at least 1 turn")
        if figures["who"] not in ("you", "rival"):
            raise CatalogError(f'{where}: who must be "you" or "rival", not {figures["who"]!r}')
    return Effect(op=op, **figures)


def _decks(raw: Any, cards: Mapping[str, Card], source: str) -> dict[str, dict[str, int]]:
    if not isinstance(raw, dict) or STANDARD_DECK not in raw:
        raise CatalogError(f"{source}: there must be a [decks.{STANDARD_DECK}] deck list")
    decks: dict[str, dict[str, int]] = {}
    for deck_name, entries in raw.items():
        where = f"{source}: deck {deck_name!r}"
        if not isinstance(entries, dict):
            raise CatalogError(f"{where} is not a table of card = copies")
        for card_id, copies in entries.items():
            card = cards.get(card_id)
            if card is None:
                raise CatalogError(f"{where}: no card {card_id!r} in the catalog")
            if card.kind == "archaffineur":
                raise CatalogError(f"{where}: {card_id!r} is an Archaffineur, not a deck card")
            if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= DECK_MAX_COPIES:
                raise CatalogError(f"{where}: {card_id!r} must have 1 to {DECK_MAX_COPIES} copies")
        size = sum(entries.values())
        wheels = sum(copies for card_id, copies in entries.items() if cards[card_id].kind == "wheel")
        if size != DECK_SIZE:
            raise CatalogError(f"{where} has {size} cards; a deck has {DECK_SIZE}")
        if wheels < DECK_MIN_WHEELS:
            raise CatalogError(f"{where} has {wheels} wheels; a deck needs at least {DECK_MIN_WHEELS}")
        decks[deck_name] = dict(entries)
    return decks
