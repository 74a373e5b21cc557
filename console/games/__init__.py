"""The game registry: every game, built in or a plugin, found by name with ``find_game``.

A game is a plugin. Its distribution names an instance of its ``Game`` in the ``tabletop.games``
entry-point group (pyproject.toml), under the game's name::

    [project.entry-points."tabletop.games"]
    thorn = "thorn_game:GAME"

The three built-in games are entries of this package's own group like any other. The group is
read once (``refresh`` reads it again, for a game installed while the process runs), and a game's
module is imported only when the game is asked for, so a broken or unfinished plugin cannot stop
the others from loading: asking for it is an ``UnknownGame`` that says what went wrong.

This module is the only place outside a game's own package that names a game.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from importlib.metadata import EntryPoint, entry_points

from console.games.core import Game, UnknownGame

GROUP = "tabletop.games"
# The game a bare ``tabletop play``, a hub with no table configured and the benchmarks of a
# physical table start with (a game's usual number of seats is its ``facts.typical_players``).
DEFAULT_GAME = "wisteria"
# Two seats and short games: what the lab's and the venue's benchmarks play thousands of.
SHORT_GAME = "wheels"
# This package's own entries, as pyproject.toml declares them; also found when the installed
# metadata predates the group (an editable install made before it, a checkout on PYTHONPATH).
BUILT_IN: dict[str, str] = {
    "wisteria": "console.games.wisteria:GAME",
    "wheels": "console.games.wheels:GAME",
    "watch": "console.games.watch:GAME",
}


@cache
def _entries() -> dict[str, EntryPoint]:
    """Every registered game's entry point by name; of two with one name, the first found."""
    found: dict[str, EntryPoint] = {}
    for entry in entry_points(group=GROUP):
        found.setdefault(entry.name.strip().lower(), entry)
    for name, value in BUILT_IN.items():
        found.setdefault(name, EntryPoint(name, value, GROUP))
    return found


_loaded: dict[str, Game] = {}


def refresh() -> None:
    """Read the entry points again (a game installed, or its folder put on ``sys.path``, since)."""
    _entries.cache_clear()
    _loaded.clear()


def find_game(name: str) -> Game:
    """The game registered as ``name``; UnknownGame names the games there are, or says why a
    registered game could not be loaded."""
    key = name.strip().lower()
    game = _loaded.get(key)
    if game is not None:
        return game
    entry = _entries().get(key)
    if entry is None:
        raise UnknownGame(f"there is no game {name!r}; games: {', '.join(game_names())}")
    try:
        found = entry.load()
    except ModuleNotFoundError as error:
        missing = error.name or ""
        if not missing or not (entry.module == missing or entry.module.startswith(missing + ".")):
            raise UnknownGame(f"the game {key!r} could not be loaded: {error}") from error
        raise UnknownGame(f"the game {key!r} is not built yet") from None
    except Exception as error:  # a plugin's own fault must not reach the caller as anything else
        raise UnknownGame(f"the game {key!r} could not be loaded: {type(error).__name__}: {error}") from error
    if not isinstance(found, Game):
        raise UnknownGame(f"the game {key!r} is registered as {entry.value}, which is not a Game")
    if found.name != key:
        raise UnknownGame(f"the game registered as {key!r} calls itself {found.name!r}")
    _loaded[key] = found
    return found


def game_names() -> list[str]:
    """The names of the registered games whose package is installed, sorted (none is imported)."""
    built = []
    for name, entry in sorted(_entries().items()):
        try:
            if importlib.util.find_spec(entry.module) is not None:
                built.append(name)
        except Exception:  # a parent package missing, or broken as it is imported
            continue
    return built


def games() -> list[Game]:
    """Every game that loads, by name; a broken plugin is left out (``find_game`` says why)."""
    loaded = []
    for name in game_names():
        try:
            loaded.append(find_game(name))
        except UnknownGame:
            continue
    return loaded
