"""A hub knows when the broker refuses it, and says so in words (its badge, one line in its log);
it sends its presence and tables again until the broker takes them. A live hub is never shown
offline by a late will. Against a real Mosquitto."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from console.hub.config import HubConfig, TableConfig
from console.hub.service import Hub
from console.venue import topics
from console.venue.board import Board
from console.venue.broker import BOARD_USER, LocalBroker, acl_text, find_mosquitto
from console.web import create_app
from tests.venue.conftest import USERS, VENUE, WATCHER, MakeHub, Recorder, need, venue_config, wait_for

HUBS = ["hub1", "hub2", "hub3"]
STRANGER = {"table9": "pw-table9-s"}  # a user of the broker whom the ACL does not name (yet)


@pytest.fixture
def strict_broker(tmp_path: Path) -> Iterator[LocalBroker]:
    need("mosquitto", find_mosquitto())
    hubs = [user for user in USERS if user != BOARD_USER]
    started = LocalBroker(
        tmp_path / "broker", VENUE, {**USERS, **STRANGER}, acl=acl_text(VENUE, hubs)
    ).start()
    yield started
    started.stop()


def stranger_hub(broker: LocalBroker, tmp_path: Path, password: str = STRANGER["table9"]) -> Hub:
    venue = replace(venue_config(broker, "hub1"), hub="table9", username="table9", password=password)
    table = TableConfig(game="wheels", players=2, seats=("phone", "bot"), wait_for_phones=False)
    config = HubConfig(journal=tmp_path / "table9.db", host_pin="24680", venue=venue, table=table)
    return Hub(config).start(inputs=False)


def badge(hub: Hub) -> str:
    page = create_app({"TESTING": True, "HUB": hub}).test_client().get(f"/tables/{hub.tables()[0].table.id}")
    text = page.get_data(as_text=True)
    return text.split('class="venue-badge"', 1)[1].split("</p>", 1)[0]


@pytest.mark.slow  # the broker reloads its ACL and the hub tries again
def test_a_hub_the_acl_does_not_name_says_so_and_is_taken_once_the_acl_names_it(
    strict_broker: LocalBroker, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """It showed a green "connected" while the broker dropped all it sent, and after the ACL was
    fixed it sent its presence again only when restarted."""
    recorder = Recorder(strict_broker)
    hub = stranger_hub(strict_broker, tmp_path)
    try:
        with caplog.at_level(logging.INFO, logger="console.venue"):
            wait_for(lambda: hub.venue.refused, what="the hub to know it is refused")
            assert 'data-connected="no"' in badge(hub)
            assert "the broker refuses what it sends (not authorized)" in badge(hub)
            warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
            assert len(warnings) == 1 and "tabletop venue acl" in warnings[0], warnings
            assert recorder.json(topics.status(VENUE, "table9")) is None
            # The organiser makes the ACL again with the new hub, and reloads the broker.
            strict_broker.acl.write_text(acl_text(VENUE, [*HUBS, "table9"], [WATCHER]))
            strict_broker.reload()
            # A refused hub sends again every resend interval, so on a loaded machine (CI beside a
            # benchmark) its next try may be a while coming: wait for what it does, not for a time.
            presence = wait_for(
                lambda: recorder.json(topics.status(VENUE, "table9")), timeout=45, what="its presence"
            )
            assert presence["online"] is True
            wait_for(
                lambda: recorder.json(topics.table(VENUE, "table9", hub.tables()[0].table.id)),
                timeout=45,
                what="its table",
            )
            wait_for(lambda: not hub.venue.refused, timeout=45, what="the hub to know it is taken")
            assert 'data-connected="yes"' in badge(hub) and "connected" in badge(hub)
            assert any("takes this hub's messages again" in r.getMessage() for r in caplog.records)
    finally:
        hub.stop()
        recorder.close()


def test_a_wrong_password_is_said_in_words(strict_broker: LocalBroker, tmp_path: Path) -> None:
    hub = stranger_hub(strict_broker, tmp_path, password="not-the-password")
    try:
        wait_for(lambda: hub.venue.refused, what="the hub to know it is refused")
        # mosquitto 2.0 answers a wrong password "not authorized", as it does an unknown user
        assert "the broker refuses its login (not authorized): check its user and password" in badge(hub)
    finally:
        hub.stop()


def test_a_late_will_leaves_a_live_hub_online_and_the_hub_puts_its_presence_right(
    tmp_path: Path, make_hub: MakeHub, board: Board, recorder: Recorder, broker: LocalBroker
) -> None:
    """A will of an older connection, delivered after the hub came back: the board ignores it
    (its session is older), and the hub says online again, so a board joining later sees it."""
    hub = make_hub("hub1")
    status = topics.status(VENUE, "hub1")
    wait_for(lambda: board.online_hubs() == ["hub1"], what="hub1 online on the board")
    live = wait_for(lambda: recorder.json(status), what="hub1's presence")["session"]
    late = {"hub": "hub1", "venue": VENUE, "online": False, "session": live - 1, "at": 0, "keepalive_s": 5}
    # Only hub1's user may write there, and one connection of it at a time: the late will goes
    # through the hub's own connection, as the broker would deliver it.
    hub.venue.client.publish(status, json.dumps(late), qos=1, retain=True)
    wait_for(lambda: board.late_wills == 1, what="the board to see the late will")
    assert board.online_hubs() == ["hub1"]
    wait_for(lambda: (recorder.json(status) or {}).get("online") is True, what="hub1 to say online again")
    assert recorder.json(status)["session"] >= live
    # A will of the live connection is no late will: a hub that is gone is shown offline, its
    # tables kept as last seen.
    current = hub.venue.session  # (a reconnection under load would have numbered it on)
    hub.venue.client.publish(status, json.dumps({**late, "session": current}), qos=1, retain=True)
    wait_for(lambda: board.online_hubs() == [], what="hub1 offline")
    tables = board.snapshot()["hubs"][0]["tables"]
    assert tables and all(table["stale"] for table in tables)
