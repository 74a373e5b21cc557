"""``tabletop serve`` as typed: ``--game`` starts that game beside the unfinished tables, an
unknown game or a taken port is one line and leaves no table behind, and the start says where
phones join."""

from __future__ import annotations

import dataclasses
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from console.cli import main
from console.hub.service import Hub
from console.journal import Journal
from console.table import Table
from console.web import join
from console.web.hub_process import HubProcess
from console.web.server import greeting


def tables_in(journal: Path) -> list[str]:
    with Journal(journal) as opened:
        return [record.game for record in opened.tables()]


def test_serve_game_starts_that_game_and_keeps_the_unfinished_table(
    tmp_path: Path, hub_process: Callable[..., HubProcess]
) -> None:
    journal = tmp_path / "j.db"
    with Journal(journal) as opened:
        old = Table.start(opened, "wisteria", 2, seed=3)
    hub = hub_process(journal, "--game", "wheels", "--inputs", "none")
    text = "".join(hub.lines)
    assert "started table 2: Wheels of War" in text and f"{hub.url}/tables/2" in text
    status, listed = hub.request("GET", "/api/tables")
    assert status == 200 and {(t["id"], t["game"]) for t in listed["tables"]} == {
        (old.id, "wisteria"),
        (2, "wheels"),
    }


def test_serve_says_where_phones_join(tmp_path: Path, hub_process: Callable[..., HubProcess]) -> None:
    hub = hub_process(tmp_path / "j.db", "--inputs", "none")
    deadline = time.monotonic() + 30
    while "phones on this network" not in "".join(hub.lines) and time.monotonic() < deadline:
        time.sleep(0.05)
    text = "".join(hub.lines)
    assert "phones on this network join at http://" in text and "only this machine" not in text


def test_serve_an_unknown_game_is_one_line_and_makes_no_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = tmp_path / "j.db"
    command = ["--journal", str(journal), "serve", "--game", "chess", "--port", "0", "--inputs", "none"]
    assert main(command) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "there is no game 'chess'" in err
    assert not journal.exists() or tables_in(journal) == []


@pytest.mark.slow
def test_serve_on_a_taken_port_is_one_line_and_makes_no_table(tmp_path: Path) -> None:
    journal = tmp_path / "j.db"
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        # in a process of its own, as typed (waitress leaves a socket for the collector on a failed bind)
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "console.cli",
                "--journal",
                str(journal),
                "serve",
                "--port",
                str(port),
                "--inputs",
                "none",
            ],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "no-config")},
        )
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert f"cannot listen on 0.0.0.0:{port}" in done.stderr and "Traceback" not in done.stdout
    assert tables_in(journal) == []


def test_the_start_says_why_phones_cannot_join(
    hub: Hub, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(join, "lan_address", lambda: "127.0.0.1")  # a Pi not yet on the Wi-Fi
    assert greeting(hub, 8000)[-1].startswith("this machine is on no network yet")
    monkeypatch.setattr(join, "lan_address", lambda: "192.168.1.20")
    said = greeting(hub, 8000)
    assert said[-1].startswith("phones on this network join at http://192.168.1.20:8000/")
    assert f"open http://127.0.0.1:8000/tables/{hub.featured}" in said[-2]
    local = dataclasses.replace(hub.config.server, host="127.0.0.1")
    hub.config = dataclasses.replace(hub.config, server=local)
    assert greeting(hub, 8000)[-1].startswith("only this machine can connect")
