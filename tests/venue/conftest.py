"""A Mosquitto broker of the tests' own (a free port, generated passwords and the venue's ACL),
hubs that publish to it, and a recorder that keeps every message the board user can read.

Without mosquitto the tests skip with the reason, unless TABLETOP_REQUIRE_ALL=1 makes it a failure.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from flask.testing import FlaskClient

from console.hub.config import HubConfig, ServerConfig, TableConfig, VenueConfig
from console.hub.service import Hub
from console.venue.board import Board, ResultStore
from console.venue.broker import BOARD_USER, LocalBroker, find_mosquitto
from console.venue.web import create_board_app

VENUE = "cafe"
# The recorder logs in as a reader of its own: a client's id is its user name, so a recorder
# logging in as the board would knock the board off.
WATCHER = "watcher"
USERS = {
    "hub1": "pw-hub1-x",
    "hub2": "pw-hub2-y",
    "hub3": "pw-hub3-z",
    BOARD_USER: "pw-board-q",
    WATCHER: "pw-watcher-w",
}


def need(program: str, found: object) -> None:
    if not found:
        reason = f"{program} is not installed (apt-get install {program})"
        if os.environ.get("TABLETOP_REQUIRE_ALL") == "1":
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[LocalBroker]:
    need("mosquitto", find_mosquitto())
    started = LocalBroker(tmp_path / "broker", VENUE, USERS, readers=[WATCHER]).start()
    yield started
    started.stop()


def venue_config(broker: LocalBroker, user: str, **changes: Any) -> VenueConfig:
    settings: dict[str, Any] = {"keepalive_s": 5.0, "resend_s": 0.3, **changes}
    return VenueConfig(
        broker="127.0.0.1",
        port=broker.port,
        venue=VENUE,
        hub=user,
        username=user,
        password=USERS[user],
        **settings,
    )


def wait_for(condition: Callable[[], Any], timeout: float = 10.0, what: str = "the condition") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def body(response: Any) -> Any:
    """A test client response's JSON body, which must be there."""
    data = response.get_json()
    assert data is not None, response.get_data(as_text=True)
    return data


class Recorder:
    """Every message the board user can read, in order of arrival, with the retained ones."""

    def __init__(self, broker: LocalBroker, user: str = WATCHER) -> None:
        self.messages: list[tuple[str, bytes]] = []
        self.latest: dict[str, bytes] = {}
        self._lock = threading.Lock()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        self.client.username_pw_set(user, USERS[user])
        self.client.on_message = self._on_message
        self.client.on_connect = lambda c, *_: c.subscribe(f"tt/v1/{VENUE}/#", qos=1)
        self.subscribed = threading.Event()  # from then on, it hears every message sent
        self.client.on_subscribe = lambda *_: self.subscribed.set()
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        with self._lock:
            self.messages.append((message.topic, bytes(message.payload)))
            self.latest[message.topic] = bytes(message.payload)

    def json(self, topic: str) -> Any:
        with self._lock:
            payload = self.latest.get(topic)
        return json.loads(payload) if payload else None

    def all(self) -> list[tuple[str, bytes]]:
        with self._lock:
            return list(self.messages)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@pytest.fixture
def recorder(broker: LocalBroker) -> Iterator[Recorder]:
    started = Recorder(broker)
    yield started
    started.close()


MakeHub = Callable[..., Hub]


@pytest.fixture
def make_hub(tmp_path: Path, broker: LocalBroker) -> Iterator[MakeHub]:
    hubs: list[Hub] = []

    def make(
        name: str = "hub1",
        game: str = "wheels",
        seats: tuple[str, ...] = ("bot", "bot"),
        delay: float = 0.0,
        default_table: bool = True,
        seed: int = 7,
        language: str = "",
        **venue: Any,
    ) -> Hub:
        """A hub on the broker; ``language``: its own (its table screen's), as ``[server] language``."""
        config = HubConfig(
            server=ServerConfig(language=language),
            journal=tmp_path / name / "journal.db",
            bot_delay_s=delay,
            chance_delay_s=delay,
            host_pin="864209753186",  # long: no timestamp in a message holds it by chance
            venue=venue_config(broker, name, **venue),
            table=TableConfig(game=game, players=len(seats), seats=seats, seed=seed, wait_for_phones=False),
        )
        hub = Hub(config).start(default_table=default_table, inputs=False)
        hubs.append(hub)
        return hub

    yield make
    for hub in hubs:
        hub.stop()


@pytest.fixture
def board(broker: LocalBroker, tmp_path: Path) -> Iterator[Board]:
    """The venue's board, listening to the broker as its own user, its results in a file."""
    started = Board(venue_config(broker, BOARD_USER), ResultStore(tmp_path / "board.db")).start()
    yield started
    started.stop()


@pytest.fixture
def client(board: Board) -> FlaskClient:
    return create_board_app(board, {"TESTING": True}).test_client()
