"""The game registry: every rules engine, found by name with ``find_game``.

Each engine lives in its own package, which exposes ``GAME``, an instance of its ``Game``.
Packages are imported only when asked for, so a broken or unfinished engine cannot stop the
others from loading.
"""

from __future__ import annotations

import importlib
import importlib.util

from console.games.core import Game, UnknownGame

ENGINES: dict[str, str] = {
    "wisteria": "console.games.wisteria",
    "wheels": "console.games.wheels",
    "watch": "console.games.watch",
}


def find_game(name: str) -> Game:
    """The game registered as ``name``; UnknownGame names the games there are."""
    module_name = ENGINES.get(name.strip().lower())
    if module_name is None:
        raise UnknownGame(f"there is no game {name!r}; games: {', '.join(game_names())}")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise UnknownGame(f"the game {name!r} is not built yet") from None
    game: Game = module.GAME
    return game


def game_names() -> list[str]:
    """The names of the games that are built, sorted."""
    built = []
    for name, module_name in sorted(ENGINES.items()):
        if importlib.util.find_spec(module_name) is not None:
            built.append(name)
    return built
