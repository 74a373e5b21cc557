"""Wheels of War's own figures over finished simulated matches, for ``tabletop simulate``.

Mean banked Renown per seat, the first seat's win rate, draws, how often wheels were sealed, and
how often each card was used and each Archaffineur chosen and used, all read from the finished
states' histories.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from console.games.core import JSON, Action, State
from console.games.wheels.actions import Draw, Invoke, PlayCraft, Read, SetWheel, Wait
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


# -- hooks for the designer's lab (console/lab): standings for tension, card use per seat -------


def standing(state: State) -> list[float]:
    """Each seat's Renown banked so far: who leads, for lead changes."""
    assert isinstance(state, WheelsState)
    return [float(player.banked) for player in state.seats]


def card_use(state: State, history: Sequence[Action] = ()) -> dict[int, JSON]:
    """Per seat, from the match's own history (``history`` is not needed): the cards drawn, the
    cards played with the turn (1-12) each was first played on, and the seat's Archaffineur (as a
    ``leader``) with whether it was used."""
    assert isinstance(state, WheelsState)
    # Read once a simulated game, over some eighty actions: an action's exact class is compared
    # (no subclass of these exists), which costs a fraction of isinstance against a union.
    drawn: dict[int, set[str]] = {1: set(), 2: set()}
    played: dict[int, dict[str, int]] = {1: {}, 2: {}}
    turn = {1: 1, 2: 1}
    cards = state.catalog.cards
    for action in state.history:
        if type(action) is Draw:
            drawn[action.drawer].add(action.card)
        elif type(action) is SetWheel or type(action) is PlayCraft:
            played[action.seat].setdefault(action.card, turn[action.seat])
            if type(action) is SetWheel or not getattr(cards[action.card], "free", False):
                turn[action.seat] += 1
        elif type(action) is Read or type(action) is Wait:
            turn[action.seat] += 1
    result: dict[int, JSON] = {}
    for seat in (1, 2):
        player = state.seats[seat - 1]
        result[seat] = {
            "drawn": sorted(drawn[seat]),
            "played": dict(sorted(played[seat].items())),
            "leader": player.archaffineur or None,
            "leader_used": player.archaffineur_used,
        }
    return result
