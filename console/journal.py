"""The game journal: every table and every action, in SQLite, committed before it is acknowledged.

WAL mode with ``synchronous=FULL`` makes each commit durable once it returns. The actions table
is append-only (triggers refuse UPDATE and DELETE), so a game is its setup plus its action log
and can always be rebuilt by replay. A file that is not a sound journal of this version is
refused with one line and left as it was.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import sqlite3
import stat
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from console.i18n import N_
from console.i18n.said import Said, Speaker, say, say_n
from console.walcheck import wal_damage

# "TBLT" as a 32-bit integer: marks a SQLite file as ours.
APPLICATION_ID = 0x54424C54
SCHEMA_VERSION = 1
# The first 100 bytes of a SQLite file: its header, where the two numbers above are kept.
HEADER_BYTES = 100
SQLITE_MAGIC = b"SQLite format 3\x00"
# How long to wait for another connection's write lock before calling the journal held.
BUSY_TIMEOUT_MS = 5000

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
-- A correction withdraws journalled actions without deleting them: a seat's takeback or the host's
-- correction, made once ``at_seq`` actions of the table were journalled; ``withdrawn`` lists the
-- withdrawn actions' seq numbers (JSON), ``confirmed`` the seats that agreed. Replaying the actions
-- with the corrections in their places gives the corrected game. Additive: a schema-1 file gains it.
CREATE TABLE IF NOT EXISTS corrections (
    table_id   INTEGER NOT NULL REFERENCES tables(id),
    number     INTEGER NOT NULL,
    at_seq     INTEGER NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('takeback', 'host')),
    asked_by   TEXT NOT NULL,
    confirmed  TEXT NOT NULL,
    withdrawn  TEXT NOT NULL,
    at         REAL NOT NULL,
    PRIMARY KEY (table_id, number)
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS corrections_no_update BEFORE UPDATE ON corrections
BEGIN SELECT RAISE(ABORT, 'the corrections are append-only'); END;
CREATE TRIGGER IF NOT EXISTS corrections_no_delete BEFORE DELETE ON corrections
BEGIN SELECT RAISE(ABORT, 'the corrections are append-only'); END;
"""


class JournalError(Exception):
    """The journal cannot be used (not ours, damaged, newer, held, unwritable), or an unknown table.
    The message is one line naming the file and what to do: ``said``, a message id and its values,
    which ``tabletop`` says in its person's language (console/i18n); ``str()`` is its English."""

    def __init__(self, message: str | Said) -> None:
        self.said = message if isinstance(message, Said) else Said(message)
        super().__init__(Speaker().render(self.said))


@dataclass(frozen=True)
class Correction:
    """Journalled actions withdrawn (``withdrawn``: their seq numbers) once ``at_seq`` actions were
    journalled: a seat's ``takeback`` or the ``host``'s correction, who asked ("seat 2", "host")
    and which seats confirmed it."""

    at_seq: int
    kind: str
    asked_by: str
    confirmed: tuple[int, ...]
    withdrawn: tuple[int, ...]
    at: float


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


