"""``tabletop bench lab``: how fast the lab plays and how it scales over worker processes.

``lab.<SHORT_GAME>_10000_s`` is 10,000 heuristic games of the registry's ``SHORT_GAME`` on 2
workers; ``lab.scaling_2_workers`` is games per second on 2 workers over games per second on 1
(same seeds). The machine's load average
is reported beside them, since the figures are only as good as the cores that were free.
"""

from __future__ import annotations

import os
import time
from typing import Any

from console.games import SHORT_GAME
from console.lab.execute import run_local
from console.lab.runs import RunSpec

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
    ]
