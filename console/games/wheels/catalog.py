"""The card types of Wheels of War: wheels, crafts, Archaffineurs, their effects and the deck lists.

The figures live in cards.toml; catalog_loader.py reads and validates them into these values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum


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
ALL_OPS = WHEEL_OPS | TARGET_ONLY_OPS | PLAYER_OPS


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
    text: str
    book: bool = False

    kind = "craft"


@dataclass(frozen=True, slots=True)
class Archaffineur:
    """A seat's leader: a free action, once per match, whose power reaches sealed wheels."""

    id: str
    name: str
    target: Target
    effects: tuple[Effect, ...]
    text: str
    book: bool = False

    kind = "archaffineur"
    free = True


Card = WheelCard | CraftCard | Archaffineur


@dataclass(frozen=True)
class Catalog:
    """Every card by id, and the named deck lists (card id -> copies)."""

    cards: Mapping[str, Card]
    decks: Mapping[str, Mapping[str, int]]

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
