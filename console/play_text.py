"""The terminal's words for a seat's choices: each legal action labelled in words by its game
(``Game.label``: card names, whose shelf, what it costs), grouped by what it does, groups in the
order a turn reads (``Game.verb_order``), places in natural order (i2 before i10).

The grouping is the one the phone and the pods read (console/games/steps.py), so the terminal's
headings are theirs. ``choice_groups(game, legal, view)`` gives the groups; ``natural_key`` sorts
any id text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from console.games.core import Action, Game
from console.games.steps import labelled_groups

__all__ = ["Group", "choice_groups"]


@dataclass
class Group:
    """Choices that do the same thing (build a road), each with its own words (e7: i4 to i8);
    ``label`` is "" for a choice that stands alone."""

    label: str
    items: list[tuple[str, Action]] = field(default_factory=list)


def choice_groups(game: Game, legal: Sequence[Action], view: Mapping[str, Any]) -> list[Group]:
    """The legal actions grouped and ordered for reading; numbering follows this order."""
    return [
        Group("" if heading.alone else heading.words, items)
        for heading, items in labelled_groups(game, legal, view)
    ]
