"""The venue in each reader's language (issue 26): the organiser's page, the pairings and every
answer and refusal in the browser's (its Accept-Language), the board the room reads in the venue's
own; the hub's venue badge in the host's, a seat's judge call in its phone's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from console import i18n
from console.games import find_game
from console.hub.config import VenueConfig
from console.venue.board import Board, ResultStore
from console.venue.hub_api import call_words
from console.venue.web import PIN_HEADER, create_board_app
from console.web import create_app
from tests.venue.conftest import MakeHub, body, wait_for

PIN = "1357"
ORIGIN = {"Origin": "http://localhost"}
GERMAN = {"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"}


@pytest.fixture
def quiet_board(tmp_path: Path) -> Iterator[Board]:
    """A board that reads no broker: the test puts its results and events in."""
    board = Board(VenueConfig(venue="cafe"), ResultStore(tmp_path / "board.db"))
    yield board
    board.results.close()


def site(board: Board, language: str = "en") -> FlaskClient:
    config = {"TESTING": True, "ORGANISER_PIN": PIN, "LANGUAGE": language}
    return create_board_app(board, config).test_client()


def unpaired_result(hub: str = "hub1") -> dict[str, object]:
    """A game nobody paired: its players are "<hub> seat <n>" in the standings."""
    return {"game": "wheels", "players": 2, "winners": [1], "scores": [5, 2], "hub": hub, "result_id": "r1"}


def test_the_organisers_page_reads_german_when_the_browser_asks_for_it(quiet_board: Board) -> None:
    client = site(quiet_board)
    page = client.get("/organiser", headers=GERMAN).get_data(as_text=True)
    assert '<html lang="de">' in page
    for german in (
        "Veranstalter-PIN",
        "Schiedsrichterrufe",
        "Neues Turnier",
        "Turnier anlegen",
        "Runde auslosen",
        "Nachmeldung hinzufügen",
        "Rundenuhr",
        "den Zug zu Ende spielen, dann werten",
        "Sitzordnung korrigieren",
    ):
        assert german in page, german
    for english in ("Organiser PIN", "Judge calls", "Create the event", "Pair the round", "Round clock"):
        assert english not in page, english
    # Its script's words come from the German catalog, loaded before it.
    assert '<script src="/i18n/de.js"></script>' in page and '<script src="/i18n.js"></script>' in page
    script = client.get("/i18n/de.js").get_data(as_text=True)
    assert script.startswith("self.TABLETOP_CATALOG = ")
    assert '"On my way": "Bin unterwegs"' in script and '"waiting for a judge": "wartet auf' in script
    assert "Platz %(seat)s" in script and '"Veranstalter-PIN"' not in script, "only the scripts' words"
    assert client.get("/i18n/xx.js").status_code == 404
    gettext = client.get("/i18n.js").get_data(as_text=True)
    assert gettext.count("function ngettext") == 1
    for language in i18n.TRANSLATED:  # (the script maps each catalog's plural rule to a function)
        assert f'"{i18n.catalog(language).plural_expr}"' in gettext, language


def test_the_organisers_answers_and_refusals_are_in_the_browsers_language(quiet_board: Board) -> None:
    client = site(quiet_board)
    german = {**ORIGIN, PIN_HEADER: PIN, **GERMAN}
    spanish = {**ORIGIN, PIN_HEADER: PIN, "Accept-Language": "es"}
    made = client.post(
        "/api/event", json={"game": "wheels", "rounds": 3, "players": ["Ada", "Bea"]}, headers=german
    )
    assert made.status_code == 201
    title = find_game("wheels").title
    assert body(made)["message"] == (
        f"Turnier 1 ist angelegt: {title}, 3 Runden, 2 Spieler. Lose seine erste Runde aus, wenn die Hubs "
        "online sind."
    )
    refused = client.post("/api/event/round", headers=german)  # no hub is online
    assert refused.status_code == 409
    assert body(refused)["error"] == "Runde 1 braucht 1 Hub online; jetzt online: 0"
    late = client.post("/api/event/players", json={"add": "Ada"}, headers=spanish)
    assert late.status_code == 409 and body(late)["error"] == "Ada ya está en el torneo"
    english = client.post("/api/event/players", json={"drop": "Zed"}, headers={**ORIGIN, PIN_HEADER: PIN})
    assert body(english)["error"] == "Zed is not a player of the event"
    clock = client.post("/api/event/clock", json={"minutes": 500}, headers=spanish)
    assert body(clock)["error"] == "una ronda dura de 1 a 240 minutos, no 500"
    # console/http's refusals too, where the catalog has their words: the PIN's, no such page
    no_pin = client.post("/api/event/round", headers={**ORIGIN, **GERMAN})
    assert no_pin.status_code == 403 and body(no_pin)["error"].startswith("dafür ist die Gastgeber-PIN nötig")
    page = client.get("/nowhere", headers=GERMAN)
    assert page.status_code == 404 and "<p>unter dieser Adresse gibt es nichts</p>" in page.get_data(
        as_text=True
    )


def test_the_board_the_room_reads_is_in_the_venues_language_whatever_the_browser(quiet_board: Board) -> None:
    quiet_board.results.add("hub1", "r1", unpaired_result())
    client = site(quiet_board, "es")
    for path in ("/", "/board.part", "/pairings?scroll=1"):
        page = client.get(path, headers=GERMAN).get_data(as_text=True)
        assert "Tablero del torneo" in page or "Clasificación" in page or "Emparejamientos" in page, path
        assert "Turniertafel" not in page and "Tabelle" not in page, path
    board = client.get("/", headers=GERMAN).get_data(as_text=True)
    assert '<html lang="es">' in board and "Todavía no ha informado ningún hub." in board
    assert "hub1 asiento 1" in board, "a player nobody named, said in the venue's words"
    # The organiser's own page follows the browser; a browser that asks for none gets the venue's.
    assert '<html lang="de">' in client.get("/organiser", headers=GERMAN).get_data(as_text=True)
    assert '<html lang="es">' in client.get("/organiser").get_data(as_text=True)
    assert "Nach Name" not in client.get("/pairings", headers=GERMAN).get_data(as_text=True)  # no round yet
    assert "Noch ist keine Runde veröffentlicht." in client.get("/pairings", headers=GERMAN).get_data(
        as_text=True
    )


def test_an_unknown_venue_language_is_english(quiet_board: Board) -> None:
    assert '<html lang="en">' in site(quiet_board, "xx").get("/").get_data(as_text=True)


def test_the_hubs_venue_badge_is_in_the_hosts_language_and_a_judge_call_in_the_phones(
    make_hub: MakeHub,
) -> None:
    hub = make_hub("hub1", seats=("phone", "bot"), language="de")
    assert hub.venue is not None
    wait_for(lambda: hub.venue.connected, what="the hub on the broker")
    client = create_app({"TESTING": True, "HUB": hub}).test_client()
    table = client.get(f"/tables/{hub.tables()[0].table.id}", headers={"Accept-Language": "es"})
    assert "Turnier cafe: verbunden" in table.get_data(as_text=True)
    # the table screen's script asks again from any browser: the badge is the host's still
    assert (
        body(client.get("/api/venue", headers={"Accept-Language": "es"}))["badge"]
        == "Turnier cafe: verbunden"
    )
    assert hub.venue.status()["badge"] == "venue cafe: connected"
    # a refusal in the language the asking page's script sends (the table screen's: the host's)
    gone = client.post(
        "/api/venue/accept",
        json={"seating_id": "gone"},
        headers={**ORIGIN, "X-Host-Pin": hub.host_pin, "Accept-Language": "es", "X-Tabletop-Language": "de"},
    )
    assert gone.status_code == 409
    assert body(gone)["error"] == "diese Sitzordnung wartet hier nicht (schon angenommen oder ersetzt)"
    call = {"state": "acknowledged", "judge": "Jo"}
    assert call_words(call, "es") == "Jo viene." and call_words(call) == "Jo is coming."
    assert call_words({"state": "open"}, "de") == "Ein Schiedsrichter ist gerufen; bleib am Tisch."
