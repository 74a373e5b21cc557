"""``tabletop bench corrections``: the takeback policy over many random games, and a takeback's
time through a real hub.

* ``corrections.<game>.games`` ... ``.breaches``: ``GAMES`` random games of each title through
  ``console.games.takeback_checks`` (every allowed takeback replayed and compared with the game
  before it, every refusal justified by chance, another seat or a secret shown): the games, the
  seat actions that could be taken back at once, the refusals by cause, the withdrawals replayed,
  and the breaches found (each a game the checks failed; there should be none).
  ``TABLETOP_BENCH_TAKEBACK_GAMES`` sets another number of games (a quicker look).
* ``corrections.takeback_ms_p50``, ``corrections.takeback_ms_p99``: a phone's takeback through a
  real hub process, from its request to every phone's stream updated (console/bench/takeback_hub.py).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from typing import Any

from console.games import find_game, game_names
from console.games.takeback_checks import TakebackCounts, check_takebacks

GAMES = 2_000


def property_figures(name: str, games: int) -> list[dict[str, Any]]:
    game = find_game(name)
    players = game.facts.typical_players or game.min_players
    total = TakebackCounts()
    breaches = 0
    started = time.perf_counter()
    for seed in range(games):
        try:
            total.add(check_takebacks(game, players, seed, dict(game.facts.short_options)))
        except AssertionError as error:
            breaches += 1
            print(f"corrections: {name} seed {seed}: {error}", file=sys.stderr)
    elapsed = time.perf_counter() - started
    figures = {
        "games": (total.games + breaches, "games"),
        "seat_actions_allowed": (total.allowed, "actions"),
        "refused_chance_or_seat": (total.refused_chance_or_seat, "refusals"),
        "refused_hidden": (total.refused_hidden, "refusals"),
        "refused_over": (total.refused_over, "refusals"),
        "withdrawals": (total.withdrawals, "withdrawals"),
        "withdrawn_actions": (total.withdrawn_actions, "actions"),
        "breaches": (breaches, "games"),
        "check_s": (elapsed, "s"),
    }
    return [
        {"name": f"corrections.{name}.{figure}", "value": value, "unit": unit}
        for figure, (value, unit) in figures.items()
    ]


def benchmarks() -> list[dict[str, Any]]:
    from console.bench.hub import percentile
    from console.bench.takeback_hub import takeback_latencies

    latencies = takeback_latencies()
    hub = [
        {"name": "corrections.takeback_ms_p50", "value": statistics.median(latencies), "unit": "ms"},
        {"name": "corrections.takeback_ms_p99", "value": percentile(latencies, 0.99), "unit": "ms"},
        {"name": "corrections.takeback_samples", "value": len(latencies), "unit": "phone updates"},
    ]
    games = int(os.environ.get("TABLETOP_BENCH_TAKEBACK_GAMES", GAMES))
    return hub + [figure for name in game_names() for figure in property_figures(name, games)]
