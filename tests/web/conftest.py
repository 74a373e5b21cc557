"""The site over a hub in a temporary folder: bots move at once, streams keep alive quickly."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from console.http.guarded import GuardedServer
from console.hub.config import HubConfig, InputsConfig, ServerConfig, TableConfig
from console.hub.service import RESERVED_THREADS, Hub
from console.web import create_app
from console.web.hub_process import HubProcess
from console.web.pages import GIVEN
from console.web.server import listen
from console.web.sse_client import Message, parse_messages

if TYPE_CHECKING:  # selenium is imported only by a test that drives a browser
    from selenium import webdriver

    from tests.helpers.browser import Chromiums

ORIGIN = {"Origin": "http://localhost"}


def hub_config(
    tmp_path: Path, game: str = "wheels", seats: tuple[str, ...] = ("phone", "phone"), **server: object
) -> HubConfig:
    settings = {"keepalive_s": 0.05, "max_stream_s": 2.0, **server}
    # The seats are played with their tokens, as an API client plays them: no wait for phones.
    return HubConfig(
        journal=tmp_path / "journal.db",
        bot_delay_s=0.0,
        chance_delay_s=0.0,
        host_pin="2468",
        server=ServerConfig(**settings),  # type: ignore[arg-type]
        table=TableConfig(game=game, players=len(seats), seats=seats, seed=11, wait_for_phones=False),
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


@pytest.fixture
def hub_process() -> Iterator[Callable[..., HubProcess]]:
    started: list[HubProcess] = []

    def start(journal: Path, *options: str, **settings: Any) -> HubProcess:
        """The hub as a user starts it, with bots and the dealer that do not pause (``settings``:
        HubProcess's own)."""
        quick = ("--port", "0", "--bot-delay", "0", "--chance-delay", "0", "--keepalive", "1")
        started.append(HubProcess(journal, *quick, *options, **settings))
        return started[-1]

    yield start
    for process in started:
        process.kill()


Browser = Callable[..., "webdriver.Chrome"]


@pytest.fixture
def browser(chromiums: Chromiums) -> Iterator[Browser]:
    """``browser()`` gives a headless Chromium of its own (its own cookies: another device),
    ``browser(phone=True)`` one that emulates a 390x844 phone; all are given back after the test,
    to be handed out again made new (``Chromiums``: no cookies, storage, history or sizes of this
    test). Without Chromium and its driver the test skips (fails under TABLETOP_REQUIRE_ALL=1)."""
    drivers: list[webdriver.Chrome] = []

    def open_browser(phone: bool = False) -> webdriver.Chrome:
        drivers.append(chromiums.take(phone))
        return drivers[-1]

    yield open_browser
    for driver in drivers:
        chromiums.give_back(driver)


@pytest.fixture
def screen(browser: Browser) -> webdriver.Chrome:
    """A headless Chromium showing pages at 1366x768, a TV's table screen."""
    from tests.helpers.browser import size

    driver = browser()
    size(driver, 1366, 768)
    return driver


ServePods = Callable[..., tuple[Hub, str]]


@pytest.fixture
def serve_pods(tmp_path: Path) -> Iterator[ServePods]:
    """``serve_pods(table, stable_ms=0)``: a hub in this process whose pods are simulated (real
    ptys), served by the real waitress server at 127.0.0.1; returns the hub and its address, and
    stops both after the test. ``stable_ms=0``: cards laid and lifted in a breath count; ``None``:
    the default stable window, each card lying still. ``streams``: how many pages may follow the
    tables live at once (one thread each, beside the hub's reserved ones)."""
    served: list[tuple[Hub, GuardedServer]] = []

    def serve(table: TableConfig, stable_ms: int | None = 0, streams: int = 1) -> tuple[Hub, str]:
        inputs = (
            InputsConfig(mode="simulated")
            if stable_ms is None
            else InputsConfig(mode="simulated", stable_ms=stable_ms)
        )
        config = HubConfig(
            journal=tmp_path / "journal.db",
            bot_delay_s=0.0,
            chance_delay_s=0.0,
            host_pin="2468",
            server=ServerConfig(host="127.0.0.1", port=0, threads=RESERVED_THREADS + streams),
            inputs=inputs,
            table=table,
        )
        hub = Hub(config).start()
        server = listen(create_app({"HUB": hub}), hub)
        threading.Thread(target=server.run, daemon=True).start()
        served.append((hub, server))
        return hub, f"http://127.0.0.1:{server.effective_port}"

    yield serve
    for hub, server in served:
        server.close()
        hub.stop()


def join(phone: FlaskClient, url: str, **options: Any) -> TestResponse:
    """A phone opening a join link, as a browser does: it follows the hub's first hop (the phone
    given its seat token as a cookie, console/web/pages.py) and gets the answer after it."""
    answer = phone.get(url, **options)
    if answer.status_code == 303 and f"?{GIVEN}=1" in answer.location:
        answer = phone.get(answer.location, **options)
    return answer
