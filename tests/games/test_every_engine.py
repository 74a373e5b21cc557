"""Every built game keeps the contract, checked by random playouts through the public API."""

from __future__ import annotations

import pytest

from console.games import find_game, game_names
from console.games.checks import check_engine

# Few games each: every engine's own tests run many more with its own options.
PLAYOUTS = {"wisteria": 5, "wheels": 5, "watch": 2}


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("which", ["fewest", "most"])
def test_random_playouts_keep_the_contract(name: str, which: str) -> None:
    game = find_game(name)
    players = game.min_players if which == "fewest" else min(game.max_players, 5)
    finals = check_engine(game, players, games=PLAYOUTS.get(name, 3), seed=2026)
    assert len(finals) == PLAYOUTS.get(name, 3)


def test_every_registered_engine_names_itself() -> None:
    for name in game_names():
        game = find_game(name)
        assert game.name == name and game.title and 1 <= game.min_players <= game.max_players
