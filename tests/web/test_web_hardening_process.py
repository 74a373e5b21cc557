"""Issue 23 against a real hub process (its own waitress, its own descriptors): each case failed on
the hub before it (ff1f2bf) and passes now. The measures are ``tabletop bench hub``'s own
(console/bench/hub_hardening.py)."""

from __future__ import annotations

import contextlib
import http.client
import http.cookiejar
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import threading
import time
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from console.bench.hub_hardening import (
    descriptors,
    memory_after_floods,
    random_bots,
    slow_readers,
    stream_growth,
)
from console.journal import DISK_FULL
from tests.web.test_web_reliability import pages_still_served

Start = Callable[..., Any]
pytestmark = pytest.mark.slow


def test_pipelined_slow_readers_of_static_files_hold_no_file_open(tmp_path: Path, hub_process: Start) -> None:
    """A client that pipelines requests for static files and reads slowly kept one descriptor per
    queued answer (320 of them: 1,891 descriptors and "Too many open files" on a Pi's limit)."""
    hub = hub_process(tmp_path / "journal.db", "--inputs", "none")
    before = descriptors(hub.process.pid)
    readers = 60
    with pages_still_served(hub), slow_readers(hub.port, readers, pipelined=12):
        time.sleep(2.0)  # every request read, every answer queued behind the unread ones
        during = descriptors(hub.process.pid)
    # One descriptor a connection, and a few to spare; not one a queued answer (60 x 12 = 720).
    assert during - before <= readers + 20, (before, during)


def test_five_phones_streams_do_not_grow_the_hub_with_each_action(tmp_path: Path, hub_process: Start) -> None:
    """Five phones reading their streams while bots play: the hub grew 55 kB an action (waitress
    kept all a stream had sent) and gave it back only when the streams closed."""
    per_action, received = stream_growth(hub_process(tmp_path / "journal.db", *random_bots(tmp_path)))
    assert received > 5_000_000  # the streams were read: a state an action, each
    # The hub keeps each action's events for the streams to resume from: some 4.6 kB an action of
    # this game with no stream open (``tabletop bench hub``). Five streams kept 55 kB more.
    assert per_action <= 10, f"{per_action:.1f} kB an action"


def test_the_memory_of_a_flood_is_given_back_once_it_has_gone(tmp_path: Path, hub_process: Start) -> None:
    """A wave of idle connections and never-reading streams on a busy table left the hub 50 MB
    bigger for good."""
    hub = hub_process(tmp_path / "journal.db", *random_bots(tmp_path))
    assert memory_after_floods(hub, waves=1) <= 20


# Kills during the host's "again" (half a second each): ten in the suite, as many as wanted with
# TABLETOP_SOAK_KILLS. Before the fix, 3 of 20 left a new table with no link from the old one.
AGAIN_KILLS = int(os.environ.get("TABLETOP_SOAK_KILLS", "10"))


def test_a_kill_during_again_leaves_the_old_evening_or_the_new_one_whole(
    tmp_path: Path, hub_process: Start
) -> None:
    """(Two runs of 30 kills during "again" left 26 and 8 broken evenings: a new table without
    its link from the old one, or without its seats.) Each kill lands within the command's time."""
    rng = random.Random(23)
    outcomes: Counter[str] = Counter()
    for kill in range(AGAIN_KILLS):
        journal = tmp_path / f"evening-{kill}" / "journal.db"
        journal.parent.mkdir()
        hub = hub_process(journal, "--game", "wisteria", "--seats", "phone,phone", "--inputs", "none")
        host = {"X-Host-Pin": hub.pin}
        assert hub.request("POST", "/api/tables/1/host", {"command": "end"}, **host)[0] == 200
        asking = threading.Thread(
            target=lambda hub=hub, host=host: _quietly(
                hub.request, "POST", "/api/tables/1/host", {"command": "again"}, **host
            )
        )
        asking.start()
        time.sleep(rng.random() * 0.02)  # somewhere in the command's own few milliseconds
        hub.kill()
        asking.join(10)
        outcomes[_evening_state(journal)] += 1
    assert set(outcomes) <= {"old evening", "new evening"}, outcomes


