"""What a hub tells the venue about a table and a finished game, made only from the table's public
payload (``view(None)`` and public table facts): never a hand, a seed, a join code, a token or a PIN.

The hub's worker already serialises that payload for the public screen; the venue reads it back
on its own thread, so the table spends nothing on the venue beyond handing over a string.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

JSON = dict[str, Any]


def _wheels(view: JSON) -> dict[str, float]:
    return {seat: float(p.get("banked", 0)) for seat, p in view.get("players", {}).items()}


def _wisteria(view: JSON) -> dict[str, float]:
    return {seat: float(s.get("cards", 0)) for seat, s in view.get("seats", {}).items()}


def _watch(view: JSON) -> dict[str, float]:
    return {str(r["seat"]): float(r.get("vp", 0)) for r in view.get("rulers", []) if "seat" in r}


# The running score each game's public view shows: Wheels' banked points, the cards a Wisteria
# player holds, the Watch's victory points.
SCORES: dict[str, Callable[[JSON], dict[str, float]]] = {
    "wheels": _wheels,
    "wisteria": _wisteria,
    "watch": _watch,
}


def table_message(hub: str, public_payload: str, seating: Mapping[str, Any] | None = None) -> JSON:
    """The retained state of one table for the venue, from the hub's public payload and the
    seating the venue gave it (the players' names, the event's round and table)."""
    public = json.loads(public_payload)
    view = public.get("view") or {}
    scores = SCORES.get(public.get("game", ""), lambda _: {})(view)
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
