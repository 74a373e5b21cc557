"""Settling a ruling with evidence: the same seeds under two option sets (or deck lists, or bots),
each paired difference with its 95 % interval, the significant ones flagged; and the skill
ladder, each bot level against the next on common seeds with seats rotated.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Callable, Sequence

from console.bots import HARD_ITERATIONS
from console.games.core import JSON
from console.lab.figures import Z, rate, sole_winner
from console.lab.runs import RunSpec

LADDER = ("easy", "normal", *HARD_ITERATIONS)  # hard, hard2x, hard4x: 1x, 2x, 4x the budget
Run = Callable[[RunSpec], list[JSON]]


def paired(deltas: Sequence[float]) -> JSON:
    """Mean of paired differences with a 95 % normal interval; significant when it leaves out 0."""
    n = len(deltas)
    if n == 0:
        return {"n": 0}
    mean = sum(deltas) / n
    variance = sum((d - mean) ** 2 for d in deltas) / (n - 1) if n > 1 else 0.0
    half = Z * math.sqrt(variance / n)
    return {
        "n": n,
        "diff": round(mean, 4),
        "low": round(mean - half, 4),
        "high": round(mean + half, 4),
        "significant": n > 1 and (mean - half > 0 or mean + half < 0),
    }


def _measures(record: JSON, players: int) -> dict[str, float]:
    winner = sole_winner(record)
    measures = {f"seat_{seat}_wins": float(winner == seat) for seat in range(1, players + 1)}
    measures["draw"] = float(record["finished"] and len(record["winners"]) > 1)
    measures["length_actions"] = float(record["actions"])
    for seat, score in enumerate(record["scores"], start=1):
        measures[f"seat_{seat}_score"] = float(score)
    if "lead_changes" in record:
        measures["lead_changes"] = float(record["lead_changes"])
    return measures


def compare(first: RunSpec, second: RunSpec, run: Run) -> JSON:
    """``second`` against ``first`` on the same seeds: every measure's paired difference."""
    if first.units() != second.units():
        raise ValueError("a comparison needs the same games and the same rotations on both sides")
    a, b = run(first), run(second)
    players = first.seat_players()
    deltas: dict[str, list[float]] = {}
    for one, two in zip(a, b, strict=True):
        left, right = _measures(one, players), _measures(two, players)
        for key in left.keys() & right.keys():
            deltas.setdefault(key, []).append(right[key] - left[key])
    differences = {key: paired(values) for key, values in sorted(deltas.items())}
    return {
        "a": _side(first),
        "b": _side(second),
        "differences": differences,
        "significant": sorted(key for key, entry in differences.items() if entry.get("significant")),
    }


def _side(spec: RunSpec) -> JSON:
    return {"options": spec.options, "bots": list(spec.seat_bots())}


def ladder(base: RunSpec, run: Run, levels: Sequence[str] = LADDER) -> JSON:
    """Each level against the one below it, seats rotated: the stronger one's win rate."""
    rungs: list[JSON] = []
    for lower, upper in itertools.pairwise(levels):
        players = base.seat_players()
        bots = (upper, *([lower] * (players - 1)))
        records = run(dataclasses.replace(base, bots=bots))
        wins = sum(1 for r in records if (w := sole_winner(r)) and r["bots"][w - 1] == upper)
        seats = sum(1 for r in records for name in r["bots"] if name == upper)
        draws = sum(1 for r in records if r["finished"] and len(r["winners"]) > 1)
        rungs.append(
            {
                "upper": upper,
                "lower": lower,
                "upper_wins": rate(wins, len(records)),
                "draws": draws,
                "games": len(records),
                "upper_seats": seats,
            }
        )
    return {"rungs": rungs}
