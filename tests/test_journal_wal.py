"""A journal's write-ahead log damaged on disk is found before SQLite replays it (issue 23: sixteen
bytes changed inside frame 3 of a killed hub's WAL, and the restart dropped 33 of 207 acknowledged
actions without a word). A log only torn at its end, as a kill leaves it, still opens."""

from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from console.games.checks import random_action
from console.journal import Journal, JournalError
from console.table import Table
from console.walcheck import FRAME_HEADER, HEADER

ACTIONS = 40


def killed_hubs_files(tmp_path: Path) -> tuple[Path, int]:
    """The journal and its WAL as a kill leaves them (copied while the writer has them open),
    with ``ACTIONS`` actions committed one by one into the WAL; and the WAL's page size."""
    live = tmp_path / "live" / "journal.db"
    journal = Journal(live)
    table = Table.start(journal, "wisteria", 2, 1)
    rng = random.Random(1)
    for _ in range(ACTIONS):
        table.submit(random_action(table.state, rng))
    killed = tmp_path / "killed"
    killed.mkdir()
    for suffix in ("", "-wal"):
        shutil.copy(f"{live}{suffix}", killed / f"journal.db{suffix}")
    journal.close()
    wal = (killed / "journal.db-wal").read_bytes()
    return killed / "journal.db", int.from_bytes(wal[8:12], "big")


def files(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(path.parent.iterdir())}


def damage_frame_3(path: Path, page_size: int) -> None:
    wal = bytearray(Path(f"{path}-wal").read_bytes())
    start = HEADER + 2 * (FRAME_HEADER + page_size) + FRAME_HEADER + 100  # inside frame 3's page
    wal[start : start + 16] = bytes(byte ^ 0xFF for byte in wal[start : start + 16])
    Path(f"{path}-wal").write_bytes(bytes(wal))


def tear_the_last_frame(path: Path, page_size: int) -> None:
    wal = Path(f"{path}-wal")
    wal.write_bytes(wal.read_bytes()[: -(page_size // 2)])


def test_the_killed_hubs_journal_opens_with_every_action(tmp_path: Path) -> None:
    path, _ = killed_hubs_files(tmp_path)
    with Journal(path, readonly=True) as journal:
        assert len(journal.actions(1)) == ACTIONS


@pytest.mark.parametrize("readonly", [False, True])
def test_a_damaged_frame_before_the_end_is_refused_and_both_files_kept(
    tmp_path: Path, readonly: bool
) -> None:
    path, page_size = killed_hubs_files(tmp_path)
    damage_frame_3(path, page_size)
    before = files(path)
    with pytest.raises(JournalError) as refused:
        Journal(path, exclusive=not readonly, readonly=readonly)
    said = str(refused.value)
    assert "journal.db-wal is damaged (frame 3 of " in said and "restore the journal from a backup" in said
    assert "\n" not in said and files(path) == before


def test_a_frame_torn_at_the_end_is_a_kill_not_damage(tmp_path: Path) -> None:
    path, page_size = killed_hubs_files(tmp_path)
    tear_the_last_frame(path, page_size)
    with Journal(path, exclusive=True) as journal:
        assert ACTIONS - 2 <= len(journal.actions(1)) < ACTIONS  # the torn commit, not acknowledged


@pytest.mark.parametrize("shape", [damage_frame_3, tear_the_last_frame])
def test_the_hub_says_it_in_one_line(tmp_path: Path, shape: Callable[[Path, int], None]) -> None:
    path, page_size = killed_hubs_files(tmp_path)
    shape(path, page_size)
    from console.cli import main

    code = main(["--journal", str(path), "games"])
    assert code == (2 if shape is damage_frame_3 else 0)
