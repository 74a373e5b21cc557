"""What the pages need beyond a table's snapshot: each game's printed card names (so the log and
the choices say "Commercial Empire", not ``g-commercial-empire``), the script and styles that draw
it, and its start-form options.

All of it is public (the rulebook's own words); nothing here depends on a table's hidden state.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from console import i18n
from console.games import find_game, game_names
from console.games.core import Game
from console.hub.pace import MIN_GAMES, learned
from console.hub.service import Hub
from console.i18n.said import Said, Speaker
from console.lab.length import Pace, lengths_of, minutes_by_people


@cache
def cards(game: Game) -> dict[str, dict[str, Any]]:
    """Card id -> {"name", and where the game knows them "text", "rival"}: of the game a table's
    state is played in, so a rules edition's figures are the ones its cards show."""
    details = game.card_details()
    return {
        card_id: {"name": name, **{key: _json(value) for key, value in details.get(card_id, {}).items()}}
        for card_id, name in game.catalog().items()
    }


def _json(value: Any) -> Any:
    """A card's detail for the page: a sentence (its facts in figures) as its id and values, which
    the page says in its language; printed text as it is, the id of its translation."""
    return value.to_json() if isinstance(value, Said) else value


def twins(game_name: str) -> dict[str, str]:
    """A private event's twin under another kind (``Game.twin_kinds``), so a seat's log says its
    own move once."""
    return dict(find_game(game_name).twin_kinds)


@cache
def script(game_name: str) -> str:
    """The game's own drawing of its view (``Game.page_script``): an unknown name is an UnknownGame."""
    return find_game(game_name).page_script()


@cache
def style(game_name: str) -> str:
    """The game's own styles (``Game.page_style``), "" for a game drawn with the shared ones."""
    return find_game(game_name).page_style()


@cache
def start_form(language: str = i18n.DEFAULT) -> list[dict[str, Any]]:
    """Every built game for the start form: name, title, player counts and options, each option's
    label, help and choices' labels said in ``language`` (its name and values stay identifiers)."""
    games = []
    for name in game_names():
        game = find_game(name)
        speaker = game.speaker(language)
        games.append(
            {
                "name": name,
                "title": game.title,
                "players_noun": game.players_noun,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "options": [_said_option(spec.to_json(), speaker) for spec in game.option_specs],
            }
        )
    return games


def _said_option(spec: dict[str, Any], speaker: Speaker) -> dict[str, Any]:
    """An option spec's words (message ids of the game's catalog) said by ``speaker``."""
    return {
        **spec,
        "label": speaker.translate(spec["label"]),
        "help": speaker.translate(spec["help"]) if spec["help"] else "",
        "choice_labels": {choice: speaker.translate(said) for choice, said in spec["choice_labels"].items()},
    }


def start_lengths(hub: Hub) -> dict[str, dict[str, Any]]:
    """Every game's length for the start form, by game name: for each measured player count, the
    minutes with 0, 1, ... of its seats played by people, dealt (``virtual``) and scanned
    (``physical``); the pace of people behind it and how many of this hub's games taught it.
    Only the measured table's arithmetic: nothing is simulated while a page is served."""
    found: dict[str, dict[str, Any]] = {}
    for name in game_names():
        table = lengths_of(name)
        if table is None:
            continue
        person = learned(hub.journal, name)
        pace = Pace(person.person_s, hub.config.bot_delay_s, hub.config.chance_delay_s, person.games)
        found[name] = {
            "minutes": {
                str(count): {
                    "virtual": minutes_by_people(length, False, pace),
                    "physical": minutes_by_people(length, True, pace),
                }
                for count, length in table.lengths.items()
            },
            "person_s": round(person.person_s, 1),
            "learned_from": person.games,
            "min_games": MIN_GAMES,
            "simulated": table.games,
        }
    return found
