"""The journal: durable, append-only, ours alone."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from console import journal as journal_module
from console.journal import Journal, JournalError


def new_table(journal: Journal) -> int:
    return journal.create_table("wisteria", 2, 7, {"victory": "total_control"}, {1: ["4", "2"]}, 100.0)


def test_journal_uses_wal_and_full_sync(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    assert journal.connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert journal.connection.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_actions_are_read_back_in_order_with_the_table_setup(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    with Journal(path) as journal:
        table_id = new_table(journal)
        for seq, notation in enumerate(["chance:draw 1 4", "chance:draw 2 4", "1:battle"]):
            journal.append(table_id, seq, notation, 101.0 + seq)
    with Journal(path) as reopened:
        assert reopened.actions(table_id) == ["chance:draw 1 4", "chance:draw 2 4", "1:battle"]
        record = reopened.record(table_id)
        assert (record.game, record.players, record.seed) == ("wisteria", 2, 7)
        assert record.options == {"victory": "total_control"}
        assert record.decks == {1: ["4", "2"]}
        assert record.actions == 3 and record.status == "playing"


def test_an_out_of_order_action_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    table_id = new_table(journal)
    journal.append(table_id, 0, "1:battle", 1.0)
    with pytest.raises(JournalError, match="out of order"):
        journal.append(table_id, 5, "2:battle", 2.0)
    with pytest.raises(JournalError, match="out of order"):
        journal.append(table_id, 0, "2:battle", 2.0)
    with pytest.raises(sqlite3.IntegrityError):
        journal.connection.execute("INSERT INTO actions VALUES (?, 0, 'x', 0)", (table_id,))
    assert journal.actions(table_id) == ["1:battle"]


def test_the_actions_table_is_append_only(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    table_id = new_table(journal)
    journal.append(table_id, 0, "1:battle", 1.0)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        journal.connection.execute("UPDATE actions SET notation = '1:retreat'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        journal.connection.execute("DELETE FROM actions")
    assert journal.actions(table_id) == ["1:battle"]


def test_finished_and_unfinished_tables_are_listed(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    first, second = new_table(journal), new_table(journal)
    journal.set_status(first, "finished", {"winners": [2], "scores": [0, 36], "reason": "total control"})
    assert [r.id for r in journal.tables()] == [first, second]
    assert [r.id for r in journal.tables(unfinished_only=True)] == [second]
    assert journal.record(first).outcome == {"winners": [2], "scores": [0, 36], "reason": "total control"}


def test_a_file_that_is_not_a_journal_is_refused_and_left_alone(tmp_path: Path) -> None:
    text_file = tmp_path / "notes.db"
    text_file.write_bytes(b"shopping list: cheese, more cheese\n" * 100)
    with pytest.raises(JournalError, match="not a tabletop journal"):
        Journal(text_file)
    assert text_file.read_bytes() == b"shopping list: cheese, more cheese\n" * 100

    other_sqlite = tmp_path / "other.db"
    with sqlite3.connect(other_sqlite) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(JournalError, match="not a tabletop journal"):
        Journal(other_sqlite)
    with sqlite3.connect(other_sqlite) as db:
        names = [row[0] for row in db.execute("SELECT name FROM sqlite_master")]
    assert names == ["recipes"]


def test_an_unknown_table_is_a_clear_error(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    with pytest.raises(JournalError, match="no table 42"):
        journal.actions(42)


def files_beside(path: Path) -> dict[str, bytes]:
    """The file and every SQLite side file of it, byte for byte."""
    return {p.name: p.read_bytes() for p in sorted(path.parent.iterdir()) if p.name.startswith(path.name)}


def test_appends_keep_the_next_position_instead_of_counting_the_actions(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    table_id = new_table(journal)
    statements: list[str] = []
    journal.connection.set_trace_callback(statements.append)
    for seq in range(5):
        journal.append(table_id, seq, "1:battle", 1.0)
    journal.connection.set_trace_callback(None)
    reads = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert len(reads) == 1, reads  # once, for the first append; later appends read nothing
    assert not any("count(" in s.lower() for s in statements)
    journal.close()
    with Journal(tmp_path / "j.db") as reopened:  # the position survives a restart
        with pytest.raises(JournalError, match=r"action 4 is out of order \(expected 5\)"):
            reopened.append(table_id, 4, "2:battle", 2.0)
        reopened.append(table_id, 5, "2:battle", 2.0)
        assert reopened.record(table_id).actions == 6


def test_a_second_writer_cannot_slip_an_action_in_behind_the_kept_position(tmp_path: Path) -> None:
    first = Journal(tmp_path / "j.db")
    table_id = new_table(first)
    first.append(table_id, 0, "1:battle", 1.0)
    with Journal(tmp_path / "j.db") as second:
        second.append(table_id, 1, "2:battle", 2.0)
    with pytest.raises(JournalError, match="action 1 is already in the journal"):
        first.append(table_id, 1, "2:retreat", 3.0)
    first.append(table_id, 2, "1:retreat", 3.0)  # the position is read again after the refusal
    assert first.actions(table_id) == ["1:battle", "2:battle", "1:retreat"]


def test_an_append_with_the_outcome_finishes_the_table_in_the_same_transaction(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    table_id = new_table(journal)
    outcome = {"winners": [1], "scores": [36, 0], "reason": "total control"}
    journal.append(table_id, 0, "1:battle", 1.0, outcome)
    record = journal.record(table_id)
    assert (record.status, record.outcome, record.actions) == ("finished", outcome, 1)
    with pytest.raises(JournalError, match="out of order"):  # refused whole: the outcome is not written
        journal.append(table_id, 3, "1:battle", 1.0, {"winners": [2], "scores": [], "reason": "x"})
    assert journal.record(table_id).outcome == outcome


def test_foreign_keys_are_on_so_an_action_needs_its_table(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    assert journal.connection.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    with pytest.raises(JournalError, match="no table 99"):
        journal.append(99, 0, "1:battle", 1.0)
    with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
        journal.connection.execute("INSERT INTO actions VALUES (99, 0, 'x', 0)")


def test_a_missing_folder_is_made_and_an_empty_file_becomes_a_journal(tmp_path: Path) -> None:
    path = tmp_path / "not" / "yet" / "journal.db"
    with Journal(path) as journal:
        new_table(journal)
    assert path.is_file()
    empty = tmp_path / "touched.db"
    empty.touch()
    with Journal(empty) as journal:
        assert journal.tables() == []
    assert empty.read_bytes()[:16] == b"SQLite format 3\x00"


def test_created_is_read_from_its_own_column(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.db")
    table_id = journal.create_table("wheels", 2, 9, {}, None, 1234.5)
    journal.append(table_id, 0, "1:x", 99.0)
    assert journal.record(table_id).created == 1234.5


def foreign_sqlite_with_a_live_wal(path: Path) -> None:
    """Another program's SQLite file, killed with its write-ahead log and index still beside it."""
    child = textwrap.dedent(
        f"""
        import os, sqlite3
        db = sqlite3.connect({str(path)!r}, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE recipes (name TEXT)")
        db.execute("INSERT INTO recipes VALUES ('cheese on toast')")
        os._exit(0)
        """
    )
    subprocess.run([sys.executable, "-c", child], check=True)


