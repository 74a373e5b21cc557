"""The pages: the table screen with its join codes, the join link, the seat page, spectators."""

from __future__ import annotations

import dataclasses
import html
import json
import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from console.games.editions import Edition, save_edition
from console.http.security import HEADERS
from console.hub.service import Hub
from console.web import create_app
from tests.web.conftest import hub_config, join

REMOTE = {"REMOTE_ADDR": "192.168.1.50"}


def tid(hub: Hub) -> int:
    return hub.tables()[0].table.id


def test_the_hubs_own_display_shows_a_qr_code_per_seat_as_a_link_and_never_the_host_pin(
    client: FlaskClient, hub: Hub
) -> None:
    page = client.get(f"/tables/{tid(hub)}").get_data(as_text=True)
    assert page.count('class="code"') == 2 and page.count("<svg") >= 2
    for token in hub.tokens(tid(hub)).values():
        assert f"/join/{tid(hub)}/" in page and token in page
    # the shared screen never shows the PIN: the host types it into the host controls
    assert "2468" not in page


def test_a_joined_seats_code_leaves_the_table_screen(client: FlaskClient, hub: Hub) -> None:
    token = hub.tokens(tid(hub))[2]
    assert join(client, f"/join/{tid(hub)}/2/{token}", environ_base=REMOTE).status_code == 303
    page = client.get(f"/tables/{tid(hub)}").get_data(as_text=True)
    assert page.count('class="code"') == 1 and token not in page
    assert 'data-seat="1"' in page and 'data-claimed="[2]"' in page


