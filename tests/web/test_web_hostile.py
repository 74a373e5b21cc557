"""Issue 12 at the site's layer: spectators capped per device and never in the seats' share, exact
notation, bad Unicode a 400, exactly-once posts (also across a restart), a busy journal a 503."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from console.http.limits import PinGuard
from console.hub.service import Hub
from console.web import create_app
from tests.helpers.responses import json_body
from tests.web.conftest import hub_config

ORIGIN = {"Origin": "http://localhost"}
HOST = {**ORIGIN, "X-Host-Pin": "2468"}


def tid(hub: Hub) -> int:
    return hub.tables()[0].table.id


def bearer(hub: Hub, seat: int) -> dict[str, str]:
    return {"Authorization": f"Bearer {hub.tokens(tid(hub))[seat]}"}


def legal(client: FlaskClient, hub: Hub, seat: int) -> list[str]:
    answer = client.get(f"/api/tables/{tid(hub)}/seats/{seat}/legal", headers=bearer(hub, seat))
    return list(json_body(answer)["legal"])


def post(client: FlaskClient, hub: Hub, seat: int, body: bytes | dict[str, Any], **headers: str) -> Any:
    url = f"/api/tables/{tid(hub)}/seats/{seat}/actions"
    if isinstance(body, bytes):
        return client.post(
            url,
            data=body,
            content_type="application/json",
            headers={**ORIGIN, **bearer(hub, seat), **headers},
        )
    return client.post(url, json=body, headers={**ORIGIN, **bearer(hub, seat), **headers})


def open_stream(client: FlaskClient, url: str, address: str, **headers: str) -> Any:
    return client.get(url, environ_base={"REMOTE_ADDR": address}, headers=headers, buffered=False)


def test_one_device_holds_at_most_eight_spectator_streams(client: FlaskClient, hub: Hub) -> None:
    url = f"/api/tables/{tid(hub)}/events"
    held = [open_stream(client, url, "192.168.1.50") for _ in range(8)]
    try:
        assert all(r.status_code == 200 for r in held)
        ninth = open_stream(client, url, "192.168.1.50")
        assert ninth.status_code == 503 and "this device" in ninth.json["error"]
        other = open_stream(client, url, "192.168.1.51")
        assert other.status_code == 200
        other.close()
    finally:
        for response in held:
            response.close()
    assert hub.slots.open == 0


def test_spectators_from_many_devices_never_take_the_seats_share(client: FlaskClient, hub: Hub) -> None:
    url = f"/api/tables/{tid(hub)}/events"
    held = []
    try:
        for number in range(hub.slots.limit):
            response = open_stream(client, url, f"10.0.{number // 8}.{number % 8 + 1}")
            if response.status_code != 200:
                assert response.status_code == 503 and "spectator" in response.json["error"]
                break
            held.append(response)
        assert len(held) < hub.slots.limit
        seats = [
            open_stream(
                client, f"/api/tables/{tid(hub)}/seats/{seat}/events", "10.9.9.9", **bearer(hub, seat)
            )
            for seat in (1, 2)
            for _ in range(3)
        ]
        assert [s.status_code for s in seats] == [200] * 6
        for response in seats:
            response.close()
    finally:
        for response in held:
            response.close()


def test_notation_must_be_exact_and_the_refusal_names_the_exact_form(client: FlaskClient, hub: Hub) -> None:
    seat = next(s for s in (1, 2) if legal(client, hub, s))
    action = legal(client, hub, seat)[0]
    before = hub.journal.actions(tid(hub))
    seat_text, _, rest = action.partition(":")
    for variant in (
        f" {action}",
        f"{action} ",
        action.upper(),
        f"\u2003{action}\u3000",
        f"{chr(0xFF10 + int(seat_text))}:{rest}",
    ):  # a full-width digit
        if variant == action:
            continue
        refused = post(client, hub, seat, {"action": variant})
        assert refused.status_code == 400, (variant, refused.json)
        if variant.strip().lower() == action.lower():  # parses, but is not written as the game writes it
            assert json.dumps(action) in refused.json["error"], refused.json
    assert hub.journal.actions(tid(hub)) == before
    assert post(client, hub, seat, {"action": action}).status_code == 200


def test_a_lone_surrogate_is_a_400_not_a_500(client: FlaskClient, hub: Hub) -> None:
    before = hub.journal.actions(tid(hub))
    for body in (b'{"action": "\\ud800"}', b'{"action": "1:say \\udfff hello"}'):
        answer = post(client, hub, 1, body)
        assert answer.status_code == 400 and "Unicode" in answer.json["error"]
    assert hub.journal.actions(tid(hub)) == before


def test_a_retried_action_post_acts_once_and_gets_the_first_answer(client: FlaskClient, hub: Hub) -> None:
    seat = next(s for s in (1, 2) if legal(client, hub, s))
    action = legal(client, hub, seat)[0]
    before = len(hub.journal.actions(tid(hub)))
    first = post(client, hub, seat, {"action": action}, **{"Idempotency-Key": "phone-1-req-0001"})
    again = post(client, hub, seat, {"action": action}, **{"Idempotency-Key": "phone-1-req-0001"})
    assert first.status_code == again.status_code == 200
    assert again.json == first.json and again.headers["Idempotent-Replayed"] == "true"
    assert hub.journal.actions(tid(hub))[before] == action
    mine = [a for a in hub.journal.actions(tid(hub))[before:] if a.startswith(f"{seat}:")]
    assert mine == [action]  # the bots may have moved after it; this seat acted once
    other = post(client, hub, seat, {"action": "1:something else"}, **{"Idempotency-Key": "phone-1-req-0001"})
    assert other.status_code == 422


def test_a_refusal_is_kept_for_its_key_too(client: FlaskClient, hub: Hub) -> None:
    seat = next(s for s in (1, 2) if legal(client, hub, s))
    action = legal(client, hub, seat)[0]
    host = f"/api/tables/{tid(hub)}/host"
    assert client.post(host, json={"command": "pause"}, headers=HOST).status_code == 200
    key = {"Idempotency-Key": "phone-2-req-0001"}
    first = post(client, hub, seat, {"action": action}, **key)
    assert first.status_code == 409 and "paused" in first.json["error"]
    assert client.post(host, json={"command": "resume"}, headers=HOST).status_code == 200
    before = hub.journal.actions(tid(hub))
    again = post(client, hub, seat, {"action": action}, **key)  # a late retry of the refused post
    assert again.status_code == 409 and again.json["error"] == first.json["error"]
    assert hub.journal.actions(tid(hub)) == before


def test_a_malformed_key_is_a_400(client: FlaskClient, hub: Hub) -> None:
    answer = post(client, hub, 1, {"action": "1:end"}, **{"Idempotency-Key": "no spaces allowed"})
    assert answer.status_code == 400 and "Idempotency-Key" in answer.json["error"]


def test_a_retried_table_start_makes_one_table_even_after_a_restart(tmp_path: Path) -> None:
    body = {"game": "wisteria", "seats": ["bot", "bot"]}
    key = {"Idempotency-Key": "host-start-000001"}
    hub = Hub(hub_config(tmp_path)).start(inputs=False)
    try:
        client = create_app({"TESTING": True, "HUB": hub}).test_client()
        first = client.post("/api/tables", json=body, headers={**HOST, **key})
        assert first.status_code == 201
        assert client.post("/api/tables", json=body, headers={**HOST, **key}).json == first.json
        tables = len(hub.journal.tables())
    finally:
        hub.stop()
    hub = Hub(hub_config(tmp_path)).start(inputs=False)
    try:
        client = create_app({"TESTING": True, "HUB": hub}).test_client()
        again = client.post("/api/tables", json=body, headers={**HOST, **key})
        assert again.status_code == 201 and again.json == first.json
        assert len(hub.journal.tables()) == tables
    finally:
        hub.stop()


def leave_under_way(hub: Hub, key: str, before: int) -> None:
    """What a SIGKILL between an action's commit and its answer leaves: its key under way."""
    with hub.journal.lock:
        hub.journal.connection.execute(
            "UPDATE web_requests SET status = NULL, body = NULL, before = ? WHERE key LIKE ?",
            (before, f"%/{key}"),
        )


