"""The evening of issue 14: three hubs and a board on one broker run three Swiss rounds of Wheels
of War with bots at the tables; each round's seats go to the hubs, their hosts accept, and the
standings fill in without anyone typing a result, though the broker is restarted mid-round."""

from __future__ import annotations

import re
import time
from itertools import chain
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from console.hub.service import Hub
from console.venue.board import Board, ResultStore
from console.venue.broker import LocalBroker
from console.venue.web import PIN_HEADER, create_board_app
from console.web import create_app
from tests.venue.conftest import MakeHub, body, wait_for

ORIGIN = {"Origin": "http://localhost"}
ORGANISER = {**ORIGIN, PIN_HEADER: "1357"}
PLAYERS = ["Ada", "Bea", "Cal", "Dov", "Eli", "Fay"]


@pytest.fixture
def organiser(board: Board) -> FlaskClient:
    return create_board_app(board, {"TESTING": True, "ORGANISER_PIN": "1357"}).test_client()


def accept(hub: Hub) -> int:
    """The host at ``hub`` accepts the seating the venue sent, with bots in both seats."""
    assert hub.venue is not None
    offer = wait_for(lambda: hub.venue.offer, what=f"the seating at {hub.venue.hub}")
    client = create_app({"TESTING": True, "HUB": hub}).test_client()
    answer = client.post(
        "/api/venue/accept",
        headers={**ORIGIN, "X-Host-Pin": hub.host_pin},
        json={"seating_id": offer["seating_id"], "seats": ["bot", "bot"]},
    )
    assert answer.status_code == 201, answer.json
    return int(body(answer)["table"])


@pytest.mark.slow
def test_three_swiss_rounds_fill_the_standings_by_themselves(
    make_hub: MakeHub, broker: LocalBroker, board: Board, organiser: FlaskClient
) -> None:
    hubs = [make_hub(f"hub{n}", default_table=False, delay=0.02) for n in (1, 2, 3)]
    wait_for(lambda: len(board.online_hubs()) == 3, what="three hubs online")
    created = organiser.post(
        "/api/event", json={"game": "wheels", "rounds": 3, "players": PLAYERS}, headers=ORGANISER
    )
    assert created.status_code == 201, created.json
    pairs_so_far: set[frozenset[str]] = set()
    for round_number in (1, 2, 3):
        paired = organiser.post("/api/event/round", headers=ORGANISER)
        assert paired.status_code == 201, paired.json
        time.sleep(0.3)
        assert all(hub.venue.offer is None for hub in hubs), "a held round is sent to no hub"
        assert (board.event_snapshot() or {})["round"] == round_number - 1, "nor shown"
        published = organiser.post("/api/event/round/publish", headers=ORGANISER)
        assert published.status_code == 201 and "published" in body(published)["message"]
        tables = body(published)["seatings"]
        assert sorted(chain.from_iterable(t["names"].values() for t in tables)) == sorted(PLAYERS)
        fresh = {frozenset(t["names"].values()) for t in tables}
        assert not fresh & pairs_so_far, "no rematch while another pairing exists"
        pairs_so_far |= fresh
        started = [(hub, accept(hub)) for hub in hubs]
        if round_number == 2:
            workers = [hub.worker(table_id) for hub, table_id in started]
            assert any(worker.status == "playing" for worker in workers)
            broker.stop()  # mid-round: the games play on, the results wait in each hub's journal
            wait_for(lambda: all(w.status == "finished" for w in workers), timeout=30)  # noqa: B023
            broker.start()
        wait_for(
            lambda: all(t["done"] for t in (board.event_snapshot() or {})["tables"]),
            timeout=30,
            what=f"round {round_number}'s results at the board",
        )
        for hub, table_id in started:
            assert hub.journal.actions(table_id) == hub.worker(table_id).table.history
    refused = organiser.post("/api/event/round", headers=ORGANISER)
    assert refused.status_code == 409 and "all 3 rounds" in body(refused)["error"]
    standings = body(organiser.get("/api/event"))["standings"]
    assert sorted(row["player"] for row in standings) == sorted(PLAYERS)
    assert sum(row["match_points"] for row in standings) == 9, "nine games, one point each"
    assert len(board.results.all()) == 9, "each result arrived once"
    page = organiser.get("/board.part").get_data(as_text=True)
    assert "round 3 of 3" in page and all(name in page for name in PLAYERS)


def test_the_organisers_actions_need_the_pin(organiser: FlaskClient) -> None:
    paths = ["/api/event", "/api/event/round", "/api/results/hub1/x/correction"]
    assert organiser.post(paths[0], json={}, headers=ORIGIN).status_code == 403
    for path in paths:
        assert organiser.post(path, json={}, headers={**ORIGIN, PIN_HEADER: "9999"}).status_code == 403
    # Wrong PINs are counted per device: a stranger's guesses slow only the stranger.
    stranger = {"REMOTE_ADDR": "192.0.2.9"}
    answers = [
        organiser.post(
            paths[0], json={}, headers={**ORIGIN, PIN_HEADER: "0000"}, environ_base=stranger
        ).status_code
        for _ in range(5)
    ]
    assert answers[:3] == [403, 403, 403] and 429 in answers[3:], answers
    assert organiser.post(paths[0], json={}, headers=ORGANISER, environ_base=stranger).status_code == 429
    assert organiser.post(paths[0], json={}, headers=ORGANISER).status_code != 429


