"""A judge call from the seat (docs/venue.md): a phone's button or a pod's BACK held long raises it
with the table, the seat and the table's public state; it reaches the board and the organiser's
page, a judge acknowledges and closes it there, the phone follows each step, and both the hub's
journal and the board's file keep it. Over a real Mosquitto."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from flask.testing import FlaskClient

from console.http.security import cookie_name
from console.hub.worker import SetName
from console.inputs.events import ButtonHeld, ButtonPressed, ButtonReleased, Key
from console.inputs.keys import KeyTracker
from console.venue.board import Board
from console.venue.web import PIN_HEADER, create_board_app
from console.web import create_app
from tests.venue.conftest import MakeHub, body, wait_for

ORIGIN = {"Origin": "http://localhost"}


def test_a_phone_calls_a_judge_who_answers_and_closes_it_from_the_organiser_page(
    make_hub: MakeHub, board: Board, tmp_path: Path
) -> None:
    hub = make_hub("hub1", seats=("phone", "bot"), default_table=True)
    worker = hub.tables()[0]
    worker.post(SetName(1, "Ada")).result(10)
    phone = create_app({"TESTING": True, "HUB": hub}).test_client()
    phone.set_cookie(cookie_name(worker.table.id), hub.tokens(worker.table.id)[1])
    url = f"/api/venue/tables/{worker.table.id}/seats/1/judge"
    assert phone.get(url).get_json() == {"call": None, "message": ""}
    raised = phone.post(url, headers=ORIGIN, json={})
    assert raised.status_code == 201, raised.get_json()
    assert body(raised)["message"] == "A judge is called; stay at the table."
    again = phone.post(url, headers=ORIGIN, json={})  # pressed twice: one call
    assert body(again)["call"]["call_id"] == body(raised)["call"]["call_id"]

    calls = wait_for(board.open_calls, what="the call on the board")
    (call,) = calls
    assert (call["hub"], call["table"], call["seat"], call["who"]) == ("hub1", worker.table.id, 1, "Ada")
    assert call["table_state"]["game"] == "wheels" and call["state"] == "open"
    organiser = create_board_app(board, {"TESTING": True, "ORGANISER_PIN": "1357"}).test_client()
    page = organiser.get("/board.part").get_data(as_text=True)
    assert "Judge calls" in page and "seat 1 (Ada)" in page

    answer(organiser, call, "acknowledged", "Jo")
    wait_for(lambda: (phone.get(url).get_json()["call"] or {}).get("state") == "acknowledged")
    assert body(phone.get(url))["call"]["judge"] == "Jo"
    wait_for(lambda: board.open_calls() and board.open_calls()[0]["state"] == "acknowledged")
    answer(organiser, call, "closed", "Jo")
    wait_for(lambda: body(phone.get(url))["call"]["state"] == "closed")
    wait_for(lambda: board.open_calls() == [], what="the call closed on the board")

    refused = organiser.post(
        f"/api/calls/hub1/{call['call_id']}",
        headers={**ORIGIN, PIN_HEADER: "1357"},
        json={"state": "acknowledged", "judge": "Jo"},
    )
    assert refused.status_code == 200  # sent; the hub refuses a closed call's step and says so
    with sqlite3.connect(hub.config.journal) as db:
        kept = db.execute("SELECT state FROM venue_calls WHERE call_id = ?", (call["call_id"],)).fetchone()
    assert kept == ("closed",)
    with sqlite3.connect(tmp_path / "board.db") as db:
        (state,) = db.execute("SELECT json_extract(payload, '$.state') FROM judge_calls").fetchone()
    assert state == "closed"


def answer(organiser: FlaskClient, call: dict[str, object], state: str, judge: str) -> None:
    said = organiser.post(
        f"/api/calls/{call['hub']}/{call['call_id']}",
        headers={**ORIGIN, PIN_HEADER: "1357"},
        json={"state": state, "judge": judge},
    )
    assert said.status_code == 200, said.get_json()
    assert judge in body(said)["message"] and "{" not in body(said)["message"]


def test_a_call_needs_the_seats_own_phone_and_the_organisers_pin(make_hub: MakeHub, board: Board) -> None:
    hub = make_hub("hub1", seats=("phone", "phone"))
    worker = hub.tables()[0]
    phone = create_app({"TESTING": True, "HUB": hub}).test_client()
    phone.set_cookie(cookie_name(worker.table.id), hub.tokens(worker.table.id)[2])  # seat 2's phone
    refused = phone.post(f"/api/venue/tables/{worker.table.id}/seats/1/judge", headers=ORIGIN, json={})
    assert refused.status_code == 403
    raised = phone.post(f"/api/venue/tables/{worker.table.id}/seats/2/judge", headers=ORIGIN, json={})
    call = wait_for(board.open_calls, what="seat 2's call")[0]
    assert call["call_id"] == body(raised)["call"]["call_id"]
    organiser = create_board_app(board, {"TESTING": True, "ORGANISER_PIN": "1357"}).test_client()
    wrong = organiser.post(
        f"/api/calls/hub1/{call['call_id']}",
        headers={**ORIGIN, PIN_HEADER: "0000"},
        json={"state": "closed", "judge": "Jo"},
    )
    assert wrong.status_code == 403 and board.open_calls()[0]["state"] == "open"


def test_a_pods_back_held_three_seconds_calls_a_judge_once(make_hub: MakeHub, board: Board) -> None:
    now = [0.0]
    posted: list[object] = []
    keys = KeyTracker(posted.append, source="pod", clock=lambda: now[0])
    keys.edge(2, Key.BACK, True)
    for _ in range(40):  # held 4 s, ticked every 0.1 s
        now[0] += 0.1
        keys.tick()
    keys.edge(2, Key.BACK, False)
    held = [event for event in posted if isinstance(event, ButtonHeld)]
    assert held == [ButtonHeld(2, Key.BACK, source="pod")]
    assert isinstance(posted[0], ButtonPressed) and isinstance(posted[-1], ButtonReleased)

    hub = make_hub("hub1", seats=("phone", "phone"))
    worker = hub.tables()[0]
    worker.post_input(held[0])
    call = wait_for(board.open_calls, what="the pod's call on the board")[0]
    assert (call["table"], call["seat"], call["who"]) == (worker.table.id, 2, "")  # no name typed
