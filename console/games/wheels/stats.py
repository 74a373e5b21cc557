"""Wheels of War's own figures over finished simulated matches, for ``tabletop simulate``.

Mean banked Renown per seat, the first seat's win rate, draws, how often wheels were sealed, and
how often each card was used and each Archaffineur chosen and used, all read from the finished
states' histories.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from console.games.core import JSON, State
from console.games.wheels.actions import Invoke, PlayCraft, Read, SetWheel
from console.games.wheels.state import WheelsState


def simulation_stats(states: Sequence[State]) -> JSON:
    """Figures over the finished Wheels of War matches among ``states`` (others are ignored)."""
    finished = [s for s in states if isinstance(s, WheelsState) and s.outcome() is not None]
    games = len(finished)
    if not games:
        return {"finished_matches": 0}
    renown = [0, 0]
    first_wins = draws = 0
    sets = sealed = reads = 0
    card_uses: Counter[str] = Counter()
    archaffineur_uses: Counter[str] = Counter()
    archaffineur_chosen: Counter[str] = Counter()
    for state in finished:
        outcome = state.outcome()
        assert outcome is not None
        for index, player in enumerate(state.seats):
            renown[index] += player.banked
            if player.archaffineur:
                archaffineur_chosen[player.archaffineur] += 1
        if outcome.is_draw:
            draws += 1
        elif outcome.winners == (state.first_seat,):
            first_wins += 1
        for action in state.history:
            if isinstance(action, SetWheel):
                sets += 1
                sealed += action.sealed
                card_uses[action.card] += 1
            elif isinstance(action, PlayCraft):
                card_uses[action.card] += 1
            elif isinstance(action, Invoke):
                archaffineur_uses[action.archaffineur] += 1
            elif isinstance(action, Read):
                reads += 1
    return {
        "finished_matches": games,
        "mean_renown_seat_1": renown[0] / games,
        "mean_renown_seat_2": renown[1] / games,
        "first_seat_win_rate": first_wins / games,
        "draw_rate": draws / games,
        "wheels_set_per_match": sets / games,
        "seal_rate": sealed / sets if sets else 0.0,
        "reads_per_match": reads / games,
        "card_uses": dict(sorted(card_uses.items())),
        "archaffineur_chosen": dict(sorted(archaffineur_chosen.items())),
        "archaffineur_uses": dict(sorted(archaffineur_uses.items())),
    }
