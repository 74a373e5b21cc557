"""Joining a seat: a QR code is also a link and a short address; the first phone claims the seat,
another phone needs the host's PIN, and the seat's phone is told; claims survive a restart."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

from flask.testing import FlaskClient

from console.hub.config import HubConfig
from console.hub.service import Hub
from console.web import create_app
from console.web.join import lan_address
from tests.web.conftest import ORIGIN, Reader, join

PHONE_A = {"REMOTE_ADDR": "192.168.1.50"}
PHONE_B = {"REMOTE_ADDR": "192.168.1.51"}


def tid(hub: Hub) -> int:
    return hub.tables()[0].table.id


def join_url(hub: Hub, seat: int) -> str:
    return f"/join/{tid(hub)}/{seat}/{hub.tokens(tid(hub))[seat]}"


def public(client: FlaskClient, hub: Hub) -> dict[str, Any]:
    return json.loads(client.get(f"/api/tables/{tid(hub)}").get_data(as_text=True))


def seat_state(client: FlaskClient, hub: Hub, seat: int) -> Any:
    return client.get(f"/api/tables/{tid(hub)}/seats/{seat}", environ_base=PHONE_A)


def test_every_join_link_has_a_short_address_in_text_on_an_address_phones_reach(
    client: FlaskClient, hub: Hub
) -> None:
    links = client.get(f"/api/tables/{tid(hub)}/join", headers={"X-Host-Pin": "2468"}).get_json()["seats"]
    base = f"http://{lan_address()}:8000"  # the hub listens on every interface: the LAN address
    for link in links:
        assert link["url"].startswith(f"{base}/join/{tid(hub)}/{link['seat']}/")
        assert link["short_url"].startswith(f"{base}/j/") and len(link["short_url"]) == len(base) + 11
        assert link["text"] == link["short_url"].removeprefix("http://") and link["claimed"] is False


def test_the_table_screen_puts_the_join_codes_on_the_address_phones_reach(
    tmp_path: Path, config_for: Any
) -> None:
    config: HubConfig = config_for(tmp_path, public_url="http://tabletop.local:8000/")
    hub = Hub(config).start(inputs=False)
    try:
        links = (
            create_app({"HUB": hub})
            .test_client()
            .get(f"/api/tables/{tid(hub)}/join", headers={"X-Host-Pin": "2468"})
            .get_json()["seats"]
        )
        assert links[0]["url"].startswith(f"http://tabletop.local:8000/join/{tid(hub)}/1/")
        assert links[0]["text"].startswith("tabletop.local:8000/j/")
    finally:
        hub.stop()


def test_the_short_address_joins_like_the_qr_code(client: FlaskClient, hub: Hub) -> None:
    links = client.get(f"/api/tables/{tid(hub)}/join", headers={"X-Host-Pin": "2468"}).get_json()["seats"]
    code = links[1]["short_url"].rsplit("/", 1)[1]
    joined = join(client, f"/j/{code.upper()}", environ_base=PHONE_A)  # typed in capitals: still the code
    assert joined.status_code == 303 and joined.location.endswith(f"/tables/{tid(hub)}/seats/2")
    assert seat_state(client, hub, 2).status_code == 200
    missing = client.get("/j/aaaaaaaa", environ_base=PHONE_B)
    assert missing.status_code == 404 and "check the letters" in missing.get_data(as_text=True)


def test_the_first_phone_claims_the_seat_and_its_code_leaves_the_table_screen(
    client: FlaskClient, hub: Hub
) -> None:
    before = client.get(f"/tables/{tid(hub)}").get_data(as_text=True)
    assert 'data-seat="2"' in before and public(client, hub)["claimed"] == {"1": False, "2": False}
    assert join(client, join_url(hub, 2), environ_base=PHONE_A).status_code == 303
    assert public(client, hub)["claimed"] == {"1": False, "2": True}
    after = client.get(f"/tables/{tid(hub)}").get_data(as_text=True)
    assert after.count('class="code"') == 1 and 'class="code" data-seat="2"' not in after
    assert hub.tokens(tid(hub))[2] not in after
    # the same phone coming back with the code keeps its seat
    again = join(client, join_url(hub, 2), environ_base=PHONE_A)
    assert again.status_code == 303 and "Set-Cookie" not in again.headers


def test_another_phone_needs_the_host_and_the_seats_phone_is_told(app: Any, hub: Hub) -> None:
    phone_a, phone_b = app.test_client(), app.test_client()
    assert join(phone_a, join_url(hub, 2), environ_base=PHONE_A).status_code == 303
    refused = join(phone_b, join_url(hub, 2), environ_base=PHONE_B)
    text = refused.get_data(as_text=True)
    assert refused.status_code == 409 and "already taken" in text and 'name="pin"' in text
    assert "Set-Cookie" not in refused.headers
    assert phone_b.get(f"/api/tables/{tid(hub)}/seats/2", environ_base=PHONE_B).status_code == 403
    told = seat_state(phone_a, hub, 2).get_json()
    assert told["claim"] == {"joins": 1, "attempts": 1}

    wrong = phone_b.post(join_url(hub, 2), data={"pin": "1111"}, headers=ORIGIN, environ_base=PHONE_B)
    assert wrong.status_code == 403 and "Set-Cookie" not in wrong.headers
    handed = phone_b.post(join_url(hub, 2), data={"pin": "2468"}, headers=ORIGIN, environ_base=PHONE_B)
    assert handed.status_code == 303  # the token it was given on opening the link opens the seat now
    now = phone_b.get(f"/api/tables/{tid(hub)}/seats/2", environ_base=PHONE_B).get_json()
    assert now["claim"]["joins"] == 2
    assert seat_state(phone_a, hub, 2).status_code == 403  # the old phone's token is dead


def test_the_old_phones_stream_is_told_the_seat_moved(app: Any, hub: Hub, read_stream: Reader) -> None:
    phone_a, phone_b = app.test_client(), app.test_client()
    join(phone_a, join_url(hub, 2), environ_base=PHONE_A)

    def hand_over() -> None:
        time.sleep(0.3)
        phone_b.post(join_url(hub, 2), data={"pin": "2468"}, headers=ORIGIN, environ_base=PHONE_B)

    helper = threading.Thread(target=hand_over)
    helper.start()
    _, messages = read_stream(
        phone_a,
        f"/api/tables/{tid(hub)}/seats/2/events",
        lambda got: any(m.get("event") == "moved" for m in got),
    )
    helper.join()
    moved = [m for m in messages if m.get("event") == "moved"]
    assert moved and "another phone" in moved[0]["data"]["message"]


def test_claims_survive_a_restart(tmp_path: Path, config_for: Any) -> None:
    config = config_for(tmp_path)
    hub = Hub(config).start(inputs=False)
    client = create_app({"HUB": hub}).test_client()
    join(client, join_url(hub, 1), environ_base=PHONE_A)
    table = tid(hub)
    hub.stop()
    again = Hub(config).start(inputs=False)
    try:
        other = create_app({"HUB": again}).test_client()
        assert public(other, again)["claimed"] == {"1": True, "2": False}
        cookie = client.get_cookie(f"tt_seat_{table}")
        assert cookie is not None
        other.set_cookie(f"tt_seat_{table}", cookie.value)
        assert other.get(f"/api/tables/{table}/seats/1", environ_base=PHONE_A).status_code == 200
        other.delete_cookie(f"tt_seat_{table}")
        assert join(other, join_url(again, 1), environ_base=PHONE_B).status_code == 409
    finally:
        again.stop()


def test_a_phone_whose_seat_went_to_a_bot_is_told_in_words(client: FlaskClient, hub: Hub) -> None:
    join(client, join_url(hub, 1), environ_base=PHONE_A)
    assert "bot" not in seat_state(client, hub, 1).get_json()["notice"]
    client.post(
        f"/api/tables/{tid(hub)}/seats/1/controller",
        json={"controller": "bot"},
        headers={**ORIGIN, "X-Host-Pin": "2468"},
    )
    notice = seat_state(client, hub, 1).get_json()["notice"]
    assert notice.startswith("A bot is playing your seat now")


def test_each_code_on_the_table_screen_is_a_link_with_its_short_address(
    client: FlaskClient, hub: Hub
) -> None:
    page = client.get(f"/tables/{tid(hub)}").get_data(as_text=True)
    links = client.get(f"/api/tables/{tid(hub)}/join", headers={"X-Host-Pin": "2468"}).get_json()["seats"]
    for link in links:
        assert f'<a href="{link["url"]}" class="code-link" aria-label="Join seat {link["seat"]}"><svg' in page
        wrapped = "".join(f"{part}<wbr>" for part in link["parts"])  # broken only between parts
        assert f'href="{link["short_url"]}">{wrapped}</a>' in page


def test_a_short_address_breaks_a_line_only_after_a_dot_a_colon_or_a_slash() -> None:
    from console.web.join import address_parts

    parts = address_parts("192.168.1.50:8000/j/AB12CD")
    assert parts == ["192.", "168.", "1.", "50:", "8000/", "j/", "AB12CD"]
    assert "".join(parts) == "192.168.1.50:8000/j/AB12CD"  # said whole, only the line breaks move


def test_a_phone_whose_claim_was_never_answered_gets_its_seat_by_opening_the_link_again(
    app: Any, hub: Hub
) -> None:
    """A hub killed after committing a claim and before answering it (issue 23: the claim kept,
    the cookie lost, and the phone needed the host's PIN): the phone opens the link again."""
    phone, cookie = app.test_client(), f"tt_seat_{tid(hub)}"
    url = join_url(hub, 2)
    while True:  # the phone follows the link's hops up to the answer that made the claim
        held = phone.get_cookie(cookie)
        answer = phone.get(url, environ_base=PHONE_A)
        assert answer.status_code == 303, answer.status_code
        if answer.location.endswith(f"/tables/{tid(hub)}/seats/2"):
            break
        url = answer.location
    assert public(phone, hub)["claimed"]["2"]
    phone.delete_cookie(cookie)  # that answer never reached the phone, nor anything it set
    if held is not None:
        phone.set_cookie(cookie, held.value)
    again = join(phone, join_url(hub, 2), environ_base=PHONE_A)
    assert again.status_code == 303 and again.location.endswith(f"/tables/{tid(hub)}/seats/2")
    assert seat_state(phone, hub, 2).status_code == 200
