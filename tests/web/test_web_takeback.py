"""A phone takes back its last move through the API, and the host corrects further back with the
phones that lose moves confirming; both journalled, refused in one line when not allowed, and a
restarted hub resumes the corrected game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from console.hub.service import Hub
from console.web import create_app
from tests.helpers.responses import json_body
from tests.web.conftest import hub_config

ORIGIN = {"Origin": "http://localhost"}
PIN = {"X-Host-Pin": "2468"}


def started(tmp_path: Path) -> tuple[Hub, FlaskClient]:
    hub = Hub(hub_config(tmp_path, game="wisteria")).start(inputs=False)
    return hub, create_app({"TESTING": True, "HUB": hub}).test_client()


def seat_get(client: FlaskClient, hub: Hub, seat: int) -> Any:
    table = hub.tables()[0].table.id
    headers = {"Authorization": f"Bearer {hub.tokens(table)[seat]}"}
    return json_body(client.get(f"/api/tables/{table}/seats/{seat}", headers=headers))


def seat_post(
    client: FlaskClient, hub: Hub, seat: int, path: str, body: Any, extra: dict[str, str] | None = None
) -> Any:
    table = hub.tables()[0].table.id
    headers = {**ORIGIN, "Authorization": f"Bearer {hub.tokens(table)[seat]}", **(extra or {})}
    return client.post(f"/api/tables/{table}/seats/{seat}/{path}", json=body, headers=headers)


def test_a_phone_takes_back_its_move_once_and_a_restart_keeps_it(tmp_path: Path) -> None:
    hub, client = started(tmp_path)
    try:
        before, rival_before = seat_get(client, hub, 1), seat_get(client, hub, 2)
        assert before["takeback"] == {"count": 0, "why": "chance has acted since"}
        assert seat_post(client, hub, 1, "actions", {"action": "1:battle"}).status_code == 200
        mine, theirs = seat_get(client, hub, 1), seat_get(client, hub, 2)
        assert mine["takeback"] == {"count": 1, "why": ""} and theirs["takeback"]["count"] == 0
        taken = seat_post(client, hub, 1, "takeback", {"seen": mine["actions"]})
        assert taken.status_code == 200 and json_body(taken)["actions"] == before["actions"]
        after = seat_get(client, hub, 1)
        assert after["view"] == before["view"] and after["legal"] == before["legal"]
        rival = seat_get(client, hub, 2)
        assert rival["view"] == rival_before["view"] and rival["legal"] == rival_before["legal"]
        # The same tap sent again withdraws nothing more: the page's count is stale.
        again = seat_post(client, hub, 1, "takeback", {"seen": mine["actions"]})
        assert again.status_code == 409 and "moved on" in json_body(again)["error"]
        table = hub.tables()[0].table.id
        assert [c.asked_by for c in hub.journal.corrections(table)] == ["seat 1"]
        log = json_body(client.get(f"/api/tables/{table}/log"))["events"]
        assert log[-1]["kind"] == "takeback" and log[-1]["text"] == "Seat 1 took back 1 action"
    finally:
        hub.stop()
    hub, client = started(tmp_path)  # the same journal: the hub resumes the corrected game
    try:
        assert seat_get(client, hub, 1)["view"] == before["view"]
        assert seat_get(client, hub, 1)["legal"] == before["legal"]
    finally:
        hub.stop()


def test_a_takeback_the_policy_refuses_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    hub, client = started(tmp_path)
    try:
        seat_post(client, hub, 1, "actions", {"action": "1:battle"})
        refused = seat_post(client, hub, 2, "takeback", {})
        assert refused.status_code == 409
        assert json_body(refused)["error"] == "seat 2 cannot take back now: seat 1 has acted since"
        german = seat_post(client, hub, 2, "takeback", {}, {"Accept-Language": "de"})
        assert (
            json_body(german)["error"]
            == "Platz 2 kann jetzt nichts zurücknehmen: Platz 1 hat seitdem gehandelt"
        )
        assert seat_get(client, hub, 1)["takeback"]["count"] == 1
        assert hub.journal.corrections(hub.tables()[0].table.id) == []
    finally:
        hub.stop()


def test_the_host_corrects_with_the_affected_phone_confirming_and_a_refusal_cancels(tmp_path: Path) -> None:
    hub, client = started(tmp_path)
    table = hub.tables()[0].table.id
    try:
        before = seat_get(client, hub, 2)
        seat_post(client, hub, 1, "actions", {"action": "1:battle"})
        seat_post(client, hub, 2, "actions", {"action": "2:battle"})  # shows both: no takeback now
        assert seat_get(client, hub, 2)["takeback"]["count"] == 0
        asked = client.post(
            f"/api/tables/{table}/corrections", json={"to": before["actions"]}, headers={**ORIGIN, **PIN}
        )
        assert json_body(asked) == {"waiting": 2}
        pending = seat_get(client, hub, 1)["correction"]
        assert pending["waiting"] == [1, 2] and pending["undone"] == [1, 2]
        # Play waits while the seats decide; a refusal cancels and says who refused.
        assert seat_post(client, hub, 1, "correction", {"agree": True}).status_code == 200
        assert seat_post(client, hub, 2, "correction", {"agree": False}).status_code == 200
        state = seat_get(client, hub, 2)
        assert state["correction"] is None and "Seat 2 refused" in state["problem"]
        assert hub.journal.corrections(table) == []
        # Asked again, both agree: the game is back before both choices.
        client.post(
            f"/api/tables/{table}/corrections", json={"to": before["actions"]}, headers={**ORIGIN, **PIN}
        )
        seat_post(client, hub, 2, "correction", {"agree": True})
        assert seat_get(client, hub, 2)["correction"]["waiting"] == [1]
        seat_post(client, hub, 1, "correction", {"agree": True})
        after = seat_get(client, hub, 2)
        assert after["view"] == before["view"] and after["correction"] is None
        [correction] = hub.journal.corrections(table)
        assert (correction.kind, correction.asked_by, correction.confirmed) == ("host", "host", (1, 2))
        unasked = seat_post(client, hub, 1, "correction", {"agree": True})
        assert unasked.status_code == 409 and "no correction" in json_body(unasked)["error"]
    finally:
        hub.stop()


def test_the_host_cancels_a_correction_a_phone_never_answers(tmp_path: Path) -> None:
    hub, client = started(tmp_path)
    table = hub.tables()[0].table.id
    try:
        at = seat_get(client, hub, 1)["actions"]
        seat_post(client, hub, 1, "actions", {"action": "1:battle"})
        url, headers = f"/api/tables/{table}/corrections", {**ORIGIN, **PIN}
        assert json_body(client.post(url, json={"to": at}, headers=headers)) == {"waiting": 1}
        refused = seat_post(client, hub, 2, "actions", {"action": "2:battle"})
        assert refused.status_code == 409 and "waiting for seat 1 to confirm" in json_body(refused)["error"]
        assert json_body(client.delete(url, headers=headers)) == {"cancelled": True}
        assert seat_get(client, hub, 1)["correction"] is None
        assert seat_post(client, hub, 2, "actions", {"action": "2:battle"}).status_code == 200
        again = client.delete(url, headers=headers)
        assert again.status_code == 409 and json_body(again)["error"] == "there is no correction under way"
        assert hub.journal.corrections(table) == []
    finally:
        hub.stop()
