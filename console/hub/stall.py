"""A table that stalls: the seats it waits for (people, not bots or the dealer) are nudged once the
table has not moved for ``nudge_after_s`` (their phones vibrate and say so, their pods' LEDs
flicker), and the host is told at 3 and 5 minutes which seat the table waits for and why, in the
game's own words (``State.why_not_now`` of a seat that waits).

The worker owns one ``StallWatch`` and asks it, on the worker's clock, when it is next due.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from console.i18n.said import Said, Seat, Speaker, say_n

NUDGE_AFTER_S = 120.0
HOST_TOLD_AFTER_S = (180.0, 300.0)


@dataclass(frozen=True)
class Stall:
    """What the table says while it waits: ``seats`` it waits for; ``nudged`` once the nudge is
    due; ``said`` the host's words once 3 minutes have passed (``told``: their English, each seat
    by its name, for the hub's log)."""

    seats: tuple[int, ...]
    nudged: bool
    said: Said | None = None
    names: Mapping[int, str] | None = None

    @property
    def told(self) -> str:
        if self.said is None:
            return ""
        named = dict(self.names or {})
        english = Speaker()
        speaker = replace(english, seat_name=lambda n, start: named.get(n) or english.seat(n, False))
        return speaker.render(self.said)

    def to_json(self) -> dict[str, Any]:
        said = self.said.to_json() if self.said is not None else None
        return {"seats": list(self.seats), "nudged": self.nudged, "told": self.told, "told_said": said}


class StallWatch:
    def __init__(self, nudge_after_s: float = NUDGE_AFTER_S) -> None:
        self.thresholds = sorted({nudge_after_s, *HOST_TOLD_AFTER_S})
        self.nudge_after_s = nudge_after_s
        self._position: Hashable = None
        self._seats: tuple[int, ...] = ()
        self._since = 0.0
        self._passed = 0  # thresholds passed since the table last moved
        self._why: Said | None = None

    def watch(self, position: Hashable, seats: Sequence[int], why: Said | None, now: float) -> None:
        """The table as it stands: ``position`` changes whenever anything moved (an action, the
        status); ``seats`` are the people it waits for, ``why`` the game's words for it."""
        if position != self._position:
            self._position, self._seats, self._since, self._passed = position, tuple(seats), now, 0
        self._why = why

    def due(self) -> float | None:
        """When the next nudge or word to the host is due, or None (nobody to wait for)."""
        if not self._seats or self._passed >= len(self.thresholds):
            return None
        return self._since + self.thresholds[self._passed]

    def step(self, now: float) -> bool:
        """Pass every threshold that is due; True if any was (the screens must be told)."""
        passed = self._passed
        while (due := self.due()) is not None and now >= due:
            self._passed += 1
        return self._passed != passed

    def stall(self, names: dict[int, str]) -> Stall | None:
        if not self._seats or not self._passed:
            return None
        waited = self.thresholds[self._passed - 1]
        nudged = waited >= self.nudge_after_s
        if waited < HOST_TOLD_AFTER_S[0]:
            return Stall(self._seats, nudged)
        minutes = int(waited // 60)
        who = tuple(Seat(seat) for seat in self._seats)  # each screen names them (a player's name)
        if self._why is None:
            told = say_n(
                "The table has waited %(num)s minute for %(who)s.",
                "The table has waited %(num)s minutes for %(who)s.",
                minutes,
                who=who,
            )
        else:
            told = say_n(
                "The table has waited %(num)s minute for %(who)s; why, %(why)s",
                "The table has waited %(num)s minutes for %(who)s; why, %(why)s",
                minutes,
                who=who,
                why=self._why,
            )
        return Stall(self._seats, nudged, told, names)