def test_a_corrected_result_changes_the_standings_and_keeps_who_and_why(
    make_hub: MakeHub, board: Board, organiser: FlaskClient
) -> None:
    make_hub("hub1")  # a game of two bots, over at once
    result = wait_for(lambda: board.results.all(), what="a result")[0]
    loser = 2 if result["winners"] == [1] else 1
    answer = organiser.post(
        f"/api/results/hub1/{result['result_id']}/correction",
        headers=ORGANISER,
        json={"winners": [loser], "scores": [1, 2], "who": "Org", "why": "misread card"},
    )
    assert answer.status_code == 200, answer.json
    corrected = board.results_now()[0]
    assert corrected["winners"] == [loser]
    assert corrected["corrected"] == {"who": "Org", "why": "misread card"}
    top = body(organiser.get("/api/board"))["standings"]["wheels"][0]
    assert top["player"] == f"hub1 seat {loser}"
    missing = organiser.post(
        "/api/results/hub1/nope/correction",
        headers=ORGANISER,
        json={"winners": [1], "scores": [], "who": "Org", "why": "x"},
    )
    assert missing.status_code == 409


def test_an_event_the_field_cannot_sit_is_refused(organiser: FlaskClient) -> None:
    answer = organiser.post(
        "/api/event", json={"game": "watch", "rounds": 2, "players": list("abcde")}, headers=ORGANISER
    )
    assert answer.status_code == 409 and "cannot sit" in body(answer)["error"]


def test_a_drop_and_a_late_entry_change_who_is_paired_and_a_held_round_waits(tmp_path: Path) -> None:
    from console.venue.event import EventError, Events

    store = ResultStore(tmp_path / "board.db")
    events = Events(store.connection, store.lock)
    event = events.create("wheels", 3, ["Ada", "Bea", "Cal", "Dov"])
    first = events.next_round(event, [], ["h1", "h2"])
    with pytest.raises(EventError, match="held: publish it first"):
        events.next_round(event, [], ["h1", "h2"])
    assert events.publish(event) == first
    played = [
        {"seating": {"seating_id": s.seating_id}, "names": s.names, "players": 2, "winners": [1]}
        | {"scores": [3, 1]}
        for s in first
    ]
    assert events.drop(event, "Cal") == 1
    assert events.add_player(event, "Gus") == 2
    with pytest.raises(EventError, match="dropped already"):
        events.drop(event, "Cal")
    with pytest.raises(EventError, match="in the event already"):
        events.add_player(event, "Ada")
    second = events.next_round(event, played, ["h1", "h2"])
    assert sorted(name for s in second for name in s.names.values()) == ["Ada", "Bea", "Dov", "Gus"]
    standings = {row["player"]: row for row in events.standings(event, played)}
    assert standings["Cal"]["dropped"] and not standings["Gus"]["dropped"]
    assert standings["Gus"]["match_points"] == 0 and set(standings) == {"Ada", "Bea", "Cal", "Dov", "Gus"}


def test_the_pairings_page_lists_a_published_round_by_name_and_by_table(
    board: Board, organiser: FlaskClient
) -> None:
    event = board.events.create("wheels", 3, ["Eli", "ada", "Cal", "Bea", "Dov"])
    board.events.next_round(event, [], ["hub1", "hub2"])
    held = organiser.get("/pairings").get_data(as_text=True)
    assert "No round is published yet." in held and "Eli" not in held, "a held round is not shown"
    board.publish_round(event)
    page = organiser.get("/pairings?scroll=1").get_data(as_text=True)
    assert 'data-scroll="yes"' in page and "Round 1 of 3: pairings" in page
    names = re.findall(r"<tr><td>([^<]+)</td><td>([^<]+)</td>", page)
    assert [name for name, _ in names] == ["ada", "Bea", "Cal", "Dov", "Eli"], "by name, as people sort"
    tables = {name: table for name, table in names}
    assert sorted(tables.values()) == ["1", "1", "2", "2", "bye"]
    assert page.count("<li value=") == 2


def test_a_seating_fixed_after_the_fact_moves_the_result_to_who_really_sat_there(
    board: Board, organiser: FlaskClient
) -> None:
    event = board.events.create("wheels", 3, ["Ada", "Bea", "Cal", "Dov"])
    board.events.next_round(event, [], ["hub1", "hub2"])
    (first, second) = board.publish_round(event)
    for hub, seating in (("hub1", first), ("hub2", second)):
        result = {
            "game": "wheels",
            "players": 2,
            "winners": [1],
            "scores": [5, 2],
            "names": seating.names,
            "seating": {"seating_id": seating.seating_id},
            "status": "finished",
            "table": 1,
        }
        board.results.add(hub, f"r-{hub}", {**result, "hub": hub, "result_id": f"r-{hub}"})
    winner, loser = first.names["1"], first.names["2"]
    path = "/api/results/hub1/r-hub1/seating"
    swapped = {"1": loser, "2": winner}  # they sat the other way round: the loser won
    refused = organiser.post(
        path, headers=ORGANISER, json={"names": {"1": loser, "2": "Zed"}, "who": "Org", "why": "x"}
    )
    assert refused.status_code == 409 and "Zed is not a player" in body(refused)["error"]
    fixed = organiser.post(
        path, headers=ORGANISER, json={"names": swapped, "who": "Org", "why": "sat swapped"}
    )
    assert fixed.status_code == 200 and "fixed by Org (sat swapped)" in body(fixed)["message"]
    points = {row["player"]: row["match_points"] for row in (board.event_snapshot() or {})["standings"]}
    assert points[loser] == 1 and points[winner] == 0
    kept = next(r for r in board.results_now() if r["result_id"] == "r-hub1")
    assert kept["seating_fixed"] == {"who": "Org", "why": "sat swapped"} and kept["winners"] == [1]
