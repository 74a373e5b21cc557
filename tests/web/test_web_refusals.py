"""A refusal in the language of whoever asked (console/web/refusals.py): the hub's own refusals, an
engine's reason inside a frame of the console's, console/http's words through ``phrase``, the
table screen's page language over its browser's, a retried post told again in its asker's words,
a finished table's result on the home page, and the deck check's lines."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from console import i18n
from console.http.language import PAGE_HEADER
from console.http.limits import LOCKED, PIN_NEEDED
from console.hub.config import InputsConfig
from console.hub.service import Hub
from console.hub.worker import HostCommand, SetController
from console.i18n.said import Said, phrase
from console.inputs.events import PodRefused
from console.journal import DISK_FULL
from console.web import create_app
from tests.web.conftest import ORIGIN, hub_config, join

GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
SPANISH = {"Accept-Language": "es"}
TIMEOUT = 10


def seated(client: FlaskClient, hub: Hub, seat: int = 1) -> str:
    """The seat's address, the client holding its cookie."""
    table = hub.tables()[0].table.id
    assert join(client, f"/join/{table}/{seat}/{hub.tokens(table)[seat]}").status_code == 303
    return f"/api/tables/{table}/seats/{seat}"


def post(client: FlaskClient, url: str, body: object, **headers: str) -> tuple[int, dict[str, object]]:
    answer = client.post(url, json=body, headers={**ORIGIN, **headers})
    return answer.status_code, answer.get_json()


def test_a_refused_move_is_said_in_the_phones_language(client: FlaskClient, hub: Hub) -> None:
    base = seated(client, hub)
    worker = hub.tables()[0]
    worker.post(HostCommand("pause")).result(TIMEOUT)
    legal = worker.table.state.legal_actions(1)[0]
    status, german = post(client, f"{base}/actions", {"action": str(legal)}, **GERMAN)
    assert status == 409 and german["error"] == "der Tisch ist pausiert; der Gastgeber kann ihn fortsetzen"
    status, spanish = post(client, f"{base}/actions", {"action": str(legal)}, **SPANISH)
    assert spanish["error"] == "la mesa está en pausa; el anfitrión puede reanudarla"
    status, english = post(client, f"{base}/actions", {"action": str(legal)})
    assert english["error"] == "the table is paused; the host can resume it", "no language asked: English"


def test_an_engines_reason_stands_in_a_translated_frame(client: FlaskClient, hub: Hub) -> None:
    """The engine's English (its game's catalog may not have it yet) inside the console's words."""
    base = seated(client, hub)
    legal = str(hub.tables()[0].table.state.legal_actions(1)[0])
    assert post(client, f"{base}/actions", {"action": legal})[0] == 200
    status, said = post(client, f"{base}/actions", {"action": legal}, **GERMAN)  # chosen already
    assert status == 409 and str(said["error"]).startswith("Nicht angenommen: "), said
    status, english = post(client, f"{base}/actions", {"action": legal})
    assert str(english["error"]).startswith("Not taken: "), english


def test_the_table_screens_calls_are_answered_in_the_pages_language(client: FlaskClient, hub: Hub) -> None:
    """Its scripts send the page's language: the host's, whatever the browser asks for."""
    table = hub.tables()[0].table.id
    url = f"/api/tables/{table}/host"
    status, said = post(
        client, url, {"command": "resume"}, **{"X-Host-Pin": "2468", PAGE_HEADER: "es", **GERMAN}
    )
    assert status == 409 and said["error"] == "la mesa no está en pausa"
    status, said = post(client, url, {"command": "resume"}, **{"X-Host-Pin": "0000", **GERMAN})
    assert status == 403
    assert said["error"] == (
        "dafür ist die Gastgeber-PIN nötig: der Hub hat sie beim Start ausgegeben (auf seiner Konsole, "
        "oder in journalctl -u tabletop, wenn er als Dienst läuft)"
    ), "console/http's words, through phrase"


@pytest.mark.parametrize("text", [PIN_NEEDED, LOCKED, DISK_FULL])
def test_every_part_of_the_words_other_modules_say_is_a_message(text: str) -> None:
    """console/http's and the journal's English is said through phrase: each part is marked."""
    template = i18n.template()
    said = phrase(text)
    parts = [value for value in said.values.values()] if said.values and "part0" in said.values else [said]
    for part in parts:
        assert isinstance(part, Said)
        assert part.id in template, part.id
        assert i18n.gettext("de", part.id) != part.id


