"""A seat that changes hands mid-game: a player leaves and the host gives the seat to a bot, and
later back to a phone or the table's pod. Each handover is kept in the journal's file (the hub's
``hub_handovers``) with how many actions the game held then, so a result, ``tabletop games`` and
``tabletop replay`` say which seats a bot played and from which action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Handover:
    """Seat ``seat`` went from ``before`` to ``controller`` once the game held ``at_action``
    actions; ``level`` is the bot's level when ``controller`` is "bot", else ""."""

    seat: int
    before: str
    controller: str
    level: str
    at_action: int

    def to_json(self) -> dict[str, Any]:
        return self.__dict__.copy()

    def words(self) -> str:
        to = f"a bot ({self.level})" if self.controller == "bot" else f"its {self.controller}"
        return f"seat {self.seat} handed to {to}"


@dataclass(frozen=True)
class BotStint:
    """A bot of ``level`` played ``seat`` from action ``first`` until ``until`` (None: to the end)."""

    seat: int
    level: str
    first: int
    until: int | None

    def to_json(self) -> dict[str, Any]:
        return self.__dict__.copy()

    @property
    def handed_over(self) -> bool:
        """Not a bot seat from the start to the end: the host handed it over mid-game."""
        return self.first > 0 or self.until is not None

    def words(self) -> str:
        upto = "" if self.until is None else f" to action {self.until}"
        return f"seat {self.seat} by a bot ({self.level}) from action {self.first}{upto}"


def bot_stints(
    controllers: Mapping[int, str], default_level: str, handovers: Sequence[Handover]
) -> list[BotStint]:
    """Which seats a bot played and when, from the seats' controllers now and the handovers that
    led there; ``default_level``: the table's bot level, that of a seat that began with a bot. A
    seat's first handover says what it was before it, so its first controller is known."""
    stints: list[BotStint] = []
    for seat in sorted(controllers):
        changes = [h for h in handovers if h.seat == seat]
        kind, level, first = (changes[0].before if changes else controllers[seat]), default_level, 0
        for change in changes:
            if kind == "bot" and (change.controller != "bot" or change.level != level):
                stints.append(BotStint(seat, level, first, change.at_action))  # left, or a new level
            if change.controller == "bot" and (kind != "bot" or change.level != level):
                first = change.at_action
            kind, level = change.controller, change.level
        if kind == "bot":
            stints.append(BotStint(seat, level, first, None))
    return stints


def current_levels(handovers: Sequence[Handover]) -> dict[int, str]:
    """Each seat's bot level as the host last chose it (a seat not in it has the table's)."""
    return {h.seat: h.level for h in handovers if h.controller == "bot"}
