"""The figures a designer reads after many simulated games of Wisteria: how long games run, how
often ties go to War, how often tied players retreat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from console.games.core import JSON

if TYPE_CHECKING:
    from console.games.wisteria.state import WisteriaState


def simulation_stats(states: Sequence[WisteriaState]) -> JSON:
    """Means over finished games (empty when there are none)."""
    if not states:
        return {}
    return {
        "mean_rounds": sum(state.round for state in states) / len(states),
        "mean_wars": sum(state.wars for state in states) / len(states),
        "mean_retreats": sum(state.retreats for state in states) / len(states),
        "longest_rounds": max(state.round for state in states),
    }


def standing(state: WisteriaState) -> list[float]:
    """For the designer's lab's tension figures: the cards each seat owns outside play."""
    return [float(state.owned(seat)) for seat in range(1, state.players + 1)]
