"""``tabletop bench bots``: the hard bot's decision time and how each level fares against the next.

Figures for every registered game: the hard bot's decision times at the game's usual number of
seats, and win rates over seeded two-seat games with the bots' seats alternated (rotated); in a
game of few choices a win rate says how far the heuristic's choice moves the odds over random.
``TABLETOP_BENCH_BOT_GAMES`` sets the games (400).
"""

from __future__ import annotations

import os
import random
import statistics
import time
from typing import Any

from console.bots import decide, make_bot
from console.games import find_game, game_names
from console.games.core import CHANCE
from console.lab.execute import default_workers, run_local
from console.lab.figures import sole_winner
from console.lab.runs import RunSpec

GAMES = int(os.environ.get("TABLETOP_BENCH_BOT_GAMES", "400"))
DECISION_GAMES = 3


def decision_times(game_name: str, players: int) -> list[float]:
    """Seconds per hard-bot decision at seat 1 (more than one legal action) against normal bots."""
    game = find_game(game_name)
    hard, normal = make_bot(game, "hard", None), make_bot(game, "normal")
    times: list[float] = []
    for seed in range(DECISION_GAMES):
        state, rng = game.new(players, seed), random.Random(seed)
        while state.to_act:
            seat = state.to_act[0]
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            many = seat == 1 and len(state.legal_actions(seat)) > 1
            started = time.perf_counter()
            action = decide(hard if seat == 1 else normal, state, seat, rng)
            if many:
                times.append(time.perf_counter() - started)
            state.apply(action)
    return times


def win_rate(game: str, upper: str, lower: str, games: int, players: int = 2) -> float:
    """``upper``'s share of wins over ``games`` plays, seats rotated on common seeds."""
    spec = RunSpec(game, games, seed=1000, players=players, bots=(upper, *([lower] * (players - 1))))
    records = run_local(spec, default_workers())
    wins = sum(1 for r in records if (w := sole_winner(r)) and r["bots"][w - 1] == upper)
    return wins / len(records)


def benchmarks() -> list[dict[str, Any]]:
    figures: list[dict[str, Any]] = [
        {"name": "bots.load_average_1min", "value": os.getloadavg()[0], "unit": "load"}
    ]
    for game in game_names():
        times = decision_times(game, find_game(game).facts.typical_players or 2)
        figures += [
            {
                "name": f"bots.hard_decision_ms_{game}_p50",
                "value": 1000 * statistics.median(times),
                "unit": "ms",
            },
            {"name": f"bots.hard_decision_ms_{game}_max", "value": 1000 * max(times), "unit": "ms"},
            {
                "name": f"bots.{game}_hard_beats_normal",
                "value": win_rate(game, "hard", "normal", GAMES),
                "unit": "share",
            },
            {
                "name": f"bots.{game}_normal_beats_random",
                "value": win_rate(game, "normal", "easy", GAMES),
                "unit": "share",
            },
        ]
    return figures
