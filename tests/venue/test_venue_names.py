"""Names on the venue board, over a real broker: each table's seats by the names the hub's table
screen shows (typed on a phone, or "Bot 2 (normal)"), the event's players first where the venue
paired the table, bots marked as bots; a name is free text, escaped on the board, never markup,
and the hub publishes nothing with it but the public payload already holds."""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

from console.hub.worker import SetName
from console.venue import topics
from console.venue.board import Board
from console.venue.web import seat_rows
from tests.venue.conftest import VENUE, MakeHub, Recorder, wait_for

MARKUP = "<b>x</b> & 'Ana'"


def test_a_tables_seats_are_named_on_the_board_as_text(
    make_hub: MakeHub, board: Board, client: FlaskClient, recorder: Recorder
) -> None:
    hub = make_hub("hub1", seats=("phone", "bot"))
    worker = hub.tables()[0]
    worker.post(SetName(1, MARKUP)).result(10)
    key = ("hub1", worker.table.id)
    wait_for(lambda: board.tables.get(key, {}).get("seat_names", {}).get("1"), what="the name on the board")
    topic = topics.table(VENUE, "hub1", worker.table.id)  # the recorder is a client of its own
    named = wait_for(lambda: (recorder.json(topic) or {}).get("seat_names", {}).get("1"), what="the name")
    message = recorder.json(topic)
    assert named == MARKUP
    assert message["seat_names"] == {"1": MARKUP, "2": "Bot 2 (normal)"}
    assert message["names"] == {}, "no seating: the standings' players stay the venue's own"
    page = client.get("/board.part").get_data(as_text=True)
    shown = [html.unescape(text) for text in re.findall(r'<span class="who">([^<>]*)</span>', page)]
    assert MARKUP in shown and "<b>" not in page, "escaped: the name is text, never markup"
    bot_row = re.search(r'<li class="([^"]*)" data-seat="2">\s*<span class="who">([^<]*)</span>', page)
    assert bot_row and "bot" in bot_row.group(1).split() and bot_row.group(2) == "Bot 2 (normal)"
    secrets = [hub.host_pin, *hub.tokens(worker.table.id).values()]
    published = [payload.decode() for _, payload in recorder.all()]
    assert not any(secret in text for secret in secrets for text in published), "a name carries nothing else"


def test_a_paired_seat_says_the_events_player_and_the_bot_playing_it() -> None:
    table = {
        "players": 3,
        "status": "playing",
        "to_act": [1],
        "controllers": {"1": "phone", "2": "bot", "3": "bot"},
        "names": {"1": "Ada", "2": "Bea"},  # the venue's seating
        "seat_names": {"1": "Adaline", "2": "Bot 2 (hard)", "3": "Bot 3 (hard)"},  # the hub's
    }
    rows = [(row["who"], row["bot"], row["stand_in"], row["acting"]) for row in seat_rows(table)]
    assert rows == [
        ("Ada", False, "", True),
        ("Bea", True, "played by Bot 2 (hard)", False),
        ("Bot 3 (hard)", True, "", False),
    ]


def test_a_hub_that_sends_no_names_still_has_its_seats_said() -> None:
    """An older hub (no ``seat_names``), or one that sends something that is not text."""
    table = {"players": 2, "controllers": {"1": "phone", "2": "bot"}, "seat_names": {"1": ["<i>"], "2": 7}}
    assert [row["who"] for row in seat_rows(table)] == ["seat 1 (phone)", "seat 2 (bot)"]