def test_a_key_left_under_way_by_a_killed_hub_is_settled_from_the_journal(tmp_path: Path) -> None:
    hub = Hub(hub_config(tmp_path)).start(inputs=False)
    try:
        client = create_app({"TESTING": True, "HUB": hub}).test_client()
        seat = next(s for s in (1, 2) if legal(client, hub, s))
        action = legal(client, hub, seat)[0]
        key = "phone-kill-00001"
        before = len(hub.journal.actions(tid(hub)))
        assert post(client, hub, seat, {"action": action}, **{"Idempotency-Key": key}).status_code == 200
        leave_under_way(hub, key, before)
    finally:
        hub.stop()
    hub = Hub(hub_config(tmp_path)).start(inputs=False)
    try:
        client = create_app({"TESTING": True, "HUB": hub}).test_client()
        actions = hub.journal.actions(tid(hub))
        retry = post(client, hub, seat, {"action": action}, **{"Idempotency-Key": key})
        assert retry.status_code == 200 and retry.json["action"] == action
        assert hub.journal.actions(tid(hub)) == actions  # not played again
    finally:
        hub.stop()


def hold_journal(path: Path) -> sqlite3.Connection:
    """Another program holding the journal's write lock, as a backup tool might."""
    other = sqlite3.connect(str(path), isolation_level=None, timeout=0)
    other.execute("BEGIN EXCLUSIVE")
    return other


