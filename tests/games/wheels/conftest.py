"""Helpers for the Wheels of War tests: start a match at the first turn with chosen hands, act in
notation with chance resolved as it falls, and place wheels directly for targeted rule tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from console.games.core import CHANCE, Event
from console.games.wheels import GAME
from console.games.wheels.rules.cellar import ShelvedWheel
from console.games.wheels.rules.deck import Deck
from console.games.wheels.state import WheelsState


class Kit:
    game = GAME

    def begin(
        self,
        hand1: Sequence[str] = (),
        hand2: Sequence[str] = (),
        rest1: Sequence[str] = (),
        rest2: Sequence[str] = (),
        first: int = 1,
        leaders: tuple[str, str] = ("none", "none"),
    ) -> WheelsState:
        """A match at its first turn: each seat holds exactly ``hand`` (at most six) over a stacked
        deck of ``rest``; both kept their opening hands. A hand under six is a test position: the
        opening deals the stacked cards, then the hand and deck are laid out as asked."""
        assert len(hand1) <= 6 and len(hand2) <= 6
        state = self.new(
            decks={1: [*hand1, *rest1], 2: [*hand2, *rest2]},
            first=first,
            leaders=leaders,
        )
        self.chance(state)
        self.act(state, "1:keep", "2:keep")
        assert state.phase == "play"
        for player, hand, rest in ((state.seats[0], hand1, rest1), (state.seats[1], hand2, rest2)):
            player.hand = {}
            for card in hand:
                player.take_into_hand(card)
            player.deck = Deck(top=rest)
        return state

    def new(
        self,
        decks: dict[int, list[str]] | None = None,
        first: int = 1,
        leaders: tuple[str, str] = ("none", "none"),
        **options: object,
    ) -> WheelsState:
        chosen = {"first_seat": first, "archaffineur_1": leaders[0], "archaffineur_2": leaders[1], **options}
        return GAME.new(2, 0, chosen, decks)

    def act(self, state: WheelsState, *texts: str) -> list[Event]:
        """Apply each action, resolving any chance (forced by stacked decks) before it and after."""
        events: list[Event] = []
        for text in texts:
            action = GAME.parse_action(text)
            if action.seat != CHANCE:
                events += self.chance(state)
            events += state.apply(action)
        events += self.chance(state)
        return events

    def chance(self, state: WheelsState, seed: int = 0) -> list[Event]:
        rng = random.Random(seed)
        events: list[Event] = []
        while state.to_act == (CHANCE,):
            events += state.apply(state.sample_chance(rng))
        return events

    def put(
        self, state: WheelsState, seat: int, shelf: int, card: str, age: int = 0, sealed: bool = False
    ) -> ShelvedWheel:
        """Place a wheel straight onto a shelf at ``age``, as if set and aged earlier."""
        wheel = ShelvedWheel(GAME.cards.wheel(card), sealed)
        wheel.add_age(age)
        state.seats[seat - 1].shelves[shelf - 1] = wheel
        return wheel

    def wheel(self, state: WheelsState, seat: int, shelf: int) -> ShelvedWheel:
        found = state.seats[seat - 1].shelves[shelf - 1]
        assert found is not None, f"seat {seat}'s shelf {shelf} is empty"
        return found

    def legal(self, state: WheelsState, seat: int) -> list[str]:
        return [str(action) for action in state.legal_actions(seat)]


@pytest.fixture
def kit() -> Kit:
    return Kit()
