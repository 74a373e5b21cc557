"""A hub on a real Mosquitto: presence with a last will, retained public table state, results
re-sent until the board acknowledges them, and a hub that plays on while the broker is away."""

from __future__ import annotations

import json
import logging
import time
from pathlib import Path

import pytest

from console.hub.config import TableConfig
from console.venue import topics
from console.venue.board import Board, ResultStore
from console.venue.broker import BOARD_USER, LocalBroker
from tests.venue.conftest import VENUE, MakeHub, Recorder, venue_config, wait_for


def result_ids(recorder: Recorder) -> list[str]:
    return [topic.rsplit("/", 1)[1] for topic, _ in recorder.all() if "/results/" in topic]


def test_a_board_joining_late_finds_the_hub_online_and_its_table_retained(
    make_hub: MakeHub, broker: LocalBroker
) -> None:
    hub = make_hub("hub1")
    table_id = hub.tables()[0].table.id
    wait_for(lambda: hub.venue.connected, what="the hub to connect")
    time.sleep(0.3)
    late = Recorder(broker)
    try:
        status = wait_for(lambda: late.json(topics.status(VENUE, "hub1")), what="the retained presence")
        assert status["online"] is True and status["hub"] == "hub1"
        table = wait_for(lambda: late.json(topics.table(VENUE, "hub1", table_id)), what="the table")
        assert table["game"] == "wheels" and table["status"] == "finished"
        assert table["actions"] == len(hub.tables()[0].table.history)
        assert set(table["scores"]) == {"1", "2"}
    finally:
        late.close()


@pytest.mark.slow  # waits out three resends, then three periods with none
def test_a_result_is_sent_again_until_the_board_acknowledges_it(
    make_hub: MakeHub, broker: LocalBroker, recorder: Recorder
) -> None:
    hub = make_hub("hub1")
    wait_for(lambda: len(result_ids(recorder)) >= 3, what="the result to be sent three times")
    assert len(set(result_ids(recorder))) == 1, "one game, one result id however often it is sent"
    result_id = result_ids(recorder)[0]
    board = Recorder(broker, BOARD_USER)  # acknowledging as the board does
    try:
        board.client.publish(topics.ack(VENUE, "hub1"), f'["{result_id}"]', qos=1)
        wait_for(lambda: not hub.venue.outbox.pending(), what="the acknowledgement to be kept")
    finally:
        board.close()
    sent = len(result_ids(recorder))
    time.sleep(1.0)  # three resend periods
    assert len(result_ids(recorder)) == sent


@pytest.mark.slow
def test_the_board_keeps_each_result_once_and_acknowledges_it(
    make_hub: MakeHub, broker: LocalBroker, recorder: Recorder, tmp_path: Path
) -> None:
    hub = make_hub("hub1", seats=("bot", "bot"))
    for seed in (1, 2):
        hub.start_table(TableConfig(game="wisteria", players=2, seats=("bot", "bot"), seed=seed))
    board = Board(venue_config(broker, BOARD_USER), ResultStore(tmp_path / "board.db")).start()
    try:
        wait_for(lambda: len(board.results.all()) == 3, what="three results at the board")
        wait_for(lambda: not hub.venue.outbox.pending(), what="every result acknowledged")
        time.sleep(0.6)
        results = board.results.all()
        assert len(results) == 3
        assert sorted(r["table"] for r in results) == [w.table.id for w in hub.tables()]
        assert all(r["hub"] == "hub1" and r["winners"] is not None for r in results)
    finally:
        board.stop()


@pytest.mark.slow
def test_without_a_broker_the_hub_plays_on_logs_one_line_and_sends_later(
    make_hub: MakeHub, broker: LocalBroker, recorder: Recorder, caplog: pytest.LogCaptureFixture
) -> None:
    broker.stop()
    caplog.set_level(logging.WARNING, logger="console.venue")
    hub = make_hub("hub1")
    time.sleep(2.5)  # at least two reconnection attempts
    worker = hub.tables()[0]
    assert worker.status == "finished", "the game was played without the broker"
    assert hub.venue.status()["connected"] is False and hub.venue.status()["problem"]
    warnings = [r for r in caplog.records if r.name == "console.venue"]
    assert len(warnings) == 1, [r.getMessage() for r in warnings]
    broker.start()
    recorder.client.reconnect()
    wait_for(lambda: result_ids(recorder), timeout=15, what="the result once the broker is back")
    wait_for(lambda: hub.venue.status()["connected"], what="the badge to turn back")


