"""``tabletop serve`` in a process of its own, as a user starts it: for the benchmark and for the
tests that kill the hub, restart it, or drive it with a real browser.
"""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any


class HubProcess:
    """Starts ``tabletop --journal JOURNAL serve OPTIONS`` (no user configuration file is read)
    and waits until it serves; ``url`` and ``pin`` are read from what it prints. ``under``: a
    command the hub is started by (it must end by running the command given after it)."""

    def __init__(
        self,
        journal: Path,
        *options: str,
        timeout: float = 30.0,
        file_limit: int | None = None,
        under: Sequence[str] = (),
    ) -> None:
        env = {**os.environ, "XDG_CONFIG_HOME": str(journal.parent / "no-config"), "PYTHONUNBUFFERED": "1"}
        command = [*under, sys.executable, "-m", "console.cli", "--journal", str(journal), "serve", *options]
        self.spawned = time.monotonic()

        def limited() -> None:  # the open-files limit a service has (a Pi's: about 2,000), hard too
            if file_limit is not None:
                resource.setrlimit(resource.RLIMIT_NOFILE, (file_limit, file_limit))

        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True, preexec_fn=limited
        )
        self.lines: list[str] = []
        self.url = self.pin = ""
        self._serving = threading.Event()
        self._drainer = threading.Thread(target=self._drain, daemon=True)
        self._drainer.start()
        if not self._serving.wait(timeout):
            self.stop()
            raise RuntimeError("the hub did not start:\n" + "".join(self.lines))

    def _drain(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.append(line)
            if match := re.search(r"host PIN (\d+)", line):
                self.pin = match.group(1)
            if not self.url and (match := re.search(r"serving on (http://\S+)/ ", line)):
                self.url = match.group(1)
                self._serving.set()

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        return int(found.group(1)) / 1024 if found else float("nan")

    def get(self, path: str, token: str = "") -> bytes:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        request = urllib.request.Request(self.url + path, headers=headers)
        with urllib.request.urlopen(request, timeout=30) as response:
            return bytes(response.read())

    def request(self, method: str, path: str, body: Any = None, **headers: str) -> tuple[int, Any]:
        """A JSON request as this hub's own pages make it (same origin); (status, decoded body)."""
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            headers = {"Content-Type": "application/json", "Origin": self.url, **headers}
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            with error:
                return error.code, json.loads(error.read() or b"null")

    def new_table(self, spec: dict[str, Any]) -> int:
        """A table made as the host's start form makes it (``spec``: ``POST /api/tables``'s body)."""
        status, made = self.request("POST", "/api/tables", spec, **{"X-Host-Pin": self.pin})
        if status != 201:
            raise RuntimeError(f"the hub refused the table {spec}: {made}")
        return int(made["id"])

    def join_links(self, table: int) -> dict[int, str]:
        """Each seat's join link (its QR code's address), as the host's controls get them."""
        status, body = self.request("GET", f"/api/tables/{table}/join", **{"X-Host-Pin": self.pin})
        if status != 200:
            raise RuntimeError(f"the hub gave no join links for table {table}: {body}")
        return {int(link["seat"]): str(link["url"]) for link in body["seats"]}

    def seat_tokens(self, table: int) -> dict[int, str]:
        """Each seat's join token (the end of its join link), which opens the seat for a client."""
        return {seat: url.rsplit("/", 1)[1] for seat, url in self.join_links(table).items()}

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as a power cut would leave it."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self._finish()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        self._finish()

    def _finish(self) -> None:
        self.process.wait(10)
        self._drainer.join(10)
        if self.process.stdout is not None:
            self.process.stdout.close()
