"""A hub killed at any moment (SIGKILL) restarts with every unfinished table where it was, and the
same seat tokens, so phones reconnect on their own."""

from __future__ import annotations

import http.client
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from console.journal import Journal
from console.table import Table

pytestmark = pytest.mark.slow

Start = Callable[..., Any]


def tokens(hub: Any) -> dict[int, str]:
    status, body = hub.request("GET", "/api/tables/1/join", **{"X-Host-Pin": hub.pin})
    assert status == 200, body
    return {link["seat"]: link["url"].rsplit("/", 1)[1] for link in body["seats"]}


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
    seen = {None: hub.request("GET", "/api/tables/1")[1]}
    for seat, token in seat_tokens.items():
        seen[seat] = hub.request("GET", f"/api/tables/1/seats/{seat}", Authorization=f"Bearer {token}")[1]
    return {
        key: (value["view"], value["last_id"], value["legal"] if key else None) for key, value in seen.items()
    }


def test_a_killed_hub_restarts_where_it_was_with_the_same_seat_tokens(
    tmp_path: Path, hub_process: Start
) -> None:
    journal = tmp_path / "journal.db"
    hub = hub_process(journal, "--game", "wisteria", "--seats", "phone,phone")
    seat_tokens = tokens(hub)
    played = [play_one(hub, seat_tokens) for _ in range(6)]
    assert all(played)
    before = views(hub, seat_tokens)
    hub.kill()

    again = hub_process(journal, "--game", "wisteria", "--seats", "phone,phone")
    assert "resumed table(s) 1" in "".join(again.lines)
    assert tokens(again) == seat_tokens
    assert views(again, seat_tokens) == before
    assert play_one(again, seat_tokens)


def test_a_hub_killed_in_the_middle_of_play_keeps_every_acknowledged_action(
    tmp_path: Path, hub_process: Start
) -> None:
    journal = tmp_path / "journal.db"
    hub = hub_process(journal, "--game", "wisteria", "--seats", "phone,phone")
    seat_tokens = tokens(hub)
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
    while len(acknowledged) < 5 and player.is_alive():
        player.join(0.05)
    hub.kill()  # while a post may be half done
    stop.set()
    player.join(30)

    with Journal(journal) as opened:
        logged = opened.actions(1)
        Table.resume(opened, 1)  # the journal replays cleanly
    by_seats = [action for action in logged if not action.startswith("chance:")]
    assert by_seats[: len(acknowledged)] == acknowledged  # nothing acknowledged was lost
    assert len(by_seats) - len(acknowledged) <= 1  # at most the post cut short by the kill
    again = hub_process(journal, "--game", "wisteria", "--seats", "phone,phone")
    assert tokens(again) == seat_tokens
    with Journal(journal) as opened:
        assert opened.actions(1)[: len(logged)] == logged
    status, state = again.request("GET", "/api/tables/1")
    assert status == 200 and state["actions"] >= len(logged)