def test_the_broker_refuses_anonymous_users_and_other_hubs_topics(
    make_hub: MakeHub, broker: LocalBroker, recorder: Recorder
) -> None:
    import paho.mqtt.client as mqtt

    anonymous = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    refused: list[object] = []
    anonymous.on_connect = lambda c, u, f, reason, p: refused.append(reason.is_failure)
    anonymous.connect("127.0.0.1", broker.port)
    anonymous.loop_start()
    try:
        wait_for(lambda: refused, what="the broker's answer")
        assert refused == [True]
    finally:
        anonymous.loop_stop()
    hub = make_hub("hub1")
    wait_for(lambda: hub.venue.connected)
    hub.venue.client.publish(topics.status(VENUE, "hub2"), '{"online": true}', qos=1, retain=True)
    recorder.client.publish(topics.status(VENUE, "hub1"), '{"online": false}', qos=1, retain=True)
    hub.venue.client.publish(topics.table(VENUE, "hub1", 99), '{"probe": 1}', qos=1)
    wait_for(lambda: any(t.endswith("/tables/99") for t, _ in recorder.all()), what="the hub's own topic")
    assert not any("/hub2/" in topic for topic, _ in recorder.all()), "hub1 wrote as hub2"
    assert recorder.json(topics.status(VENUE, "hub1"))["online"] is True, "the board forged a presence"


def test_a_game_that_ended_while_the_hub_was_down_is_still_reported(
    broker: LocalBroker, recorder: Recorder, tmp_path: Path
) -> None:
    """Killed between a game's end and its result being kept: the next start finds it."""
    from console.hub.config import HubConfig
    from console.hub.service import Hub
    from console.venue.outbox import Outbox

    journal = tmp_path / "journal.db"
    table = TableConfig(game="wheels", players=2, seats=("bot", "bot"), seed=3)
    island = Hub(HubConfig(journal=journal, bot_delay_s=0, chance_delay_s=0, table=table))
    island.start(inputs=False)  # the venue was switched on before (the outbox exists) ...
    Outbox(island.journal)
    island.start_table(table)  # ... but this game ended with no publisher to see it
    finished = [w.table.id for w in island.tables()]
    island.stop()
    hub = Hub(HubConfig(journal=journal, venue=venue_config(broker, "hub1"), table=table))
    hub.start(inputs=False)
    try:
        wait_for(lambda: result_ids(recorder), what="the missed result")
        tables = {json.loads(p)["table"] for t, p in recorder.all() if "/results/" in t}
        assert tables == {finished[-1]}, "only the game that ended after the venue was switched on"
    finally:
        hub.stop()


def test_a_seating_the_hub_cannot_play_is_refused_with_a_reason() -> None:
    from console.venue.publisher import check_seating

    good = {"seating_id": "s1", "game": "wheels", "names": {"1": "Ada", "2": "Bea"}, "round": 2}
    assert check_seating(good) == {**good, "round": 2}
    assert check_seating(None) is None
    for bad, words in [
        ({**good, "names": {"1": "Ada"}}, "players"),
        ({**good, "game": "chess"}, "chess"),
        ({**good, "names": {"1": "Ada", "3": "Bea"}}, "seats 1 to N"),
        ({**good, "seating_id": 5}, "seating_id"),
        ({**good, "names": {"1": "", "2": "B"}}, "name"),
    ]:
        with pytest.raises((ValueError, LookupError), match=words):
            check_seating(bad)


def test_the_table_screen_shows_whether_the_venue_is_reached(make_hub: MakeHub, broker: LocalBroker) -> None:
    from console.web import create_app

    hub = make_hub("hub1", seats=("phone", "bot"))
    client = create_app({"TESTING": True, "HUB": hub}).test_client()
    table = f"/tables/{hub.tables()[0].table.id}"
    wait_for(lambda: hub.venue.connected)
    assert 'class="venue-badge" data-connected="yes"' in client.get(table).get_data(as_text=True)
    assert client.get("/api/venue").get_json()["connected"] is True
    broker.stop()
    wait_for(lambda: not hub.venue.connected, what="the hub to notice")
    page = client.get(table).get_data(as_text=True)
    assert 'data-connected="no"' in page and "broker unreachable" in page