@pytest.mark.parametrize(
    "content",
    [
        b"S",  # truncated to one byte
        b"SQLite format 3\x00" + b"\x00" * 40,  # a header cut short
        bytes(range(256)) * 64,  # garbled
    ],
)
def test_a_truncated_or_garbled_file_is_refused_byte_for_byte(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "j.db"
    path.write_bytes(content)
    with pytest.raises(JournalError, match=r"not a journal|not a tabletop journal") as refused:
        Journal(path, exclusive=True)
    assert str(path) in str(refused.value) and "\n" not in str(refused.value)
    assert files_beside(path) == {"j.db": content}


def test_a_foreign_sqlite_file_and_its_wal_are_left_exactly_as_they_were(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    foreign_sqlite_with_a_live_wal(path)
    before = files_beside(path)
    assert set(before) == {"other.db", "other.db-wal", "other.db-shm"}
    with pytest.raises(JournalError, match=r"SQLite file of another program \(no tabletop mark\)"):
        Journal(path)
    assert files_beside(path) == before


def test_an_empty_sqlite_file_of_another_application_is_not_claimed(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA application_id = 1234")
    before = files_beside(path)
    with pytest.raises(JournalError, match="application id 0x4d2"):
        Journal(path)
    assert files_beside(path) == before


def test_a_damaged_journal_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    with Journal(path) as journal:
        table_id = new_table(journal)
        for seq in range(300):
            journal.append(table_id, seq, f"1:battle {seq}" * 20, 1.0)
    data = bytearray(path.read_bytes())
    data[4096 * 2 : 4096 * 3] = b"\xa5" * 4096  # one page of the tables overwritten
    path.write_bytes(bytes(data))
    with pytest.raises(JournalError, match="is damaged") as refused:
        Journal(path)
    assert "not a tabletop journal" not in str(refused.value)
    assert files_beside(path) == {"j.db": bytes(data)}


def test_a_journal_killed_with_its_wal_opens_with_every_action(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    child = textwrap.dedent(
        f"""
        import os
        from console.journal import Journal
        journal = Journal({str(path)!r})
        table_id = journal.create_table("wheels", 2, 1, {{}}, None, 0.0)
        for seq in range(50):
            journal.append(table_id, seq, "1:x", 0.0)
        os._exit(0)
        """
    )
    subprocess.run([sys.executable, "-c", child], check=True)
    assert (tmp_path / "j.db-wal").stat().st_size > 0
    with Journal(path) as journal:
        assert journal.record(1).actions == 50


HOLDER = textwrap.dedent(
    """
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("PRAGMA locking_mode=EXCLUSIVE")
    db.execute("BEGIN EXCLUSIVE")
    print("holding", flush=True)
    sys.stdin.read()
    """
)


def test_a_journal_held_by_another_program_is_called_held_never_foreign(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "j.db"
    Journal(path).close()
    monkeypatch.setattr(journal_module, "BUSY_TIMEOUT_MS", 100)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        before = files_beside(path)
        with pytest.raises(JournalError, match="held by another program") as refused:
            Journal(path)
        assert "not a tabletop journal" not in str(refused.value)
        assert files_beside(path) == before
    finally:
        holder.communicate("")


def test_one_hub_per_journal_file_however_its_path_is_spelled(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    hub = Journal(path, exclusive=True)
    os.symlink(path, tmp_path / "symlink.db")
    os.link(path, tmp_path / "hardlink.db")
    for other in ("symlink.db", "hardlink.db", "j.db"):
        with pytest.raises(JournalError, match="another tabletop hub, or a game played in a terminal"):
            Journal(tmp_path / other, exclusive=True)
    with Journal(tmp_path / "symlink.db") as reader:  # reading beside a hub is fine
        assert reader.tables() == []
    hub.close()
    Journal(tmp_path / "hardlink.db", exclusive=True).close()  # a stopped hub leaves no lock


def test_a_terminal_game_never_writes_to_a_journal_a_hub_serves_and_a_hub_waits_for_terminals(
    tmp_path: Path,
) -> None:
    path = tmp_path / "j.db"
    hub = Journal(path, exclusive=True)
    with pytest.raises(JournalError, match="a running tabletop hub serves this journal"):
        Journal(path, shared=True)
    hub.close()
    first, second = Journal(path, shared=True), Journal(path, shared=True)  # two terminals may share
    with pytest.raises(JournalError, match="or a game played in a terminal"):
        Journal(path, exclusive=True)
    first.close()
    second.close()
    Journal(path, exclusive=True).close()


def test_an_empty_file_with_a_write_ahead_log_beside_it_is_not_taken_for_new(tmp_path: Path) -> None:
    foreign_sqlite_with_a_live_wal(tmp_path / "other.db")
    path = tmp_path / "j.db"
    path.touch()
    (tmp_path / "j.db-wal").write_bytes((tmp_path / "other.db-wal").read_bytes())
    before = files_beside(path)
    with pytest.raises(JournalError, match="is empty but has a write-ahead log beside it"):
        Journal(path)
    assert files_beside(path) == before


def test_a_file_with_our_mark_but_no_schema_version_is_called_damaged(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA application_id = {journal_module.APPLICATION_ID}")
    db.close()
    before = files_beside(path)
    with pytest.raises(JournalError, match="has the tabletop mark but no schema version"):
        Journal(path)
    assert files_beside(path) == before


def test_tabletop_bench_journal_gives_the_append_cost_at_0_and_20000_actions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from console import bench
    from console.bench import journal as bench_journal

    monkeypatch.setattr(bench_journal, "APPENDS", 5)  # the figures' names and units, not their size
    figures = {figure.name: figure for figure in bench.run(["journal"])}
    assert sorted(figures) == ["journal.append_us_at_0", "journal.append_us_at_20000"]
    assert all(figure.unit == "us" and figure.value > 0 for figure in figures.values())