def test_a_journal_held_by_another_program_is_a_503_with_retry_after(client: FlaskClient, hub: Hub) -> None:
    seat = next(s for s in (1, 2) if legal(client, hub, s))
    action = legal(client, hub, seat)[0]
    hub.journal.connection.execute("PRAGMA busy_timeout=300")
    other = hold_journal(hub.config.journal)
    try:
        busy = post(client, hub, seat, {"action": action}, **{"Idempotency-Key": "busy-journal-01"})
        assert busy.status_code == 503 and busy.headers["Retry-After"] == "2", busy.json
        assert "journal" in busy.json["error"]
    finally:
        other.execute("ROLLBACK")
        other.close()
    retried = post(client, hub, seat, {"action": action}, **{"Idempotency-Key": "busy-journal-01"})
    assert retried.status_code == 200 and hub.journal.actions(tid(hub))[-1:] != []


def test_a_bot_table_waits_out_a_busy_journal_and_carries_on(tmp_path: Path) -> None:
    bots = hub_config(tmp_path, game="wisteria", seats=("bot", "bot"))
    config = dataclasses.replace(bots, bot_delay_s=0.02)
    hub = Hub(config).start(inputs=False)
    try:
        hub.journal.connection.execute("PRAGMA busy_timeout=50")
        worker = hub.tables()[0]
        other = hold_journal(hub.config.journal)
        try:
            time.sleep(0.6)  # the bots try to move, and the journal refuses them
            held = len(hub.journal.actions(worker.table.id))
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert worker.status == "playing", worker.channel.snapshot.payloads[None][:300]
        deadline = time.monotonic() + 10
        while len(hub.journal.actions(worker.table.id)) < held + 5 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(hub.journal.actions(worker.table.id)) >= held + 5 or worker.status == "finished"
        assert worker.status in ("playing", "finished")
    finally:
        hub.stop()


def test_the_pin_guard_forgets_old_addresses_and_locks_after_ten() -> None:
    now = [0.0]
    guard = PinGuard(max_clients=2, clock=lambda: now[0])
    for _ in range(10):
        now[0] += 100.0  # past every doubling wait
        try:
            guard.check("10.0.0.1", "1234", "0000")
        except Exception as error:
            assert type(error).__name__ == "Forbidden"
    try:
        guard.check("10.0.0.1", "1234", "1234")
        raise AssertionError("a locked address got in")
    except Exception as error:
        assert getattr(error, "status", 0) == 429
    guard.check("127.0.0.1", "1234", "1234")
    guard.check("10.0.0.2", "1234", "1234")


def test_a_spectator_refused_for_want_of_slots_gives_its_device_share_back(
    client: FlaskClient, hub: Hub, app: Any
) -> None:
    for _ in range(hub.slots.limit):
        hub.slots.acquire()
    refused = open_stream(client, f"/api/tables/{tid(hub)}/events", "192.168.1.77")
    assert refused.status_code == 503
    assert app.extensions["public_streams"].open == 0
