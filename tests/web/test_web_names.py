"""Names: a player names their seat with the seat's token, the host names any seat with the PIN;
bots are named as bots; a name is bounded free text, kept in the journal's file, carried to the
next game, and never markup on any page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from console.hub.service import Hub
from console.web import create_app
from tests.web.conftest import ORIGIN, hub_config

HOST = {**ORIGIN, "X-Host-Pin": "2468"}


def seat_headers(hub: Hub, seat: int) -> dict[str, str]:
    return {**ORIGIN, "Authorization": f"Bearer {hub.tokens(hub.tables()[0].table.id)[seat]}"}


def names(hub: Hub, table: int | None = None) -> Any:
    worker = hub.tables()[0] if table is None else hub.worker(table)
    return json.loads(worker.channel.snapshot.payloads[None])["names"]


def name_seat(client: FlaskClient, seat: int, name: object, headers: dict[str, str], table: int = 1) -> Any:
    return client.post(f"/api/tables/{table}/seats/{seat}/name", json={"name": name}, headers=headers)


def test_a_player_names_their_own_seat_and_no_other(client: FlaskClient, hub: Hub) -> None:
    assert names(hub) == {"1": "", "2": ""}
    named = name_seat(client, 1, "  Ana   María ", seat_headers(hub, 1))
    assert named.status_code == 200 and named.json == {"name": "Ana María"}
    assert names(hub) == {"1": "Ana María", "2": ""}
    assert name_seat(client, 2, "Mallory", seat_headers(hub, 1)).status_code == 403
    assert name_seat(client, 2, "Mallory", ORIGIN).status_code == 403
    assert name_seat(client, 1, "Mallory", {**ORIGIN, "X-Host-Pin": "0000"}).status_code == 403
    assert names(hub)["2"] == "" and names(hub)["1"] == "Ana María"


def test_the_host_names_any_seat(client: FlaskClient, hub: Hub) -> None:
    assert name_seat(client, 2, "Bo", HOST).status_code == 200
    assert name_seat(client, 2, "Bob", HOST).status_code == 200  # and changes it
    assert names(hub)["2"] == "Bob"


@pytest.mark.parametrize(
    ("name", "status"),
    [("", 409), ("   ", 409), ("x" * 25, 409), ("tab\there", 200), ("bell\x07", 409), (7, 400)],
)
def test_a_name_is_bounded_printable_text(client: FlaskClient, hub: Hub, name: object, status: int) -> None:
    answer = name_seat(client, 1, name, seat_headers(hub, 1))
    assert answer.status_code == status, answer.json
    if status != 200:
        assert names(hub)["1"] == "" and "name" in answer.json["error"]


def test_a_name_is_never_markup_on_a_page(client: FlaskClient, hub: Hub) -> None:
    marked = "<b onclick=x>Ana</b>"
    assert name_seat(client, 1, marked, seat_headers(hub, 1)).status_code == 200
    for page in ("/tables/1", "/tables/1/spectate", "/"):
        html = client.get(page).get_data(as_text=True)
        assert "<b onclick" not in html, page


def test_the_evenings_results_say_the_names(client: FlaskClient, hub: Hub) -> None:
    name_seat(client, 1, "<i>ana</i>", HOST)
    name_seat(client, 2, "Bo", HOST)
    assert (
        client.post("/api/tables/1/host", json={"command": "concede", "seat": 1}, headers=HOST).status_code
        == 200
    )
    results = client.get("/").get_data(as_text=True).split("This evening's results", 1)[1]
    assert "Bo wins (&lt;i&gt;ana&lt;/i&gt; conceded)" in results, "as typed, and as text"


def test_a_bot_is_named_as_a_bot_with_its_level(tmp_path: Path) -> None:
    hub = Hub(hub_config(tmp_path, seats=("phone", "bot"))).start(inputs=False)
    try:
        assert names(hub) == {"1": "", "2": "Bot 2 (normal)"}
    finally:
        hub.stop()


def test_names_survive_a_restart_and_follow_the_seats_to_the_next_game(
    tmp_path: Path, app: Flask, hub: Hub
) -> None:
    client = app.test_client()
    name_seat(client, 1, "Ana", seat_headers(hub, 1))
    name_seat(client, 2, "Bo", HOST)
    hub.stop()
    restarted = Hub(hub_config(tmp_path)).start(inputs=False)
    try:
        assert names(restarted) == {"1": "Ana", "2": "Bo"}
        client = create_app({"TESTING": True, "HUB": restarted}).test_client()
        assert client.post("/api/tables/1/host", json={"command": "end"}, headers=HOST).status_code == 200
        again = client.post("/api/tables/1/host", json={"command": "again"}, headers=HOST)
        started = again.get_json()
        assert again.status_code == 200 and started is not None, again.data
        assert names(restarted, started["id"]) == {"1": "Ana", "2": "Bo"}
    finally:
        restarted.stop()