def _quietly(call: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
    with contextlib.suppress(OSError, http.client.HTTPException, ValueError):
        call(*args, **kwargs)


def _evening_state(journal: Path) -> str:
    """ "old evening" (one table), "new evening" (the next one whole: its link, seats and
    settings), or what is broken."""
    with sqlite3.connect(f"file:{journal}?mode=ro", uri=True) as db:
        tables = [row[0] for row in db.execute("SELECT id FROM tables ORDER BY id")]
        links = dict(db.execute("SELECT table_id, next_id FROM hub_next_tables").fetchall())
        seats = dict(db.execute("SELECT table_id, count(*) FROM hub_seats GROUP BY table_id").fetchall())
        settings = {row[0] for row in db.execute("SELECT table_id FROM hub_tables")}
    if tables == [1]:
        return "old evening"
    if tables == [1, 2] and links == {1: 2} and seats == {1: 2, 2: 2} and settings == {1, 2}:
        return "new evening"
    return f"broken: tables {tables}, links {links}, seats {seats}, settings {sorted(settings)}"


def test_a_kill_during_a_claim_leaves_the_phone_its_seat(tmp_path: Path, hub_process: Start) -> None:
    """(A kill within 2 ms of a phone opening its join link kept the claim and lost the cookie in
    9 of 20 trials: the phone then needed the host's PIN.) The phone opens the link again."""
    rng = random.Random(24)
    journal = tmp_path / "journal.db"
    options = ("--game", "wisteria", "--seats", "phone,phone", "--inputs", "none")
    for kill in range(AGAIN_KILLS):
        hub = hub_process(journal, *options)  # a game named: a new table beside the unfinished
        table = max(t["id"] for t in hub.request("GET", "/api/tables")[1]["tables"])
        link = urllib.parse.urlsplit(hub.join_links(table)[1]).path
        phone = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        joining = threading.Thread(target=_quietly, args=(phone.open, hub.url + link))
        joining.start()
        time.sleep(rng.random() * 0.02)
        hub.kill()
        joining.join(10)
        again = hub_process(journal, "--inputs", "none")  # the tables resumed, none made
        with phone.open(again.url + link, timeout=30) as opened:
            seat_page = opened.url.endswith(f"/tables/{table}/seats/1")
            assert opened.status == 200 and seat_page, (kill, opened.url)
        again.kill()


def test_a_kill_at_the_games_last_action_leaves_its_answer_and_its_result(
    tmp_path: Path, hub_process: Start
) -> None:
    """(After a kill as the game's last action was journalled, its retry got 404 "there is no open
    table 1" though the journal held its 200 answer.) The retry gets its answer, the result reads.
    The game is the same each time (its seed, the phones' first choices): a first run counts its
    moves, and each kill lands as its last is posted."""
    rng = random.Random(25)
    options = ("--game", "wisteria", "--seats", "phone,phone", "--seed", "5", "--inputs", "none", "--no-wait")
    moves = None
    for kill in range(-1, AGAIN_KILLS):
        journal = tmp_path / f"game-{kill}" / "journal.db"
        journal.parent.mkdir()
        hub = hub_process(journal, *options)
        tokens = {seat: {"Authorization": f"Bearer {token}"} for seat, token in hub.seat_tokens(1).items()}
        played = 0
        while moves is None or played < moves - 1:
            seat, action = _next_move(hub, tokens)
            assert _post(hub, seat, action, tokens, key=None)[0] == 200
            played += 1
            if moves is None and hub.request("GET", "/api/tables/1")[1]["outcome"]:
                moves = played  # the first run: the game's length in the phones' moves
                break
        if kill < 0:
            hub.kill()
            continue
        seat, action = _next_move(hub, tokens)
        key = f"last-move-{kill:04d}"
        posting = threading.Thread(target=_quietly, args=(_post, hub, seat, action, tokens, key))
        posting.start()
        time.sleep(rng.random() * 0.02)
        hub.kill()
        posting.join(10)
        again = hub_process(journal, "--inputs", "none")
        status, answer = _post(again, seat, action, tokens, key)
        assert status == 200 and answer["action"] == action, (kill, status, answer)
        assert again.request("GET", "/api/tables/1")[1]["outcome"], "the result does not read"
        assert again.request("GET", "/api/tables/1/seats/1", **tokens[1])[0] == 200
        again.kill()


def _next_move(hub: Any, tokens: dict[int, dict[str, str]]) -> tuple[int, str]:
    for _ in range(500):
        for seat, auth in tokens.items():
            legal = hub.request("GET", f"/api/tables/1/seats/{seat}", **auth)[1]["legal"]
            if legal:
                return seat, str(legal[0])
        time.sleep(0.01)  # the dealer deals
    raise AssertionError("no seat had a move")


def _post(
    hub: Any, seat: int, action: str, tokens: dict[int, dict[str, str]], key: str | None
) -> tuple[int, Any]:
    once = {"Idempotency-Key": key} if key else {}
    answer: tuple[int, Any] = hub.request(
        "POST", f"/api/tables/1/seats/{seat}/actions", {"action": action}, **tokens[seat], **once
    )
    return answer


# -- a disk that really fills -------------------------------------------------------------------------


def _own_small_disk(folder: Path, size_kb: int, free_kb: int) -> tuple[str, ...]:
    """The command a hub is started under to have ``folder`` on a file system of its own that
    really fills: a ``size_kb`` tmpfs mounted there in a mount namespace of the hub's (no root
    needed: a user namespace maps us to its root), all but ``free_kb`` of it taken by a file."""
    script = (
        f"mount -t tmpfs -o size={size_kb}k tmpfs {folder} && "
        f'head -c {(size_kb - free_kb) * 1024} /dev/zero > {folder}/filler && exec "$@"'
    )
    return ("unshare", "--user", "--map-root-user", "--mount", "sh", "-c", script, "sh")


def _can_mount_a_disk_of_its_own() -> str:
    """Why this machine cannot give a process a tmpfs of its own ("" when it can)."""
    try:
        made = subprocess.run(
            ["unshare", "--user", "--map-root-user", "--mount", "mount", "-t", "tmpfs", "tmpfs", "/mnt"],
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"unshare cannot run: {error}"
    return "" if made.returncode == 0 else f"no mount namespace for a user here: {made.stderr.strip()}"


def test_a_disk_that_really_fills_pauses_the_table_in_words_and_play_resumes_when_space_returns(
    tmp_path: Path, hub_process: Start
) -> None:
    """The full disk of the attack, on a real file system: the hub's journal on a small tmpfs
    that bots fill by playing. (SQLite's page limit stands in for it in test_web_hardening.)"""
    if why := _can_mount_a_disk_of_its_own():
        pytest.skip(why)
    disk = tmp_path / "disk"
    disk.mkdir()
    under = _own_small_disk(disk, size_kb=4096, free_kb=384)
    hub = hub_process(disk / "journal.db", *random_bots(tmp_path), under=under)
    inside = Path(f"/proc/{hub.process.pid}/root") / disk.relative_to("/")  # the hub's own view

    def table() -> dict[str, Any]:
        return dict(hub.request("GET", "/api/tables/1")[1])

    deadline = time.monotonic() + 120
    while table()["problem"] != DISK_FULL:
        assert time.monotonic() < deadline, "the bots never filled the disk"
        time.sleep(0.2)
    actions_when_full = table()["actions"]
    time.sleep(2.0)  # the dealer and the bots try again meanwhile, and are refused
    assert table()["actions"] == actions_when_full and table()["problem"] == DISK_FULL
    screen = hub.get("/tables/1").decode()
    assert "Traceback" not in screen and not any("Traceback" in line for line in hub.lines), hub.lines[-20:]

    (inside / "filler").unlink()  # space again
    while table()["actions"] <= actions_when_full + 10 or table()["problem"]:
        assert time.monotonic() < deadline + 60, "play did not resume by itself"
        time.sleep(0.2)
    # The journal as a power cut would leave it now (SQLite cannot open it through /proc: it
    # resolves the link to our own file system), checked whole.
    os.kill(hub.process.pid, signal.SIGSTOP)
    try:
        for name in ("journal.db", "journal.db-wal"):
            shutil.copyfile(inside / name, tmp_path / name)
    finally:
        os.kill(hub.process.pid, signal.SIGCONT)
    with contextlib.closing(sqlite3.connect(tmp_path / "journal.db")) as db:
        assert db.execute("PRAGMA quick_check").fetchone() == ("ok",)
    assert not any("Traceback" in line for line in hub.lines)
