"""The start form's options in the page's language (console/web/page_data.start_form): each option's
label, help and choices' labels are said from its game's catalog; names and values stay identifiers."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from flask.testing import FlaskClient

from console.games import find_game, game_names

GERMAN = {"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}


def start_form(client: FlaskClient, headers: dict[str, str] | None = None) -> list[dict[str, Any]]:
    page = client.get("/", headers=headers or {}).get_data(as_text=True)
    found = re.search(r'data-games="([^"]*)"', page)
    assert found, "no start form"
    games: list[dict[str, Any]] = json.loads(html.unescape(found.group(1)))
    return games


def test_the_start_forms_options_are_said_in_german(client: FlaskClient) -> None:
    english = {game["name"]: game for game in start_form(client)}
    german = {game["name"]: game for game in start_form(client, GERMAN)}
    assert sorted(german) == sorted(game_names())
    for name, game in german.items():
        specs = find_game(name).option_specs
        assert [option["name"] for option in game["options"]] == [spec.name for spec in specs], name
        for option, before in zip(game["options"], english[name]["options"], strict=True):
            said = f"{name} {option['name']}"
            assert option["help"] and option["help"] != before["help"], f"{said}: help still English"
            assert option["label"] != before["label"] or option["label"].startswith("Archaffineur"), said
            # the values stay the identifiers the engine checks
            assert option["choices"] == before["choices"] and option["default"] == before["default"], said
            assert sorted(option["choice_labels"]) == sorted(option["choices"]), said
    watch = {option["name"]: option for option in german["watch"]["options"]}
    assert watch["layout"]["label"] == "Aufbau" and watch["layout"]["choice_labels"]["random"] == "zufällig"
    assert "Wacht" in watch["watch_name"]["help"]
    wisteria = {option["name"]: option for option in german["wisteria"]["options"]}
    assert wisteria["victory"]["choice_labels"]["total_control"] == "Totale Kontrolle"
    wheels = {option["name"]: option for option in german["wheels"]["options"]}
    assert wheels["first_seat"]["label"] == "beginnender Platz"
    assert wheels["deck_2"]["help"] == "die Deckliste von Platz 2"
    assert wheels["archaffineur_1"]["choice_labels"]["none"] == "kein Archaffineur"


def test_the_start_forms_options_in_english_are_their_words(client: FlaskClient) -> None:
    wheels = next(game for game in start_form(client) if game["name"] == "wheels")
    options = {option["name"]: option for option in wheels["options"]}
    assert options["first_seat"]["label"] == "first seat"
    assert options["deck_1"]["help"] == "seat 1's deck list"
    assert options["archaffineur_1"]["choice_labels"]["fen-matriarch"] == "Fen Matriarch"
