"""A bot that reads an observation instead of the JSON view (console/games/observe.py) plays fair
and plays the same: at every decision of seeded games, for every seat, the observation built from
the state equals the one read from the seat's own view (so it holds nothing the view does not),
and two games that look the same to a seat but hide different cards observe the same."""

from __future__ import annotations

import random

import pytest

from console.bots import make_bot
from console.games import find_game
from console.games.core import CHANCE, State
from console.games.observe import ObservingBot
from console.games.watch.state import WatchState
from console.games.wheels.state import WheelsState
from console.games.wisteria.state import WisteriaState

# (game, players, seeds): enough games to pass through every phase and most of the actions.
PLAYS = [("wheels", 2, 12), ("wisteria", 2, 12), ("wisteria", 3, 6), ("watch", 2, 2), ("watch", 4, 2)]


def observers(name: str) -> list[ObservingBot[object]]:
    game = find_game(name)
    found = [make_bot(game, level, None) for level in ("easy", "normal")]
    assert all(isinstance(bot, ObservingBot) for bot in found), "the easy and normal bots observe"
    return [bot for bot in found if isinstance(bot, ObservingBot)]


def positions(name: str, players: int, seed: int) -> list[State]:
    """Copies of a seeded game at its seat decisions (normal bots in odd seats, random in even)."""
    game = find_game(name)
    normal = make_bot(game, "normal", None)
    assert isinstance(normal, ObservingBot)
    state = game.new(players, seed)
    rng = random.Random(seed)
    seen: list[State] = []
    decisions = 0
    while state.to_act and len(seen) < 600:
        seats = state.to_act
        if seats == (CHANCE,):
            state.apply(state.sample_chance(rng))
            continue
        seat = seats[0]
        legal = state.legal_actions(seat)
        if decisions % 3 == 0 or name != "watch":  # a Watch has a thousand decisions: a third will do
            seen.append(state.copy())
        decisions += 1
        if seat % 2:
            state.apply(normal.choose_seen(normal.observe(state, seat), legal, rng))
        else:
            state.apply(legal[rng.randrange(len(legal))])
    return seen


@pytest.mark.parametrize(("name", "players", "seeds"), PLAYS)
def test_the_observation_is_the_one_the_seat_view_gives(name: str, players: int, seeds: int) -> None:
    bots = observers(name)
    decisions = 0
    for seed in range(seeds):
        for state in positions(name, players, seed):
            for seat in range(1, players + 1):
                view = state.view(seat)
                for bot in bots:
                    assert bot.observe(state, seat) == bot.from_view(view), (name, seed, seat)
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            for bot in bots:
                by_view = bot.choose(state.view(seat), legal, random.Random(decisions))
                by_observation = bot.choose_seen(bot.observe(state, seat), legal, random.Random(decisions))
                assert by_view == by_observation
            decisions += 1
    assert decisions > 50


def play_until(state: State, rng: random.Random, actions: int) -> State:
    """Random play for ``actions`` actions, then on to the next seat's decision (or the end)."""
    while state.to_act and (actions > 0 or state.to_act == (CHANCE,)):
        seats = state.to_act
        if seats == (CHANCE,):
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions(seats[0])
            state.apply(legal[rng.randrange(len(legal))])
        actions -= 1
    return state


def hidden(state: State) -> object:
    """What no seat's view shows whole: hands, decks, face-down cards, piles."""
    if isinstance(state, WheelsState):
        return [(player.hand, player.deck.middle) for player in state.seats]
    if isinstance(state, WisteriaState):
        return (state.won, state.face_down, state.pool)
    assert isinstance(state, WatchState)
    return (state.hands, {name: deck.unseen for name, deck in state.decks.items()})


@pytest.mark.parametrize(
    ("name", "players", "actions"), [("wheels", 2, 40), ("wisteria", 3, 100), ("watch", 4, 500)]
)
def test_states_that_hide_different_cards_observe_the_same(name: str, players: int, actions: int) -> None:
    """A re-deal of everything the seat cannot see (``determinize``: the rivals' hands and decks,
    sealed wheels, face-down cards, channels) changes nothing the seat's bot observes."""
    bot = make_bot(find_game(name), "normal", None)
    assert isinstance(bot, ObservingBot)
    differed = 0
    for seed in range(6):
        state = play_until(find_game(name).new(players, seed), random.Random(seed), actions)
        seats = state.to_act
        if not seats or seats == (CHANCE,):
            continue
        seat = seats[0]
        for trial in range(3):
            twin = state.determinize(seat, random.Random(trial))
            assert twin.view(seat) == state.view(seat)
            differed += hidden(twin) != hidden(state)
            assert bot.observe(twin, seat) == bot.observe(state, seat)
    assert differed, "no re-deal hid different cards"
