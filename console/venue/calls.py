"""Judge calls (docs/venue.md): a seat asks for a judge from its phone or by holding its pod's
BACK; the hub keeps the call in its journal file and publishes it (retained) with the table, the
seat and the table's public state; a judge acknowledges it, then closes it, from the board's
organiser page, and each step comes back to the hub, which keeps and publishes it again.

A call carries only what the table screen shows: the seat's name there, the game, its round and
phase, whose turn it is and the scores. Never a hand, a token or a PIN.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from console.journal import Journal

STATES = ("open", "acknowledged", "closed")
# What may follow what: a judge may close a call without acknowledging it first.
NEXT = {"open": ("acknowledged", "closed"), "acknowledged": ("closed",), "closed": ()}
PUBLIC_FACTS = ("game", "title", "round", "phase", "to_act", "scores", "status")


class CallError(ValueError):
    """A judge's answer that does not fit the call: one line for the page."""


def call_message(call_id: str, hub: str, table: dict[str, Any], seat: int, now: float) -> dict[str, Any]:
    """A new call from ``seat`` at the table whose last public state (the venue's table message)
    is ``table``."""
    names = {**(table.get("seat_names") or {}), **(table.get("names") or {})}
    return {
        "call_id": call_id,
        "hub": hub,
        "table": table.get("table"),
        "seat": seat,
        "who": names.get(str(seat)) or "",  # the seat's name at the table, if it has one
        "state": "open",
        "judge": "",
        "raised_at": now,
        "updated_at": now,
        "table_state": {key: table.get(key) for key in PUBLIC_FACTS},
    }


class JudgeCalls:
    """The calls of one hub, in its journal's file (``venue_calls``), under the journal's lock."""

    def __init__(self, journal: Journal) -> None:
        self._lock, self._db = journal.lock, journal.connection

    def raise_call(self, table_id: int, seat: int, make: Any) -> tuple[dict[str, Any], bool]:
        """The seat's call that is not closed, or a new one (``make(call_id)`` builds it); and
        whether it is new. A seat pressing again does not call twice."""
        with self._lock:
            row = self._db.execute(
                "SELECT payload FROM venue_calls WHERE table_id = ? AND seat = ? AND state != 'closed'",
                (table_id, seat),
            ).fetchone()
            if row is not None:
                return json.loads(row[0]), False
            call = make(secrets.token_hex(6))
            self._db.execute(
                "INSERT INTO venue_calls VALUES (?, ?, ?, ?, ?, ?)",
                (call["call_id"], table_id, seat, json.dumps(call), call["state"], call["updated_at"]),
            )
            return call, True

    def answer(self, call_id: str, state: str, judge: str, now: float) -> dict[str, Any]:
        """A judge's step: acknowledged or closed, by ``judge``."""
        if state not in STATES[1:]:
            raise CallError(f"a call is answered 'acknowledged' or 'closed', not {state!r}")
        judge = judge.strip()
        if not 0 < len(judge) <= 40:
            raise CallError("say which judge answers (1 to 40 characters)")
        with self._lock:
            row = self._db.execute("SELECT payload FROM venue_calls WHERE call_id = ?", (call_id,)).fetchone()
            if row is None:
                raise CallError(f"there is no call {call_id} at this hub")
            call = json.loads(row[0])
            if state == call["state"]:
                return dict(call)  # said twice (a resend): nothing changes
            if state not in NEXT[call["state"]]:
                raise CallError(f"the call is {call['state']} already")
            call.update(state=state, judge=judge, updated_at=now)
            self._db.execute(
                "UPDATE venue_calls SET payload = ?, state = ?, updated = ? WHERE call_id = ?",
                (json.dumps(call), state, now, call_id),
            )
            return dict(call)

    def for_seat(self, table_id: int, seat: int) -> dict[str, Any] | None:
        """The seat's latest call, whatever its state."""
        with self._lock:
            row = self._db.execute(
                "SELECT payload FROM venue_calls WHERE table_id = ? AND seat = ? ORDER BY updated DESC",
                (table_id, seat),
            ).fetchone()
        return json.loads(row[0]) if row else None

    def all(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT payload FROM venue_calls ORDER BY updated").fetchall()
        return [json.loads(row[0]) for row in rows]
