"""What the heuristic bot reads of its seat's view: the cards it holds, and those of each rival
still in the War. ``observe`` reads the state, ``from_view`` the seat's JSON view (view.py); the
two are equal on every state (tests/bots/test_observations.py), so it shows no more than the view:
pile counts only, never a face-down card or a rival's secret choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from console.games.core import JSON, Seat

if TYPE_CHECKING:
    from console.games.wisteria.state import WisteriaState


class Seen(NamedTuple):
    mine: int  # cards to draw and won
    rivals: tuple[int, ...]  # the same of every other seat still in the War, by seat


def observe(state: WisteriaState, seat: Seat) -> Seen:
    draw, won, members = state.draw_count, state.won_count, state.members
    return Seen(
        draw[seat] + won[seat],
        tuple(
            draw[other] + won[other]
            for other in range(1, state.players + 1)
            if other in members and other != seat
        ),
    )


def from_view(view: JSON) -> Seen:
    me = str(view["seat"])
    return Seen(
        view["cards"],
        tuple(entry["cards"] for seat, entry in view["seats"].items() if entry["in_war"] and seat != me),
    )