def journal_busy(error: BaseException) -> bool:
    """SQLite's "database is locked": another program holds the journal file for now."""
    text = str(error).lower()
    return isinstance(error, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def disk_full(error: BaseException) -> bool:
    """SQLite's "database or disk is full" (its own limit, or the disk's), or the disk's ENOSPC."""
    if isinstance(error, sqlite3.Error):
        return getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "is full" in str(error)
    return isinstance(error, OSError) and error.errno == errno.ENOSPC


# What every screen says while the journal cannot grow.
DISK_FULL = (
    "the hub's disk is full: nothing new can be saved, so play waits. Free some space on the hub "
    "(old logs, downloads); the table goes on by itself with the next move"
)


class Journal:
    """One SQLite journal file, safe to share between the table worker and web threads.

    Opening never writes to a file that is not already a sound journal of this version: the
    header is read by hand and SQLite's quick check runs read-only first. ``exclusive`` (the hub)
    also takes the kernel's lock on the file itself, so a second hub is refused however the path
    is spelled (a symlink, a hard link). ``shared`` (a game played in a terminal) takes it shared:
    several terminals may play in one journal, but never while a hub serves it, whose worker
    holds its tables' games in memory and would break on actions written behind its back.
    ``readonly`` (``tabletop games``, ``replay``) reads an existing journal without any lock or
    write, so a running hub is never held up; read inside ``reading`` to see one moment of it."""

    def __init__(
        self, path: str | Path, exclusive: bool = False, shared: bool = False, readonly: bool = False
    ) -> None:
        self.path = Path(path)
        self._lock = threading.RLock()
        self._next_seq: dict[int, int] = {}
        self._handle: int | None = None
        db: sqlite3.Connection | None = None
        if str(path) != ":memory:":
            _refuse_a_path_of_no_journal(self.path)
        try:
            if readonly and _size(self.path):
                self._db = db = _open_to_read(self.path)
                self._check_ownership()
                return
            if readonly and str(path) != ":memory:":
                # No journal there yet: read as an empty one in memory; nothing is made on disk.
                path = ":memory:"
            new = True
            if str(path) != ":memory:":
                self._handle, new = _open_file(self.path, exclusive, shared)
                if not new:
                    _quick_check(self.path)
            self._db = db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
            self._setup(new)
        except sqlite3.Error as error:
            self._abandon(db)
            raise JournalError(_explained(self.path, error)) from None
        except BaseException:
            self._abandon(db)
            raise

    def _setup(self, new: bool) -> None:
        self._db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.execute("PRAGMA synchronous=FULL")
        # A new file gets its schema and mark in its first transaction, before WAL mode: killed
        # part way, it is still empty, never a marked file without tables or tables without a mark.
        with self._transaction():
            if not new:
                self._check_ownership()
            self._create_schema()
        self._db.execute("PRAGMA journal_mode=WAL")

    def _check_ownership(self) -> None:
        """The header again, through SQLite under the write lock (a WAL may hold a newer page 1)."""
        application_id = self._db.execute("PRAGMA application_id").fetchone()[0]
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        problem = _identity_problem(application_id, version)
        if problem:
            raise JournalError(_refusal(self.path, problem))

    def _create_schema(self) -> None:
        for statement in _statements(SCHEMA + COMPANION_SCHEMA):
            self._db.execute(statement)
        self._db.execute(f"PRAGMA application_id={APPLICATION_ID}")
        self._db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            if self._db.in_transaction:  # inside ``transaction()``: part of its one commit
                yield self._db
                return
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._roll_back()
                raise
            try:
                self._db.execute("COMMIT")
            except BaseException:  # a commit the disk had no room for: nothing of it stays
                self._roll_back()
                raise

    def _roll_back(self) -> None:
        if self._db.in_transaction:  # SQLite rolls back by itself on some errors (a full disk)
            self._db.execute("ROLLBACK")

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Every write inside, by this journal or a store in its file, is one commit: a kill at
        any instant leaves all of them or none (a new table with its seats and links, say)."""
        with self._transaction():
            yield

    @contextmanager
    def reading(self) -> Iterator[None]:
        """Every read inside sees the journal as it stood at one moment: a game a hub is writing
        now is seen as it was before or after a write, never half of it."""
        with self._lock:
            self._db.execute("BEGIN")
            try:
                yield
            finally:
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
                (
                    game,
                    players,
                    seed,
                    json.dumps(dict(options), sort_keys=True),
                    json.dumps({str(k): list(v) for k, v in (decks or {}).items()}),
                    created,
                ),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def append(
        self,
        table_id: int,
        seq: int,
        notation: str,
        at: float,
        outcome: Mapping[str, Any] | None = None,
        note: str | None = None,
    ) -> None:
        """Commit one action durably. The sequence number must be the next one for the table.

        With ``outcome`` (the action ended the game) the table is marked finished with it in the
        same transaction: a kill leaves both or neither, never a last move on a game still playing.
        A ``note`` beside the action (a card the host moved from a wrong reader) goes in it too."""
        with self._lock:
            expected = self._next_seq.get(table_id)
            if expected is None:  # once per table: the primary key finds the last action directly
                expected = self._db.execute(
                    "SELECT coalesce(max(seq) + 1, 0) FROM actions WHERE table_id = ?", (table_id,)
                ).fetchone()[0]
            if seq != expected:
                raise JournalError(
                    say(
                        "table %(table)s: action %(seq)s is out of order (expected %(expected)s)",
                        table=table_id,
                        seq=seq,
                        expected=expected,
                    )
                )
            try:
                with self._transaction() as db:
                    db.execute(
                        "INSERT INTO actions (table_id, seq, notation, at) VALUES (?, ?, ?, ?)",
                        (table_id, seq, notation, at),
                    )
                    if outcome is not None:
                        db.execute(
                            "UPDATE tables SET status = 'finished', outcome = ? WHERE id = ?",
                            (json.dumps(dict(outcome)), table_id),
                        )
                    if note is not None:
                        db.execute(
                            "INSERT INTO action_notes (table_id, seq, note, at) VALUES (?, ?, ?, ?)",
                            (table_id, seq, note, at),
                        )
            except sqlite3.IntegrityError as error:
                self._next_seq.pop(table_id, None)
                if "FOREIGN KEY" in str(error):
                    raise JournalError(no_table(table_id)) from None
                if "PRIMARY KEY" in str(error) or "UNIQUE" in str(error):  # another writer was first
                    raise JournalError(
                        say(
                            "table %(table)s: action %(seq)s is already in the journal",
                            table=table_id,
                            seq=seq,
                        )
                    ) from None
                raise
            self._next_seq[table_id] = seq + 1

    def add_correction(self, table_id: int, correction: Correction) -> None:
        """Journal a correction; the actions it withdraws stay in the journal, as everything does.
        Its ``at_seq`` must be the table's journalled actions now (nothing written since)."""
        with self._transaction() as db:
            journalled = db.execute(
                "SELECT coalesce(max(seq) + 1, 0) FROM actions WHERE table_id = ?", (table_id,)
            ).fetchone()[0]
            if correction.at_seq != journalled:
                raise JournalError(
                    say(
                        "table %(table)s: a correction after action %(seq)s is out of order "
                        "(%(journalled)s actions are journalled)",
                        table=table_id,
                        seq=correction.at_seq,
                        journalled=journalled,
                    )
                )
            number = db.execute(
                "SELECT coalesce(max(number) + 1, 0) FROM corrections WHERE table_id = ?", (table_id,)
            ).fetchone()[0]
            db.execute(
                "INSERT INTO corrections (table_id, number, at_seq, kind, asked_by, confirmed, withdrawn, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table_id,
                    number,
                    correction.at_seq,
                    correction.kind,
                    correction.asked_by,
                    json.dumps(list(correction.confirmed)),
                    json.dumps(list(correction.withdrawn)),
                    correction.at,
                ),
            )

    def corrections(self, table_id: int) -> list[Correction]:
        """The table's corrections in the order they were made."""
        with self._lock:
            rows = self._db.execute(
                "SELECT at_seq, kind, asked_by, confirmed, withdrawn, at FROM corrections"
                " WHERE table_id = ? ORDER BY number",
                (table_id,),
            ).fetchall()
        try:
            return [
                Correction(
                    row[0], row[1], row[2], tuple(json.loads(row[3])), tuple(json.loads(row[4])), row[5]
                )
                for row in rows
            ]
        except (TypeError, ValueError) as error:
            raise _damaged(self.path, say("a correction of table %(table)s", table=table_id), error) from None

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

    def notes(self, table_id: int) -> dict[int, list[str]]:
        """Every note of a table, by the action it stands beside."""
        with self._lock:
            try:
                rows = self._db.execute(
                    "SELECT seq, note FROM action_notes WHERE table_id = ? ORDER BY seq, rowid", (table_id,)
                ).fetchall()
            except sqlite3.OperationalError:  # a file opened read-only before the table existed
                rows = []
        notes: dict[int, list[str]] = {}
        for seq, note in rows:
            notes.setdefault(seq, []).append(note)
        return notes

    def record(self, table_id: int) -> TableRecord:
        records = self._records("WHERE t.id = ?", (table_id,))
        if not records:
            raise JournalError(no_table(table_id))
        return records[0]

    def tables(self, unfinished_only: bool = False) -> list[TableRecord]:
        if unfinished_only:
            return self._records("WHERE t.status IN ('playing', 'paused')", ())
        return self._records("", ())

    def _records(self, where: str, params: tuple[Any, ...]) -> list[TableRecord]:
        with self._lock:
            rows = self._db.execute(RECORDS.format(where=where), params).fetchall()
        return [_record(self.path, row) for row in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()
            self._release()

    def _abandon(self, db: sqlite3.Connection | None) -> None:
        """A failed open: SQLite's connection first, then the handle."""
        if db is not None:
            db.close()
        self._release()

    def _release(self) -> None:
        """Close the file handle (and so the hub's lock), after SQLite's own: closing any handle
        on the file drops this process's POSIX locks on it, SQLite's included."""
        if self._handle is not None:
            os.close(self._handle)
            self._handle = None

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


def _mode(path: Path) -> int | None:
    """The mode of what is at ``path`` (through symlinks); None if nothing is there. A path that
    cannot be looked at (a name too long, a loop of symlinks) is one line."""
    try:
        return os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        raise JournalError(
            say(
                "%(path)s: cannot use it (%(reason)s); choose another journal path",
                path=str(path),
                reason=str(error.strerror),
            )
        ) from None


def _size(path: Path) -> int:
    """The size of the regular file at ``path``; 0 if there is none."""
    mode = _mode(path)
    return path.stat().st_size if mode is not None and stat.S_ISREG(mode) else 0


# What may stand at a journal's path but is no journal file, and the refusal of it.
NO_JOURNAL = (
    (stat.S_ISDIR, N_("%(path)s is a folder, not a journal file; give the path of a file (--journal)")),
    (
        stat.S_ISFIFO,
        N_("%(path)s is a named pipe (FIFO), not a journal file; give the path of a file (--journal)"),
    ),
    (
        stat.S_ISCHR,
        N_("%(path)s is a character device, not a journal file; give the path of a file (--journal)"),
    ),
    (stat.S_ISBLK, N_("%(path)s is a block device, not a journal file; give the path of a file (--journal)")),
    (stat.S_ISSOCK, N_("%(path)s is a socket, not a journal file; give the path of a file (--journal)")),
)


def _refuse_a_path_of_no_journal(path: Path) -> None:
    """One line, before anything opens or makes it, for a path that can hold no journal: a file
    where its folder (or one above) must be; a folder, a FIFO, a device or a socket at it (a FIFO
    gave a traceback); or an absent or empty journal with a write-ahead log beside it (which this
    console never leaves: a journal lost, its log left)."""
    for folder in (path.parent, *path.parent.parents):
        mode = _mode(folder)
        if mode is not None and not stat.S_ISDIR(mode):
            raise JournalError(
                say(
                    "%(path)s: cannot make its folder, %(folder)s is a file; choose another journal path "
                    "(--journal)",
                    path=str(path),
                    folder=str(folder),
                )
            )
    mode = _mode(path)
    for test, refusal in NO_JOURNAL:
        if mode is not None and test(mode):
            raise JournalError(say(refusal, path=str(path)))
    if not _size(path) and _size(Path(f"{path.resolve()}-wal")):
        raise JournalError(
            say(
                "%(path)s is empty but has a write-ahead log beside it (%(wal)s), which this console "
                "never leaves; move both aside or choose another journal path",
                path=str(path),
                wal=f"{path.name}-wal",
            )
        )


def _open_file(path: Path, exclusive: bool, shared: bool = False) -> tuple[int, bool]:
    """A handle on the journal file, made (with its folder) if absent, and whether it is new.
    Only an absent or empty file is new; anything else must pass the header check first."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise JournalError(
            say(
                "%(path)s: cannot make its folder %(folder)s (%(reason)s); create it or choose another "
                "journal path",
                path=str(path),
                folder=str(path.parent),
                reason=str(error.strerror),
            )
        ) from None
    if not os.access(path.resolve().parent, os.W_OK | os.X_OK):  # SQLite keeps its -wal and -shm there
        raise JournalError(
            say(
                "%(path)s: its folder %(folder)s is read-only; make it writable or choose another "
                "journal path",
                path=str(path),
                folder=str(path.parent),
            )
        )
    if path.exists() and not os.access(path, os.R_OK | os.W_OK):
        raise JournalError(
            say(
                "%(path)s is read-only; make it writable (chmod u+rw) or choose another journal",
                path=str(path),
            )
        )
    try:
        handle = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as error:
        raise JournalError(
            say(
                "%(path)s: cannot open it (%(reason)s); check the file and its folder",
                path=str(path),
                reason=str(error.strerror),
            )
        ) from None
    try:
        if exclusive or shared:
            _take_lock(handle, path, exclusive)
        size = os.fstat(handle).st_size
        header = os.pread(handle, HEADER_BYTES, 0)
        if size == 0:
            return handle, True
        problem = _header_said(header)
        if problem:
            raise JournalError(_refusal(path, problem))
    except BaseException:
        os.close(handle)
        raise
    return handle, False


def _take_lock(handle: int, path: Path, exclusive: bool) -> None:
    """The kernel's lock on the journal file: a hub's alone, or a terminal game's shared with other
    terminals; refused in words naming who holds it. The kernel lets it go when the process ends,
    however it ends (a kill -9 included)."""
    try:
        fcntl.flock(handle, (fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH) | fcntl.LOCK_NB)
    except BlockingIOError:
        if exclusive:
            raise JournalError(
                say(
                    "%(path)s: another tabletop hub, or a game played in a terminal (tabletop play), is "
                    "using this journal (%(holder)s); stop it, or give this hub another journal (--journal)",
                    path=str(path),
                    holder=_which_holder(handle, path),
                )
            ) from None
        raise JournalError(
            say(
                "%(path)s: a running tabletop hub serves this journal (%(hub)s); play its tables on the "
                "hub's pages, or stop the hub first (a game of your own: give the command another "
                "journal, --journal)",
                path=str(path),
                hub=_served_by(path),
            )
        ) from None


def _which_holder(handle: int, path: Path) -> Said:
    """Names the hub when a hub holds the journal (its lock is exclusive: no shared one is given)."""
    try:
        fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return say("a hub: %(hub)s", hub=_served_by(path))
    fcntl.flock(handle, fcntl.LOCK_UN)  # only terminal games share it
    return say("a game in a terminal")


def _served_by(path: Path) -> str | Said:
    """The hub that holds the journal, as it wrote itself down: its address and process id."""
    try:
        # As the file is, from its own pages alone: not even SQLite's shared-memory index is
        # touched (the hub checkpoints this row into the file as it writes it).
        reader = sqlite3.connect(f"{path.resolve().as_uri()}?immutable=1", uri=True)
        try:
            row = reader.execute("SELECT value FROM hub_settings WHERE key = 'served_by'").fetchone()
        finally:
            reader.close()
    except (sqlite3.Error, JournalError):
        row = None
    return str(row[0]) if row else say("its address unknown")


def _missing_companions_as_empty(db: sqlite3.Connection) -> None:
    """A journal no hub of this version has opened lacks some companion tables; a reader may not
    add them, so it sees them empty (temporary tables of its own connection, gone when it closes)."""
    present = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    for statement in _statements(COMPANION_SCHEMA):
        name = statement.split("EXISTS", 1)[1].split()[0] if "EXISTS" in statement else ""
        if name and name not in present:
            db.execute(statement.replace("CREATE TABLE IF NOT EXISTS", "CREATE TEMP TABLE IF NOT EXISTS", 1))


RECORDS = (
    "SELECT t.id, t.game, t.players, t.seed, t.options, t.decks, t.created, t.status, t.outcome,"
    " (SELECT count(*) FROM actions a WHERE a.table_id = t.id)"
    " FROM tables t {where} ORDER BY t.id"
)


def _record(path: Path, row: tuple[Any, ...]) -> TableRecord:
    """A table's row as a record; a row this console never writes is one line naming it."""
    try:
        options, decks = json.loads(row[4]), json.loads(row[5])
        record = TableRecord(
            id=row[0],
            game=row[1],
            players=row[2],
            seed=row[3],
            options=options,
            decks={int(k): list(v) for k, v in decks.items()},
            created=row[6],
            status=row[7],
            outcome=json.loads(row[8]) if row[8] else None,
            actions=row[9],
        )
    except (TypeError, ValueError, AttributeError) as error:
        raise _damaged(path, say("table %(table)s's setup", table=row[0]), error) from None
    if not isinstance(options, dict):
        raise _damaged(
            path,
            say("table %(table)s's setup", table=row[0]),
            ValueError("its options are not a JSON object"),
        )
    return record


def _damaged(path: Path, what: Said, error: Exception) -> JournalError:
    """A row this console never writes (a journal damaged, or edited by hand): one line."""
    why = " ".join(str(error).split())  # Python's or SQLite's own words: English
    return JournalError(
        say(
            "%(path)s: %(what)s cannot be read (%(reason)s); the journal is damaged: restore it "
            "from a backup",
            path=str(path),
            what=what,
            reason=why,
        )
    )


def _open_to_read(path: Path) -> sqlite3.Connection:
    """A read-only connection to an existing journal, after its header and SQLite's check: it
    takes no lock a writer waits for, and writes nothing."""
    with open(path, "rb") as handle:
        problem = _header_said(handle.read(HEADER_BYTES))
    if problem:
        raise JournalError(_refusal(path, problem))
    _quick_check(path)
    resolved = path.resolve()
    # A file nobody can write (it, or its folder, is read-only), or one with no write-ahead log
    # beside it (no program has it open: SQLite removes the log when the last one closes it), is
    # read as it is, making nothing beside it; one a hub has open is read through SQLite's
    # shared-memory index, as the hub writes it. (Read through the index, a closed journal got
    # an empty -wal and a -shm made beside it by a command that only reads.)
    writable = os.access(resolved, os.W_OK) and os.access(resolved.parent, os.W_OK | os.X_OK)
    in_use = any(Path(f"{resolved}{suffix}").exists() for suffix in ("-wal", "-shm"))
    mode = "mode=ro" if writable and in_use else "immutable=1"
    db = sqlite3.connect(
        f"{resolved.as_uri()}?{mode}", uri=True, check_same_thread=False, isolation_level=None
    )
    db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    _missing_companions_as_empty(db)
    return db


def no_table(table_id: int) -> Said:
    """The refusal of a table the journal does not hold (``tabletop play --resume 99``)."""
    return say("there is no table %(table)s in the journal", table=table_id)


def _refusal(path: Path, problem: Said) -> Said:
    """A file refused for ``problem`` (what is wrong with it, said after its path)."""
    return say("%(path)s %(problem)s", path=str(path), problem=problem)


def _header_problem(header: bytes) -> str | None:
    """What is wrong with a file's first 100 bytes as a journal's, in English (``_header_said``)."""
    problem = _header_said(header)
    return Speaker().render(problem) if problem else None


def _header_said(header: bytes) -> Said | None:
    """What is wrong with a file's first 100 bytes as a journal's, read before SQLite opens it
    (so SQLite never claims, recovers or checkpoints a file that is not ours)."""
    if len(header) < HEADER_BYTES:
        return say_n(
            "is only %(num)s byte long: truncated or not a journal; move it aside or choose another "
            "journal path",
            "is only %(num)s bytes long: truncated or not a journal; move it aside or choose another "
            "journal path",
            len(header),
        )
    if not header.startswith(SQLITE_MAGIC):
        return say(
            "is not a tabletop journal (not a SQLite file); move it aside or choose another journal path"
        )
    application_id = int.from_bytes(header[68:72], "big")
    version = int.from_bytes(header[60:64], "big")
    return _identity_problem(application_id, version)


def _identity_problem(application_id: int, version: int) -> Said | None:
    if application_id != APPLICATION_ID:
        whose = (
            say("no tabletop mark")
            if application_id == 0
            else say("application id %(id)s", id=f"{application_id:#x}")
        )
        return say(
            "is a SQLite file of another program (%(whose)s), not a tabletop journal; choose "
            "another journal path",
            whose=whose,
        )
    if version > SCHEMA_VERSION:
        return say(
            "was written by a newer tabletop console (journal schema %(version)s, this one reads "
            "%(reads)s); upgrade tabletop to open it",
            version=version,
            reads=SCHEMA_VERSION,
        )
    if version < 1:
        return say("has the tabletop mark but no schema version: it is damaged; restore it from a backup")
    return None


def _quick_check(path: Path) -> None:
    """SQLite's quick check on a read-only connection, before anything is written. With no WAL
    beside the file it is opened immutable: not even a -wal or -shm file is made. With one, a
    read-only connection reads it (and may rebuild the -shm index) but never checkpoints it.
    A rollback journal left by a kill during the very first transaction is SQLite's to roll back,
    so then the check is left to the writing connection."""
    resolved = path.resolve()
    if Path(f"{resolved}-journal").exists():
        return
    damage = wal_damage(Path(f"{resolved}-wal"))
    if damage:  # before SQLite replays it: its recovery would drop the rest without a word
        raise JournalError(
            say(
                "%(path)s: its write-ahead log %(wal)s is damaged (%(damage)s); both files are kept as "
                "they are: copy them aside and restore the journal from a backup",
                path=str(path),
                wal=f"{path.name}-wal",
                damage=damage,
            )
        )
    has_wal = any(Path(f"{resolved}{suffix}").exists() for suffix in ("-wal", "-shm"))
    check = sqlite3.connect(f"{resolved.as_uri()}?{'mode=ro' if has_wal else 'immutable=1'}", uri=True)
    try:
        check.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        found = " ".join(str(check.execute("PRAGMA quick_check(1)").fetchone()[0]).split())  # one line
        if found == "ok" and check.execute("SELECT 1 FROM sqlite_master WHERE name = 'tables'").fetchone():
            for row in check.execute(RECORDS.format(where="")):  # every table's setup readable
                _record(path, row)
    finally:
        check.close()
    if found != "ok":
        raise JournalError(
            say(
                "%(path)s is damaged (SQLite's check: %(found)s); restore it from a backup",
                path=str(path),
                found=found,
            )
        )


def _explain(path: Path, error: sqlite3.Error) -> str:
    """One line for a SQLite failure while opening, in English (``_explained``)."""
    return Speaker().render(_explained(path, error))


def _explained(path: Path, error: sqlite3.Error) -> Said:
    """One line for a SQLite failure while opening: a locked journal is held, never 'not ours'.
    SQLite's own words are put in as it says them (English)."""
    text = " ".join(str(error).split())
    lowered = text.lower()
    if "locked" in lowered or "busy" in lowered:
        return say(
            "%(path)s is held by another program (SQLite: %(sqlite)s); close that program and try again",
            path=str(path),
            sqlite=text,
        )
    if "readonly" in lowered or "read-only" in lowered:
        return say(
            "%(path)s cannot be written (SQLite: %(sqlite)s); make the file and its folder writable",
            path=str(path),
            sqlite=text,
        )
    if "not a database" in lowered or "malformed" in lowered or "corrupt" in lowered:
        return say(
            "%(path)s is damaged (SQLite: %(sqlite)s); restore it from a backup or move it aside",
            path=str(path),
            sqlite=text,
        )
    return say(
        "%(path)s cannot be used as a journal (SQLite: %(sqlite)s); check the file and its folder",
        path=str(path),
        sqlite=text,
    )


# Every other table of a journal file, created here with the journal's own, in the same first
# transaction and under its one schema version (all additive, so a schema-1 file gains any it
# lacks when opened): the hub's tables and seats (console/hub/store.py) and clocks (clock.py), the
# enrolled tags (console/physical/tagstore.py), the deck checks and where each tagged copy is
# (console/physical/copies.py), the notes beside actions, exactly-once posts (console/web/once.py)
# and the venue's outbox (console/venue/outbox.py). They use them through the journal's one connection.
TAGS_SCHEMA = """CREATE TABLE IF NOT EXISTS card_tags (
    uid         TEXT PRIMARY KEY,
    game        TEXT NOT NULL,
    card_id     TEXT NOT NULL,
    enrolled_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
)"""
# Which tagged copy is where (console/physical/copies.py): the deck checks and the copies each found,
# and every copy's last known place, so a check and its findings outlive a restart.
COPIES_SCHEMA = """CREATE TABLE IF NOT EXISTS deck_checks (
    id        INTEGER PRIMARY KEY,
    game      TEXT NOT NULL,
    started   REAL NOT NULL,
    finished  REAL,
    report    TEXT
);
CREATE TABLE IF NOT EXISTS deck_check_copies (
    check_id  INTEGER NOT NULL REFERENCES deck_checks(id),
    uid       TEXT NOT NULL,
    card_id   TEXT NOT NULL,
    seat      INTEGER NOT NULL,
    at        REAL NOT NULL,
    PRIMARY KEY (check_id, uid)
);
CREATE TABLE IF NOT EXISTS card_copies (
    uid       TEXT PRIMARY KEY,
    game      TEXT NOT NULL,
    card_id   TEXT NOT NULL,
    place     TEXT NOT NULL,
    at        REAL NOT NULL
);
"""
COMPANION_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS hub_tables (
    table_id  INTEGER PRIMARY KEY REFERENCES tables(id),
    chance    TEXT NOT NULL,
    bot       TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS hub_seats (
    table_id    INTEGER NOT NULL REFERENCES tables(id),
    seat        INTEGER NOT NULL,
    token       TEXT NOT NULL UNIQUE,
    controller  TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
-- A seat's claim: the token of the phone that joined it, and how many phones have had it.
CREATE TABLE IF NOT EXISTS hub_claims (
    table_id  INTEGER NOT NULL REFERENCES tables(id),
    seat      INTEGER NOT NULL,
    token     TEXT NOT NULL UNIQUE,
    joins     INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);
-- The next game the host started with a table's seats, once it was over ("again").
CREATE TABLE IF NOT EXISTS hub_next_tables (
    table_id  INTEGER PRIMARY KEY REFERENCES tables(id),
    next_id   INTEGER NOT NULL REFERENCES tables(id)
);
-- When a table's game began: every phone seat had joined, or the host started it without them.
-- Until then its clock and its bots wait. A table with actions has begun, row or not.
CREATE TABLE IF NOT EXISTS hub_started (
    table_id  INTEGER PRIMARY KEY REFERENCES tables(id),
    at        REAL NOT NULL
);
-- The name a player gave their seat (or the host gave it): free text, shown escaped everywhere.
CREATE TABLE IF NOT EXISTS hub_names (
    table_id  INTEGER NOT NULL REFERENCES tables(id),
    seat      INTEGER NOT NULL,
    name      TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
-- Each time the host handed a seat to another controller (a player left: a bot plays on; they
-- came back), with the bot's level and how many actions the game held then. Never changed.
CREATE TABLE IF NOT EXISTS hub_handovers (
    id          INTEGER PRIMARY KEY,
    table_id    INTEGER NOT NULL REFERENCES tables(id),
    seat        INTEGER NOT NULL,
    before      TEXT NOT NULL,
    controller  TEXT NOT NULL,
    level       TEXT NOT NULL,
    at_action   INTEGER NOT NULL,
    at          REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS hub_settings (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS hub_clocks (
    table_id  INTEGER PRIMARY KEY REFERENCES tables(id),
    used_s    REAL NOT NULL,
    extra_s   REAL NOT NULL
);
{TAGS_SCHEMA};
{COPIES_SCHEMA}CREATE TABLE IF NOT EXISTS web_requests (
    key          TEXT PRIMARY KEY,   -- scope (table and seat, or table starts) and the client's key
    fingerprint  TEXT NOT NULL,      -- what was asked: one key may not name two requests
    before       INTEGER NOT NULL,   -- the journal's position when the hub took it up
    status       INTEGER,            -- NULL while under way
    body         TEXT,
    at           REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS venue_results (
    table_id  INTEGER PRIMARY KEY,
    result_id TEXT NOT NULL UNIQUE,
    payload   TEXT NOT NULL,
    created   REAL NOT NULL,
    acked     REAL
);
-- A word beside an action (a card the host moved from a wrong reader): the actions stay as they are.
CREATE TABLE IF NOT EXISTS action_notes (
    table_id  INTEGER NOT NULL REFERENCES tables(id),
    seq       INTEGER NOT NULL,
    note      TEXT NOT NULL,
    at        REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS venue_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
-- Judge calls raised at this hub's seats, and how each stands (console/venue/calls.py).
CREATE TABLE IF NOT EXISTS venue_calls (
    call_id  TEXT PRIMARY KEY,
    table_id INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    payload  TEXT NOT NULL,
    state    TEXT NOT NULL,
    updated  REAL NOT NULL
);
-- The seats the venue's pairing gave a table, once its host accepted them.
CREATE TABLE IF NOT EXISTS venue_seatings (
    table_id   INTEGER PRIMARY KEY,
    seating_id TEXT NOT NULL UNIQUE,
    seating    TEXT NOT NULL
);
"""
