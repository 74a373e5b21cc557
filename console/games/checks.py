"""Generic engine checks every game's tests reuse: random playouts through the public API only.

They assert what the contract promises for any game: legal actions are sorted and apply cleanly,
an illegal action changes nothing, notation round-trips, a game replays from its log to the same
state, and no view of another seat (or the public view) holds a seat's hidden information.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from console.games.core import CHANCE, Action, Game, IllegalAction, State


def _dump(state: State, seat: int | None) -> str:
    return json.dumps(state.view(seat), sort_keys=True)


def _all_views(state: State) -> list[str]:
    return [_dump(state, None)] + [_dump(state, seat) for seat in range(1, state.players + 1)]


def check_leaks(state: State) -> None:
    """No seat's hidden strings appear in the public view or in any other seat's view."""
    public = _dump(state, None)
    views = {seat: _dump(state, seat) for seat in range(1, state.players + 1)}
    for seat in range(1, state.players + 1):
        for secret in state.hidden_strings(seat):
            assert secret not in public, f"seat {seat}'s secret {secret!r} is in the public view"
            for other, text in views.items():
                if other != seat:
                    assert secret not in text, f"seat {seat}'s secret {secret!r} is in seat {other}'s view"


def check_simultaneous_secrecy(state: State) -> None:
    """While several seats choose at once, what one seat picks changes no other seat's view."""
    if len(state.to_act) < 2 or CHANCE in state.to_act:
        return
    for seat in state.to_act:
        seen_by_others: set[tuple[str, ...]] = set()
        for action in state.legal_actions(seat):
            trial = state.copy()
            trial.apply(action)
            others = [None, *[s for s in range(1, state.players + 1) if s != seat]]
            seen_by_others.add(tuple(_dump(trial, other) for other in others))
        assert len(seen_by_others) <= 1, f"seat {seat}'s secret choice shows in another view"


def check_illegal_changes_nothing(state: State, game: Game, rng: random.Random) -> None:
    """An action of a seat that may not act now raises IllegalAction and leaves the state as it was."""
    before = _all_views(state)
    idle = [seat for seat in range(1, state.players + 1) if seat not in state.to_act]
    for seat in idle:
        for action in state.legal_actions(seat):
            raise AssertionError(f"seat {seat} is not to act but has legal action {action}")
    candidates: list[Action] = []
    for seat in state.to_act:
        candidates.extend(state.legal_actions(seat))
    for action in candidates[:3]:
        if idle:
            forged = _with_seat(game, action, idle[rng.randrange(len(idle))])
            if forged is not None:
                try:
                    state.apply(forged)
                except IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{forged} was accepted from a seat that is not to act")
                assert _all_views(state) == before, f"refusing {forged} changed the state"


def _with_seat(game: Game, action: Action, seat: int) -> Action | None:
    """The same action's notation spoken by another seat, if it still parses."""
    text = str(action)
    if action.seat == CHANCE:
        return None
    try:
        return game.parse_action(f"{seat}:{text.partition(':')[2]}")
    except ValueError:
        return None


def random_action(state: State, rng: random.Random) -> Action:
    """A uniformly random seat of those to act, then chance's sample or one of its legal actions
    uniformly: the step of every random playout, so a test's own loop replays like ``play_random``."""
    seats = state.to_act
    seat = seats[rng.randrange(len(seats))]
    if seat == CHANCE:
        return state.sample_chance(rng)
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} is to act with no legal action"
    return legal[rng.randrange(len(legal))]


def play_random(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    max_actions: int = 100_000,
    check: bool = False,
) -> State:
    """One game of uniformly random legal actions, chance sampled with ``sample_chance``."""
    rng = random.Random(seed)
    state = game.new(players, seed, options)
    history: list[Action] = []
    for _ in range(max_actions):
        if not state.to_act:
            break
        if check:
            _check_step(game, state, rng)
        action = random_action(state, rng)
        state.apply(action)
        history.append(action)
    if check:
        _check_replay(game, players, seed, options, history, state)
    return state


def _check_step(game: Game, state: State, rng: random.Random) -> None:
    for seat in state.to_act:
        legal = state.legal_actions(seat)
        texts = [str(action) for action in legal]
        assert texts == sorted(texts), f"legal actions of seat {seat} are not sorted: {texts[:5]}"
        for action in legal:
            assert action.seat == seat, f"{action} is listed for seat {seat}"
            assert game.parse_action(str(action)) == action, f"{action} does not round-trip"
    check_leaks(state)
    check_simultaneous_secrecy(state)
    check_illegal_changes_nothing(state, game, rng)


def _check_replay(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    history: list[Action],
    final: State,
) -> None:
    replayed = game.replay(players, seed, options, [str(action) for action in history])
    assert _all_views(replayed) == _all_views(final), "replay from the log gives another state"
    assert replayed.outcome() == final.outcome()
    copy = final.copy()
    assert type(copy) is type(final)
    assert _all_views(copy) == _all_views(final)


def check_engine(
    game: Game,
    players: int,
    games: int = 20,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    max_actions: int = 20_000,
) -> list[State]:
    """Play ``games`` random games checking every invariant at every step; return the final states."""
    finals = []
    for number in range(games):
        finals.append(play_random(game, players, seed + number, options, max_actions, check=True))
    return finals
