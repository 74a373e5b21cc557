"""The site over a hub in a temporary folder: bots move at once, streams keep alive quickly."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from console.hub.config import HubConfig, ServerConfig, TableConfig
from console.hub.service import Hub
from console.web import create_app
from console.web.sse_client import Message, parse_messages

ORIGIN = {"Origin": "http://localhost"}


def hub_config(
    tmp_path: Path, game: str = "wheels", seats: tuple[str, ...] = ("phone", "phone"), **server: object
) -> HubConfig:
    settings = {"keepalive_s": 0.05, "max_stream_s": 2.0, **server}
    return HubConfig(
        journal=tmp_path / "journal.db",
        bot_delay_s=0.0,
        chance_delay_s=0.0,
        host_pin="2468",
        server=ServerConfig(**settings),  # type: ignore[arg-type]
        table=TableConfig(game=game, players=len(seats), seats=seats, seed=11),
    )


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[Hub]:
    started = Hub(hub_config(tmp_path)).start(inputs=False)
    yield started
    started.stop()


@pytest.fixture
def app(hub: Hub) -> Flask:
    return create_app({"TESTING": True, "HUB": hub})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


Reader = Callable[..., tuple[list[str], list[Message]]]


@pytest.fixture
def read_stream() -> Reader:
    """Read a stream through the test client until ``until(messages)`` holds; return the chunks
    as they arrived and the messages parsed from them."""

    def read(
        client: FlaskClient, url: str, until: Callable[[list[Message]], bool], **headers: str
    ) -> tuple[list[str], list[Message]]:
        response = client.get(url, headers=headers)
        assert response.status_code == 200, response.data
        assert response.mimetype == "text/event-stream"
        chunks: list[str] = []
        messages: list[Message] = []
        try:
            for chunk in response.iter_encoded():
                chunks.append(chunk.decode())
                messages, _ = parse_messages("".join(chunks))
                if until(messages):
                    break
        finally:
            response.close()
        return chunks, messages

    return read


@pytest.fixture
def config_for() -> Callable[..., HubConfig]:
    return hub_config


class HubProcess:
    """``tabletop serve`` in a process of its own, as a user starts it."""

    def __init__(self, journal: Path, *options: str) -> None:
        env = {**os.environ, "XDG_CONFIG_HOME": str(journal.parent / "config"), "PYTHONUNBUFFERED": "1"}
        command = [
            sys.executable,
            "-m",
            "console.cli",
            "--journal",
            str(journal),
            "serve",
            "--port",
            "0",
            "--bot-delay",
            "0",
            "--chance-delay",
            "0",
            "--keepalive",
            "1",
            *options,
        ]
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True
        )
        self.lines: list[str] = []
        self._lines: queue.Queue[str] = queue.Queue()
        self._reader = threading.Thread(target=self._read_output, daemon=True)
        self._reader.start()
        self.url = self._wait_for(r"serving on (http://\S+)/ ").rstrip("/")
        self.pin = self._wait_for(r"host PIN (\d+)", seen=True)

    def _read_output(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self._lines.put(line)

    def _wait_for(self, pattern: str, seen: bool = False, timeout: float = 30.0) -> str:
        for line in self.lines if seen else []:
            if match := re.search(pattern, line):
                return match.group(1)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self._lines.get(timeout=0.2)
            except queue.Empty:
                if self.process.poll() is not None:
                    break
                continue
            self.lines.append(line)
            if match := re.search(pattern, line):
                return match.group(1)
        raise AssertionError(f"the hub never said {pattern!r}; it said:\n{''.join(self.lines)}")

    def request(self, method: str, path: str, body: Any = None, **headers: str) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        if data is not None:
            headers = {"Content-Type": "application/json", "Origin": self.url, **headers}
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)
        self._reader.join(10)
        if self.process.stdout is not None:
            self.process.stdout.close()


@pytest.fixture
def hub_process() -> Iterator[Callable[..., HubProcess]]:
    started: list[HubProcess] = []

    def start(journal: Path, *options: str) -> HubProcess:
        started.append(HubProcess(journal, *options))
        return started[-1]

    yield start
    for process in started:
        process.kill()
