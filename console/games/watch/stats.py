"""Figures for ``tabletop simulate watch``: how Watches end, how long they last, the Horde's record."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from console.games.core import JSON, Action, State
from console.games.watch.actions import Deal, Play, Reveal
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


# -- hooks for the designer's lab (console/lab) -----------------------------------------------


def standing(state: State) -> list[float]:
    """Each ruler's visible VP: who leads, for lead changes."""
    return [float(state.vp(seat)) for seat in range(1, state.players + 1)]  # type: ignore[attr-defined]


def card_use(state: State, history: Sequence[Action] = ()) -> dict[int, JSON]:
    """Per ruler, from the actions played: cards dealt to it, cards it played or revealed with the
    round of the first play, and its people (as its ``leader``)."""
    use: dict[int, JSON] = {seat: {"drawn": set(), "played": {}} for seat in range(1, state.players + 1)}
    round_now = 0
    for action in history:
        if isinstance(action, Deal) and action.seat == 0:
            seat, card = action.supplier(), action.card
            if seat in use:
                use[seat]["drawn"].add(card)
        elif isinstance(action, Play | Reveal) and action.seat in use:
            use[action.seat]["played"].setdefault(action.card, round_now)
        elif action.verb == "end":
            round_now += 1
    people = state.banners  # type: ignore[attr-defined]
    return {
        seat: {
            "drawn": sorted(entry["drawn"]),
            "played": dict(sorted(entry["played"].items())),
            "leader": people[seat - 1][0],
            "leader_used": True,
        }
        for seat, entry in use.items()
    }
