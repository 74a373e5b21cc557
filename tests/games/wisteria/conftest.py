"""Helpers for Wisteria's tests: a stacked game driven by notation, forced chance resolved."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest

from console.games import find_game
from console.games.core import CHANCE, Event
from console.games.wisteria.game import WisteriaGame
from console.games.wisteria.state import WisteriaState


class Play:
    """A game whose chance is forced by stacked decks. ``do`` applies notation; before each seat's
    action the round's pending chance actions that have a single possible card are applied."""

    def __init__(
        self,
        game: WisteriaGame,
        players: int,
        decks: Mapping[int, Sequence[str]] | None,
        options: Mapping[str, Any] | None,
    ) -> None:
        self.game = game
        self.state: WisteriaState = game.new(players, 0, options, decks)
        self.events: list[Event] = []

    def do(self, *texts: str) -> Play:
        for text in texts:
            action = self.game.parse_action(text)
            if action.seat != CHANCE:
                self.settle()
            self.events += self.state.apply(action)
        return self

    def settle(self) -> Play:
        """Apply forced chance until a seat must act, the round in progress is over, or chance has a
        real choice to make."""
        round_number = self.state.round
        while self.state.to_act == (CHANCE,) and self.state.round == round_number:
            legal = self.state.legal_actions(CHANCE)
            owners = {action.owner for action in legal}  # type: ignore[attr-defined]
            if len(owners) != len(legal):
                break
            self.events += self.state.apply(legal[0])
        return self

    def seat(self, number: int) -> dict[str, Any]:
        return self.state.view(None)["seats"][str(number)]

    def kinds(self) -> list[str]:
        return [event.kind for event in self.events]


@pytest.fixture
def game() -> WisteriaGame:
    found = find_game("wisteria")
    assert isinstance(found, WisteriaGame)
    return found


@pytest.fixture
def play(game: WisteriaGame) -> Callable[..., Play]:
    def start(players: int, decks: Mapping[int, Sequence[str]] | None = None, **options: Any) -> Play:
        return Play(game, players, decks, options or None)

    return start
