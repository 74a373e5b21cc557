"""Identities the broker enforces (hardware/mosquitto/): a client's id is its user name, so no hub
can knock another off with that hub's client id; and each user of the ACL is named, so the board
cannot publish as a hub named "board". Both against a real Mosquitto, each failing before."""

from __future__ import annotations

import threading

import paho.mqtt.client as mqtt

from console.venue import topics
from console.venue.broker import BOARD_USER, LocalBroker
from tests.venue.conftest import USERS, VENUE, MakeHub, Recorder, wait_for


def test_a_hub_with_another_hubs_client_id_does_not_knock_that_hub_off(
    make_hub: MakeHub, broker: LocalBroker, recorder: Recorder
) -> None:
    """It did, 5 times of 5: the broker then published hub1's last will, and the board showed
    hub1 offline."""
    hub = make_hub("hub1")
    wait_for(lambda: hub.venue.connected, what="hub1 to connect")
    status = topics.status(VENUE, "hub1")
    wait_for(lambda: (recorder.json(status) or {}).get("online"), what="hub1 online")
    for _ in range(5):
        answered = threading.Event()
        rogue = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"tt-{VENUE}-hub1")
        rogue.username_pw_set("hub2", USERS["hub2"])
        rogue.on_connect = lambda *_, answered=answered: answered.set()
        rogue.connect("127.0.0.1", broker.port)
        rogue.loop_start()
        try:
            assert answered.wait(10), "the broker did not answer the rogue login"
        finally:
            rogue.disconnect()
            rogue.loop_stop()
    fence = topics.table(VENUE, "hub1", 77)  # hub1's own message after the tries: all came before it
    hub.venue.client.publish(fence, '{"fence": 1}', qos=1)
    wait_for(lambda: recorder.json(fence), what="hub1's message after the tries")
    assert hub.venue.connected and not hub.venue.problem
    said = [payload for topic, payload in recorder.all() if topic == status]
    offline = [payload for payload in said if b'"online":false' in payload]
    assert offline == [], "hub1's last will was published: it was knocked off"


def test_the_board_user_cannot_publish_as_a_hub_named_board(broker: LocalBroker, recorder: Recorder) -> None:
    """``pattern readwrite tt/v1/<venue>/%u/#`` let it: a board could forge a hub, its tables and
    its results."""
    board = Recorder(broker, BOARD_USER)  # a client of the board's user, reading what it may
    forged = [
        topics.status(VENUE, "board"),
        topics.table(VENUE, "board", 1),
        topics.result(VENUE, "board", "r1"),
        topics.status(VENUE, "hub1"),
    ]
    try:
        assert recorder.subscribed.wait(10) and board.subscribed.wait(10)
        for topic in forged:
            board.client.publish(topic, '{"online": true}', qos=1, retain=True)
        fence = topics.ack(VENUE, "hub1")  # the board may write there
        board.client.publish(fence, '["fence"]', qos=1)
        wait_for(lambda: recorder.json(fence), what="the board's own acknowledgement")
        assert [topic for topic, _ in recorder.all() if topic in forged] == []
    finally:
        board.close()
