"""Live updates: the first byte at once, keep-alives, replay from Last-Event-ID, no thread held."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from flask.testing import FlaskClient

from console.hub.service import Hub
from console.hub.worker import Act, Barrier
from console.web.sse_client import Message
from tests.helpers.responses import json_body

Reader = Callable[..., tuple[list[str], list[Message]]]


def states(messages: list[Message]) -> list[Message]:
    return [m for m in messages if m.get("event") == "state"]


def tid(hub: Hub) -> int:
    return hub.tables()[0].table.id


def test_the_first_bytes_are_a_comment_sent_at_once(
    client: FlaskClient, hub: Hub, read_stream: Reader
) -> None:
    chunks, _ = read_stream(client, f"/api/tables/{tid(hub)}/events", lambda m: True)
    assert chunks[0].startswith(": ") and "retry: " in chunks[0]


def test_a_fresh_stream_starts_with_the_current_state_and_its_event_id(
    client: FlaskClient, hub: Hub, read_stream: Reader
) -> None:
    _, messages = read_stream(client, f"/api/tables/{tid(hub)}/events", lambda m: bool(states(m)))
    state = states(messages)[0]
    snapshot = hub.tables()[0].channel.snapshot
    assert int(state["id"]) == snapshot.last_id == state["data"]["last_id"]
    assert not [m for m in messages if m.get("event") == "game"]


def test_a_quiet_stream_sends_keep_alive_comments(client: FlaskClient, hub: Hub, read_stream: Reader) -> None:
    _, messages = read_stream(
        client,
        f"/api/tables/{tid(hub)}/events",
        lambda m: sum(x.get("comment") == "keep-alive" for x in m) >= 2,
    )
    assert sum(m.get("comment") == "keep-alive" for m in messages) >= 2


def test_a_reconnecting_phone_gets_every_event_it_missed_then_the_state(
    client: FlaskClient, hub: Hub, read_stream: Reader
) -> None:
    worker = hub.tables()[0]
    token = hub.tokens(tid(hub))[1]
    seen = worker.channel.snapshot.last_id
    legal = json.loads(worker.channel.snapshot.payloads[1])["legal"]
    worker.post(Act(1, legal[0], "phone")).result(10)  # happens while the phone is away
    missed = [e.id for e in worker.channel.events_after(seen, 1)]
    assert missed
    _, messages = read_stream(
        client,
        f"/api/tables/{tid(hub)}/seats/1/events",
        lambda m: bool(states(m)),
        **{"Last-Event-ID": str(seen), "Authorization": f"Bearer {token}"},
    )
    games = [m for m in messages if m.get("event") == "game"]
    assert [int(m["id"]) for m in games] == missed
    assert messages[-1]["event"] == "state" and int(messages[-1]["id"]) >= missed[-1]


def test_an_update_arrives_on_the_open_stream(client: FlaskClient, hub: Hub, read_stream: Reader) -> None:
    worker = hub.tables()[0]
    legal = json.loads(worker.channel.snapshot.payloads[1])["legal"]
    posted: list[bool] = []

    def until(messages: list[Message]) -> bool:
        if states(messages) and not posted:
            posted.append(True)
            worker.post(Act(1, legal[0], "phone"))
        return len(states(messages)) >= 2

    _, messages = read_stream(client, f"/api/tables/{tid(hub)}/events", until)
    first, second = states(messages)[:2]
    assert second["data"]["version"] > first["data"]["version"]
    assert second["data"]["actions"] > first["data"]["actions"]


def test_a_seat_stream_needs_the_seats_token(client: FlaskClient, hub: Hub) -> None:
    url = f"/api/tables/{tid(hub)}/seats/1/events"
    assert client.get(url).status_code == 403
    token = hub.tokens(tid(hub))[2]
    assert client.get(url, headers={"Authorization": f"Bearer {token}"}).status_code == 403


@pytest.mark.slow  # waits out a stream's whole life (2 s here)
def test_a_stream_ends_on_its_own_after_its_longest_life(client: FlaskClient, hub: Hub) -> None:
    response = client.get(f"/api/tables/{tid(hub)}/events")
    text = b"".join(response.iter_encoded()).decode()  # returns: max_stream_s is 2 s in these tests
    response.close()
    assert "event: state" in text
    assert hub.slots.open == 0


def test_a_closed_stream_gives_its_slot_back(client: FlaskClient, hub: Hub, read_stream: Reader) -> None:
    read_stream(client, f"/api/tables/{tid(hub)}/events", lambda m: True)
    assert hub.slots.open == 0


def test_when_every_stream_slot_is_taken_a_new_stream_is_refused_with_503(
    client: FlaskClient, hub: Hub
) -> None:
    for _ in range(hub.slots.limit):
        hub.slots.acquire()
    response = client.get(f"/api/tables/{tid(hub)}/events")
    assert response.status_code == 503 and "streams" in json_body(response)["error"]


def test_a_malformed_last_event_id_is_a_400(client: FlaskClient, hub: Hub) -> None:
    response = client.get(f"/api/tables/{tid(hub)}/events", headers={"Last-Event-ID": "drop table"})
    assert response.status_code == 400


def test_a_stream_carries_only_the_events_its_reader_is_in_the_audience_of(
    client: FlaskClient, hub: Hub, read_stream: Reader
) -> None:
    worker = hub.tables()[0]
    for seat in (1, 2):  # both choose in secret: each gets a private event the other must not
        legal = json.loads(worker.channel.snapshot.payloads[seat])["legal"]
        worker.post(Act(seat, legal[0], "phone")).result(10)
    worker.post(Barrier()).result(10)
    # the engine's own audiences, straight from the table's log
    audiences = {index + 1: logged.event.audience for index, logged in enumerate(worker.table.log)}
    assert any(audience is not None for audience in audiences.values())
    tokens = hub.tokens(tid(hub))
    for reader, path, headers in [
        (None, f"/api/tables/{tid(hub)}/events", {}),
        (1, f"/api/tables/{tid(hub)}/seats/1/events", {"Authorization": f"Bearer {tokens[1]}"}),
        (2, f"/api/tables/{tid(hub)}/seats/2/events", {"Authorization": f"Bearer {tokens[2]}"}),
    ]:
        _, messages = read_stream(
            client, path, lambda m: bool(states(m)), **{**headers, "Last-Event-ID": "0"}
        )
        received = [int(m["id"]) for m in messages if m.get("event") == "game"]
        expected = [i for i, audience in sorted(audiences.items()) if audience is None or reader in audience]
        assert received == expected
