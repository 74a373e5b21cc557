"""Every journal problem is one line naming the file and what to do, exit 2, through the real
commands that open a journal, and the file (with its -wal and -shm) is left byte for byte."""

from __future__ import annotations

import ctypes
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from console import journal as journal_module
from console.cli import main
from console.hub.config import HubConfig
from console.hub.service import Hub
from console.journal import Journal

V1 = Path(__file__).parent / "data" / "journal_v1.db"
COMMANDS = (["games"], ["replay", "1"], ["play", "wisteria", "--seed", "1"])


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file in the folder, byte for byte (so a file made or removed shows too)."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def one_line_exit_2(code: int, out: str, err: str, path: Path, says: str) -> None:
    lines = err.strip().splitlines()
    assert code == 2, (code, out, err)
    assert len(lines) == 1 and lines[0].startswith("tabletop: "), err
    assert str(path) in lines[0] and says in lines[0], lines[0]
    assert "Traceback" not in out + err


def text_file(folder: Path) -> tuple[Path, str]:
    path = folder / "journal.db"
    path.write_bytes(b"shopping list: cheese, more cheese\n" * 100)
    return path, "not a tabletop journal"


def truncated(folder: Path) -> tuple[Path, str]:
    path = folder / "journal.db"
    path.write_bytes(V1.read_bytes()[:1])
    return path, "truncated"


def foreign_with_wal(folder: Path) -> tuple[Path, str]:
    path = folder / "journal.db"
    child = textwrap.dedent(f"""
        import os, sqlite3
        db = sqlite3.connect({str(path)!r}, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE recipes (name TEXT)")
        os._exit(0)  # killed: its -wal and -shm stay
        """)
    subprocess.run([sys.executable, "-c", child], check=True)
    assert (folder / "journal.db-wal").exists()
    return path, "SQLite file of another program"


def empty_foreign(folder: Path) -> tuple[Path, str]:
    path = folder / "journal.db"
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA application_id = 7")
        db.execute("VACUUM")
    return path, "SQLite file of another program"


def damaged(folder: Path) -> tuple[Path, str]:
    path = folder / "journal.db"
    data = bytearray(V1.read_bytes())
    data[4096:8192] = b"\x5a" * 4096
    path.write_bytes(bytes(data))
    return path, "is damaged"


def newer(folder: Path) -> tuple[Path, str]:
    path = folder / "journal.db"
    shutil.copyfile(V1, path)
    with closing(sqlite3.connect(path)) as db:
        db.execute("PRAGMA user_version = 2")
    return path, "newer tabletop console"


def a_bad_row(folder: Path) -> tuple[Path, str]:
    path = folder / "journal.db"
    with closing(Journal(path)) as journal:
        journal.create_table("wisteria", 2, 1, {}, None, 0.0)
    with closing(sqlite3.connect(path)) as db, db:
        db.execute("UPDATE tables SET options = '{not json' WHERE id = 1")
    return path, "table 1's setup cannot be read (Expecting property name"


def a_fifo(folder: Path) -> tuple[Path, str]:
    os.mkfifo(folder / "journal.db")
    return folder / "journal.db", "is a named pipe (FIFO), not a journal file"


def a_symlink_to_a_device(folder: Path) -> tuple[Path, str]:
    (folder / "journal.db").symlink_to("/dev/null")
    return folder / "journal.db", "is a character device, not a journal file"


def parent_is_file(folder: Path) -> tuple[Path, str]:
    (folder / "games").write_text("not a folder\n")
    return folder / "games" / "journal.db", f"{folder / 'games'} is a file"


def a_folder(folder: Path) -> tuple[Path, str]:
    (folder / "journal.db").mkdir()
    (folder / "journal.db" / "keep.txt").write_text("mine\n")
    return folder / "journal.db", "is a folder"


PROBLEMS: dict[str, Callable[[Path], tuple[Path, str]]] = {
    "text": text_file,
    "truncated": truncated,
    "foreign-with-wal": foreign_with_wal,
    "empty-foreign": empty_foreign,
    "damaged": damaged,
    "newer": newer,
    "parent-is-file": parent_is_file,
    "fifo": a_fifo,
    "bad-row": a_bad_row,
    "device": a_symlink_to_a_device,
    "folder": a_folder,
}


