"""The venue board on a real broker: every hub and table with its game, seats, turn, score and
status; offline hubs marked; standings from the results; the hub site's security headers; and
``tabletop venue`` serving it under waitress."""

from __future__ import annotations

import re
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from console.http.security import HEADERS
from console.venue.board import Board
from console.venue.broker import BOARD_USER, LocalBroker
from tests.venue.conftest import USERS, VENUE, MakeHub, body, wait_for


def hub_section(page: str, hub: str) -> str:
    match = re.search(rf'<article class="hub[^"]*" data-hub="{hub}">(.*?)</article>', page, re.S)
    assert match, f"{hub} is not on the board"
    return match.group(0)


def test_the_board_shows_every_hub_table_turn_and_score_and_the_standings(
    make_hub: MakeHub, board: Board, client: FlaskClient
) -> None:
    make_hub("hub1")  # two bots: finished at once, a result
    playing = make_hub("hub2", game="wisteria", seats=("phone", "phone"))
    key = ("hub2", playing.tables()[0].table.id)
    wait_for(
        lambda: board.results.all() and board.tables.get(key, {}).get("to_act") not in (None, ["chance"]),
        what="both hubs on the board, a seat to play at hub2",
    )
    response = client.get("/")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    for name, value in HEADERS.items():
        assert response.headers[name] == value
    finished, live = hub_section(page, "hub1"), hub_section(page, "hub2")
    assert "Wheels" in finished and 'data-status="finished"' in finished and "won" in finished
    assert "Wisteria" in live and 'data-status="playing"' in live and "to play" in live
    assert 'class="badge online"' in live
    assert re.search(r'<span class="score">\d+</span>', finished), "the scores are shown"
    assert '<table data-game="wheels">' in page and "hub1 seat 1" in page, "the standings"
    assert client.get("/board.part").get_data(as_text=True).count("data-hub=") == 2
    assert {h["hub"] for h in body(client.get("/api/board"))["hubs"]} == {"hub1", "hub2"}


def test_a_hub_that_goes_away_is_marked_offline(make_hub: MakeHub, board: Board, client: FlaskClient) -> None:
    hub = make_hub("hub3", seats=("phone", "bot"))
    wait_for(lambda: board.hubs.get("hub3", {}).get("online") and board.tables, what="the hub and its table")
    hub.venue.stop()
    hub.venue = None
    wait_for(lambda: board.hubs["hub3"]["online"] is False, what="the hub offline")
    section = hub_section(client.get("/").get_data(as_text=True), "hub3")
    assert 'class="hub offline"' in section and "offline</span>" in section
    assert "Wheels" in section, "its last known table stays on the board"


def test_a_post_to_the_board_from_another_site_is_refused(client: FlaskClient) -> None:
    response = client.post("/", headers={"Origin": "http://evil.example"})
    assert response.status_code == 403


def test_the_board_refuses_a_body_larger_than_64_kb(client: FlaskClient) -> None:
    config = client.application.config
    assert config["MAX_CONTENT_LENGTH"] == 64 * 1024
    big = b'{"game": "' + b"x" * (64 * 1024) + b'"}'
    headers = {"Origin": "http://localhost", "X-Organiser-Pin": config["ORGANISER_PIN"]}
    response = client.post("/api/event", data=big, content_type="application/json", headers=headers)
    assert response.status_code == 413


@pytest.mark.slow
def test_tabletop_venue_serves_the_board(make_hub: MakeHub, broker: LocalBroker, tmp_path: Path) -> None:
    make_hub("hub1")
    password = tmp_path / "board-password"
    password.write_text(USERS[BOARD_USER] + "\n")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "console.cli",
            "venue",
            "--broker",
            "127.0.0.1",
            "--broker-port",
            str(broker.port),
            "--venue",
            VENUE,
            "--password-file",
            str(password),
            "--port",
            "0",
            "--results",
            str(tmp_path / "results.db"),
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        address = re.search(r"http://[0-9.]+:\d+/", line)
        assert address, line

        def page() -> str:
            with urllib.request.urlopen(address.group(0), timeout=5) as answer:
                return str(answer.read().decode())

        assert 'data-hub="hub1"' in wait_for(lambda: 'data-hub="hub1"' in page() and page())
        assert "organiser PIN" in process.stdout.readline()
        process.terminate()
        assert process.wait(10) == 0, "SIGTERM stops the board cleanly"
    finally:
        process.kill()
        process.wait(10)
        if process.stdout is not None:
            process.stdout.close()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["--venue", "a/b"], "--venue must be letters, digits, '-' or '_' (a topic level)"),
        (["--pin", "12"], "--pin must be 4 to 12 digits"),
        (
            ["--password-file", "/nonexistent/pw"],
            "cannot read the password file /nonexistent/pw: No such file or directory",
        ),
    ],
)
def test_bad_board_options_are_one_line_and_exit_2(args: list[str], error: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "console.cli", "venue", "--broker", "x", *args],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [f"tabletop: {error}"]


@pytest.mark.slow
def test_a_results_file_that_is_not_one_is_refused_in_one_line(tmp_path: Path) -> None:
    notes = tmp_path / "notes.db"
    notes.write_text("not a database, just notes " * 100)
    command = [sys.executable, "-m", "console.cli", "venue", "--broker", "x", "--results", str(notes)]
    done = subprocess.run(command, capture_output=True, text=True, cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"tabletop: {notes} is not a venue results file (file is not a database)"
    ]
    assert notes.read_text().startswith("not a database"), "the file is left as it was"


def test_a_malformed_result_is_acknowledged_and_dropped(board: Board, broker: LocalBroker) -> None:
    import paho.mqtt.client as mqtt

    from console.venue import topics
    from tests.venue.conftest import VENUE

    hub = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    hub.username_pw_set("hub1", USERS["hub1"])
    acks: list[bytes] = []
    hub.on_message = lambda c, u, message: acks.append(bytes(message.payload))
    hub.connect("127.0.0.1", broker.port)
    hub.subscribe(topics.ack(VENUE, "hub1"), qos=1)
    hub.loop_start()
    try:
        wait_for(lambda: board.connected)
        hub.publish(topics.result(VENUE, "hub1", "bad1"), '{"game": "wheels", "players": "two"}', qos=1)
        wait_for(lambda: acks, what="the acknowledgement")
        assert acks == [b'["bad1"]'] and board.results.all() == []
    finally:
        hub.loop_stop()
        hub.disconnect()
