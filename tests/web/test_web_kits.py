"""The host's kit bindings over the API: list the kits, bind one to a table's seat, unbind it."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from console.hub.config import HubConfig, InputsConfig, TableConfig
from console.hub.service import Hub
from console.web import create_app
from tests.helpers.responses import json_body

ORIGIN = {"Origin": "http://localhost"}
HOST = {**ORIGIN, "X-Host-Pin": "2468"}


def hub_config(tmp_path: Path, game: str = "wheels", seats: tuple[str, ...] = ("phone",) * 2) -> HubConfig:
    table = TableConfig(game=game, players=len(seats), seats=seats, chance="physical", seed=11)
    return HubConfig(
        journal=tmp_path / "journal.db", bot_delay_s=0.0, chance_delay_s=0.0, host_pin="2468", table=table
    )


@pytest.fixture
def kit_hub(tmp_path: Path) -> Iterator[Hub]:
    config = hub_config(tmp_path, game="wisteria", seats=("pod", "pod"))
    started = Hub(dataclasses.replace(config, inputs=InputsConfig(mode="simulated", stable_ms=0))).start()
    yield started
    started.stop()


def test_the_host_lists_binds_and_unbinds_kits(kit_hub: Hub) -> None:
    client: FlaskClient = create_app({"TESTING": True, "HUB": kit_hub}).test_client()
    assert client.get("/api/kits", headers=ORIGIN).status_code == 403
    deadline = time.monotonic() + 10
    kits: dict = {}
    while not kits.get("simpod1", {}).get("bound"):  # the pod says HELLO, and joins the table
        assert time.monotonic() < deadline
        time.sleep(0.02)
        kits = {k["kit"]: k for k in json_body(client.get("/api/kits", headers=HOST))["kits"]}
    assert kits["simpod1"]["bound"] == "1:1" and kits["simpod1"]["kind"] == "pod"
    assert any(kind == "buttons" for kind in (k["kind"] for k in kits.values()))

    second = json_body(
        client.post(
            "/api/tables",
            json={"game": "wisteria", "players": 2, "seats": ["pod", "pod"], "chance": "physical"},
            headers=HOST,
        )
    )["id"]
    bound = client.post(f"/api/tables/{second}/kits", json={"kit": "simpod2", "seat": 1}, headers=HOST)
    assert bound.status_code == 200 and bound.json == {"kit": "simpod2", "bound": f"{second}:1"}
    kits = {k["kit"]: k for k in json_body(client.get("/api/kits", headers=HOST))["kits"]}
    assert kits["simpod2"]["bound"] == f"{second}:1" and kits["simpod1"]["bound"] == "1:1"

    unknown = client.post(f"/api/tables/{second}/kits", json={"kit": "nopod", "seat": 1}, headers=HOST)
    assert unknown.status_code == 400 and "no kit 'nopod'" in json_body(unknown)["error"]
    no_seat = client.post(f"/api/tables/{second}/kits", json={"kit": "simpod2", "seat": 9}, headers=HOST)
    assert no_seat.status_code == 400
    freed = client.delete("/api/kits/simpod2", headers=HOST)
    assert freed.status_code == 200 and json_body(freed)["bound"] is None
    assert client.delete("/api/kits/simpod2", headers=HOST).status_code == 400


def test_a_hub_without_inputs_says_so(tmp_path: Path) -> None:
    hub = Hub(hub_config(tmp_path)).start(inputs=False)
    try:
        client = create_app({"TESTING": True, "HUB": hub}).test_client()
        answer = client.get("/api/kits", headers=HOST)
        assert answer.status_code == 409 and "no physical inputs" in json_body(answer)["error"]
    finally:
        hub.stop()
