"""No public or other-seat answer ever holds a seat's hidden cards or choices: not the state, not
the log, not the live stream. Random games are played through the API, and after every move each
seat's ``State.hidden_strings`` is looked for in everything the others can read: the state as it
is now, and the events published since the previous move. An event may name a card its reader
could already see on the table before the move (a wheel set face up, then returned to its owner's
hand, is secret again, but everyone watched it go back); anything else is a leak.

A reader's own list of legal actions is left out of what is searched: it names every card that
reader could choose (Wheels' archaffineurs are one catalog for both seats), so it holds the
rival's secret whenever both may pick the same card, without telling the reader anything."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from console.games import find_game, game_names
from console.hub.config import HubConfig, TableConfig
from console.hub.service import Hub
from console.web import create_app
from console.web.sse_client import Message

ORIGIN = {"Origin": "http://localhost"}
Reader = Callable[..., tuple[list[str], list[Message]]]


def readable_by(
    read_stream: Reader, client: FlaskClient, table_id: int, seat: int | None, token: str | None, after: int
) -> tuple[str, str]:
    """What ``seat`` (None: anyone) can read about the table now: its state (from the API and the
    stream), and the events since event ``after`` (from the log and the stream)."""
    base = f"/api/tables/{table_id}" + (f"/seats/{seat}" if seat else "")
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    state = client.get(base, headers=headers).json
    log = client.get(f"{base}/log?after={after}", headers=headers).json
    _, messages = read_stream(
        client,
        f"{base}/events",
        lambda messages: any(m.get("event") == "state" for m in messages),
        **{**headers, "Last-Event-ID": str(after)},
    )
    states = [state, *(m["data"] for m in messages if m.get("event") == "state")]
    for payload in states:
        payload.pop("legal", None)
    events = [log, [m for m in messages if m.get("event") != "state"]]
    return json.dumps(states, ensure_ascii=False), json.dumps(events, ensure_ascii=False)


def two_player_games() -> list[str]:
    return [name for name in game_names() if find_game(name).min_players <= 2 <= find_game(name).max_players]


@pytest.mark.parametrize("game", two_player_games())
@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**31 - 1), picks=st.lists(st.integers(0, 10_000), min_size=1, max_size=40))
# Wheels: a wheel set face up, then returned to its owner's hand by Riftstone, is secret again.
@pytest.mark.slow
@example(seed=0, picks=[0, 0, 2417, 0, 0, 0, 2, 3, 1, 341, 1, 3, 0])
def test_no_public_or_other_seat_answer_holds_a_seats_hidden_information(
    game: str, seed: int, picks: list[int], read_stream: Reader, config_for: Callable[..., HubConfig]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        hub = Hub(config_for(Path(folder), game=game)).start(default_table=False, inputs=False)
        try:
            worker = hub.start_table(TableConfig(game=game, players=2, seats=("phone", "phone"), seed=seed))
            client = create_app({"TESTING": True, "HUB": hub}).test_client()
            tokens = hub.tokens(worker.table.id)
            checked = 0
            readings: Readings = {}
            for pick in picks:
                checked, readings = check_secrecy(
                    read_stream, client, hub, worker.table.id, tokens, checked, readings
                )
                acting = [s for s in worker.table.state.to_act if s in tokens]
                if not acting:
                    break
                seat = acting[pick % len(acting)]
                legal = worker.table.state.legal_actions(seat)
                client.post(
                    f"/api/tables/{worker.table.id}/seats/{seat}/actions",
                    json={"action": str(legal[pick % len(legal)])},
                    headers={**ORIGIN, "Authorization": f"Bearer {tokens[seat]}"},
                )
        finally:
            hub.stop()


Readings = dict[int | None, tuple[str, str]]


def check_secrecy(
    read_stream: Reader,
    client: FlaskClient,
    hub: Hub,
    table_id: int,
    tokens: dict[int, str],
    after: int,
    before: Readings,
) -> tuple[int, Readings]:
    """Check what everyone can read now, the events since ``after`` against what each reader could
    see before the last move; return the last event id checked and what was read."""
    worker = hub.worker(table_id)
    state, last_id = worker.table.state, worker.channel.snapshot.last_id
    readers: list[int | None] = [None, *tokens]
    now = {
        reader: readable_by(read_stream, client, table_id, reader, tokens.get(reader or 0), after)
        for reader in readers
    }
    for seat in tokens:
        for secret in state.hidden_strings(seat):
            for reader, (views, events) in now.items():
                if reader == seat:
                    continue
                who = "the public" if reader is None else f"seat {reader}"
                assert secret not in views, f"seat {seat}'s secret {secret!r} is in the state {who} reads"
                seen_before = reader in before and secret in before[reader][0]
                assert secret not in events or seen_before, f"seat {seat}'s secret {secret!r} reached {who}"
    return last_id, now


def test_an_alliance_message_reaches_only_the_two_allies(
    read_stream: Reader, config_for: Callable[..., HubConfig], caplog: pytest.LogCaptureFixture
) -> None:
    """Messages are free text, never among the legal actions a random game picks from: so the
    Watch's private channel is checked on its own, in every answer, page and log line."""
    with tempfile.TemporaryDirectory() as folder:
        hub = Hub(config_for(Path(folder), game="watch", seats=("phone",) * 3)).start(inputs=False)
        try:
            client = create_app({"TESTING": True, "HUB": hub}).test_client()
            table_id = hub.tables()[0].table.id
            tokens = hub.tokens(table_id)
            post = make_poster(client, table_id, tokens)
            ally(hub, table_id, post)
            said = post(1, '1:say 2 "meet me at the quince wharf"')
            assert said.status_code == 200, said.json
            _, with_ally = readable_by(read_stream, client, table_id, 2, tokens[2], 0)
            assert "meet me at the quince wharf" in with_ally
            for reader in (None, 3):
                views, events = readable_by(read_stream, client, table_id, reader, tokens.get(reader or 0), 0)
                assert "quince wharf" not in views and "quince wharf" not in events, reader
            seat_3 = {"Authorization": f"Bearer {tokens[3]}"}
            remote = {"REMOTE_ADDR": "192.168.1.50"}
            for url, headers in (
                (f"/tables/{table_id}", {}),
                (f"/tables/{table_id}/spectate", {}),
                (f"/tables/{table_id}/seats/3", seat_3),
                ("/", {}),
            ):
                page = client.get(url, headers=headers, environ_base=remote)
                assert page.status_code == 200 and "quince wharf" not in page.get_data(as_text=True), url
            assert "quince wharf" not in caplog.text
        finally:
            hub.stop()


def make_poster(client: FlaskClient, table_id: int, tokens: dict[int, str]) -> Callable[[int, str], Any]:
    def post(seat: int, action: str) -> Any:
        return client.post(
            f"/api/tables/{table_id}/seats/{seat}/actions",
            json={"action": action},
            headers={**ORIGIN, "Authorization": f"Bearer {tokens[seat]}"},
        )

    return post


def ally(hub: Hub, table_id: int, post: Callable[[int, str], Any]) -> None:
    """Play the founding until ruler 1 may offer an alliance to ruler 2, who accepts."""
    worker = hub.worker(table_id)
    for _ in range(200):
        state = worker.table.state
        seat = next(s for s in state.to_act if s)
        legal = [str(a) for a in state.legal_actions(seat)]
        for wanted in ("1:offer 2", "2:accept"):
            if wanted in legal:
                post(seat, wanted)
                break
        else:
            post(seat, legal[0])
        if (1, 2) in getattr(worker.table.state, "alliances", {}):
            return
    raise AssertionError("rulers 1 and 2 never allied")
