"""Event builders that keep a sealed wheel's identity with its owner.

An event about a sealed wheel goes in full to its owner only, paired with a redacted copy for the
table (audience None: the rival and the public screen), which keeps only what the rival may see:
the seat, the shelf, the age and whether it has soured.
"""

from __future__ import annotations

from typing import Any

from console.games.core import Event, Seat
from console.games.wheels.rules.cellar import ShelvedWheel

PUBLIC_WHEEL_KEYS = ("seat", "shelf", "age", "soured", "sealed")


def public(kind: str, **data: Any) -> Event:
    return Event(kind, data)


def private(seat: Seat, kind: str, full: dict[str, Any], redacted: dict[str, Any]) -> list[Event]:
    """The full event for ``seat`` and the redacted one for everyone."""
    return [Event(kind, full, frozenset({seat})), Event(kind, redacted)]


def wheel_event(kind: str, seat: Seat, shelf: int, wheel: ShelvedWheel, **extra: Any) -> list[Event]:
    full: dict[str, Any] = {
        "seat": seat,
        "shelf": shelf,
        "card": wheel.card.id,
        "age": wheel.age,
        "value": wheel.value,
        "hold": wheel.hold,
        "sealed": wheel.sealed,
        "soured": wheel.soured,
        **extra,
    }
    if not wheel.sealed:
        return [Event(kind, full)]
    return private(seat, kind, full, {key: full[key] for key in PUBLIC_WHEEL_KEYS})
