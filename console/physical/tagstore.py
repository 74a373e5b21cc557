"""The enrolment table: which NFC tag UID stands for which catalog card of which game.

It lives in the journal's SQLite file: pass the journal's ``connection`` and ``lock`` (the
journal checks that its file is its own, so create the journal first). Any sqlite3 connection
works, e.g. ``sqlite3.connect(":memory:")`` in tests.
"""

from __future__ import annotations

import sqlite3
import threading
from contextlib import AbstractContextManager, nullcontext

from console.journal import TAGS_SCHEMA


class TagStore:
    """UID -> (game, card id). UIDs are stored as uppercase hex."""

    def __init__(self, connection: sqlite3.Connection, lock: threading.RLock | None = None) -> None:
        self._db = connection
        self._lock: AbstractContextManager[object] = lock if lock is not None else nullcontext()
        with self._lock:
            self._db.execute(TAGS_SCHEMA)  # the journal's own table; made here on any other connection
            self._db.commit()

    def enrol(self, uid: str, game: str, card_id: str) -> None:
        """Record (or re-record) what a tag stands for."""
        with self._lock:
            self._db.execute(
                "INSERT INTO card_tags (uid, game, card_id) VALUES (?, ?, ?) "
                "ON CONFLICT(uid) DO UPDATE SET game = excluded.game, card_id = excluded.card_id, "
                "enrolled_at = excluded.enrolled_at",
                (uid.upper(), game, card_id),
            )
            self._db.commit()

    def lookup(self, uid: str) -> tuple[str, str] | None:
        """(game, card id) for a tag, or None if it was never enrolled."""
        with self._lock:
            row = self._db.execute(
                "SELECT game, card_id FROM card_tags WHERE uid = ?", (uid.upper(),)
            ).fetchone()
        return (row[0], row[1]) if row else None

    def forget(self, uid: str) -> bool:
        with self._lock:
            deleted = self._db.execute("DELETE FROM card_tags WHERE uid = ?", (uid.upper(),)).rowcount
            self._db.commit()
        return deleted > 0

    def tags(self, game: str) -> dict[str, str]:
        """Every enrolled tag of ``game``: uid -> card id."""
        with self._lock:
            rows = self._db.execute(
                "SELECT uid, card_id FROM card_tags WHERE game = ? ORDER BY card_id, uid", (game,)
            ).fetchall()
        return {uid: card_id for uid, card_id in rows}
