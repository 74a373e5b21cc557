"""What a hub tells the venue about a table and a finished game, made only from the table's public
payload (``view(None)`` and public table facts): never a hand, a seed, a join code, a token or a PIN.

The hub's worker already serialises that payload for the public screen; the venue reads it back
on its own thread, so the table spends nothing on the venue beyond handing over a string.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from console.games import find_game
from console.games.core import UnknownGame

JSON = dict[str, Any]


def dumps(data: Any) -> str:
    """A venue message's payload: compact JSON, UTF-8 as it is."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def public_scores(game: str, view: JSON) -> dict[str, float]:
    """The running score each seat has in a table's public view, as its game says
    (``Game.public_scores``); none for a game this venue does not know."""
    try:
        return find_game(game).public_scores(view)
    except UnknownGame:
        return {}


def table_message(hub: str, public_payload: str, seating: Mapping[str, Any] | None = None) -> JSON:
    """The retained state of one table for the venue, from the hub's public payload and the
    seating the venue gave it (the players' names, the event's round and table). ``names`` are
    the seating's (the event's players, whom the standings count); ``seat_names`` the hub's own,
    as its table screen shows them (typed on a phone, or "Bot 2 (normal)"): public already."""
    public = json.loads(public_payload)
    view = public.get("view") or {}
    scores = public_scores(str(public.get("game", "")), view)
    return {
        "hub": hub,
        "table": public["table"],
        "game": public["game"],
        "title": public["title"],
        "players": public["players"],
        "status": public["status"],
        "to_act": public["to_act"],
        "phase": view.get("phase"),
        "round": view.get("round"),
        "scores": scores,
        "outcome": public["outcome"],
        "actions": public["actions"],
        "controllers": public["controllers"],
        "names": dict((seating or {}).get("names", {})),
        "seat_names": {str(seat): name for seat, name in (public.get("names") or {}).items() if name},
        "seating": _seating_reference(seating),
        "problem": public["problem"],
    }


def _seating_reference(seating: Mapping[str, Any] | None) -> JSON | None:
    if not seating:
        return None
    return {key: seating[key] for key in ("seating_id", "event", "round", "table_no") if key in seating}


def result_message(result_id: str, hub: str, state: JSON, finished_at: float) -> JSON:
    """A finished game's result, from its last public table state."""
    outcome = state.get("outcome") or {}
    return {
        "result_id": result_id,
        "hub": hub,
        "table": state["table"],
        "game": state["game"],
        "players": state["players"],
        "status": state["status"],
        "winners": list(outcome.get("winners", [])),
        "scores": list(outcome.get("scores", [])),
        "reason": outcome.get("reason", ""),
        "names": state.get("names", {}),
        "seating": state.get("seating"),
        "finished_at": finished_at,
    }
