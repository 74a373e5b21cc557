"""A table's clock: the game declares it (``Game.clock``), the table's worker runs it.

Engines have no clock. When a game has one (a time limit its options set), the clock
counts only while the table is playing, and when it runs out the worker posts the game's
time-up action, journalled like any other. The time used is kept in the hub's tables, so a
paused or restarted table resumes with the time that was left (less at most ``SAVE_EVERY_S``
after a kill: it is saved at every change of the table and at least that often), and the host
may add minutes.
"""

from __future__ import annotations

from dataclasses import dataclass

from console.games.core import Action, TableClock
from console.i18n import N_
from console.journal import Journal

# While running, the time used is saved at least this often: a kill loses at most this much of it
# (one small write a second to the journal, which a Time Limit game's end must not miss).
SAVE_EVERY_S = 1.0
MAX_EXTRA_MINUTES = 240
# Why the host cannot add time, in English made of messages: the host's refusal says it through
# ``phrase`` in the host's language (console/web/refusals.py).
TIME_UP = N_("the time is already up") + "; " + N_("the game is being scored")
ADD_FROM = N_("add from %(num)s to %(num2)s minutes, not %(num3)s")


@dataclass
class ClockReading:
    """What the screens show: the time in all, the seconds left when it was read, whether it is
    counting, and if so when it runs out by the wall clock (pages count down to that)."""

    total_s: float
    remaining_s: float
    running: bool
    expired: bool
    ends_at: float | None = None  # seconds since the epoch, while running

    def to_json(self) -> dict[str, float | bool | None]:
        return {
            "total_s": round(self.total_s, 1),
            "remaining_s": round(self.remaining_s, 1),
            "running": self.running,
            "expired": self.expired,
            "ends_at": None if self.ends_at is None else round(self.ends_at, 1),
        }


class ClockRunner:
    """One table's clock. Times are the worker's monotonic clock; nothing here reads a clock."""

    def __init__(self, journal: Journal, table_id: int, spec: TableClock, expired: bool) -> None:
        self.journal, self.table_id, self.spec = journal, table_id, spec
        self.expired = expired  # the time-up action is in the table's log
        with journal.lock:  # hub_clocks is the journal's own table (console/journal.py)
            row = journal.connection.execute(
                "SELECT used_s, extra_s FROM hub_clocks WHERE table_id = ?", (table_id,)
            ).fetchone()
        self.used_s, self.extra_s = (float(row[0]), float(row[1])) if row else (0.0, 0.0)
        self._since: float | None = None  # when it last started counting
        self._saved_at = 0.0

    @property
    def time_up(self) -> Action:
        return self.spec.time_up

    def total_s(self) -> float:
        return self.spec.minutes * 60.0 + self.extra_s

    def _used(self, now: float) -> float:
        return self.used_s + (now - self._since if self._since is not None else 0.0)

    def run(self, playing: bool, now: float) -> None:
        """Count while the table is playing and the time is not up; stop otherwise."""
        should_run = playing and not self.expired
        if should_run and self._since is None:
            self._since = self._saved_at = now
        elif not should_run and self._since is not None:
            self.used_s = self._used(now)
            self._since = None
            self.save()

    def due(self) -> float | None:
        """The monotonic time at which the time runs out, if it is counting."""
        if self._since is None:
            return None
        return self._since + (self.total_s() - self.used_s)

    def reading(self, now: float, wall_now: float | None = None) -> ClockReading:
        """The clock at ``now``; with ``wall_now`` (time.time() at the same moment), when it ends."""
        remaining = 0.0 if self.expired else max(0.0, self.total_s() - self._used(now))
        running = self._since is not None
        ends_at = wall_now + remaining if running and wall_now is not None else None
        return ClockReading(self.total_s(), remaining, running, self.expired, ends_at)

    def extend(self, minutes: int, now: float) -> None:
        """The host adds ``minutes`` (the time-up not yet heard)."""
        if self.expired:
            raise ValueError(TIME_UP)
        if not 1 <= minutes <= MAX_EXTRA_MINUTES:
            raise ValueError(ADD_FROM % {"num": 1, "num2": MAX_EXTRA_MINUTES, "num3": minutes})
        self.extra_s += minutes * 60.0
        self.save(now)

    def expire(self, now: float) -> None:
        """The time-up action was applied: the clock stops for good."""
        self.used_s = max(self._used(now), self.total_s())
        self._since = None
        self.expired = True
        self.save()

    def tick(self, now: float, changed: bool = False) -> None:
        """Save the time used while counting, at a change of the table or ``SAVE_EVERY_S`` after
        the last save, so a killed hub loses little."""
        if self._since is not None and (changed or now - self._saved_at >= SAVE_EVERY_S):
            self.save(now)

    def save_due(self) -> float:
        """The monotonic time by which the time used is to be saved again."""
        return self._saved_at + SAVE_EVERY_S

    def save(self, now: float | None = None) -> None:
        used = self.used_s if now is None else self._used(now)
        if now is not None:
            self._saved_at = now
        with self.journal.lock:
            self.journal.connection.execute(
                "INSERT OR REPLACE INTO hub_clocks VALUES (?, ?, ?)", (self.table_id, used, self.extra_s)
            )
