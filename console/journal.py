"""The game journal: every table and every action, in SQLite, committed before it is acknowledged.

WAL mode with ``synchronous=FULL`` makes each commit durable once it returns. The actions table
is append-only (triggers refuse UPDATE and DELETE), so a game is its setup plus its action log
and can always be rebuilt by replay.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# "TBLT" as a 32-bit integer: marks a SQLite file as ours.
APPLICATION_ID = 0x54424C54
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id        INTEGER PRIMARY KEY,
    game      TEXT NOT NULL,
    players   INTEGER NOT NULL,
    seed      INTEGER NOT NULL,
    options   TEXT NOT NULL,
    decks     TEXT NOT NULL,
    created   REAL NOT NULL,
    status    TEXT NOT NULL DEFAULT 'playing' CHECK (status IN ('playing', 'paused', 'finished', 'ended')),
    outcome   TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    table_id  INTEGER NOT NULL REFERENCES tables(id),
    seq       INTEGER NOT NULL,
    notation  TEXT NOT NULL,
    at        REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS actions_no_update BEFORE UPDATE ON actions
BEGIN SELECT RAISE(ABORT, 'the action journal is append-only'); END;
CREATE TRIGGER IF NOT EXISTS actions_no_delete BEFORE DELETE ON actions
BEGIN SELECT RAISE(ABORT, 'the action journal is append-only'); END;
"""


class JournalError(Exception):
    """The journal file cannot be used: not ours, from a newer version, or unknown table."""


@dataclass(frozen=True)
class TableRecord:
    id: int
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    decks: dict[int, list[str]]
    created: float
    status: str
    outcome: dict[str, Any] | None
    actions: int

    @property
    def finished(self) -> bool:
        return self.status in ("finished", "ended")


class Journal:
    """One SQLite journal file, safe to share between the table worker and web threads."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        try:
            self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            self._check_ownership()
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.execute("PRAGMA busy_timeout=5000")
            with self._transaction():
                self._create_schema()
        except sqlite3.DatabaseError as error:
            raise JournalError(f"{path} is not a tabletop journal ({error})") from None

    def _check_ownership(self) -> None:
        application_id = self._db.execute("PRAGMA application_id").fetchone()[0]
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        has_tables = self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] > 0
        if has_tables and application_id != APPLICATION_ID:
            raise JournalError(f"{self.path} is a SQLite file but not a tabletop journal")
        if version > SCHEMA_VERSION:
            raise JournalError(f"{self.path} was written by a newer console (schema {version})")

    def _create_schema(self) -> None:
        for statement in _statements(SCHEMA):
            self._db.execute(statement)
        self._db.execute(f"PRAGMA application_id={APPLICATION_ID}")
        self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    @property
    def connection(self) -> sqlite3.Connection:
        """The shared connection, for other stores in the same file (card tags, seat tokens).
        Hold ``lock`` while using it."""
        return self._db

    @property
    def lock(self) -> threading.RLock:
        return self._lock

    def create_table(
        self,
        game: str,
        players: int,
        seed: int,
        options: Mapping[str, Any],
        decks: Mapping[int, Sequence[str]] | None,
        created: float,
    ) -> int:
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO tables (game, players, seed, options, decks, created) VALUES (?, ?, ?, ?, ?, ?)",
                (game, players, seed, json.dumps(dict(options), sort_keys=True),
                 json.dumps({str(k): list(v) for k, v in (decks or {}).items()}), created),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def append(self, table_id: int, seq: int, notation: str, at: float) -> None:
        """Commit one action durably. The sequence number must be the next one for the table."""
        with self._transaction() as db:
            expected = db.execute(
                "SELECT count(*) FROM actions WHERE table_id = ?", (table_id,)
            ).fetchone()[0]
            if seq != expected:
                raise JournalError(f"table {table_id}: action {seq} is out of order (expected {expected})")
            db.execute(
                "INSERT INTO actions (table_id, seq, notation, at) VALUES (?, ?, ?, ?)",
                (table_id, seq, notation, at),
            )

    def set_status(self, table_id: int, status: str, outcome: Mapping[str, Any] | None = None) -> None:
        with self._transaction() as db:
            db.execute(
                "UPDATE tables SET status = ?, outcome = ? WHERE id = ?",
                (status, json.dumps(dict(outcome)) if outcome is not None else None, table_id),
            )

    def actions(self, table_id: int) -> list[str]:
        self.record(table_id)
        with self._lock:
            rows = self._db.execute(
                "SELECT notation FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)
            ).fetchall()
        return [row[0] for row in rows]

    def record(self, table_id: int) -> TableRecord:
        records = self._records("WHERE t.id = ?", (table_id,))
        if not records:
            raise JournalError(f"there is no table {table_id} in the journal")
        return records[0]

    def tables(self, unfinished_only: bool = False) -> list[TableRecord]:
        if unfinished_only:
            return self._records("WHERE t.status IN ('playing', 'paused')", ())
        return self._records("", ())

    def _records(self, where: str, params: tuple[Any, ...]) -> list[TableRecord]:
        query = (
            "SELECT t.id, t.game, t.players, t.seed, t.options, t.decks, t.created, t.status, t.outcome,"
            " (SELECT count(*) FROM actions a WHERE a.table_id = t.id)"
            f" FROM tables t {where} ORDER BY t.id"
        )
        with self._lock:
            rows = self._db.execute(query, params).fetchall()
        return [
            TableRecord(
                id=row[0], game=row[1], players=row[2], seed=row[3], options=json.loads(row[4]),
                decks={int(k): v for k, v in json.loads(row[5]).items()}, created=row[6],
                status=row[7], outcome=json.loads(row[8]) if row[8] else None, actions=row[9],
            )
            for row in rows
        ]

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _statements(script: str) -> list[str]:
    """Split the schema into statements, keeping trigger bodies whole."""
    statements, current = [], []
    for line in script.strip().splitlines():
        current.append(line)
        joined = "\n".join(current)
        if joined.rstrip().endswith(";") and sqlite3.complete_statement(joined):
            statements.append(joined)
            current = []
    return statements
