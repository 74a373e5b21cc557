"""The lab's answers to a designer, timed: a balance search and the causal effects (a helper of
``tabletop bench lab``).

``lab.balance_search_s`` is a two-target search on the registry's ``SHORT_GAME`` on 2 workers: its
first player favoured by at most ±2 points and one card's effect on its holder within ±3, the
card the book's own effects put furthest out (``lab.causal_effect_largest_points``, the card
named on stderr; ``lab.balance_edits`` says how many numbers the
answer changed; 0 when none was found). ``lab.causal_effect_games`` is the games a ±5 point
interval needs for a card's effect (the median over every card and option measured in
``lab.causal_effects_s``, TABLETOP_BENCH_EFFECT_GAMES games a side).
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

from console.games import SHORT_GAME
from console.games.core import JSON
from console.lab.balance import FIRST_SEAT, Search, Target
from console.lab.effects import causal_effects
from console.lab.execute import run_local
from console.lab.runs import RunSpec

EFFECT_GAMES = int(os.environ.get("TABLETOP_BENCH_EFFECT_GAMES", "200"))
SEARCH_GAMES = int(os.environ.get("TABLETOP_BENCH_BALANCE_GAMES", "300"))
WORKERS = 2
FIRST_PLAYER_IS_SEAT_1 = {"first_seat": 1}  # so "first seat" is the seat that plays first


def _run(spec: RunSpec) -> list[JSON]:
    return run_local(spec, WORKERS)


def benchmarks() -> list[dict[str, Any]]:
    spec = RunSpec(SHORT_GAME, EFFECT_GAMES, options=FIRST_PLAYER_IS_SEAT_1)
    started = time.perf_counter()
    effects = causal_effects(spec, _run(spec), _run)
    effects_s = time.perf_counter() - started
    measured = {card: entry for card, entry in effects["cards"].items() if "holder" in entry}
    card, entry = max(measured.items(), key=lambda kv: abs(kv[1]["holder"]["diff"]))
    print(f"lab: the card furthest out is {card}; searching for it and the first seat", file=sys.stderr)
    search_spec = RunSpec(SHORT_GAME, SEARCH_GAMES, options=FIRST_PLAYER_IS_SEAT_1)
    started = time.perf_counter()
    found = Search(search_spec, [Target(FIRST_SEAT, 2), Target(card, 3)], _run).search(4 * SEARCH_GAMES)
    search_s = time.perf_counter() - started
    edits = len(found["edition"].numbers) if found["found"] else 0
    return [
        {"name": "lab.causal_effects_s", "value": effects_s, "unit": "s"},
        {"name": "lab.causal_effect_games", "value": effects["games_for_5_points"] or 0, "unit": "games"},
        {
            "name": "lab.causal_effect_largest_points",
            "value": 100 * entry["holder"]["diff"],
            "unit": "points",
        },
        {"name": "lab.balance_search_s", "value": search_s, "unit": "s"},
        {"name": "lab.balance_edits", "value": edits, "unit": "edits"},
        {"name": "lab.balance_candidates", "value": found["candidates"], "unit": "candidates"},
    ]
