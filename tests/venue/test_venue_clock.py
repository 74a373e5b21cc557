"""One round clock for the event (docs/venue.md): the organiser starts it on the board, and every
hub counts it by the board's time, not its own: a hub whose clock is five minutes off and runs
fast shows the same seconds left as the board, within 1 s, over a whole 50-minute round. Over a
real Mosquitto, the board's time moved by the test."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from console.hub.config import TableConfig
from console.hub.worker import Act, HostCommand
from console.venue.board import Board, ResultStore
from console.venue.broker import BOARD_USER, LocalBroker
from console.venue.roundclock import BoardTime
from console.venue.web import PIN_HEADER, create_board_app
from console.web import create_app
from tests.venue.conftest import MakeHub, body, venue_config, wait_for

START = 1_800_000_000.0


def beats_above(board_time: BoardTime, heard: int) -> bool:
    return board_time.beats > heard


@pytest.fixture
def timed_board(broker: LocalBroker, tmp_path: Path) -> Iterator[tuple[Board, list[float]]]:
    now = [START]
    board = Board(venue_config(broker, BOARD_USER), ResultStore(tmp_path / "board.db"), clock=lambda: now[0])
    yield board.start(), now
    board.stop()


def test_a_hub_with_a_moved_fast_clock_counts_the_round_by_the_boards_time(
    make_hub: MakeHub, timed_board: tuple[Board, list[float]]
) -> None:
    board, now = timed_board
    hub = make_hub("hub1", seats=("phone", "phone"), default_table=False)
    publisher = hub.venue
    # The hub's own clock: five minutes ahead, and gaining 1.8 s an hour.
    publisher.board_time.clock = lambda: START + 300 + (now[0] - START) * 1.0005
    wait_for(lambda: board.online_hubs() == ["hub1"], what="the hub online")
    event = board.events.create("wheels", 3, ["Ada", "Bea"])
    board.send_round(event)
    organiser = create_board_app(board, {"TESTING": True, "ORGANISER_PIN": "1357"}).test_client()
    said = organiser.post(
        "/api/event/clock", headers={"Origin": "http://localhost", PIN_HEADER: "1357"}, json={"minutes": 50}
    )
    assert body(said)["message"] == (
        "Round 1's clock runs: 50 minutes, on every table and phone. "
        "At time, each table will finish the turn, then score."
    )
    table_screen = create_app({"TESTING": True, "HUB": hub}).test_client()
    for minute in range(0, 51, 5):
        now[0] = START + 60 * minute + 0.4
        heard = publisher.board_time.beats
        board.beat()
        wait_for(partial(beats_above, publisher.board_time, heard), what="the board's beat")
        on_board = board.snapshot()["round_clock"]["remaining_s"]
        at_hub = body(table_screen.get("/api/venue"))["round_clock"]["remaining_s"]
        assert abs(on_board - at_hub) <= 1.0, (minute, on_board, at_hub)
        assert abs(on_board - max(0.0, 3000 - 60 * minute - 0.4)) <= 0.1
    assert at_hub == 0.0  # the round's time is up at the hub as on the board
    own = publisher.board_time.clock() - now[0]
    assert own > 300, "the hub's own clock was minutes off: counting by it would have been"


def test_the_round_clock_waits_for_a_round_and_a_sane_length(timed_board: tuple[Board, list[float]]) -> None:
    board, _ = timed_board
    organiser = create_board_app(board, {"TESTING": True, "ORGANISER_PIN": "1357"}).test_client()
    headers = {"Origin": "http://localhost", PIN_HEADER: "1357"}
    early = organiser.post("/api/event/clock", headers=headers, json={"minutes": 50})
    assert early.status_code == 409 and "pair a round first" in body(early)["error"]
    board.events.create("wheels", 3, ["Ada", "Bea", "Cal"])
    for minutes, words in [(0, "from 1 to 240"), (999, "from 1 to 240"), ("50", "a number")]:
        refused = organiser.post("/api/event/clock", headers=headers, json={"minutes": minutes})
        assert refused.status_code in (400, 409) and words in body(refused)["error"], body(refused)


def test_at_time_a_table_finishes_the_turn_in_play_then_is_scored(
    make_hub: MakeHub, timed_board: tuple[Board, list[float]]
) -> None:
    """The event's rule, applied by the hub: at the round's time the seats that owe a move make
    it, then the game ends scored as it stands, and its result reaches the board by itself."""
    board, now = timed_board
    hub = make_hub("hub1", seats=("phone", "phone"), default_table=False)
    publisher = hub.venue
    wait_for(lambda: board.online_hubs() == ["hub1"], what="the hub online")
    board.send_round(board.events.create("wheels", 3, ["Ada", "Bea"]))
    offer = wait_for(lambda: publisher.offer, what="the seating at the hub")
    table_id = publisher.accept(offer["seating_id"], lambda o: hub.start_table(table_spec(o)).table.id)
    worker = hub.worker(table_id)
    worker.post(HostCommand("start")).result(10)  # the host starts it (the phones have joined)
    board.start_round_clock(1)
    now[0] += 61  # the board's minute is up
    for _ in range(3):  # enough beats for the hub's reading of the board's time to move
        heard = publisher.board_time.beats
        board.beat()
        wait_for(partial(beats_above, publisher.board_time, heard), what="the board's beat")
    owed = wait_for(lambda: worker._time_call, what="time called at the table")
    assert owed.owed == {1, 2} and worker.status == "playing", "the turn in play is finished first"
    for seat in sorted(owed.owed):
        action = worker.table.state.legal_actions(seat)[0]
        worker.post(Act(seat, str(action), "phone")).result(10)
    assert worker.status == "ended"
    result = wait_for(lambda: board.results.all(), what="the result at the board")[0]
    assert result["reason"].startswith("the round's time") and result["names"] == offer["names"]
    assert result["winners"] and len(result["scores"]) == 2


def table_spec(offer: dict[str, object]) -> TableConfig:
    from console.hub.service import table_spec as spec

    names = offer["names"]
    assert isinstance(names, dict)
    return spec({"game": offer["game"], "players": len(names), "seats": ["phone"] * len(names)})
