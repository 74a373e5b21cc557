"""Bots against bots, many games, one report: the designer's quick look at a game's balance.

Game ``i`` of a run with seed ``S`` uses seed ``S + i`` for its setup, chance and bots, so the
same seed always gives the same report.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

from console.bots import bots_for
from console.games.core import CHANCE, JSON, Bot, Game, State


def play_bots(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    bots: Mapping[int, Bot],
    max_actions: int = 1_000_000,
) -> tuple[State, int]:
    """Play one game between bots; return the final state and the number of actions applied."""
    rng = random.Random(seed)
    state = game.new(players, seed, options)
    applied = 0
    while applied < max_actions:
        seats = state.to_act
        if not seats:
            break
        if seats == (CHANCE,):
            state.apply(state.sample_chance(rng))
        else:
            seat = seats[0]
            legal = state.legal_actions(seat)
            state.apply(bots[seat].choose(state.view(seat), legal, rng))
        applied += 1
    return state, applied


def simulate(
    game: Game,
    games: int,
    seed: int,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    bot: str = "heuristic",
    max_actions: int = 1_000_000,
) -> JSON:
    players = players or game.min_players
    game.check_players(players)
    bots = bots_for(game, players, bot)
    wins = [0] * players
    draws = unfinished = 0
    lengths: list[int] = []
    finals: list[State] = []
    started = time.perf_counter()
    for number in range(games):
        state, applied = play_bots(game, players, seed + number, options, bots, max_actions)
        lengths.append(applied)
        finals.append(state)
        outcome = state.outcome()
        if outcome is None or not outcome.winners:
            unfinished += 1
        elif len(outcome.winners) > 1:
            draws += 1
        else:
            wins[outcome.winners[0] - 1] += 1
    elapsed = time.perf_counter() - started
    report: JSON = {
        "game": game.name,
        "games": games,
        "players": players,
        "seed": seed,
        "bot": bot,
        "options": game.merge_options(options),
        "wins_by_seat": wins,
        "draws": draws,
        "unfinished": unfinished,
        "mean_length": sum(lengths) / games if games else 0.0,
        "games_per_s": games / elapsed if elapsed > 0 else 0.0,
    }
    report.update(game.simulation_stats(finals))
    return report


def format_report(report: Mapping[str, Any]) -> str:
    lines = [f"{report['game']}: {report['games']} games, {report['players']} players, seed {report['seed']}"]
    wins: Sequence[int] = report["wins_by_seat"]
    games = max(1, report["games"])
    for seat, count in enumerate(wins, start=1):
        lines.append(f"  seat {seat} won {count:>6} ({100 * count / games:5.1f}%)")
    lines.append(f"  draws {report['draws']}, unfinished {report['unfinished']}")
    lines.append(f"  mean length {report['mean_length']:.1f} actions, {report['games_per_s']:.1f} games/s")
    standard = {"game", "games", "players", "seed", "wins_by_seat", "draws", "unfinished",
                "mean_length", "games_per_s", "options", "bot"}
    for key, value in report.items():
        if key not in standard:
            shown = f"{value:.3f}" if isinstance(value, float) else value
            lines.append(f"  {key.replace('_', ' ')}: {shown}")
    return "\n".join(lines)
