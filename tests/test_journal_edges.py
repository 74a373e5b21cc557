"""The journal's edges, each pinned: header offsets and lengths, the WAL's own identity check,
the one-line explanation of every SQLite failure, and no handle left behind by a refused open."""

from __future__ import annotations

import dataclasses
import os
import sqlite3
import stat
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from console import journal as journal_module
from console.journal import (
    APPLICATION_ID,
    BUSY_TIMEOUT_MS,
    SCHEMA_VERSION,
    SQLITE_MAGIC,
    Journal,
    JournalError,
    _explain,
    _header_problem,
    _statements,
)


def header(version: int = SCHEMA_VERSION, application_id: int = APPLICATION_ID, byte_67: int = 0) -> bytes:
    """A journal's first 100 bytes: the magic, user_version at 60 and application_id at 68."""
    raw = bytearray(SQLITE_MAGIC + bytes(84))
    raw[60:64] = version.to_bytes(4, "big")
    raw[67] = byte_67  # the last byte of the incremental-vacuum field, just before the id
    raw[68:72] = application_id.to_bytes(4, "big")
    return bytes(raw)


def open_handles() -> int:
    return len(os.listdir("/proc/self/fd"))


def test_the_header_fields_are_read_at_their_exact_offsets() -> None:
    assert _header_problem(header()) is None
    assert _header_problem(header(byte_67=1)) is None  # a neighbouring field is not the id
    # A version with a high byte set is newer, not "no version" as three low bytes would say.
    assert "newer tabletop console (journal schema 16777216" in (_header_problem(header(1 << 24)) or "")
    garbage = bytes(range(100))
    assert _header_problem(garbage) == (
        "is not a tabletop journal (not a SQLite file); move it aside or choose another journal path"
    )


def test_a_file_shorter_than_a_header_is_called_truncated_and_a_full_header_is_read(tmp_path: Path) -> None:
    short = tmp_path / "short.db"
    short.write_bytes(header()[:99])
    with pytest.raises(JournalError, match="is only 99 bytes long: truncated"):
        Journal(short)
    exact = tmp_path / "exact.db"
    exact.write_bytes(header())  # our header and nothing after it: past the header check, damaged
    with pytest.raises(JournalError, match="is damaged"):
        Journal(exact)


def test_an_empty_write_ahead_log_beside_an_empty_file_is_nothing(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    path.touch()
    Path(f"{path}-wal").touch()
    Journal(path).close()
    one_byte = tmp_path / "k.db"
    one_byte.touch()
    Path(f"{one_byte}-wal").write_bytes(b"x")
    with pytest.raises(JournalError, match="has a write-ahead log beside it"):
        Journal(one_byte)


def newer_in_its_wal(path: Path) -> Path:
    """A journal killed just after a newer console raised its schema version in the WAL."""
    Journal(path).close()
    child = textwrap.dedent(f"""
        import os, sqlite3
        db = sqlite3.connect({str(path)!r}, isolation_level=None)
        db.execute("PRAGMA wal_autocheckpoint=0")
        db.execute("PRAGMA user_version={SCHEMA_VERSION + 1}")
        os._exit(0)
        """)
    subprocess.run([sys.executable, "-c", child], check=True)
    return path


def test_a_newer_schema_held_only_in_the_write_ahead_log_is_refused(tmp_path: Path) -> None:
    # The main file's header still says schema 1; the un-checkpointed WAL says 2.
    path = newer_in_its_wal(tmp_path / "j.db")
    assert path.read_bytes()[60:64] == SCHEMA_VERSION.to_bytes(4, "big")
    with pytest.raises(JournalError, match=r"newer tabletop console \(journal schema 2"):
        Journal(path)


def test_a_damaged_file_is_named_by_sqlites_own_check_made_nowhere_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "j.db"
    with Journal(path) as journal:
        table_id = journal.create_table("wisteria", 2, 7, {}, None, 1.0)
        for seq in range(300):
            journal.append(table_id, seq, f"1:battle {seq}" * 20, 1.0)
    data = bytearray(path.read_bytes())
    data[4096 * 2 : 4096 * 3] = b"\xa5" * 4096  # one page of the tables overwritten
    path.write_bytes(bytes(data))
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # the read-only check opens the file by URI, never a new file here
    with pytest.raises(JournalError, match=r"is damaged \(SQLite's check: "):
        Journal(path)
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("database is locked", "is held by another program (SQLite: database is locked)"),
        ("database busy", "is held by another program"),
        ("attempt to write a readonly database", "cannot be written (SQLite: attempt to write a readonly"),
        ("read-only file system", "cannot be written"),
        ("file is not a database", "is damaged (SQLite: file is not a database)"),
        ("database disk image is malformed", "is damaged"),
        ("database corrupt", "is damaged"),
        ("disk I/O\nerror", "cannot be used as a journal (SQLite: disk I/O error); check the file"),
    ],
)
def test_every_sqlite_failure_is_explained_in_one_line(message: str, expected: str) -> None:
    explained = _explain(Path("/j.db"), sqlite3.OperationalError(message))
    assert explained.startswith("/j.db ") and expected in explained and "\n" not in explained


