"""Each phone in its own language (console/web/language.py): the browser's Accept-Language first,
the seat page's chooser kept in a cookie as long as the seat's, ``<html lang>`` said right, the
table screen in the host's language, the pages' scripts given the same catalog as JSON, and an
unknown language answered in one line with English used."""

from __future__ import annotations

import html
import io
import json
from contextlib import redirect_stderr
from pathlib import Path

from flask.testing import FlaskClient

from console import i18n
from console.cli.serve import host_language
from console.games import find_game, game_names
from console.hub.service import Hub
from console.web import create_app
from tests.web.conftest import ORIGIN, hub_config, join

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def seat_page(client: FlaskClient, hub: Hub, headers: dict[str, str] | None = None, seat: int = 1) -> str:
    table = hub.tables()[0].table.id
    assert join(client, f"/join/{table}/{seat}/{hub.tokens(table)[seat]}").status_code == 303
    return client.get(f"/tables/{table}/seats/{seat}", headers=headers or {}).get_data(as_text=True)


def test_a_phone_reads_its_seat_page_in_its_browsers_language(client: FlaskClient, hub: Hub) -> None:
    page = seat_page(client, hub, GERMAN)
    assert '<html lang="de">' in page and "Platz 1" in page and "Dein Name" in page
    assert 'src="/i18n/de.js"' in page and 'src="/i18n.js"' in page
    assert '<option value="de" lang="de" selected>Deutsch</option>' in page
    english = seat_page(client, hub, seat=1)  # no Accept-Language: the host's, English
    assert '<html lang="en">' in english and "Your name" in english


def test_the_chooser_keeps_the_language_in_a_cookie_like_the_seat(client: FlaskClient, hub: Hub) -> None:
    table = hub.tables()[0].table.id
    seat_page(client, hub, GERMAN)
    chosen = client.post(
        "/language", data={"language": "es", "next": f"/tables/{table}/seats/1"}, headers=ORIGIN
    )
    assert chosen.status_code == 303 and chosen.location.endswith(f"/tables/{table}/seats/1")
    cookie = chosen.headers["Set-Cookie"]
    assert cookie.startswith("tt_lang=es;") and "HttpOnly" in cookie and "Max-Age=1209600" in cookie
    # the chosen language beats the browser's
    page = client.get(f"/tables/{table}/seats/1", headers=GERMAN).get_data(as_text=True)
    assert '<html lang="es">' in page and "Asiento 1" in page and "Tu nombre" in page


def test_an_unknown_language_is_one_line_and_the_page_stays_english(client: FlaskClient, hub: Hub) -> None:
    refused = client.post("/language", data={"language": "tlh", "next": "/"}, headers=ORIGIN)
    assert refused.status_code == 400
    said = html.unescape(refused.get_data(as_text=True))  # a browser's form post: the message page
    assert "unknown language 'tlh'" in said and "English" in said
    assert "Set-Cookie" not in refused.headers
    client.set_cookie("tt_lang", "tlh")  # a cookie forged or from an older hub: ignored
    assert '<html lang="en">' in seat_page(client, hub)
    assert client.get("/i18n/tlh.json").status_code == 404


def test_the_chooser_returns_only_to_a_page_of_this_hub(client: FlaskClient) -> None:
    for elsewhere in ("//evil.example/x", "https://evil.example/", "javascript:alert(1)"):
        chosen = client.post("/language", data={"language": "de", "next": elsewhere}, headers=ORIGIN)
        assert chosen.status_code == 303 and chosen.location in ("/", "http://localhost/"), elsewhere


def test_the_table_screen_is_in_the_hosts_language(tmp_path: Path) -> None:
    hub = Hub(hub_config(tmp_path, language="de")).start(inputs=False)
    try:
        client = create_app({"TESTING": True, "HUB": hub}).test_client()
        table = hub.tables()[0].table.id
        spanish = {"Accept-Language": "es"}
        screen = client.get(f"/tables/{table}", headers=spanish).get_data(as_text=True)
        assert '<html lang="de">' in screen and "Gastgeber-Steuerung" in screen and "Protokoll" in screen
        # a phone speaks its own; one whose languages the hub does not speak reads the host's
        assert '<html lang="es">' in client.get("/", headers=spanish).get_data(as_text=True)
        assert '<html lang="de">' in client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    finally:
        hub.stop()


def test_the_scripts_catalog_holds_their_words_with_plural_forms(client: FlaskClient) -> None:
    german = client.get("/i18n/de.json").get_json()
    assert german["language"] == "de" and german["plural"] == "(n != 1)"
    assert german["messages"]["Your move:"] == "Dein Zug:"
    assert german["messages"]["%(num)s way"] == ["%(num)s Möglichkeit", "%(num)s Möglichkeiten"]
    assert "Host controls" not in german["messages"]  # a template's word: the page says it already
    spanish = client.get("/i18n/es.json").get_json()
    assert len(spanish["messages"]["%(num)s way"]) == 3
    script = client.get("/i18n/es.js")
    assert script.mimetype == "text/javascript"
    body = script.get_data(as_text=True)
    assert body.startswith("self.TABLETOP_CATALOG = ") and json.loads(body.split("= ", 1)[1].rstrip(";\n"))
    english = client.get("/i18n/en.json").get_json()
    assert english["messages"] == {}


def test_the_index_says_a_tables_status_in_the_phones_language(client: FlaskClient) -> None:
    page = client.get("/", headers=GERMAN).get_data(as_text=True)
    assert "2 Spieler · läuft" in page and "Einen Tisch starten" in page


def test_serve_says_an_unknown_language_in_one_line_and_uses_english() -> None:
    said = io.StringIO()
    with redirect_stderr(said):
        assert host_language("xx") == "en"
        assert host_language("es") == "es"
    assert said.getvalue().count("\n") == 1 and "unknown language 'xx'" in said.getvalue()


def test_a_phone_that_changes_language_gets_a_new_offline_page(client: FlaskClient) -> None:
    """The service worker caches the offline page in the phone's words: its version says which."""
    english = client.get("/sw.js").get_data(as_text=True).split("\n", 1)[0]
    german = client.get("/sw.js", headers=GERMAN).get_data(as_text=True).split("\n", 1)[0]
    assert english != german
    offline = client.get("/offline", headers=GERMAN).get_data(as_text=True)
    assert "Der Hub ist nicht erreichbar" in offline and "/i18n/" not in offline  # no catalog to cache


def test_a_game_ships_its_own_words_and_a_game_without_them_is_drawn_in_its_own(client: FlaskClient) -> None:
    with_catalog = [name for name in game_names() if i18n.has_catalog(find_game(name).catalog_package())]
    assert with_catalog, "at least one game ships a catalog of its own"
    for name in game_names():
        script = client.get(f"/games/{name}/i18n/de.js")
        assert script.status_code == 200 and script.mimetype == "text/javascript"
        said = json.loads(script.get_data(as_text=True).split("= ", 1)[1].rstrip(";\n"))
        assert said["language"] == "de" and bool(said["messages"]) == (name in with_catalog)
    unknown = client.get("/games/chess/i18n/de.js")  # an unknown game: refused as its page script is
    assert unknown.status_code == client.get("/games/chess/page.js").status_code == 400
    assert client.get(f"/games/{with_catalog[0]}/i18n/tlh.js").status_code == 404


def test_a_seat_page_loads_its_games_words_before_the_pages_script(client: FlaskClient, hub: Hub) -> None:
    page = seat_page(client, hub, GERMAN)
    game = hub.tables()[0].table.game.name
    assert page.index(f'src="/games/{game}/i18n/de.js"') < page.index('src="/i18n.js"')