@pytest.mark.parametrize("problem", sorted(PROBLEMS))
def test_each_journal_problem_is_one_line_and_changes_nothing(
    problem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, says = PROBLEMS[problem](tmp_path)
    before = snapshot(tmp_path)
    for command in COMMANDS:
        code = main(["--journal", str(path), *command])
        captured = capsys.readouterr()
        one_line_exit_2(code, captured.out, captured.err, path, says)
        assert snapshot(tmp_path) == before


@pytest.mark.parametrize("command", [["games"], ["replay", "1"]])
def test_a_command_that_reads_makes_no_journal_where_there_is_none(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "deeper" / "journal.db"
    main(["--journal", str(path), *command])
    capsys.readouterr()
    assert list(tmp_path.iterdir()) == []


def tabletop(*args: str, home: Path, without_root_override: bool = False) -> subprocess.CompletedProcess[str]:
    """The real command in its own process. ``without_root_override`` drops root's power to
    write where the file modes forbid it, so a read-only file is read-only to this run too."""
    preexec = _drop_file_override if without_root_override and os.geteuid() == 0 else None
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config")}
    return subprocess.run(
        [sys.executable, "-m", "console.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        preexec_fn=preexec,
    )


CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, PR_CAPBSET_DROP = 1, 2, 24


def _drop_file_override() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


@pytest.mark.slow
@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_journal_or_folder_refuses_a_hub_in_one_line_and_is_still_read(
    tmp_path: Path, what: str
) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "journal.db"
    shutil.copyfile(V1, path)
    target = path if what == "file" else folder
    target.chmod(0o555 if what == "folder" else 0o444)
    try:
        before = snapshot(folder)
        run = tabletop(
            "--journal",
            str(path),
            "serve",
            "--port",
            "0",
            "--inputs",
            "none",
            home=tmp_path,
            without_root_override=True,
        )
        one_line_exit_2(run.returncode, run.stdout, run.stderr, path, "read-only")
        assert snapshot(folder) == before
        # A reader only reads: it lists the games of a journal nobody may write, and writes nothing.
        run = tabletop("--journal", str(path), "games", home=tmp_path, without_root_override=True)
        assert run.returncode == 0 and "actions" in run.stdout, (run.stdout, run.stderr)
        assert snapshot(folder) == before
    finally:
        target.chmod(0o755 if what == "folder" else 0o644)


def test_a_missing_folder_is_made(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "new" / "deeper" / "journal.db"
    assert main(["--journal", str(path), "games"]) == 0
    assert capsys.readouterr().out == "no games in the journal yet\n"
    with Journal(path) as journal:
        assert journal.tables() == []


HOLDER = textwrap.dedent("""
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("PRAGMA locking_mode=EXCLUSIVE")
    db.execute("BEGIN EXCLUSIVE")
    print("holding", flush=True)
    sys.stdin.read()
    """)


def test_a_journal_held_by_another_program_is_one_line_saying_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "journal.db"
    shutil.copyfile(V1, path)
    monkeypatch.setattr(journal_module, "BUSY_TIMEOUT_MS", 100)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "holding\n"
        before = snapshot(tmp_path)
        for command in COMMANDS:
            code = main(["--journal", str(path), *command])
            captured = capsys.readouterr()
            one_line_exit_2(code, captured.out, captured.err, path, "held by another program")
            assert "not a tabletop journal" not in captured.err
            assert snapshot(tmp_path) == before
    finally:
        holder.communicate("")


@pytest.mark.slow
def test_a_second_hub_through_a_symlink_or_a_hard_link_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "journal.db"
    shutil.copyfile(V1, path)
    (tmp_path / "symlink.db").symlink_to(path)
    os.link(path, tmp_path / "hardlink.db")
    hub = Hub(HubConfig(journal=path))  # a hub holds the journal (not started: nothing moves)
    try:
        before = snapshot(folder)
        for other in ("symlink.db", "hardlink.db"):
            run = tabletop(
                "--journal", str(tmp_path / other), "serve", "--port", "0", "--inputs", "none", home=tmp_path
            )
            one_line_exit_2(
                run.returncode,
                run.stdout,
                run.stderr,
                tmp_path / other,
                "another tabletop hub, or a game played in a terminal",
            )
            assert snapshot(folder) == before
    finally:
        hub.stop()


def test_a_terminal_game_is_refused_in_words_while_a_hub_serves_its_journal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``tabletop play --resume`` behind a hub's back would write actions its worker never saw,
    and the next tap at the table would break it: refused, and the file left as it was."""
    path = tmp_path / "journal.db"
    shutil.copyfile(V1, path)
    hub = Hub(HubConfig(journal=path))  # a hub serves the journal (not started: nothing moves)
    try:
        before = snapshot(tmp_path)
        for command in (["play", "--resume", "1"], ["play", "wisteria", "--seed", "1"]):
            code = main(["--journal", str(path), *command])
            captured = capsys.readouterr()
            one_line_exit_2(code, captured.out, captured.err, path, "a running tabletop hub serves")
            assert snapshot(tmp_path) == before
        assert main(["--journal", str(path), "games"]) == 0  # reading beside a hub is fine
    finally:
        hub.stop()
