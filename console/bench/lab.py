"""``tabletop bench lab``: how fast the lab plays and how it scales over worker processes.

``lab.<SHORT_GAME>_10000_s`` is 10,000 heuristic games of the registry's ``SHORT_GAME`` on 2
workers; ``lab.scaling_2_workers`` is games per second on 2 workers over games per second on 1
(same seeds). The machine's load average
is reported beside them, since the figures are only as good as the cores that were free.

Whole games, one core (``throughput``): ``lab.games_per_s_<game>_easy`` and ``_normal`` are the
lab's own games (``play_game``: bots, records, lead changes and card use) beside
``lab.engine_games_per_s_<game>``, the engine's loop alone (legal actions, a random pick, apply,
chance sampled), and ``lab.catanatron_games_per_s``, Catanatron's simulator with random players,
in the same run; each game at its typical seats. ``lab.games_2400_s_<game>`` is 2,400 games with
the default bots on 2 workers.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from console.games import SHORT_GAME, find_game, game_names
from console.games.core import CHANCE, Bot, Game
from console.lab.execute import run_local
from console.lab.runs import RunSpec, play_game

GAMES = int(os.environ.get("TABLETOP_BENCH_LAB_GAMES", "10000"))


def _seconds(spec: RunSpec, workers: int) -> float:
    started = time.perf_counter()
    run_local(spec, workers)
    return time.perf_counter() - started


def benchmarks() -> list[dict[str, Any]]:
    load = os.getloadavg()[0]
    one = _seconds(RunSpec(SHORT_GAME, GAMES // 5, seed=1), 1)
    two = _seconds(RunSpec(SHORT_GAME, GAMES // 5, seed=1), 2)
    full = _seconds(RunSpec(SHORT_GAME, GAMES, seed=0), 2)
    return [
        {"name": f"lab.{SHORT_GAME}_{GAMES}_s", "value": full, "unit": "s"},
        {"name": f"lab.{SHORT_GAME}_games_per_s_2_workers", "value": GAMES / full, "unit": "games/s"},
        {"name": "lab.scaling_2_workers", "value": one / two, "unit": "x"},
        {"name": "lab.load_average_1min", "value": load, "unit": "load"},
        *throughput(),
    ]


# CPU seconds each measurement plays for; each is taken ROUNDS times, in turn with the others, and
# the best kept, so a burst of another program's work on the shared core spoils one round only.
SECONDS = float(os.environ.get("TABLETOP_BENCH_LAB_SECONDS", "1.0"))
ROUNDS = 3
CATANATRON_PLAYERS = 4
SHORT_RUN = 2400


def _games(play: Callable[[int], object]) -> int:
    """How many games ``play`` gets through in about SECONDS of CPU (at least two)."""
    started = time.process_time()
    games = 0
    while time.process_time() - started < SECONDS or games < 2:
        play(games)
        games += 1
    return games


def _games_per_s(play: Callable[[int], object], games: int) -> float:
    """Games per CPU second of ``play`` over seeds 0 to ``games`` - 1: every measure plays the same
    seeds, so a game's length, which varies by seed, is no part of a difference between them."""
    started = time.process_time()
    for seed in range(games):
        play(seed)
    return games / (time.process_time() - started)


def _engine_game(game: Game, players: int) -> Callable[[int], object]:
    """The engine's own loop: legal actions, a uniformly random pick, apply; chance sampled. Each
    seat and chance draw from the streams the lab gives them (``play_game``), so these are the
    very games the lab's easy bots play, and the two figures differ only by the lab's work."""

    def play(seed: int) -> None:
        state = game.new(players, seed)
        chance = random.Random(f"{seed}:chance")
        seats = {seat: random.Random(f"{seed}:seat:{seat}") for seat in range(1, players + 1)}
        while to_act := state.to_act:
            if to_act == (CHANCE,):
                state.apply(state.sample_chance(chance))
            else:
                legal = state.legal_actions(to_act[0])
                state.apply(legal[seats[to_act[0]].randrange(len(legal))])

    return play


def _lab_game(spec: RunSpec) -> Callable[[int], object]:
    bots: dict[str, Bot] = {}
    return lambda seed: play_game(spec, seed, 0, bots)


def _catanatron_game() -> Callable[[int], object] | str:
    """Catanatron's simulator with random players, or why it cannot be measured."""
    try:
        from catanatron import Color, Game, RandomPlayer  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except ImportError as error:
        return f"catanatron cannot be imported ({error}): pip install catanatron"
    colours = (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)[:CATANATRON_PLAYERS]

    def play(seed: int) -> None:
        Game([RandomPlayer(colour) for colour in colours], seed=seed).play()

    return play


def _built_in() -> list[str]:
    """The games this package brings (a plugin's figures are its own)."""
    return [name for name in game_names() if type(find_game(name)).__module__.startswith("console.games.")]


def throughput() -> list[dict[str, Any]]:
    """Whole games per CPU second on this core: the lab's, the engine's loop, Catanatron's."""
    # (figure, how to play seed n, the figure whose engine sets how many seeds it plays)
    measures: list[tuple[str, Callable[[int], object], str]] = []
    for name in _built_in():
        game = find_game(name)
        players = game.facts.typical_players or game.min_players
        engine = f"lab.engine_games_per_s_{name}"
        measures.append((engine, _engine_game(game, players), engine))
        for level in ("easy", "normal"):
            spec = RunSpec(name, 1, players=players, bots=(level,))
            measures.append((f"lab.games_per_s_{name}_{level}", _lab_game(spec), engine))
    catanatron = _catanatron_game()
    if isinstance(catanatron, str):
        print(f"lab.catanatron_games_per_s: {catanatron}", file=sys.stderr)
    else:
        measures.append(("lab.catanatron_games_per_s", catanatron, "lab.catanatron_games_per_s"))
    # Every figure of a game plays the seeds its engine gets through in SECONDS.
    seeds = {figure: _games(play) for figure, play, pace in measures if figure == pace}
    best = {figure: 0.0 for figure, _, _ in measures}
    for _ in range(ROUNDS):
        for figure, play, pace in measures:
            best[figure] = max(best[figure], _games_per_s(play, seeds[pace]))
    figures = [{"name": figure, "value": value, "unit": "games/s"} for figure, value in best.items()]
    if isinstance(catanatron, str):
        figures.append({"name": "lab.catanatron_games_per_s", "value": float("nan"), "unit": catanatron})
    figures.append({"name": "lab.throughput_load_average_1min", "value": os.getloadavg()[0], "unit": "load"})
    for name in _built_in():
        seconds = _seconds(RunSpec(name, SHORT_RUN), 2)
        figures.append({"name": f"lab.games_{SHORT_RUN}_s_{name}", "value": seconds, "unit": "s"})
    return figures
