"""The heuristic bot: Battle unless its own reserve is low, then Retreat (a sure loss of one card
instead of a gamble on several). It reads only its view and its legal actions.

Retreat when the seat has at least one card to sacrifice and either fewer than RESERVE cards
(draw + won pile), or less than a quarter of the richest rival in the War. With no card at all it
battles: a Retreat could not be completed, and if every rival retreats a lone battler needs none.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from console.games.core import JSON, Action, Seat, State
from console.games.observe import ObservingBot
from console.games.wisteria.observe import Seen, from_view, observe
from console.games.wisteria.state import WisteriaState

RESERVE = 4


class HeuristicBot(ObservingBot[Seen]):
    name = "heuristic"

    def observe(self, state: State, seat: Seat) -> Seen:
        assert isinstance(state, WisteriaState)
        return observe(state, seat)

    def from_view(self, view: JSON) -> Seen:
        return from_view(view)

    def choose_seen(self, seen: Seen, legal: Sequence[Action], rng: random.Random) -> Action:
        by_verb = {action.verb: action for action in legal}
        if "battle" not in by_verb or "retreat" not in by_verb:
            return legal[rng.randrange(len(legal))]
        mine = seen.mine
        richest = max(seen.rivals, default=0)
        if mine >= 1 and (mine < RESERVE or 4 * mine < richest):
            return by_verb["retreat"]
        return by_verb["battle"]


def evaluate(state: State) -> list[float]:
    """For the hard bot's truncated rollouts: each seat's share of the cards it owns outside play."""
    assert isinstance(state, WisteriaState)
    owned = [state.owned(seat) + 0.5 for seat in range(1, state.players + 1)]
    total = sum(owned)
    return [count / total for count in owned]
