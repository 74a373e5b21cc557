"""The heuristic bot: it plays only legal actions, from its own view, and clearly beats random play."""

from __future__ import annotations

import random

from console.games.core import CHANCE, Bot, RandomBot, State
from console.games.wheels import GAME
from tests.games.wheels.conftest import Kit


def play(bots: dict[int, Bot], seed: int) -> State:
    rng = random.Random(seed)
    state = GAME.new(2, seed)
    while state.to_act:
        seat = state.to_act[0]
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal, rng)
        assert action in legal
        state.apply(action)
    return state


def test_the_game_offers_a_heuristic_bot() -> None:
    bot = GAME.heuristic_bot()
    assert bot is not None and bot.name == "heuristic"


def test_the_heuristic_bot_beats_random_play_most_of_the_time() -> None:
    heuristic = GAME.heuristic_bot()
    assert heuristic is not None
    wins = 0
    for seed in range(30):
        seat = 1 + seed % 2
        bots = {seat: heuristic, 3 - seat: RandomBot()}
        outcome = play(bots, seed).outcome()
        assert outcome is not None
        wins += outcome.winners == (seat,)
    assert wins >= 25


def test_the_heuristic_bot_reads_a_ripe_wheel_rather_than_waiting(kit: Kit) -> None:
    state = kit.begin([], [])
    kit.put(state, 1, 1, "cart-wheel", age=4)
    bot = GAME.heuristic_bot()
    assert bot is not None
    action = bot.choose(state.view(1), state.legal_actions(1), random.Random(0))
    assert str(action) == "1:read 1"


def test_the_heuristic_bot_blooms_an_unripe_wheel_before_spending_its_turn(kit: Kit) -> None:
    state = kit.begin(["bloom"], [])
    kit.put(state, 1, 1, "cave-elder", age=1)
    bot = GAME.heuristic_bot()
    assert bot is not None
    action = bot.choose(state.view(1), state.legal_actions(1), random.Random(0))
    assert str(action) == "1:play bloom 1"


def test_the_heuristic_bot_chooses_only_from_its_own_view(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], ["cave-elder"])
    kit.act(state, "1:set cart-wheel 1 sealed")
    view = state.view(2)
    assert "cart-wheel" not in str(view)
    bot = GAME.heuristic_bot()
    assert bot is not None
    action = bot.choose(view, state.legal_actions(2), random.Random(0))
    assert action in state.legal_actions(2)
