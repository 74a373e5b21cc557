"""A rule-of-thumb ruler: it reads only its own view and its legal actions.

Priorities, highest first: declare victory; answer what it must; reveal hidden victory cards;
raise cities, then settlements; play a card; keep a standing army and wake it before landfall;
walls and improvements; roads toward new sites; a useful draw; then end the turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from console.games.core import JSON, Action, Bot, State
from console.games.watch.state import WatchState

# Verb -> base priority (higher first); ties broken by the rng among equals.
PRIORITY = {
    "declare": 100,
    "reveal": 90,
    "forfeit": 80,
    "choose": 80,
    "return": 80,
    "accept": 75,
    "decline": 0,
    "city": 70,
    "settle": 65,
    "improve": 50,
    "walls": 35,
    "recruit": 40,
    "play": 45,
    "strike": 30,
    "road": 25,
    "draw": 20,
    "activate": 15,
    "exchange": 10,
    "offer": 12,
    "move": 5,
    "break": -5,
    "end": 1,
}


class WatchBot(Bot):
    name = "watch-heuristic"

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        me = view.get("you")
        ruler = view["rulers"][me - 1] if me else None
        best: list[Action] = []
        best_score = -1e9
        for action in legal:
            score = self._score(view, ruler, action)
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return best[rng.randrange(len(best))]

    def _score(self, view: JSON, ruler: JSON | None, action: Action) -> float:
        verb = action.verb
        score = float(PRIORITY.get(verb, 0))
        if ruler is None:
            return score
        stores = ruler["stores"]
        moons = view["moon_track"]["moons"]
        armies = [a for a in view["board"]["armies"] if a["owner"] == ruler["seat"]]
        units = sum(a["units"] for a in armies)
        if verb == "recruit":
            # A standing army worth the cities on the board, no more.
            cities = sum(r["cities"] for r in view["rulers"])
            score = 40 if units < max(2, cities) else -2
        elif verb == "activate":
            score = 60 if moons == 1 else -3
        elif verb == "road":
            score = 25 if stores["wood"] + stores["stone"] > 4 or ruler["longest_road"] >= 3 else 8
        elif verb == "draw":
            score = 20 if ruler["hand_size"] < 2 else -1
        elif verb == "strike":
            score = 30 if moons > 2 else -1
        elif verb == "move":
            score = -2
        elif verb == "exchange":
            score = 10 if stores["gold"] >= 4 else -1
        elif verb == "offer":
            score = 12 if len(ruler["allies"]) < 1 else -1
        return score


# The hard bot's budget here: a quarter of the iterations and 8-action rollouts, as a Watch has
# hundreds of decisions and its moves (roads, the Warpath) cost far more than another game's.
SEARCH_BUDGET = (0.25, 8)


def evaluate(state: State) -> list[float]:
    """For the hard bot's truncated rollouts: each ruler's share of the visible VP, sharpened
    (squared) so a lead counts for more than an even spread."""
    assert isinstance(state, WatchState)
    weights = [(state.vp(seat) + 1) ** 2 for seat in range(1, state.players + 1)]
    total = sum(weights)
    return [weight / total for weight in weights]
