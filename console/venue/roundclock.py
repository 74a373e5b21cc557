"""The event's one round clock (docs/venue.md). The organiser starts it on the board; the board
sends it with its own time every ``BEAT_S``; each hub counts by the board's time, not its own. A
Pi at a venue has no network time: its clock may be minutes off and drift, so every screen that
counted by its own clock would end the round at another moment.

A hub estimates the board's time from the beats it hears live (a retained beat, delivered when it
subscribes, is old by an unknown amount and is not used): the median of the last few offsets,
so one late beat moves nothing. Phones and table screens are told the seconds left and count
down by their own clocks between two readings, a few seconds apart.
"""

from __future__ import annotations

import statistics
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from console.i18n import N_
from console.i18n.said import say
from console.venue.words import SaidError

BEAT_S = 2.0
MAX_MINUTES = 240
# What a table does when the round's time is up: the event says.
TURN_THEN_SCORE = "turn-then-score"  # finish the turn in play, then the game is scored as it stands
PLAY_ON = "play-on"  # the clock only tells: each game is played out
# Each rule in words (English, the message id: each page says it in its language).
RULES = {TURN_THEN_SCORE: N_("finish the turn, then score"), PLAY_ON: N_("play the game out")}


@dataclass(frozen=True)
class RoundClock:
    """One round's clock: it ends at ``ends_at``, by the board's clock (seconds since the epoch)."""

    event: int
    round: int
    minutes: float
    ends_at: float
    rule: str = TURN_THEN_SCORE

    def remaining_s(self, board_now: float) -> float:
        return max(0.0, self.ends_at - board_now)

    def reading(self, board_now: float) -> dict[str, Any]:
        """What the screens show: the round, its length and the seconds left."""
        return {
            "round": self.round,
            "minutes": self.minutes,
            "remaining_s": round(self.remaining_s(board_now), 1),
            "at_time": RULES[self.rule],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "event": self.event,
            "round": self.round,
            "minutes": self.minutes,
            "ends_at": self.ends_at,
            "rule": self.rule,
        }

    @staticmethod
    def from_json(data: Any) -> RoundClock | None:
        """A clock as the board sends it; None for none, or for anything that is not one."""
        if not isinstance(data, dict):
            return None
        try:
            clock = RoundClock(
                int(data["event"]),
                int(data["round"]),
                float(data["minutes"]),
                float(data["ends_at"]),
                str(data.get("rule", TURN_THEN_SCORE)),
            )
        except (KeyError, TypeError, ValueError):
            return None
        return clock if 0 < clock.minutes <= MAX_MINUTES and clock.rule in RULES else None


def check_minutes(minutes: float) -> None:
    if not 1 <= minutes <= MAX_MINUTES:
        raise SaidError(
            say(
                "a round lasts from 1 to %(most)s minutes, not %(minutes)s",
                most=MAX_MINUTES,
                minutes=f"{minutes:g}",
            )
        )


def started(
    event: int, round_number: int, minutes: float, board_now: float, rule: str = TURN_THEN_SCORE
) -> RoundClock:
    check_minutes(minutes)
    if rule not in RULES:
        choices = ", ".join(RULES)
        raise SaidError(
            say(
                "when time is up a table does one of: %(rules)s; not %(rule)s", rules=choices, rule=repr(rule)
            )
        )
    return RoundClock(event, round_number, minutes, board_now + minutes * 60.0, rule)


class BoardTime:
    """A hub's reading of the board's time, from the beats it hears live."""

    def __init__(self, clock: Callable[[], float] = time.time, samples: int = 5) -> None:
        self.clock = clock
        self._offsets: deque[float] = deque(maxlen=samples)
        self.beats = 0  # heard live

    def heard(self, board_now: float) -> None:
        self._offsets.append(board_now - self.clock())
        self.beats += 1

    def now(self) -> float:
        """The board's time now (the hub's own until a beat has been heard)."""
        offset = statistics.median(self._offsets) if self._offsets else 0.0
        return self.clock() + offset
