"""The JSON API: state, legal actions, posting an action, the log; every refusal changes nothing."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from flask.testing import FlaskClient

from console.hub.service import Hub
from console.hub.worker import Barrier, Input
from console.inputs.events import ButtonPressed, Key
from tests.helpers.responses import json_body

ORIGIN = {"Origin": "http://localhost"}


def table_id(hub: Hub) -> int:
    return hub.tables()[0].table.id


def bearer(hub: Hub, seat: int) -> dict[str, str]:
    return {"Authorization": f"Bearer {hub.tokens(table_id(hub))[seat]}"}


def post_action(client: FlaskClient, hub: Hub, seat: int, body: Any, **headers: str) -> Any:
    return client.post(
        f"/api/tables/{table_id(hub)}/seats/{seat}/actions",
        json=body,
        headers={**ORIGIN, **bearer(hub, seat), **headers},
    )


def journal(hub: Hub) -> list[str]:
    return hub.journal.actions(table_id(hub))


def first_legal(client: FlaskClient, hub: Hub, seat: int = 1) -> str:
    legal: list[str] = json_body(
        client.get(f"/api/tables/{table_id(hub)}/seats/{seat}/legal", headers=bearer(hub, seat))
    )["legal"]
    return legal[0]


def test_the_public_state_names_the_game_and_who_is_to_act(client: FlaskClient, hub: Hub) -> None:
    state = json_body(client.get(f"/api/tables/{table_id(hub)}"))
    assert state["game"] == "wheels" and state["seat"] is None
    assert state["to_act"] and "legal" not in state
    assert json_body(client.get("/api/tables"))["tables"][0]["id"] == table_id(hub)


def test_a_seat_state_needs_that_seats_token(client: FlaskClient, hub: Hub) -> None:
    url = f"/api/tables/{table_id(hub)}/seats/1"
    assert client.get(url).status_code == 403
    assert client.get(url, headers=bearer(hub, 2)).status_code == 403
    assert client.get(url, headers={"Authorization": "Bearer forged"}).status_code == 403
    mine = client.get(url, headers=bearer(hub, 1))
    assert mine.status_code == 200 and json_body(mine)["seat"] == 1 and json_body(mine)["can_act"] is True


def test_the_seat_cookie_opens_the_seat_like_the_token(client: FlaskClient, hub: Hub) -> None:
    client.set_cookie(f"tt_seat_{table_id(hub)}", hub.tokens(table_id(hub))[2])
    assert client.get(f"/api/tables/{table_id(hub)}/seats/2").status_code == 200
    assert client.get(f"/api/tables/{table_id(hub)}/seats/1").status_code == 403


def test_a_legal_action_is_applied_and_journalled(client: FlaskClient, hub: Hub) -> None:
    action = first_legal(client, hub)
    response = post_action(client, hub, 1, {"action": action})
    assert response.status_code == 200 and json_body(response)["action"] == action
    assert action in journal(hub)


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"action": "1:fly away"}, 400, "fly"),
        ({"action": 7}, 400, "notation"),
        ({"action": ""}, 400, "notation"),
        ({}, 400, "lacks action"),
        ({"action": "1:x", "extra": 1}, 400, "unknown field"),
        ({"action": "²:choose x"}, 400, "seat must be a number"),  # "²".isdigit(), yet no seat
        ([1, 2], 400, "JSON object"),
    ],
)
def test_a_malformed_body_gets_a_clear_400_and_changes_nothing(
    client: FlaskClient, hub: Hub, body: Any, status: int, says: str
) -> None:
    before = journal(hub)
    response = post_action(client, hub, 1, body)
    assert response.status_code == status and says in json_body(response)["error"]
    assert journal(hub) == before


def test_a_body_that_is_not_json_is_refused(client: FlaskClient, hub: Hub) -> None:
    before = journal(hub)
    url = f"/api/tables/{table_id(hub)}/seats/1/actions"
    headers = {**ORIGIN, **bearer(hub, 1)}
    assert client.post(url, data="action=1:x", headers=headers, content_type="text/plain").status_code == 415
    assert (
        client.post(url, data="{not json", headers=headers, content_type="application/json").status_code
        == 400
    )
    assert journal(hub) == before


def test_an_action_of_another_seat_or_out_of_turn_is_refused(client: FlaskClient, hub: Hub) -> None:
    action = first_legal(client, hub, 1)
    before = journal(hub)
    assert post_action(client, hub, 2, {"action": action}).status_code == 403
    post_action(client, hub, 1, {"action": action})
    again = post_action(client, hub, 1, {"action": action})
    assert again.status_code == 409 and json_body(again)["error"]
    assert journal(hub) == [*before, action]


def test_a_post_needs_a_same_origin_request(client: FlaskClient, hub: Hub) -> None:
    action = first_legal(client, hub)
    url = f"/api/tables/{table_id(hub)}/seats/1/actions"
    before = journal(hub)
    no_origin = client.post(url, json={"action": action}, headers=bearer(hub, 1))
    cross = client.post(
        url, json={"action": action}, headers={**bearer(hub, 1), "Origin": "http://evil.example"}
    )
    assert (no_origin.status_code, cross.status_code) == (403, 403)
    assert "same-origin" in json_body(no_origin)["error"] and "evil.example" in json_body(cross)["error"]
    assert journal(hub) == before
    fetch = client.post(
        url, json={"action": action}, headers={**bearer(hub, 1), "Sec-Fetch-Site": "same-origin"}
    )
    assert fetch.status_code == 200


def test_a_post_needs_the_seat_token(client: FlaskClient, hub: Hub) -> None:
    url = f"/api/tables/{table_id(hub)}/seats/1/actions"
    before = journal(hub)
    response = client.post(url, json={"action": first_legal(client, hub)}, headers=ORIGIN)
    assert response.status_code == 403 and "token" in json_body(response)["error"]
    assert journal(hub) == before


def test_a_ten_megabyte_body_is_refused_with_413(client: FlaskClient, hub: Hub) -> None:
    before = journal(hub)
    body = json.dumps({"action": "1:" + "x" * 10_000_000})
    response = client.post(
        f"/api/tables/{table_id(hub)}/seats/1/actions",
        data=body,
        content_type="application/json",
        headers={**ORIGIN, **bearer(hub, 1)},
    )
    assert response.status_code == 413 and "larger" in json_body(response)["error"]
    assert journal(hub) == before


def test_the_public_log_holds_only_events_everyone_may_see(client: FlaskClient, hub: Hub) -> None:
    tid = table_id(hub)
    post_action(client, hub, 1, {"action": first_legal(client, hub)})  # a secret choice
    public = json_body(client.get(f"/api/tables/{tid}/log"))
    mine = json_body(client.get(f"/api/tables/{tid}/seats/1/log", headers=bearer(hub, 1)))
    worker = hub.tables()[0]
    audiences = {e.id: e.audience for e in worker.channel.events_after(0, 1)}
    assert all(audiences[e["id"]] is None for e in public["events"])
    assert any(audiences[e["id"]] == frozenset({1}) for e in mine["events"])
    assert [e["id"] for e in json_body(client.get(f"/api/tables/{tid}/log?after=2"))["events"]] == [
        e["id"] for e in public["events"] if e["id"] > 2
    ]
    assert client.get(f"/api/tables/{tid}/log?after=x").status_code == 400


def test_an_unknown_table_is_a_404(client: FlaskClient) -> None:
    response = client.get("/api/tables/999")
    assert response.status_code == 404 and "999" in json_body(response)["error"]


def test_host_commands_need_the_host_pin(client: FlaskClient, hub: Hub) -> None:
    url = f"/api/tables/{table_id(hub)}/host"
    assert client.post(url, json={"command": "pause"}, headers=ORIGIN).status_code == 403
    assert (
        client.post(url, json={"command": "pause"}, headers={**ORIGIN, "X-Host-Pin": "0000"}).status_code
        == 403
    )
    paused = client.post(url, json={"command": "pause"}, headers={**ORIGIN, "X-Host-Pin": "2468"})
    assert paused.status_code == 200 and json_body(paused)["status"] == "paused"
    refused = post_action(client, hub, 1, {"action": "1:anything"})
    assert refused.status_code == 409 and "paused" in json_body(refused)["error"]
    bad = client.post(url, json={"command": "explode"}, headers={**ORIGIN, "X-Host-Pin": "2468"})
    assert bad.status_code == 400 and "explode" in json_body(bad)["error"]


def test_wrong_pins_from_one_device_lock_out_that_device_only(client: FlaskClient, hub: Hub) -> None:
    url = f"/api/tables/{table_id(hub)}/host"
    stranger = {"REMOTE_ADDR": "192.168.1.66"}
    for _ in range(3):
        wrong = client.post(
            url, json={"command": "pause"}, headers={**ORIGIN, "X-Host-Pin": "1111"}, environ_base=stranger
        )
        assert wrong.status_code == 403
    slowed = client.post(
        url, json={"command": "pause"}, headers={**ORIGIN, "X-Host-Pin": "2468"}, environ_base=stranger
    )
    assert slowed.status_code == 429 and int(slowed.headers["Retry-After"]) >= 1
    assert hub.tables()[0].status == "playing"
    for address in ("192.168.1.67", "127.0.0.1"):  # another phone, and the hub's own display
        other = client.post(
            url,
            json={"command": "pause"},
            headers={**ORIGIN, "X-Host-Pin": "2468"},
            environ_base={"REMOTE_ADDR": address},
        )
        assert other.status_code == 200, other.json
        client.post(url, json={"command": "resume"}, headers={**ORIGIN, "X-Host-Pin": "2468"})


def test_the_host_starts_a_table_and_assigns_its_seats(client: FlaskClient, hub: Hub) -> None:
    host = {**ORIGIN, "X-Host-Pin": "2468"}
    made = client.post("/api/tables", json={"game": "wheels", "seats": ["bot", "phone"]}, headers=host)
    assert made.status_code == 201
    new_id = json_body(made)["id"]
    assert hub.worker(new_id).controllers == {1: "bot", 2: "phone"}
    changed = client.post(
        f"/api/tables/{new_id}/seats/2/controller", json={"controller": "pod"}, headers=host
    )
    assert changed.status_code == 200 and hub.worker(new_id).controllers[2] == "pod"
    assert client.post("/api/tables", json={"game": "chess"}, headers=host).status_code == 400
    assert client.post("/api/tables", json={"players": "two"}, headers=host).status_code == 400


def test_the_host_hands_a_seat_to_a_bot_of_a_level_and_a_bad_level_is_one_line(
    client: FlaskClient, hub: Hub
) -> None:
    host = {**ORIGIN, "X-Host-Pin": "2468"}
    url = f"/api/tables/{table_id(hub)}/seats/1/controller"
    handed = client.post(url, json={"controller": "bot", "level": "hard"}, headers=host)
    assert handed.status_code == 200 and json_body(handed) == {"controller": "bot"}
    public = json_body(client.get(f"/api/tables/{table_id(hub)}"))
    assert public["names"]["1"] == "Bot 1 (hard)" and public["bots"][0]["level"] == "hard"
    wrong = client.post(url, json={"controller": "bot", "level": "grandmaster"}, headers=host)
    assert wrong.status_code == 409 and "there is no bot level 'grandmaster'" in json_body(wrong)["error"]
    assert client.post(url, json={"controller": "bot", "level": 3}, headers=host).status_code == 400
    assert hub.worker(table_id(hub)).controllers[1] == "bot"


def test_join_codes_are_given_only_with_the_host_pin(client: FlaskClient, hub: Hub) -> None:
    url = f"/api/tables/{table_id(hub)}/join"
    assert client.get(url).status_code == 403
    seats = json_body(client.get(url, headers={"X-Host-Pin": "2468"}))["seats"]
    assert [s["seat"] for s in seats] == [1, 2]
    assert seats[0]["url"].endswith(hub.tokens(table_id(hub))[1]) and seats[0]["svg"].startswith("<svg")


def test_a_body_nested_too_deeply_for_the_decoder_is_a_400(client: FlaskClient, hub: Hub) -> None:
    before = journal(hub)
    response = client.post(
        f"/api/tables/{table_id(hub)}/seats/1/actions",
        data="[" * 30_000 + "]" * 30_000,  # within the 64 kB cap, deeper than json.loads recurses
        content_type="application/json",
        headers={**ORIGIN, **bearer(hub, 1)},
    )
    assert response.status_code == 400 and "nests" in json_body(response)["error"]
    assert journal(hub) == before


@pytest.mark.parametrize("after", ["²", "9" * 5000, "-1", "1e3"])
def test_an_event_id_that_is_not_plain_digits_is_a_400(client: FlaskClient, hub: Hub, after: str) -> None:
    # "²".isdigit() is true but int("²") fails; int() refuses more than 4300 digits
    tid = table_id(hub)
    public_log = client.get(f"/api/tables/{tid}/log", query_string={"after": after})
    seat_log = client.get(
        f"/api/tables/{tid}/seats/1/log", query_string={"after": after}, headers=bearer(hub, 1)
    )
    stream = client.get(f"/api/tables/{tid}/events", headers={"Last-Event-ID": after})
    for response in (public_log, seat_log, stream):
        assert response.status_code == 400 and "event id" in json_body(response)["error"]
    assert hub.slots.open == 0


def test_a_post_the_busy_table_never_took_up_is_a_503_and_changes_nothing(
    client: FlaskClient, hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    worker = hub.tables()[0]
    action = first_legal(client, hub)
    before = journal(hub)
    gate = threading.Event()
    monkeypatch.setattr(worker, "_input", lambda event: gate.wait(10))  # the worker is busy
    monkeypatch.setattr("console.web.api.COMMAND_TIMEOUT_S", 0.1)
    busy = worker.post(Input(ButtonPressed(1, Key.OK)))  # held until the gate opens
    response = post_action(client, hub, 1, {"action": action})
    gate.set()
    busy.result(10)
    worker.post(Barrier()).result(10)
    assert response.status_code == 503 and "nothing was done" in json_body(response)["error"]
    assert journal(hub) == before


@pytest.mark.parametrize(
    "body",
    [{"seed": 10**30}, {"seed": -(10**30)}, {"players": 10**30}, {"game": "wheels", "players": 10**30}],
)
def test_a_table_with_a_seed_or_player_count_out_of_range_is_a_400(
    client: FlaskClient, hub: Hub, body: dict[str, int]
) -> None:
    before = hub.journal.tables()
    response = client.post("/api/tables", json=body, headers={**ORIGIN, "X-Host-Pin": "2468"})
    assert response.status_code == 400 and json_body(response)["error"]
    assert hub.journal.tables() == before
