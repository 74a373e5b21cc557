"""What the hub sends about a table: one payload per audience (the public and each seat), built
by the table's worker right after a change and serialised once, however many phones read it.

A seat's payload holds only ``view(seat)`` and that seat's own legal actions; the public payload
only ``view(None)``. Log events keep the engine's audience, and the action notation that caused
them is left out, because a notation such as a secret choice or a face-down draw can itself be
hidden information.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from console.games.core import CHANCE
from console.hub.channel import Audience, PublishedEvent, Snapshot
from console.table import LoggedEvent, Table


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def publish_events(table: Table, first_index: int) -> list[PublishedEvent]:
    """The table's log from ``first_index`` on, ready to publish."""
    return [
        PublishedEvent(index + 1, logged.event.audience, dumps(event_json(index + 1, logged)))
        for index, logged in enumerate(table.log[first_index:], start=first_index)
    ]


def event_json(event_id: int, logged: LoggedEvent) -> dict[str, Any]:
    return {"id": event_id, "action": logged.index, **logged.event.to_json()}


def build_snapshot(
    table: Table,
    version: int,
    status: str,
    controllers: Mapping[int, str],
    cursors: Mapping[int, Any] | None = None,
    problem: str = "",
    clock: Mapping[str, Any] | None = None,
) -> Snapshot:
    """Every audience's payload for the table as it stands."""
    state = table.state
    outcome = state.outcome()
    to_act = [seat for seat in state.to_act]
    common = {
        "table": table.id,
        "game": table.game.name,
        "title": table.game.title,
        "players": state.players,
        "status": status,
        "to_act": ["chance" if seat == CHANCE else seat for seat in to_act],
        "outcome": outcome.to_json() if outcome else _ended_outcome(table) if status == "ended" else None,
        "last_id": len(table.log),
        "actions": len(table.history),
        "version": version,
        "controllers": {str(seat): kind for seat, kind in sorted(controllers.items())},
        "problem": problem,
        "clock": clock,  # {"total_s", "remaining_s", "running", "expired"}, or None: no clock
    }
    payloads: dict[Audience, str] = {None: dumps({**common, "seat": None, "view": state.view(None)})}
    for seat in range(1, state.players + 1):
        acting = status == "playing" and seat in to_act
        legal = [str(action) for action in state.legal_actions(seat)] if acting else []
        payloads[seat] = dumps({
            **common,
            "seat": seat,
            "view": state.view(seat),
            "legal": legal,
            "can_act": bool(legal) and controllers.get(seat) == "phone",
            "cursor": (cursors or {}).get(seat),
        })
    return Snapshot(version=version, last_id=len(table.log), payloads=payloads, status=status)


def _ended_outcome(table: Table) -> dict[str, Any] | None:
    return table.journal.record(table.id).outcome
