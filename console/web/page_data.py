"""What the pages need beyond a table's snapshot: each game's printed card names (so the log and
the choices say "Commercial Empire", not ``g-commercial-empire``), the script and styles that draw
it, and its start-form options.

All of it is public (the rulebook's own words); nothing here depends on a table's hidden state.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from console.games import find_game, game_names


@cache
def cards(game_name: str) -> dict[str, dict[str, Any]]:
    """Card id -> {"name", and where the game knows them "text", "rival"}."""
    game = find_game(game_name)
    details = game.card_details()
    return {card_id: {"name": name, **details.get(card_id, {})} for card_id, name in game.catalog().items()}


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
def start_form() -> list[dict[str, Any]]:
    """Every built game for the start form: name, title, player counts and options."""
    games = []
    for name in game_names():
        game = find_game(name)
        games.append(
            {
                "name": name,
                "title": game.title,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "options": [spec.to_json() for spec in game.option_specs],
            }
        )
    return games