def test_a_trigger_body_of_several_lines_stays_one_statement() -> None:
    script = "CREATE TABLE x (a);\nCREATE TRIGGER t BEFORE UPDATE ON x\nBEGIN\n  SELECT 1;\nEND;\n"
    assert _statements(script) == [
        "CREATE TABLE x (a);",
        "CREATE TRIGGER t BEFORE UPDATE ON x\nBEGIN\n  SELECT 1;\nEND;",
    ]


def test_the_connection_waits_for_a_writer_and_serves_every_thread(tmp_path: Path) -> None:
    with Journal(tmp_path / "j.db") as journal:
        assert journal.connection.execute("PRAGMA busy_timeout").fetchone()[0] == BUSY_TIMEOUT_MS == 5000
        found: list[int] = []
        worker = threading.Thread(target=lambda: found.append(len(journal.tables())))
        worker.start()
        worker.join()
        assert found == [0]  # the web threads read the journal the table worker writes


def test_an_in_memory_journal_is_new_and_marked() -> None:
    with Journal(":memory:") as journal:
        assert journal.connection.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert journal.tables() == []


def test_options_are_stored_with_sorted_keys(tmp_path: Path) -> None:
    with Journal(tmp_path / "j.db") as journal:
        table_id = journal.create_table("wisteria", 2, 7, {"round_limit": 3, "copies": 2}, None, 1.0)
        query = "SELECT options FROM tables WHERE id = ?"
        text = journal.connection.execute(query, (table_id,)).fetchone()[0]
        assert text == '{"copies": 2, "round_limit": 3}'


def test_a_record_is_a_frozen_value_and_knows_when_its_game_is_over(tmp_path: Path) -> None:
    with Journal(tmp_path / "j.db") as journal:
        table_id = journal.create_table("wisteria", 2, 7, {}, None, 1.0)
        finished = {}
        for status in ("playing", "paused", "finished", "ended"):
            journal.set_status(table_id, status)
            finished[status] = journal.record(table_id).finished
        assert finished == {"playing": False, "paused": False, "finished": True, "ended": True}
        with pytest.raises(dataclasses.FrozenInstanceError):
            journal.record(table_id).status = "playing"  # type: ignore[misc]


def test_a_new_journal_file_is_readable_by_all_and_writable_by_its_owner(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        Journal(tmp_path / "j.db").close()
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "j.db").stat().st_mode) == 0o644


def test_a_file_deep_in_the_path_is_named_as_what_blocks_the_folder(tmp_path: Path) -> None:
    (tmp_path / "games").write_text("not a folder")
    with pytest.raises(JournalError, match=f"{tmp_path / 'games'} is a file; choose another"):
        Journal(tmp_path / "games" / "2026" / "journal.db")


@pytest.mark.slow
def test_no_open_that_is_refused_leaves_a_handle_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Each open of the held file waits out the busy timeout before it is refused: 5 s apiece at the
    # real setting, seven times. The handles a refusal leaves do not depend on how long it waited.
    monkeypatch.setattr(journal_module, "BUSY_TIMEOUT_MS", 100)
    garbled = tmp_path / "garbled.db"
    garbled.write_bytes(bytes(range(256)) * 8)
    newer = newer_in_its_wal(tmp_path / "newer.db")  # refused after SQLite has opened it
    held = tmp_path / "held.db"
    Journal(held).close()
    holder = sqlite3.connect(held, isolation_level=None, timeout=0)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        Journal(tmp_path / "warm.db").close()  # the first open loads what later ones reuse
        for path in (garbled, newer, held):  # SQLite keeps a closed handle while this process locks it
            with pytest.raises(JournalError):
                Journal(path)
        before = open_handles()
        for path in (garbled, newer, held, garbled, newer, held):
            with pytest.raises(JournalError):
                Journal(path)
        assert open_handles() == before
    finally:
        holder.execute("ROLLBACK")
        holder.close()


def test_closing_twice_is_harmless(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db", exclusive=True)
    before = open_handles()
    other = os.open(tmp_path / "other", os.O_RDWR | os.O_CREAT)  # may reuse the number of a closed fd
    journal.close()
    journal.close()
    os.fstat(other)  # still open: the second close closed nothing else
    os.close(other)
    assert open_handles() <= before


def test_a_folder_that_cannot_be_made_is_named(tmp_path: Path) -> None:
    path = tmp_path / ("x" * 300) / "journal.db"  # a name longer than any file system allows
    with pytest.raises(
        JournalError, match=r"cannot use it \(File name too long\); choose another journal path"
    ):
        Journal(path)
    with pytest.raises(JournalError, match=r"cannot use it \(File name too long\)"):
        Journal(path, readonly=True)  # not "no games in the journal yet"


def test_a_read_only_folder_or_file_is_refused_before_sqlite_sees_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The tests may run as root, whom no mode stops, so the permission answer is forged.
    path = tmp_path / "j.db"
    Journal(path).close()
    monkeypatch.setattr(os, "access", lambda where, mode: False)
    with pytest.raises(JournalError, match=r"its folder .* is read-only; make it writable"):
        Journal(path)
    monkeypatch.setattr(os, "access", lambda where, mode: Path(where) != path)
    with pytest.raises(JournalError, match=r"j.db is read-only; make it writable \(chmod u\+rw\)"):
        Journal(path)


def test_a_file_that_cannot_be_opened_is_named_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", refuse)
    with pytest.raises(JournalError, match=r"cannot open it \(Permission denied\); check the file"):
        Journal(tmp_path / "j.db")
