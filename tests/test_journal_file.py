"""The journal's file identity is pinned: a journal written by schema 1 (tests/data/journal_v1.db,
made by tests/data/make_journal_v1.py) must keep opening and replaying, and nothing else may."""

from __future__ import annotations

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from console.hub.store import HubStore
from console.journal import APPLICATION_ID, SCHEMA_VERSION, Journal, JournalError
from console.table import Table

DATA = Path(__file__).parent / "data"
V1 = DATA / "journal_v1.db"


def copy_of_v1(tmp_path: Path) -> Path:
    path = tmp_path / "journal.db"
    shutil.copyfile(V1, path)
    return path


def test_the_mark_and_the_schema_version_are_pinned(tmp_path: Path) -> None:
    assert APPLICATION_ID == 0x54424C54 and SCHEMA_VERSION == 1
    Journal(tmp_path / "j.db").close()
    header = (tmp_path / "j.db").read_bytes()[:100]
    assert header[68:72] == b"TBLT"  # application_id, big-endian
    assert header[60:64] == (1).to_bytes(4, "big")  # user_version
    assert V1.read_bytes()[60:72] == header[60:72]


def test_a_schema_1_journal_opens_and_every_table_replays(tmp_path: Path) -> None:
    with Journal(copy_of_v1(tmp_path)) as journal:
        records = journal.tables()
        assert [(r.id, r.game, r.players, r.seed, r.status) for r in records] == [
            (1, "wisteria", 3, 4242, "finished"),
            (2, "wheels", 2, 4243, "playing"),
            (3, "watch", 4, 4244, "ended"),
        ]
        assert records[0].created == 1_700_000_000.25  # make_journal_v1.CREATED, its own column
        assert records[0].options["victory"] == "total_control"
        assert [r.actions for r in records] == [292, 12, 5]
        assert [r.id for r in journal.tables(unfinished_only=True)] == [2]
        finished = Table.resume(journal, 1)
        outcome = finished.state.outcome()
        assert outcome is not None and outcome.to_json() == records[0].outcome
        assert records[2].outcome == {"winners": [], "scores": [], "reason": "the host ended it"}
        playing = Table.resume(journal, 2)
        assert playing.history == journal.actions(2) and playing.state.outcome() is None
        seats = HubStore(journal).seats(2)
        assert {seat: s.controller for seat, s in seats.items()} == {1: "phone", 2: "bot"}
        playing.advance({}, limit=1)  # and it goes on being written
        assert journal.record(2).actions >= 12


def test_a_journal_of_a_newer_schema_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    path = copy_of_v1(tmp_path)
    with closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    with pytest.raises(JournalError, match=r"newer tabletop console \(journal schema 2, this one reads 1\)"):
        Journal(path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["journal.db"]


def test_a_journal_with_another_mark_is_refused(tmp_path: Path) -> None:
    path = copy_of_v1(tmp_path)
    with closing(sqlite3.connect(path)) as db:
        db.execute(f"PRAGMA application_id = {APPLICATION_ID + 1}")
    with pytest.raises(JournalError, match="another program"):
        Journal(path)
