"""The Wheels of War game: options, setup and notation, behind the engine contract."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from console.games.core import JSON, Action, BadOptions, Bot, Game, Seat, State
from console.games.wheels.actions import parse_action
from console.games.wheels.bot import HeuristicBot
from console.games.wheels.catalog import Catalog
from console.games.wheels.catalog_loader import load_catalog
from console.games.wheels.deck import Deck
from console.games.wheels.player import Player
from console.games.wheels.state import WheelsState
from console.games.wheels.stats import simulation_stats

CHOOSE = "choose"  # the seat chooses its Archaffineur in secret before the opening hand
NO_ARCHAFFINEUR = "none"


class WheelsGame(Game):
    name = "wheels"
    title = "Wheels of War"
    min_players = 2
    max_players = 2

    def __init__(self, catalog: Catalog | None = None) -> None:
        self.cards = catalog or load_catalog()

    def default_options(self) -> JSON:
        return {
            "first_seat": 0,  # 0: a coin toss (chance) decides
            "deck_1": "standard",
            "deck_2": "standard",
            "archaffineur_1": CHOOSE,
            "archaffineur_2": CHOOSE,
        }

    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        decks: Mapping[Seat, Sequence[str]] | None = None,
    ) -> WheelsState:
        """Set up a match. The seed is unused: every random thing is a chance action."""
        self.check_players(players)
        chosen = self.merge_options(options)
        first = chosen["first_seat"]
        if first not in (0, 1, 2):
            raise BadOptions(f"first_seat must be 1, 2 or 0 for a coin toss, not {first}")
        stacked = dict(decks or {})
        unknown_seats = set(stacked) - {1, 2}
        if unknown_seats:
            raise BadOptions(f"Wheels of War has seats 1 and 2, not {sorted(unknown_seats)}")
        seats = tuple(self._player(seat, chosen, stacked.get(seat)) for seat in (1, 2))
        return WheelsState(self, self.cards, (seats[0], seats[1]), first)

    def _player(self, seat: Seat, options: JSON, stacked: Sequence[str] | None) -> Player:
        if stacked is not None:
            for card in stacked:
                found = self.cards.cards.get(card)
                if found is None or found.kind == "archaffineur":
                    raise BadOptions(f"seat {seat}'s stacked deck names {card!r}, which is no deck card")
            deck = Deck(top=stacked)
        else:
            deck_name = options[f"deck_{seat}"]
            if deck_name not in self.cards.decks:
                known = ", ".join(sorted(self.cards.decks))
                raise BadOptions(f"there is no deck list {deck_name!r} (deck lists: {known})")
            deck = Deck(middle=self.cards.deck_cards(deck_name))
        leader = options[f"archaffineur_{seat}"]
        if leader == CHOOSE:
            archaffineur = None
        elif leader == NO_ARCHAFFINEUR:
            archaffineur = ""  # chosen: no Archaffineur at all
        elif self.cards.cards.get(leader) is not None and self.cards.cards[leader].kind == "archaffineur":
            archaffineur = leader
        else:
            known = ", ".join([CHOOSE, NO_ARCHAFFINEUR, *self.cards.ids_of("archaffineur")])
            raise BadOptions(f"archaffineur_{seat} must be one of {known}, not {leader!r}")
        return Player(deck, archaffineur)

    def parse_action(self, text: str) -> Action:
        return parse_action(text, self.cards)

    def catalog(self) -> dict[str, str]:
        return {card_id: card.name for card_id, card in sorted(self.cards.cards.items())}

    def heuristic_bot(self) -> Bot | None:
        return HeuristicBot(self.cards)

    def simulation_stats(self, finals: Sequence[State]) -> JSON:
        """Mean Renown per seat, first-seat win rate, draws, sealing and card use (stats.py)."""
        return simulation_stats(finals)
