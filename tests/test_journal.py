"""The journal: durable, append-only, ours alone."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

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
