"""Figures for ``tabletop simulate watch``: how Watches end, how long they last, the Horde's record."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from console.games.core import JSON, State


def simulation_stats(finals: Sequence[State]) -> JSON:
    ends: Counter[str] = Counter()
    rounds: list[int] = []
    vp_by_seat: list[list[int]] = []
    held = broke = 0
    for state in finals:
        ends[state.last.get("end", "unfinished")] += 1  # type: ignore[attr-defined]
        rounds.append(state.round)  # type: ignore[attr-defined]
        vp_by_seat.append([state.vp(seat) for seat in range(1, state.players + 1)])  # type: ignore[attr-defined]
        broke += state.breaks  # type: ignore[attr-defined]
        held += state.landfalls - state.breaks  # type: ignore[attr-defined]
    seats = len(vp_by_seat[0]) if vp_by_seat else 0
    return {
        "ends": dict(sorted(ends.items())),
        "mean_rounds": round(sum(rounds) / len(rounds), 2) if rounds else 0,
        "mean_vp_by_seat": [
            round(sum(row[i] for row in vp_by_seat) / len(vp_by_seat), 2) for i in range(seats)
        ],
        "landfalls_held": held,
        "landfalls_broken": broke,
    }
