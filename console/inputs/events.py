"""The small immutable events every input source posts to the table's one queue.

Real sources post from background threads (lgpio callbacks, serial reader threads), simulated
ones often from the caller's thread; because both only ever post these values to one queue, the
table sees the same thing either way.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum


class Key(StrEnum):
    """The four seat buttons."""

    UP = "UP"
    DOWN = "DOWN"
    OK = "OK"
    BACK = "BACK"


@dataclass(frozen=True)
class CardScanned:
    """A card arrived at a seat's scanner: an NFC tag (``uid``, maybe ``text`` from its NDEF
    record) or a QR code (``text`` only). It fires once until the card is taken away."""

    seat: int
    uid: str = ""
    text: str = ""
    source: str = ""
    reader: int = 1

    @property
    def code(self) -> str:
        """What identifies the card: its text if it carries one, else its UID."""
        return self.text or self.uid


@dataclass(frozen=True)
class CardRemoved:
    seat: int
    uid: str = ""
    source: str = ""
    reader: int = 1


@dataclass(frozen=True)
class ButtonPressed:
    """A seat button went down (``repeat`` is False) or is being held (``repeat`` is True)."""

    seat: int
    key: Key
    repeat: bool = False
    source: str = ""


@dataclass(frozen=True)
class ButtonReleased:
    seat: int
    key: Key
    source: str = ""


@dataclass(frozen=True)
class ButtonHeld:
    """A seat button held down for the long press (once a press): BACK so held asks for help
    (a judge, at a venue)."""

    seat: int
    key: Key
    source: str = ""


@dataclass(frozen=True)
class PodConnected:
    pod: str
    firmware: str
    protocol: int
    unique_id: str
    seat: int


@dataclass(frozen=True)
class PodLost:
    pod: str
    reason: str


@dataclass(frozen=True)
class PodReported:
    """A problem the pod itself reports (an ``ERR`` frame): a reader that stopped answering."""

    pod: str
    code: str
    message: str


@dataclass(frozen=True)
class PodRefused:
    """A pod the hub will not hear (its HELLO speaks another protocol version): none of its
    frames acts until it says HELLO in the hub's own version."""

    pod: str
    reason: str


# The events a seat's kit sends.
SeatEvent = CardScanned | CardRemoved | ButtonPressed | ButtonReleased | ButtonHeld
PodEvent = PodConnected | PodLost | PodReported | PodRefused  # a pod's link news
InputEvent = SeatEvent | PodEvent
Post = Callable[[InputEvent], None]
