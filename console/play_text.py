"""The terminal's words for a seat's choices: each legal action labelled in words by its game
(``Game.label``: card names, whose shelf, what it costs), grouped by what it does, groups in the
order a turn reads (``Game.verb_order``), places in natural order (i2 before i10).

``choice_groups(game, legal, view)`` gives the groups; ``natural_key`` sorts any id text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from console.games.core import Action, ChoiceLabel, Game, natural_key

__all__ = ["Group", "choice_groups", "label"]


@dataclass
class Group:
    """Choices that do the same thing (build a road), each with its own words (e7: i4 to i8)."""

    label: str
    items: list[tuple[str, Action]] = field(default_factory=list)


def label(game: Game, action: Action, view: Mapping[str, Any]) -> ChoiceLabel:
    """The group and the words of one action (``("Build a road", "e7 (i4 to i8)")``)."""
    try:
        return game.label(action, dict(view))
    except (IndexError, KeyError):  # a shape the game's words do not know: the notation, as is
        return ChoiceLabel("", str(action))


def choice_groups(game: Game, legal: Sequence[Action], view: Mapping[str, Any]) -> list[Group]:
    """The legal actions grouped and ordered for reading; numbering follows this order."""
    order = game.verb_order
    groups: dict[str, Group] = {}
    keyed = []
    for action in legal:
        group, words = label(game, action, view)
        verb = str(action).split(":", 1)[1].split(" ", 1)[0]
        rank = order.index(verb) if verb in order else len(order)
        keyed.append(((rank, natural_key(str(action))), group or words, group, words, action))
    for _, key, group, words, action in sorted(keyed, key=lambda item: item[0]):
        groups.setdefault(key, Group(group)).items.append((words, action))
    return list(groups.values())
