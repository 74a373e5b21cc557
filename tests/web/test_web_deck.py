"""The deck check's API: the host's alone, one check at a time, bad input refused in one line."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from console.hub.config import InputsConfig
from console.hub.service import Hub
from console.web import create_app
from tests.helpers.responses import json_body
from tests.web.conftest import ORIGIN
from tests.web.test_web_kits import hub_config

HOST = {**ORIGIN, "X-Host-Pin": "2468"}


@pytest.fixture
def pod_client(tmp_path: Path) -> Iterator[FlaskClient]:
    config = hub_config(tmp_path, game="wisteria", seats=("pod", "pod"))
    started = Hub(dataclasses.replace(config, inputs=InputsConfig(mode="simulated"))).start()
    yield create_app({"TESTING": True, "HUB": started}).test_client()
    started.stop()


def test_the_deck_check_is_the_hosts_and_one_at_a_time(pod_client: FlaskClient) -> None:
    assert pod_client.get("/api/deck-check", headers=ORIGIN).status_code == 403
    assert pod_client.post("/api/deck-check", json={"game": "wisteria"}, headers=ORIGIN).status_code == 403
    assert json_body(pod_client.get("/api/deck-check", headers=HOST)) == {"running": None}
    bad = pod_client.post("/api/deck-check", json={"game": "wisteria", "copies": 0}, headers=HOST)
    assert bad.status_code == 400 and "copies" in json_body(bad)["error"]
    unknown = pod_client.post("/api/deck-check", json={"game": "chess"}, headers=HOST)
    assert unknown.status_code == 400 and "chess" in json_body(unknown)["error"]
    started = pod_client.post("/api/deck-check", json={"game": "wisteria"}, headers=HOST)
    assert started.status_code == 200 and json_body(started)["running"]["expected"] == 6
    again = pod_client.post("/api/deck-check", json={"game": "wisteria"}, headers=HOST)
    assert again.status_code == 409 and "under way" in json_body(again)["error"]
    finished = pod_client.post("/api/deck-check/finish", headers=HOST)
    assert finished.status_code == 200 and json_body(finished)["report"]["missing"] == {
        str(n): [""] for n in range(1, 7)
    }
    assert pod_client.post("/api/deck-check/finish", headers=HOST).status_code == 409
    assert pod_client.get("/deck-check").status_code == 200


def test_a_hub_without_pods_says_so(client: FlaskClient) -> None:
    answer = client.post("/api/deck-check", json={"game": "wisteria"}, headers=HOST)
    assert answer.status_code == 409 and "no physical inputs" in json_body(answer)["error"]
