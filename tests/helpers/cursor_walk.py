"""How a person reaches a choice with UP, DOWN and OK: on the cursor's current level, walk (the
shorter way round) to the entry that holds the action, then OK. OK commits the action, or opens
the step that holds it (a card, a stack, a folded list); then the same again, one level down."""

from __future__ import annotations

from console.games.core import Action
from console.inputs.events import Key
from console.physical.composer import Cursor


class NotOnCursor(LookupError):
    """The action is not reachable from the cursor as it stands."""


def presses_toward(cursor: Cursor, action: Action) -> list[Key]:
    """The presses that take ``cursor`` one level closer to ``action``, ending with OK."""
    holders = [index for index, entry in enumerate(cursor.entries) if action in entry.choices]
    if not holders:
        raise NotOnCursor(f"{action} is not among seat {cursor.seat}'s choices {cursor.choices}")
    count = len(cursor.entries)
    steps = (holders[0] - cursor.index) % count
    if steps > count // 2:  # shorter the other way round
        return [Key.UP] * (count - steps) + [Key.OK]
    return [Key.DOWN] * steps + [Key.OK]


def commits(cursor: Cursor, action: Action) -> bool:
    """True when OK on the entry that holds ``action`` commits it (rather than opening a step)."""
    return any(entry.action == action for entry in cursor.entries)
