"""Figures for ``tabletop simulate watch``: how Watches end, how long they last, the Horde's record."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from console.games.core import JSON, State
from console.games.watch.state import WatchState


def simulation_stats(finals: Sequence[State]) -> JSON:
    ends: Counter[str] = Counter()
    rounds: list[int] = []
    vp_by_seat: list[list[int]] = []
    held = broke = 0
    for final in finals:
        assert isinstance(final, WatchState)
        ends[final.last.get("end", "unfinished")] += 1
        rounds.append(final.round)
        vp_by_seat.append([final.vp(seat) for seat in range(1, final.players + 1)])
        broke += final.breaks
        held += final.landfalls - final.breaks
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
