"""Time called on a table (a venue's round clock ran out, docs/venue.md): the turn in play is
finished, then the game is scored as it stands.

"The turn in play" is owed by the seats that were to act when time was called. It is finished
once each of them has acted since, and the game has moved past them: another seat or chance
acted after the last of their moves (seats that choose together each turn: the reveal or deal
that follows), or another seat is to act now and none of them is (a seat whose turn takes
several moves: its turn has passed to the next). While chance is to act, the turn is not over.
The score is the game's own running score in its public view (``Game.public_scores``, what the
venue board shows): the highest wins, a tie shares the win. Generic over every game: no rule
book of ours has a round clock, so this is the event's rule, not a game's.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from console.i18n import N_

# Kept in the journal's English; every page says it through ``phrase``, so each part is a message.
REASON = (
    N_("the round's time") + ": " + N_("the turn in play was finished, then the game was scored as it stood")
)


@dataclass(frozen=True)
class TimeCall:
    """The seats that were to act when time was called (none: the table ends at once), and how
    many actions the game had then."""

    owed: frozenset[int]
    mark: int

    def turn_finished(self, history: Sequence[str], to_act: Iterable[Any]) -> bool:
        """``history``: the game's actions in notation (``SEAT:verb ...``)."""
        seats = [_seat(action) for action in history[self.mark :]]
        if not self.owed <= set(seats):
            return False
        last = max(index for index, seat in enumerate(seats) if seat in self.owed) if self.owed else -1
        moved_past = any(seat not in self.owed for seat in seats[last + 1 :])
        acting = acting_seats(to_act)
        return moved_past or bool(acting and not self.owed & acting)


def _seat(action: str) -> int:
    """The seat of an action in notation: ``2:play ...`` is seat 2, ``chance:deal ...`` is 0."""
    head = action.split(":", 1)[0]
    return int(head) if head.isdigit() else 0


def acting_seats(to_act: Iterable[Any]) -> frozenset[int]:
    """The seats to act (chance, seat 0 or "chance", owes no turn)."""
    return frozenset(seat for seat in to_act if isinstance(seat, int) and seat > 0)


def scored_as_it_stands(scores: Mapping[str, float], players: int) -> dict[str, Any]:
    """The outcome of a game ended at time from its running ``scores`` (by seat as text)."""
    by_seat = [float(scores.get(str(seat), 0.0)) for seat in range(1, players + 1)]
    best = max(by_seat, default=0.0)
    winners = [seat for seat, score in enumerate(by_seat, start=1) if score == best]
    return {"winners": winners, "scores": by_seat, "reason": REASON}
