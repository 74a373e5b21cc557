"""The host's evening: every refusal of the start form names the field to change, and a game
that is over is followed by the next with the same seats, each phone following its seat."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from console.hub.service import EVENING_S, Hub
from console.web import create_app
from tests.web.conftest import ORIGIN, hub_config, join

HOST = {**ORIGIN, "X-Host-Pin": "2468"}
PHONE = {"REMOTE_ADDR": "192.168.1.50"}


def answer(response: Any) -> Any:
    data = response.get_json()
    assert data is not None, response.data
    return data


def tid(hub: Hub) -> int:
    return hub.tables()[0].table.id


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"game": "chess"}, "there is no game 'chess'; games: "),
        ({"game": ""}, "Game: choose one of "),
        ({"game": "wheels", "players": 3}, "Wheels of War is for 2 players, not 3"),
        ({"game": "wisteria", "players": "two"}, "Players: give a whole number, 2 to "),
        (
            {"game": "wisteria", "players": 2, "seats": ["phone"]},
            "Seats: 1 listed for 2 players; list one per seat",
        ),
        (
            {"game": "wisteria", "players": 2, "seats": ["phone", "robot"]},
            "Seats: seat 2's 'robot' is not one of phone, bot, buttons, pod",
        ),
        (
            {"game": "watch", "players": 3, "options": {"victory": "power_score"}},
            "Options: Rules of the Watch has no option 'victory' (options: ",
        ),
        ({"game": "wisteria", "options": {"victory": "speed"}}, "Options: option 'victory' must be one of "),
        ({"game": "wisteria", "options": "victory"}, "Options: give key=value pairs"),
        ({"game": "wisteria", "bot": "smart"}, "Bot: choose one of easy, normal, hard"),
        ({"game": "wisteria", "chance": "dice"}, "Chance: choose one of virtual, physical"),
        ({"game": "wisteria", "seed": 2**70}, "Seed: give a whole number of at most 18 digits"),
    ],
)
def test_every_refusal_of_the_start_form_names_what_to_change(
    client: FlaskClient, hub: Hub, body: dict[str, Any], says: str
) -> None:
    before = len(hub.tables())
    refused = client.post("/api/tables", json=body, headers=HOST)
    assert refused.status_code == 400 and says in answer(refused)["error"], refused.json
    assert len(hub.tables()) == before


def test_the_next_game_waits_until_this_one_is_over(client: FlaskClient, hub: Hub) -> None:
    refused = client.post(f"/api/tables/{tid(hub)}/host", json={"command": "again"}, headers=HOST)
    assert refused.status_code == 409 and "end it first" in answer(refused)["error"]
    assert len(hub.tables()) == 1


def test_again_starts_the_same_game_with_the_same_seats_and_phones_follow(app: Flask, hub: Hub) -> None:
    host, phone, stranger = app.test_client(), app.test_client(), app.test_client()
    first = tid(hub)
    # the fixture's table: Wheels, two phones, seed 11
    assert join(phone, f"/join/{first}/2/{hub.tokens(first)[2]}", environ_base=PHONE).status_code == 303
    host.post(f"/api/tables/{first}/seats/1/controller", json={"controller": "bot"}, headers=HOST)
    assert host.post(f"/api/tables/{first}/host", json={"command": "end"}, headers=HOST).status_code == 200

    again = host.post(f"/api/tables/{first}/host", json={"command": "again"}, headers=HOST)
    assert again.status_code == 200 and answer(again)["status"] == "started"
    second = answer(again)["id"]
    assert answer(again)["url"] == f"/tables/{second}" and second != first
    assert hub.worker(second).table.game.name == "wheels"
    assert hub.worker(second).controllers == {1: "bot", 2: "phone"}
    assert hub.worker(second).table.seed != 11  # a new random seed (1 chance in 2**31 to collide)
    twice = host.post(f"/api/tables/{first}/host", json={"command": "again"}, headers=HOST)
    assert answer(twice)["id"] == second  # a second press makes no third table

    assert answer(host.get(f"/api/tables/{first}"))["next"] == {"table": second, "url": f"/tables/{second}"}
    told = answer(phone.get(f"/api/tables/{first}/seats/2", environ_base=PHONE))["next"]
    assert told == {"table": second, "url": f"/tables/{first}/seats/2/next"}
    followed = join(phone, told["url"], environ_base=PHONE)
    assert followed.status_code == 303 and followed.location.endswith(f"/tables/{second}/seats/2")
    assert phone.get(f"/api/tables/{second}/seats/2", environ_base=PHONE).status_code == 200
    assert answer(host.get(f"/api/tables/{second}"))["claimed"] == {"1": False, "2": True}
    # only the seat's own phone follows it
    assert stranger.get(told["url"], environ_base={"REMOTE_ADDR": "192.168.1.77"}).status_code == 403


def test_every_page_has_a_way_back_to_the_tables(app: Flask, hub: Hub) -> None:
    phone, other_phone = app.test_client(), app.test_client()
    link = f"/join/{tid(hub)}/1/{hub.tokens(tid(hub))[1]}"
    seat_page = join(phone, link, environ_base=PHONE).location
    pages = {
        "table screen": phone.get(f"/tables/{tid(hub)}"),
        "spectate": phone.get(f"/tables/{tid(hub)}/spectate", environ_base=PHONE),
        "seat": phone.get(seat_page, environ_base=PHONE),
        "an error": phone.get("/tables/404", environ_base=PHONE),
        "seat taken": join(other_phone, link, environ_base={"REMOTE_ADDR": "192.168.1.51"}),
    }
    for name, page in pages.items():
        assert 'href="/"' in page.get_data(as_text=True), name


def test_no_page_shows_the_host_pin(client: FlaskClient, hub: Hub) -> None:
    for url in ("/", f"/tables/{tid(hub)}", f"/tables/{tid(hub)}/spectate"):
        assert "2468" not in client.get(url).get_data(as_text=True), url  # the hub's own display too


def _restarted(tmp_path: Path, hub: Hub) -> Hub:
    hub.stop()
    return Hub(hub_config(tmp_path)).start(inputs=False)


def test_a_finished_table_stays_readable_after_a_restart_and_the_home_page_lists_the_result(
    tmp_path: Path, client: FlaskClient, hub: Hub
) -> None:
    ended = client.post(f"/api/tables/{tid(hub)}/host", json={"command": "concede", "seat": 1}, headers=HOST)
    assert ended.status_code == 200, ended.json
    log_before = answer(client.get(f"/api/tables/{tid(hub)}/log"))["events"]
    restarted = _restarted(tmp_path, hub)
    try:
        client = create_app({"TESTING": True, "HUB": restarted}).test_client()
        assert client.get("/tables/1").status_code == 200
        state = answer(client.get("/api/tables/1"))
        assert state["status"] == "ended" and state["outcome"]["winners"] == [2]
        assert answer(client.get("/api/tables/1/log"))["events"] == log_before
        home = client.get("/").get_data(as_text=True)
        results = home.split("This evening's results", 1)[1]
        assert "Table 1: " in results and "Seat 2 wins (seat 1 conceded)" in results
        refused = client.post("/api/tables/1/host", json={"command": "pause"}, headers=HOST)
        assert refused.status_code == 409 and "over" in answer(refused)["error"]
    finally:
        restarted.stop()


def test_a_result_from_an_earlier_evening_stays_in_the_journal_only(
    tmp_path: Path, client: FlaskClient, hub: Hub
) -> None:
    client.post(f"/api/tables/{tid(hub)}/host", json={"command": "end"}, headers=HOST)
    with sqlite3.connect(tmp_path / "journal.db") as db:
        db.execute("UPDATE tables SET created = created - ? WHERE id = 1", (EVENING_S + 60,))
    restarted = _restarted(tmp_path, hub)
    try:
        assert 1 not in {worker.table.id for worker in restarted.tables()}
        assert restarted.journal.record(1).finished
    finally:
        restarted.stop()
