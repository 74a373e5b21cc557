"""docs/venue.md's evening set-up, followed as written against a real Mosquitto: step 1's commands
(the configuration, the ACL `tabletop venue acl` makes, a password per user), step 2's [venue]
section in each hub's configuration, and step 3's board command, until the board shows every
hub online with its table.

What differs from a venue is only where things are: /etc/mosquitto is a folder of the test's,
the broker listens on a free port of 127.0.0.1 (the documented `listener 1883` is moved there),
`venue.local` is 127.0.0.1, and `systemctl restart mosquitto` starts the broker with Debian's
own main configuration (which includes conf.d). `sudo` is dropped, and so is `chown` unless the
test runs as root with Debian's mosquitto user.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import secrets
import shlex
import subprocess
import sys
import textwrap
import threading
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from console.venue.broker import find_mosquitto, free_port
from console.web.hub_process import HubProcess
from tests.venue.conftest import need, wait_for

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "venue.md"


def code_blocks(language: str) -> list[str]:
    found = re.findall(rf"^( *)```{language}\n(.*?)^\1```", DOC.read_text(), flags=re.M | re.S)
    return [textwrap.dedent(block) for _, block in found]


class Venue:
    """The machine of docs/venue.md, in ``folder``: its /etc/mosquitto, its broker, its hubs."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.etc = folder / "etc" / "mosquitto"
        (self.etc / "conf.d").mkdir(parents=True)
        self.port = free_port()
        self.passwords: dict[str, str] = {}
        self.hubs: list[str] = []
        self.broker: subprocess.Popen[bytes] | None = None
        # `tabletop` as the README installs it: this interpreter's.
        self.env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}

    def here(self, text: str) -> str:
        return text.replace("/etc/mosquitto", str(self.etc)).replace("venue.local", "127.0.0.1")

    def run_step_1(self, script: str) -> None:
        for line in script.splitlines():
            command = self.here(line.replace("sudo ", ""))
            words = shlex.split(command)
            if words[:2] == ["apt-get", "install"]:
                need("mosquitto", find_mosquitto())
            elif words[0] == "mosquitto_passwd":
                user = words[-1]
                self.passwords[user] = secrets.token_urlsafe(12)
                typed = f"{self.passwords[user]}\n" * 2  # asked twice
                subprocess.run(words, input=typed, text=True, check=True, capture_output=True)
            elif words[0] == "chown" and not self._can_chown(words[1]):
                continue
            elif words[:2] == ["systemctl", "restart"]:
                self.start_broker()
            else:
                if words[:3] == ["tabletop", "venue", "acl"]:
                    self.hubs = [word for word in words[5 : words.index("|")]]
                subprocess.run(command, shell=True, check=True, cwd=ROOT, env=self.env, capture_output=True)
                if words[0] == "cp":
                    self._configured_here()

    @staticmethod
    def _can_chown(owner: str) -> bool:
        try:
            pwd.getpwnam(owner.rstrip(":"))
        except KeyError:
            return False
        return os.geteuid() == 0

    def _configured_here(self) -> None:
        """The configuration copied to conf.d, with its files and its listener where ours are."""
        for conf in (self.etc / "conf.d").glob("*.conf"):
            text = self.here(conf.read_text())
            conf.write_text(text.replace("\nlistener 1883\n", f"\nlistener {self.port} 127.0.0.1\n"))

    def start_broker(self) -> None:
        """As Debian's service starts it: its main configuration, which includes conf.d."""
        main = self.folder / "mosquitto.conf"
        (self.folder / "lib").mkdir(exist_ok=True)
        main.write_text(
            f"pid_file {self.folder / 'mosquitto.pid'}\n"
            f"persistence_location {self.folder / 'lib'}/\n"
            f"log_dest file {self.folder / 'mosquitto.log'}\n"
            f"include_dir {self.etc / 'conf.d'}\n"
            f"user {pwd.getpwuid(os.geteuid()).pw_name}\n"
        )
        program = find_mosquitto()
        assert program is not None
        self.broker = subprocess.Popen([program, "-c", str(main)])
        wait_for(lambda: self.broker and self._listening(), what="the broker to listen")

    def _listening(self) -> bool:
        import socket

        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
        except OSError:
            return False
        return True

    def hub_config(self, hub: str, section: str) -> Path:
        """Step 2 for ``hub``: the documented section with its name, its password and the port."""
        text = self.here(section).replace('"table1"', f'"{hub}"')
        text = text.replace("the password given to table1", self.passwords[hub])
        text += f"port = {self.port}\n"
        config = self.folder / hub / "hub.toml"
        config.parent.mkdir()
        config.write_text(text)
        config.chmod(0o600)
        return config

    def stop(self) -> None:
        if self.broker is not None:
            self.broker.terminate()
            self.broker.wait(10)


@pytest.fixture
def venue(tmp_path: Path) -> Iterator[Venue]:
    need("mosquitto", find_mosquitto())
    started = Venue(tmp_path)
    yield started
    started.stop()


def start_board(venue: Venue, command: str) -> tuple[subprocess.Popen[str], str]:
    """Step 3's command, with the board's page on a free port of 127.0.0.1."""
    words = shlex.split(venue.here(command))
    env = dict(venue.env)
    while "=" in words[0]:
        name, value = words.pop(0).split("=", 1)
        env[name] = value if value != "the password given to board" else venue.passwords["board"]
    words = [word if word != "0.0.0.0" else "127.0.0.1" for word in words]
    words += ["--broker-port", str(venue.port), "--port", "0", "--results", str(venue.folder / "results.db")]
    board = subprocess.Popen(words, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert board.stdout is not None
    url = ""
    for line in board.stdout:
        if found := re.search(r"on (http://\S+)/ ", line):
            url = found.group(1)
            break
    assert url, "the board did not start"
    threading.Thread(target=board.stdout.read, daemon=True).start()  # the rest, unread
    return board, url


@pytest.mark.slow  # a broker, three hub processes and a board process
def test_the_documented_setup_reaches_a_board_with_every_hub_live(venue: Venue) -> None:
    step_1, step_3 = code_blocks("sh")[:2]
    (step_2,) = code_blocks("toml")[:1]
    assert "--venue cafe" in step_1 and 'venue = "cafe"' in step_2  # the venue's own name throughout
    venue.run_step_1(step_1)
    assert venue.hubs == ["table1", "table2", "table3"]
    hubs = [
        HubProcess(
            venue.folder / hub / "journal.db",
            "--config",
            str(venue.hub_config(hub, step_2)),
            "--port",
            "0",
            "--inputs",
            "none",
        )
        for hub in venue.hubs
    ]
    board, url = start_board(venue, step_3)
    try:

        def live() -> list[str]:
            with urllib.request.urlopen(f"{url}/api/board", timeout=5) as answer:
                seen = json.loads(answer.read())
            return sorted(hub["hub"] for hub in seen["hubs"] if hub["online"] and hub["tables"])

        wait_for(lambda: live() == venue.hubs, timeout=30, what="every hub online with its table")
        for hub in hubs:
            assert "connected" in hub.request("GET", "/api/venue")[1]["badge"]
    finally:
        board.terminate()
        board.wait(10)
        if board.stdout is not None:
            board.stdout.close()
        for hub in hubs:
            hub.stop()
