"""What the pages need beyond a table's snapshot: each game's printed card names (so the log and
the choices say "Commercial Empire", not ``g-commercial-empire``) and its start-form options.

All of it is public (the rulebook's own words); nothing here depends on a table's hidden state.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from console.games import find_game, game_names
from console.games.core import Game


def _card_entry(game: Game, card_id: str, name: str) -> dict[str, Any]:
    entry: dict[str, Any] = {"name": name}
    # Wheels keeps its catalog objects on the game: their text, and whether a craft aims at the
    # rival's shelf (so a choice can say whose shelf it names).
    card = getattr(getattr(game, "cards", None), "cards", {}).get(card_id)
    if card is not None:
        entry["text"] = getattr(card, "text", "")
        target = getattr(card, "target", None)
        if target is not None:
            entry["rival"] = bool(target.on_rival)
    return entry


@cache
def cards(game_name: str) -> dict[str, dict[str, Any]]:
    """Card id -> {"name", and where the game knows them "text", "rival"}."""
    game = find_game(game_name)
    return {card_id: _card_entry(game, card_id, name) for card_id, name in game.catalog().items()}


def _options(game: Game) -> list[dict[str, Any]]:
    if game.option_specs:
        return [spec.to_json() for spec in game.option_specs]
    # A game without option specs yet: its defaults, which fix each option's type.
    return [
        {"name": key, "default": value, "help": "", "choices": [], "minimum": None, "maximum": None}
        for key, value in game.default_options().items()
    ]


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
                "options": _options(game),
            }
        )
    return games
