"""``corrections.takeback_ms_p99``: a takeback through a real ``tabletop serve`` process, from
the phone's request to every phone's stream carrying the corrected state.

The default game at a table of phones (three streams a seat, as the hub allows, and ten
spectators), chance dealt by the table at once: a seat that may take back its move posts it, then
takes it back with the request a phone sends (``POST .../takeback`` with the count its page saw);
the time runs from that request's start to the corrected state's arrival at each stream, p99 over
every stream and every takeback. The move is then made again and the game goes on.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

from console.bench.rig import Phones
from console.games import DEFAULT_GAME, find_game
from console.web.hub_process import HubProcess

PIN = "1357"
STREAMS_PER_SEAT = 3
SPECTATORS = 10
TAKEBACKS = 60


def _config(folder: Path, players: int) -> Path:
    config = folder / "hub.toml"
    seats = json.dumps(["phone"] * players)
    config.write_text(
        f'host_pin = "{PIN}"\nbot_delay_s = 0\nchance_delay_s = 0\n'
        '[server]\nhost = "127.0.0.1"\nport = 0\n'
        f'[table]\ngame = "{DEFAULT_GAME}"\nplayers = {players}\nseats = {seats}\n'
        'chance = "virtual"\nseed = 7\nwait_for_phones = false\n[inputs]\nmode = "none"\n',
        encoding="utf-8",
    )
    return config


def _tokens(journal: Path, table: int) -> dict[int, str]:
    with sqlite3.connect(f"file:{journal}?mode=ro", uri=True) as db:
        return dict(db.execute("SELECT seat, token FROM hub_seats WHERE table_id = ?", (table,)).fetchall())


def takeback_latencies(takebacks: int = TAKEBACKS) -> list[float]:
    players = find_game(DEFAULT_GAME).facts.typical_players or find_game(DEFAULT_GAME).min_players
    with tempfile.TemporaryDirectory() as folder:
        journal = Path(folder) / "journal.db"
        hub = HubProcess(journal, "--config", str(_config(Path(folder), players)))
        try:
            tokens = _tokens(journal, 1)
            streams = [
                (f"/api/tables/1/seats/{seat}/events", tokens[seat])
                for seat in range(1, players + 1)
                for _ in range(STREAMS_PER_SEAT)
            ] + [("/api/tables/1/events", "")] * SPECTATORS
            phones = Phones(hub.port, streams)
            try:
                if not phones.wait_until(lambda: all(p.states for p in phones.phones), 30.0):
                    raise RuntimeError("not every phone stream opened")
                return _play(hub, phones, tokens, players, takebacks)
            finally:
                phones.close()
        finally:
            hub.stop()


def _seat(hub: HubProcess, tokens: dict[int, str], seat: int) -> dict[str, Any]:
    status, payload = hub.request("GET", f"/api/tables/1/seats/{seat}", None, **_auth(hub, tokens[seat]))
    assert status == 200, payload
    return dict(payload)


def _auth(hub: HubProcess, token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", "Origin": f"http://127.0.0.1:{hub.port}"}


def _post(hub: HubProcess, token: str, seat: int, path: str, body: dict[str, Any]) -> None:
    status, answer = hub.request("POST", f"/api/tables/1/seats/{seat}/{path}", body, **_auth(hub, token))
    assert status == 200, answer


def _play(hub: HubProcess, phones: Phones, tokens: dict[int, str], players: int, wanted: int) -> list[float]:
    latencies: list[float] = []
    for _ in range(wanted * 20):
        if len(latencies) >= wanted * len(phones.phones):
            break
        payloads = {seat: _seat(hub, tokens, seat) for seat in range(1, players + 1)}
        acting = [seat for seat, payload in payloads.items() if payload["legal"]]
        if not acting:
            if any(payload["outcome"] for payload in payloads.values()):
                break
            time.sleep(0.01)  # the table is dealing
            continue
        seat = acting[0]
        action = payloads[seat]["legal"][0]
        _post(hub, tokens[seat], seat, "actions", {"action": action})
        mine = _seat(hub, tokens, seat)
        if mine["takeback"]["count"]:
            latencies += _take_back(hub, phones, tokens[seat], seat, mine["actions"])
            _post(hub, tokens[seat], seat, "actions", {"action": action})  # and the game goes on
    return latencies


def _take_back(hub: HubProcess, phones: Phones, token: str, seat: int, seen: int) -> list[float]:
    """One takeback: milliseconds from the request to the corrected state at each stream."""
    marks = [len(phone.states) for phone in phones.phones]
    started = time.monotonic_ns()
    _post(hub, token, seat, "takeback", {"seen": seen})

    def heard(phone: Any, mark: int) -> int | None:
        return next((at for at, actions in phone.states[mark:] if actions == seen - 1), None)

    def everyone() -> bool:
        return all(heard(phone, mark) is not None for phone, mark in zip(phones.phones, marks, strict=True))

    if not phones.wait_until(everyone, 30.0):
        raise RuntimeError("a phone never heard of the takeback")
    return [
        ((heard(phone, mark) or started) - started) / 1e6
        for phone, mark in zip(phones.phones, marks, strict=True)
    ]
