"""The Wizard of Wisteria: Mix-Up game: its options, setup and the registry entry's methods."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from console.games.core import JSON, Action, Bot, Game, Seat, State
from console.games.wisteria.actions import parse_action
from console.games.wisteria.bot import HeuristicBot
from console.games.wisteria.catalog import catalog
from console.games.wisteria.options import DEFAULT_OPTIONS, deal, read_rules
from console.games.wisteria.state import WisteriaState


class WisteriaGame(Game):
    name = "wisteria"
    title = "Wizard of Wisteria: Mix-Up"
    min_players = 2
    max_players = 36  # P-18: more than 4 may join; one card each is the least a seat can start with

    def default_options(self) -> JSON:
        return dict(DEFAULT_OPTIONS)

    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        decks: Mapping[Seat, Sequence[str]] | None = None,
    ) -> WisteriaState:
        """Deal the deck. The seed is unused: the engine never shuffles (chance actions do)."""
        self.check_players(players)
        rules = read_rules(self.merge_options(options))
        return WisteriaState(self, players, rules, deal(rules, players, decks))

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def catalog(self) -> dict[str, str]:
        return dict(catalog())

    def heuristic_bot(self) -> Bot:
        return HeuristicBot()

    def simulation_stats(self, finals: Sequence[State]) -> JSON:
        states = [state for state in finals if isinstance(state, WisteriaState)]
        if not states:
            return {}
        return {
            "mean_rounds": sum(state.round for state in states) / len(states),
            "mean_wars": sum(state.wars for state in states) / len(states),
            "mean_retreats": sum(state.retreats for state in states) / len(states),
            "longest_rounds": max(state.round for state in states),
        }
