"""A Mosquitto broker of our own, for tests, benchmarks and a first evening: a generated password
file and ACL (the same rules as hardware/mosquitto/, docs/venue.md) on a port of its choosing.

``acl_text`` is the venue's access rule, made for its name and its hubs (``tabletop venue acl``):
no anonymous user, each hub reads and writes only its own topics, the board reads everything and
writes only acknowledgements and seatings. ``BROKER_SETTINGS`` are the lines every venue broker
has (hardware/mosquitto/tabletop.conf holds them too).
"""

from __future__ import annotations

import getpass
import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

from console.venue import topics

BOARD_USER = "board"


def find_mosquitto() -> str | None:
    """The broker's program: on the PATH, or in /usr/sbin where Debian puts it; None unless its
    password tool (the same package's, on the PATH) is there too, which every local broker needs."""
    program = shutil.which("mosquitto") or shutil.which("mosquitto", path="/usr/sbin:/usr/local/sbin")
    return program if program and shutil.which("mosquitto_passwd") else None


BROKER_SETTINGS = "per_listener_settings false\nallow_anonymous false\n"
# After a listener line (before any, mosquitto 2.0 opens its default listener on 1883 for it). A
# client's id is its user name, whatever id it asks for: a hub logging in with its own password
# and another hub's id would otherwise knock that hub off (and have its will published).
LISTENER_SETTINGS = "use_username_as_clientid true\n"


def acl_text(venue: str, hubs: list[str], readers: Sequence[str] = ()) -> str:
    """The ACL of ``venue`` for ``hubs`` (their broker users are their names), the board, and
    ``readers``: users who read everything and write nothing (a logger, a test's recorder; each
    login is one connection, as client ids are user names). Each user is named, not matched by a
    pattern: a pattern applies to every user, the board's too, which could then publish as a hub
    named "board"."""
    check_names(venue, [*hubs, *readers])
    lines = [
        f"# The venue {venue}'s ACL for Mosquitto, made by `tabletop venue acl --venue {venue} "
        f"{' '.join(hubs)}` (docs/venue.md).",
        "# Make it again, and reload the broker, when a hub joins: a hub not named here can do nothing.",
        "",
        "# Each hub's user is the hub's name: it reads and writes its own topics only, and reads the",
        "# event's round clock.",
    ]
    for hub in hubs:
        lines += [
            f"user {hub}",
            f"topic readwrite {topics.hub_prefix(venue, hub)}/#",
            f"topic read {topics.clock(venue)}",
            "",
        ]
    lines += [
        "# The board reads everything and writes only the round clock and each hub's",
        "# acknowledgements, seatings and judges' answers to its calls.",
        f"user {BOARD_USER}",
        f"topic read {topics.everything(venue)}",
        f"topic write {topics.clock(venue)}",
    ]
    for hub in hubs:
        lines += [f"topic write {topic(venue, hub)}" for topic in (topics.ack, topics.seating, topics.judge)]
    if readers:
        lines += ["", "# Readers read everything and write nothing."]
    for reader in readers:
        lines += [f"user {reader}", f"topic read {topics.everything(venue)}"]
    return "\n".join(lines) + "\n"


def check_names(venue: str, hubs: list[str]) -> None:
    """ValueError, in words, unless the venue and every hub are topic levels and no hub is the
    board or named twice."""
    from console.hub.config import TOPIC_NAME

    for name in [venue, *hubs]:
        if not TOPIC_NAME.fullmatch(name):
            raise ValueError(f"{name!r} cannot be a venue or hub name: letters, digits, '-' or '_' only")
    if BOARD_USER in hubs:
        raise ValueError(f"no hub may be named {BOARD_USER!r}: that is the board's user")
    if len(set(hubs)) != len(hubs):
        raise ValueError("a hub is named twice")
    if not hubs:
        raise ValueError("name the venue's hubs (their broker users), e.g. table1 table2")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LocalBroker:
    """Mosquitto on 127.0.0.1 with ``users`` (name: password) and the venue's ACL, in ``folder``."""

    def __init__(
        self,
        folder: Path,
        venue: str,
        users: dict[str, str],
        port: int = 0,
        tls: tuple[Path, Path, Path] | None = None,
        acl: str | None = None,
        readers: Sequence[str] = (),
    ) -> None:
        """``tls``: (CA, certificate, key) files for a TLS listener instead of plain TCP. ``acl``:
        the ACL's text, if not the venue's (``acl_text``: every user a hub but the board and
        ``readers``)."""
        program = find_mosquitto()
        if program is None:
            raise FileNotFoundError("mosquitto is not installed (apt-get install mosquitto)")
        self.program = program
        self.folder = folder
        self.port = port or free_port()
        self.users = dict(users)
        self.process: subprocess.Popen[bytes] | None = None
        folder.mkdir(parents=True, exist_ok=True)
        passwords = folder / "passwd"
        passwords.write_text("")
        os.chmod(passwords, 0o600)
        for user, password in users.items():
            subprocess.run(
                ["mosquitto_passwd", "-b", str(passwords), user, password], check=True, capture_output=True
            )
        self.acl = folder / "acl"
        hubs = [user for user in users if user != BOARD_USER and user not in readers]
        self.acl.write_text(acl if acl is not None else acl_text(venue, hubs, readers))
        os.chmod(folder / "acl", 0o600)
        self.config = folder / "mosquitto.conf"
        self.config.write_text(
            BROKER_SETTINGS + f"password_file {passwords}\n"
            f"acl_file {folder / 'acl'}\n"
            f"listener {self.port} 127.0.0.1\n"
            + LISTENER_SETTINGS
            + ("" if tls is None else f"cafile {tls[0]}\ncertfile {tls[1]}\nkeyfile {tls[2]}\n")
            + "persistence false\n"
            # Started by root, mosquitto would drop to its own user and lose our 0600 files.
            f"user {getpass.getuser()}\n"
            f"log_dest file {folder / 'mosquitto.log'}\n"
        )

    def start(self, timeout: float = 10.0) -> LocalBroker:
        self.process = subprocess.Popen(
            [self.program, "-c", str(self.config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"mosquitto exited at once; see {self.folder / 'mosquitto.log'}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"mosquitto did not listen on port {self.port} within {timeout} s")

    def reload(self) -> None:
        """Read the ACL and password files again, as ``systemctl reload mosquitto`` does (SIGHUP)."""
        if self.process is not None:
            self.process.send_signal(signal.SIGHUP)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        self.process = None
