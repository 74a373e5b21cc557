"""What the cards of the Great Chronicle share: the shape of an effect (its targets now and what
it does) and the targets several cards take (an opponent, nothing, one's resting stacks)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from console.games.core import Event

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

Args = tuple[str, ...]
Targets = Callable[["WatchState", int], list[Args]]
Effect = Callable[["WatchState", int, Args], list[Event]]
# effect -> (argument shape for the notation, targets now, what it does)
CardEffect = tuple[tuple[str, ...], Targets, Effect]


def opponents(state: WatchState, seat: int) -> list[int]:
    return [other for other in range(1, state.players + 1) if other != seat]


def seat_args(state: WatchState, seat: int) -> list[Args]:
    return [(str(other),) for other in opponents(state, seat)]


def always(state: WatchState, seat: int) -> list[Args]:
    return [()]


def own_inactive(state: WatchState, seat: int) -> list[int]:
    return sorted(p for p, stack in state.stacks.items() if stack.owner == seat and not stack.active)


def rivals_pieces(state: WatchState, seat: int) -> list[int]:
    """The intersections of the other rulers' settlements and cities, ascending (from the index of
    pieces kept by seat, rather than a scan of the board)."""
    owned = state.owned
    return sorted(point for other in range(1, state.players + 1) if other != seat for point in owned[other])
