"""A Mosquitto broker of our own, for tests, benchmarks and a first evening: a generated password
file and ACL (the same rules as hardware/mosquitto/, docs/venue.md) on a port of its choosing.

``acl_text`` is the venue's access rule: no anonymous user, each hub reads and writes only its own
topics, the board reads everything and writes only acknowledgements and seatings.
"""

from __future__ import annotations

import getpass
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

BOARD_USER = "board"


def find_mosquitto() -> str | None:
    """The broker's program: on the PATH, or in /usr/sbin where Debian puts it; None unless its
    password tool (the same package's, on the PATH) is there too, which every local broker needs."""
    program = shutil.which("mosquitto") or shutil.which("mosquitto", path="/usr/sbin:/usr/local/sbin")
    return program if program and shutil.which("mosquitto_passwd") else None


def acl_text(venue: str) -> str:
    return (
        "# Every hub's user is the hub's name: it reads and writes its own topics only.\n"
        f"pattern readwrite tt/v1/{venue}/%u/#\n\n"
        "# The board reads everything and writes only acknowledgements and seatings.\n"
        f"user {BOARD_USER}\n"
        f"topic read tt/v1/{venue}/#\n"
        f"topic write tt/v1/{venue}/+/ack\n"
        f"topic write tt/v1/{venue}/+/seating\n"
    )


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
    ) -> None:
        """``tls``: (CA, certificate, key) files for a TLS listener instead of plain TCP."""
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
        (folder / "acl").write_text(acl_text(venue))
        os.chmod(folder / "acl", 0o600)
        self.config = folder / "mosquitto.conf"
        self.config.write_text(
            "per_listener_settings false\n"
            "allow_anonymous false\n"
            f"password_file {passwords}\n"
            f"acl_file {folder / 'acl'}\n"
            f"listener {self.port} 127.0.0.1\n"
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

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        self.process = None
