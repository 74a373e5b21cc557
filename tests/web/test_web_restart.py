"""A hub killed at any moment (SIGKILL) restarts with every unfinished table where it was, and the
same seat tokens, so phones reconnect on their own."""

from __future__ import annotations

import http.client
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from console.journal import Journal
from console.table import Table

pytestmark = pytest.mark.slow

Start = Callable[..., Any]
# A fixed seed: the hub's dealer is a function of seed and move number, and posting the first
# legal action is deterministic, so the game is the same every run: seed 1 lasts 40+ decisions.
# The seats are played through the API with their tokens: the table does not wait for phones.
WISTERIA = ("--game", "wisteria", "--seats", "phone,phone", "--seed", "1", "--no-wait")


def play_one(hub: Any, seat_tokens: dict[int, str]) -> str | None:
    """Post the first legal action of the first seat that has one; return it."""
    for seat, token in seat_tokens.items():
        auth = {"Authorization": f"Bearer {token}"}
        _, state = hub.request("GET", f"/api/tables/1/seats/{seat}", **auth)
        if state["legal"]:
            action: str = state["legal"][0]
            status, _ = hub.request("POST", f"/api/tables/1/seats/{seat}/actions", {"action": action}, **auth)
            return action if status == 200 else None
    return None


def views(hub: Any, seat_tokens: dict[int, str]) -> dict[Any, Any]:
    seen: dict[int | None, Any] = {None: hub.request("GET", "/api/tables/1")[1]}
    for seat, token in seat_tokens.items():
        seen[seat] = hub.request("GET", f"/api/tables/1/seats/{seat}", Authorization=f"Bearer {token}")[1]
    return {
        key: (value["view"], value["last_id"], value["legal"] if key else None) for key, value in seen.items()
    }


def settled_views(hub: Any, seat_tokens: dict[int, str]) -> dict[Any, Any]:
    """The views once the table waits for a person: the dealer (virtual chance) works on its own
    thread after a post is acknowledged, so a snapshot taken mid-deal would not be where it stops."""
    last = views(hub, seat_tokens)
    for _ in range(200):
        waiting_for_a_seat = any(legal for key, (_, _, legal) in last.items() if key)
        again = views(hub, seat_tokens)
        if waiting_for_a_seat and again == last:
            return again
        last = again
    raise AssertionError("the table never settled on a seat's turn")


def test_a_killed_hub_restarts_where_it_was_with_the_same_seat_tokens(
    tmp_path: Path, hub_process: Start
) -> None:
    journal = tmp_path / "journal.db"
    hub = hub_process(journal, *WISTERIA)
    seat_tokens = hub.seat_tokens(1)
    played = [play_one(hub, seat_tokens) for _ in range(6)]
    assert all(played)
    before = settled_views(hub, seat_tokens)
    hub.kill()

    again = hub_process(journal, *WISTERIA)
    assert "resumed table(s) 1" in "".join(again.lines)
    assert again.seat_tokens(1) == seat_tokens
    assert settled_views(again, seat_tokens) == before
    assert play_one(again, seat_tokens)


def test_a_hub_killed_in_the_middle_of_play_keeps_every_acknowledged_action(
    tmp_path: Path, hub_process: Start
) -> None:
    journal = tmp_path / "journal.db"
    hub = hub_process(journal, *WISTERIA)
    seat_tokens = hub.seat_tokens(1)
    acknowledged: list[str] = []
    stop = threading.Event()

    def keep_playing() -> None:
        while not stop.is_set():
            try:
                action = play_one(hub, seat_tokens)
            except (OSError, http.client.HTTPException, ValueError):
                return  # the hub is gone, maybe in the middle of an answer
            if action:
                acknowledged.append(action)

    player = threading.Thread(target=keep_playing)
    player.start()
    deadline = time.monotonic() + 60
    while len(acknowledged) < 5 and player.is_alive() and time.monotonic() < deadline:
        player.join(0.05)
    assert len(acknowledged) >= 5, "the game gave too few decisions before the kill"
    hub.kill()  # while a post may be half done
    stop.set()
    player.join(30)

    with Journal(journal) as opened:
        logged = opened.actions(1)
        Table.resume(opened, 1)  # the journal replays cleanly
    by_seats = [action for action in logged if not action.startswith("chance:")]
    assert by_seats[: len(acknowledged)] == acknowledged  # nothing acknowledged was lost
    assert len(by_seats) - len(acknowledged) <= 1  # at most the post cut short by the kill
    again = hub_process(journal, *WISTERIA)
    assert again.seat_tokens(1) == seat_tokens
    with Journal(journal) as opened:
        assert opened.actions(1)[: len(logged)] == logged
    status, state = again.request("GET", "/api/tables/1")
    assert status == 200 and state["actions"] >= len(logged)
