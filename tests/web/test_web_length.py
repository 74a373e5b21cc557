"""The start form's data for a game's length (console/web/page_data.py, ``start_lengths``): every
built game's measured minutes by player count, people at the table and chance, at the hub's own
bot and dealer pauses and the pace its journal taught it; read from the shipped tables, never
simulated while the page is served."""

from __future__ import annotations

import html
import json
import re

import pytest
from flask.testing import FlaskClient

from console.games import find_game, game_names
from console.hub.pace import DEFAULT_PERSON_S, MIN_GAMES
from console.hub.service import Hub
from console.lab.length import Pace, lengths_of, minutes_by_people
from console.web.page_data import start_lengths
from tests.helpers.timed_games import timed_game


def form_data(client: FlaskClient, attribute: str) -> object:
    page = client.get("/")
    assert page.status_code == 200
    found = re.search(rf'data-{attribute}="([^"]*)"', page.get_data(as_text=True))
    assert found, f"the start form carries no data-{attribute}"
    return json.loads(html.unescape(found.group(1)))


def test_the_start_form_carries_every_games_length_and_word_for_its_players(
    client: FlaskClient, hub: Hub, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_simulation(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was simulated while the page was served")

    monkeypatch.setattr("console.lab.runs.play_game", no_simulation)
    lengths = form_data(client, "lengths")
    assert isinstance(lengths, dict) and sorted(lengths) == sorted(game_names())
    pace = Pace(DEFAULT_PERSON_S, hub.config.bot_delay_s, hub.config.chance_delay_s)
    for name, length in lengths.items():
        game, table = find_game(name), lengths_of(name)
        assert table is not None
        assert sorted(map(int, length["minutes"])) == list(range(game.min_players, game.max_players + 1))
        assert length["person_s"] == DEFAULT_PERSON_S and length["learned_from"] == 0
        assert length["min_games"] == MIN_GAMES and length["simulated"] == table.games
        for count, minutes in length["minutes"].items():
            measured = table.lengths[int(count)]
            assert minutes["virtual"] == minutes_by_people(measured, False, pace)
            assert minutes["physical"] == minutes_by_people(measured, True, pace)
            assert len(minutes["virtual"]) == int(count) + 1  # 0 to every seat played by people
    games = form_data(client, "games")
    assert isinstance(games, list)
    nouns = {game["name"]: game["players_noun"] for game in games}
    assert nouns["watch"] == "rulers" and nouns["wheels"] == "players"


def test_the_hubs_own_finished_games_set_the_pace(hub: Hub) -> None:
    for seed in range(MIN_GAMES):
        timed_game(hub.journal, "wheels", {1: "phone", 2: "phone"}, 20.0, seed=seed)
    lengths = start_lengths(hub)
    assert lengths["wheels"]["person_s"] == 20.0 and lengths["wheels"]["learned_from"] == MIN_GAMES
    assert lengths["watch"]["person_s"] == DEFAULT_PERSON_S and lengths["watch"]["learned_from"] == 0
    table = lengths_of("wheels")
    assert table is not None
    slow = Pace(20.0, hub.config.bot_delay_s, hub.config.chance_delay_s, MIN_GAMES)
    assert lengths["wheels"]["minutes"]["2"]["virtual"] == minutes_by_people(table.lengths[2], False, slow)
