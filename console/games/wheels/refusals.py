"""A refusal that names a card, as a sentence (console.i18n.said) each screen says in its reader's
language, the card by ``Card`` (its printed name there), and its English (``str``: the log, the
terminal, API clients) naming the card by its printed name, as it always has: the contract's
GameError knows no game's cards, so its own English would say the card's id."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from console.games.core import GameError
from console.i18n.said import Said, Speaker

E = TypeVar("E", bound=GameError)


def refusal(kind: type[E], said: Said, name: Callable[[str], str]) -> E:
    """A refusal of ``kind`` saying ``said``; ``name`` gives a card id's printed name (the catalog's
    ``name``, an edition's stand-ins included)."""
    error = kind(said)
    error.args = (Speaker(card_name=name).render(said, at_start=False),)
    return error