def test_the_start_form_carries_each_games_title_and_own_options(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    assert "data-games=" in page and "Rules of the Watch" in page and "victory_points" in page
    # no other game's option is offered as an example
    assert 'placeholder="victory=' not in page


def test_seat_and_table_pages_carry_the_cards_printed_names(client: FlaskClient, hub: Hub) -> None:
    page = client.get(f"/tables/{tid(hub)}").get_data(as_text=True)
    assert "Affineur&#39;s Nose" in page or "Affineur\\u0027s Nose" in page or "Affineur's Nose" in page


def test_a_tables_pages_load_its_own_games_script_and_styles_served_from_the_game(
    client: FlaskClient, hub: Hub
) -> None:
    token = hub.tokens(tid(hub))[1]
    join(client, f"/join/{tid(hub)}/1/{token}", environ_base=REMOTE)
    for url in (f"/tables/{tid(hub)}", f"/tables/{tid(hub)}/seats/1", f"/tables/{tid(hub)}/spectate"):
        page = client.get(url, environ_base=REMOTE).get_data(as_text=True)
        # the game's drawing and its words (its catalog in the page's language, console/web/language.py)
        assert page.count('src="/games/') == 2 and 'src="/games/wheels/page.js"' in page, url
        assert 'src="/games/wheels/i18n/en.js"' in page, url
    script = client.get("/games/wheels/page.js")
    assert script.status_code == 200 and script.mimetype == "text/javascript"
    assert script.get_data(as_text=True) == hub.tables()[0].table.game.page_script()
    assert script.headers["X-Content-Type-Options"] == "nosniff"
    assert client.get("/games/no-such-game/page.js").status_code == 400
    assert 'href="/games/wheels/page.css"' in page  # its own styles, after the shared ones
    style = client.get("/games/wheels/page.css")
    assert style.mimetype == "text/css" and ".shelf" in style.get_data(as_text=True)


def test_another_screen_sees_the_table_but_no_join_code_or_pin(client: FlaskClient, hub: Hub) -> None:
    page = client.get(f"/tables/{tid(hub)}", environ_base=REMOTE).get_data(as_text=True)
    assert 'id="board"' in page and "<svg" not in page and "2468" not in page
    for token in hub.tokens(tid(hub)).values():
        assert token not in page


def test_a_page_that_names_the_hub_by_another_sites_name_gets_no_join_code(
    client: FlaskClient, hub: Hub
) -> None:
    # A DNS-rebinding page (evil.example pointed at this machine) must not read the PIN or tokens.
    page = client.get(f"/tables/{tid(hub)}", headers={"Host": "evil.example:8000"}).get_data(as_text=True)
    assert "<svg" not in page and "2468" not in page


def test_a_join_link_sets_the_seat_cookie_and_opens_the_seat_page(client: FlaskClient, hub: Hub) -> None:
    token = hub.tokens(tid(hub))[2]
    given = client.get(f"/join/{tid(hub)}/2/{token}", environ_base=REMOTE)  # first the phone's token
    cookie = given.headers["Set-Cookie"]
    assert f"tt_seat_{tid(hub)}=" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    held = client.get_cookie(f"tt_seat_{tid(hub)}")
    assert held is not None and hub.seat_for_token(tid(hub), held.value) is None  # nothing claimed yet
    joined = client.get(given.location, environ_base=REMOTE)  # then the claim, with that token
    assert joined.status_code == 303 and joined.location.endswith(f"/tables/{tid(hub)}/seats/2")
    assert "Set-Cookie" not in joined.headers and hub.seat_for_token(tid(hub), held.value) == 2
    # the phone's token is its own: the code seen on the shared screen is spent
    assert held.value != token and hub.seat_for_token(tid(hub), token) is None
    page = client.get(joined.location, environ_base=REMOTE)
    assert page.status_code == 200 and 'data-seat="2"' in page.get_data(as_text=True)


def test_a_forged_or_misplaced_join_link_opens_nothing(client: FlaskClient, hub: Hub) -> None:
    token = hub.tokens(tid(hub))[2]
    for url in (f"/join/{tid(hub)}/1/{token}", f"/join/{tid(hub)}/2/forged"):
        response = client.get(url, environ_base=REMOTE)
        assert response.status_code == 403 and "Set-Cookie" not in response.headers


def test_a_seat_page_without_its_token_is_refused(client: FlaskClient, hub: Hub) -> None:
    response = client.get(f"/tables/{tid(hub)}/seats/1", environ_base=REMOTE)
    assert response.status_code == 403 and "scan" in response.get_data(as_text=True)


def test_a_phone_without_a_token_watches_the_public_view(client: FlaskClient, hub: Hub) -> None:
    page = client.get(f"/tables/{tid(hub)}/spectate", environ_base=REMOTE).get_data(as_text=True)
    assert 'data-page="spectate"' in page and "Spectating" in page
    old = client.get(f"/tables/{tid(hub)}/watch", environ_base=REMOTE)  # the old address
    assert old.status_code == 301 and old.headers["Location"].endswith(f"/tables/{tid(hub)}/spectate")


def test_every_page_and_answer_carries_the_security_headers(client: FlaskClient, hub: Hub) -> None:
    for url in ("/", f"/tables/{tid(hub)}", f"/api/tables/{tid(hub)}", "/api/tables/404", "/static/live.js"):
        with client.get(url) as response:
            for name, value in HEADERS.items():
                assert response.headers.get(name) == value, (url, name)


def test_the_index_lists_the_open_tables(client: FlaskClient, hub: Hub) -> None:
    page = client.get("/").get_data(as_text=True)
    assert f"/tables/{tid(hub)}" in page and "Wheels of War" in page


def test_the_app_never_runs_in_debug_mode(client: FlaskClient) -> None:
    assert client.application.debug is False


def test_an_unexpected_error_on_a_join_link_keeps_its_token_out_of_the_log(
    client: FlaskClient, hub: Hub, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def failing_store(table_id: int, token: str) -> int:
        raise RuntimeError("the journal could not be read")

    monkeypatch.setattr(hub, "seat_for_join_token", failing_store)
    token = hub.tokens(tid(hub))[2]
    response = join(client, f"/join/{tid(hub)}/2/{token}", environ_base=REMOTE)
    assert response.status_code == 500 and token not in response.get_data(as_text=True)
    assert f"/join/{tid(hub)}/2/" in caplog.text and "could not be read" in caplog.text
    assert token not in caplog.text


def test_the_opener_policy_goes_only_to_origins_a_browser_trusts(client: FlaskClient, hub: Hub) -> None:
    """On the hub's plain-http LAN address a browser ignores COOP with a console error."""
    here = client.get(f"/tables/{tid(hub)}")
    lan = client.get(f"/tables/{tid(hub)}", headers={"Host": "192.168.1.20:8000"}, environ_base=REMOTE)
    assert here.headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert "Cross-Origin-Opener-Policy" not in lan.headers
    assert lan.headers["Content-Security-Policy"] == here.headers["Content-Security-Policy"]


def test_a_table_in_a_rules_edition_shows_the_edition_s_figures_on_its_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLETOP_EDITIONS", str(tmp_path / "editions"))
    save_edition("wheels", "low-mountain", Edition().number("mountain-wheel", "value", 9), "a test edition")
    config = hub_config(tmp_path)
    config = dataclasses.replace(
        config, table=dataclasses.replace(config.table, options={"edition": "low-mountain"})
    )
    edited = Hub(config).start(inputs=False)
    try:
        client = create_app({"TESTING": True, "HUB": edited}).test_client()
        page = client.get(f"/tables/{tid(edited)}").get_data(as_text=True)
        # the page carries a card's figures as a sentence's values, said in each phone's language
        shown = re.search(r'data-cards="([^"]*)"', page)
        assert shown is not None, "the page names no cards"
        facts = json.loads(html.unescape(shown[1]))["mountain-wheel"]["facts"]
        assert facts["values"]["value"] == 9 and facts["values"]["peak"] == 6
    finally:
        edited.stop()
