"""The hub's results for the venue, kept in the journal's SQLite file until the venue acknowledges
them, so a result made while the broker is down is sent once it is back, and never lost.

Tables of its own (``venue_results``, ``venue_meta``, ``venue_seatings``) in the journal's file,
made by the journal with its schema and used through its one connection under its lock
(console/journal.py: one process opens a journal file once, since closing any handle on it drops
the process's POSIX locks, SQLite's included). A result id is made once per finished table and
kept, so the board can drop any repeat.
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from console.journal import Journal


class Outbox:
    """Results waiting for the venue's acknowledgement, in ``journal``'s file."""

    def __init__(self, journal: Journal) -> None:
        self._lock = journal.lock
        self._db = journal.connection
        with self._lock:  # venue_* are the journal's own tables (console/journal.py)
            # Results are sent for games that end after the venue was first switched on, not
            # for the journal's whole history.
            self._db.execute("INSERT OR IGNORE INTO venue_meta VALUES ('enabled_at', ?)", (str(time.time()),))
            self.enabled_at = float(
                self._db.execute("SELECT value FROM venue_meta WHERE key = 'enabled_at'").fetchone()[0]
            )

    def add(self, table_id: int, make_payload: Any) -> str | None:
        """Keep the result of ``table_id`` (``make_payload(result_id)`` builds it) unless it is
        kept already; return its id when it is new."""
        with self._lock:
            if self._db.execute("SELECT 1 FROM venue_results WHERE table_id = ?", (table_id,)).fetchone():
                return None
            result_id = secrets.token_hex(8)
            payload = json.dumps(make_payload(result_id), separators=(",", ":"), ensure_ascii=False)
            self._db.execute(
                "INSERT INTO venue_results VALUES (?, ?, ?, ?, NULL)",
                (table_id, result_id, payload, time.time()),
            )
            return result_id

    def has(self, table_id: int) -> bool:
        with self._lock:
            return (
                self._db.execute("SELECT 1 FROM venue_results WHERE table_id = ?", (table_id,)).fetchone()
                is not None
            )

    def pending(self) -> list[tuple[str, str]]:
        """(result id, payload) of every result the venue has not acknowledged, oldest first."""
        with self._lock:
            return self._db.execute(
                "SELECT result_id, payload FROM venue_results WHERE acked IS NULL ORDER BY created"
            ).fetchall()

    def acknowledge(self, result_id: str) -> bool:
        with self._lock:
            cursor = self._db.execute(
                "UPDATE venue_results SET acked = ? WHERE result_id = ? AND acked IS NULL",
                (time.time(), result_id),
            )
            return cursor.rowcount > 0

    def finished_unsent(self, journal: Journal) -> list[Any]:
        """Tables that finished since the venue was switched on and have no result kept: a hub
        killed between a game's end and its result being kept makes it here on its next start."""
        return [
            record
            for record in journal.tables()
            if record.finished and record.created >= self.enabled_at and not self.has(record.id)
        ]

    def assign(self, table_id: int, seating: dict[str, Any]) -> bool:
        """Keep the seating a table was started with; False if that seating was accepted before."""
        with self._lock:
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO venue_seatings VALUES (?, ?, ?)",
                (table_id, seating["seating_id"], json.dumps(seating)),
            )
            return cursor.rowcount > 0

    def accepted(self, seating_id: str) -> bool:
        with self._lock:
            return (
                self._db.execute(
                    "SELECT 1 FROM venue_seatings WHERE seating_id = ?", (seating_id,)
                ).fetchone()
                is not None
            )

    def seatings(self) -> dict[int, dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT table_id, seating FROM venue_seatings").fetchall()
        return {row[0]: json.loads(row[1]) for row in rows}

    def next_session(self) -> int:
        """A number for the hub's next connection to the venue, above every one before it (kept
        in the journal's file, so a restarted hub counts on): the board ignores a last will older
        than the session it has seen online, as Sparkplug B's ``bdSeq`` does."""
        with self._lock:
            row = self._db.execute("SELECT value FROM venue_meta WHERE key = 'session'").fetchone()
            session = int(row[0]) + 1 if row else 1
            self._db.execute("INSERT OR REPLACE INTO venue_meta VALUES ('session', ?)", (str(session),))
            return session