def test_a_seat_taken_is_said_in_the_phones_language(client: FlaskClient, hub: Hub) -> None:
    seated(client, hub)
    table = hub.tables()[0].table.id
    other = create_app({"TESTING": True, "HUB": hub}).test_client()
    other.get(f"/join/{table}/1/{hub.tokens(table)[1]}", headers=GERMAN)
    page = other.get(f"/join/{table}/1/{hub.tokens(table)[1]}?given=1", headers=GERMAN)
    text = page.get_data(as_text=True)
    assert page.status_code == 409 and "Platz 1 ist schon von einem Handy belegt" in text


def test_a_retried_post_is_told_again_in_its_askers_language(client: FlaskClient, hub: Hub) -> None:
    base = seated(client, hub)
    worker = hub.tables()[0]
    worker.post(HostCommand("pause")).result(TIMEOUT)
    legal = str(worker.table.state.legal_actions(1)[0])
    key = {"Idempotency-Key": "retry-0001-abcd"}
    first = client.post(f"{base}/actions", json={"action": legal}, headers={**ORIGIN, **key, **GERMAN})
    again = client.post(f"{base}/actions", json={"action": legal}, headers={**ORIGIN, **key, **SPANISH})
    assert first.status_code == again.status_code == 409
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert first.get_json()["error"] == "der Tisch ist pausiert; der Gastgeber kann ihn fortsetzen"
    assert again.get_json()["error"] == "la mesa está en pausa; el anfitrión puede reanudarla"


def test_a_finished_tables_result_is_said_in_the_phones_language(tmp_path: Path) -> None:
    hub = Hub(hub_config(tmp_path, seats=("phone", "bot"))).start(inputs=False)
    try:
        client = create_app({"TESTING": True, "HUB": hub}).test_client()
        worker = hub.tables()[0]
        worker.post(SetController(2, "bot", "hard")).result(TIMEOUT)
        worker.post(HostCommand("concede", seat=2)).result(TIMEOUT)
        german = client.get("/", headers=GERMAN).get_data(as_text=True)
        assert "<span>Platz 1 gewinnt (Bot 2 (schwer) hat aufgegeben)</span>" in german, (
            "a bot named in German"
        )
        english = client.get("/").get_data(as_text=True)
        assert "<span>Seat 1 wins (Bot 2 (hard) conceded)</span>" in english
        public = json.loads(worker.channel.snapshot.payloads[None])
        assert public["outcome"]["said"] == {"id": "%(seat)s conceded", "values": {"seat": {"seat": 2}}}
    finally:
        hub.stop()


def test_a_problem_every_screen_shows_goes_as_a_sentence(hub: Hub) -> None:
    worker = hub.tables()[0]
    worker.post(HostCommand("pause")).result(TIMEOUT)
    public = json.loads(worker.channel.snapshot.payloads[None])
    assert public["problem"] == "" and public["problem_said"] is None


def test_the_kits_notes_are_said_in_the_hosts_page_language(tmp_path: Path) -> None:
    config = hub_config(tmp_path, game="wisteria", seats=("pod", "pod"))
    hub = Hub(dataclasses.replace(config, inputs=InputsConfig(mode="simulated", stable_ms=0))).start()
    try:
        client = create_app({"TESTING": True, "HUB": hub}).test_client()
        assert hub.router is not None
        reason = "speaks protocol 9, the hub 3: update its firmware"  # the driver's (pods.py) words
        hub.router.post(PodRefused("pod7", reason))
        host = {**ORIGIN, "X-Host-Pin": "2468"}
        notes = client.get("/api/kits", headers={**host, **GERMAN}).get_json()["notes"]
        assert notes == [
            "pod7 wird abgewiesen: er spricht Protokoll 9, der Hub 3: aktualisiere seine Firmware"
        ]
        assert hub.router.listing()["notes"] == [f"pod7 is refused: it {reason}"]
    finally:
        hub.stop()


def test_a_seat_without_its_token_is_told_so_in_its_language(client: FlaskClient, hub: Hub) -> None:
    """console/http's refusals of a seat's token, through phrase: each part a message."""
    table = hub.tables()[0].table.id
    none = client.get(f"/api/tables/{table}/seats/1", headers=GERMAN).get_json()
    assert (
        none["error"]
        == "Platz 1 braucht sein Platz-Token: scanne den Code des Platzes auf dem Tischbildschirm"
    )
    other = client.get(f"/api/tables/{table}/seats/2", headers={**SPANISH, "Authorization": "Bearer forged"})
    assert other.get_json()["error"] == (
        "este móvil no ocupa el asiento 2 de la mesa 1 (puede que el anfitrión se lo haya dado a otro "
        "móvil): vuelve a abrir el código del asiento y pide al anfitrión que escriba allí el PIN "
        "del anfitrión"
    )
