"""The generic contract checks, run on Wheels of War with every deck list and Archaffineur setup."""

from __future__ import annotations

import pytest

from console.games.checks import check_engine
from console.games.wheels import GAME


@pytest.mark.slow
def test_random_matches_keep_the_engine_contract() -> None:
    finals = check_engine(GAME, 2, games=30, seed=11)
    assert all(state.outcome() is not None for state in finals)


@pytest.mark.slow
@pytest.mark.parametrize(
    "options",
    [
        {"deck_1": "saboteurs", "deck_2": "cellar-keepers"},
        {"deck_1": "cellar-keepers", "deck_2": "saboteurs", "first_seat": 2},
        {"archaffineur_1": "rindbreaker-archaffineur", "archaffineur_2": "none"},
    ],
)
def test_random_matches_with_constructed_decks_keep_the_contract(options: dict[str, object]) -> None:
    finals = check_engine(GAME, 2, games=10, seed=5, options=options)
    assert all(state.outcome() is not None for state in finals)


def test_the_game_is_for_exactly_two_players() -> None:
    from console.games.core import BadOptions

    for players in (1, 3):
        with pytest.raises(BadOptions, match="is for 2 players, not"):
            GAME.new(players)
