"""Issue 23, hardening round three, at the site's layer: each case here failed on the hub before it
(ff1f2bf) and passes now. (The attacks on a running hub process are in test_web_reliability.py.)"""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from console.hub.service import Hub


def tid(hub: Hub) -> int:
    return hub.tables()[0].table.id


@pytest.mark.parametrize("written", ["01", "\u0661", "\uff11", "1\u0660", "+1", "0x1"])
def test_a_table_is_named_in_a_path_by_ascii_digits_without_a_leading_zero(
    client: FlaskClient, hub: Hub, written: str
) -> None:
    assert tid(hub) == 1
    assert client.get("/api/tables/1").status_code == 200
    for path in (f"/api/tables/{written}", f"/api/tables/1/seats/{written}/legal", f"/tables/{written}"):
        answer = client.get(path)
        assert answer.status_code == 404, path


@pytest.mark.parametrize("method", ["OPTIONS", "GET", "HEAD", "PUT"])
@pytest.mark.parametrize("path", ["/api", "/api/", "/api/tables/1", "/api/nothing"])
def test_every_answer_under_api_is_json(client: FlaskClient, hub: Hub, method: str, path: str) -> None:
    answer = client.open(path, method=method, headers={"Origin": "http://localhost"})
    assert answer.mimetype == "application/json", (method, path, answer.status_code)
    if method != "HEAD":
        body = answer.get_json()
        assert isinstance(body, dict) and body, body
    if method == "OPTIONS" and answer.status_code == 200:
        assert answer.get_json()["allow"] == sorted(answer.allow)
