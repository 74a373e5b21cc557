"""Where a budget cannot try every action, the hard bot refines its policy's pick: the pick is
expanded first and wins ties in visits, instead of a random sample of actions each tried once."""

from __future__ import annotations

import random
from collections.abc import Sequence

from console.bots import decide
from console.games import find_game
from console.games.core import JSON, Action, Bot
from console.games.search import SearchBot


class LastInNotation(Bot):
    """A policy with an unmistakable taste: the legal action last in notation order."""

    name = "last"

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        return max(legal, key=str)


def test_with_fewer_iterations_than_actions_the_hard_bot_plays_its_policys_pick() -> None:
    state = find_game("watch").new(2, 5)  # the founding city: a site of every intersection on land
    legal = state.legal_actions(1)
    assert len(legal) > 30
    for iterations in (1, 3):
        bot = SearchBot(iterations=iterations, rollout=2, policy=LastInNotation())
        assert decide(bot, state, 1, random.Random(iterations)) == max(legal, key=str)
