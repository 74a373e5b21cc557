"""A card laid on the wrong seat's reader: refused there, and offered to the host as "meant for
seat N?" when exactly one other seat could use it now. One tap by the host moves it: the card
counts as scanned at seat N's reader, and the action it makes is journalled as seat N's with a
note that it came from another reader.

Nothing here names the card: the refusal, the offer and the note say only which seats and
readers, since the card may be one only its owner may see (a face-down card).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from console.games.core import CHANCE, JSON, Action, Seat, State
from console.physical.composer import Composer

PHYSICAL = ("pod", "buttons")


@dataclass(frozen=True)
class Misplaced:
    """A card scanned at seat ``at``'s reader that fits seat ``seat`` alone."""

    at: Seat
    seat: Seat
    card: str
    uid: str = ""
    reader: int = 1

    def refusal(self) -> str:
        """What seat ``at`` is told, on its phone (its pod beeps twice and flickers)."""
        return (
            f"seat {self.at}: that card cannot be used at this reader now; "
            f"meant for seat {self.seat}? the host can move it there"
        )

    def offer(self) -> JSON:
        """What the host's controls show: the seats, never the card."""
        return {"at": self.at, "seat": self.seat}

    def note(self) -> str:
        """Journalled beside the action the moved card made."""
        return f"seat {self.seat}'s card, laid on seat {self.at}'s reader, moved there by the host"


def meant_for(
    composer: Composer, at: Seat, card: str, state: State, controllers: Mapping[Seat, str]
) -> list[Seat]:
    """The other seats ``card`` fits now: their own action (when they play with a pod or buttons)
    or the chance card they supply."""
    seats = []
    for seat in range(1, state.players + 1):
        if seat == at:
            continue
        uses = composer.uses(seat, card, state)
        if uses and (uses[0].seat == CHANCE or controllers.get(seat) in PHYSICAL):
            seats.append(seat)
    return seats


def kind_for(action: Action, controllers: Mapping[Seat, str]) -> str:
    """The controller a moved card's action comes through: a chance card is a pod's scan, a
    seat's action its own kit's."""
    return "pod" if action.seat == CHANCE else controllers.get(action.seat, "pod")
