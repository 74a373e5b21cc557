"""The resume re-check: after a restart (or when the host asks) a physical table has each seat
re-scan the cards the journal says are in play, and shows any mismatch, before play goes on.

The cards in play are the game's to say (``State.cards_in_play``: a shelved wheel by its shelf, a
card in a War, a revealed card). A seat's own list is shown only to that seat (a sealed wheel, a
face-down card); everyone else sees counts and which seat has a mismatch, never a card.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from console.games.core import JSON, CardInPlay, Seat, State

# One card the journal has in play at a seat; ``position`` is its shelf, if it has one.
Slot = CardInPlay


def cards_in_play(state: State) -> list[Slot]:
    """The cards ``state`` has in play, as its game says; none once the game is over."""
    return [] if state.is_over else state.cards_in_play()


@dataclass
class Recheck:
    slots: list[Slot]
    matched: set[int] = field(default_factory=set)
    mismatches: dict[Seat, str] = field(default_factory=dict)

    @property
    def done(self) -> bool:
        return len(self.matched) == len(self.slots)

    def scan(self, seat: Seat, card: str, reader: int, positional: bool) -> str:
        """Tick the slot this scan shows; a mismatch message (never naming a card) if none."""
        mine = [i for i, slot in enumerate(self.slots) if slot.seat == seat]
        if not mine:
            return self._mismatch(seat, f"seat {seat} has no card in play; take it off the reader")
        fits = [
            i
            for i in mine
            if self.slots[i].card == card and (not positional or self.slots[i].position in (None, reader))
        ]
        fresh = [i for i in fits if i not in self.matched]
        if fresh or fits:
            self.matched.add((fresh or fits)[0])
            self.mismatches.pop(seat, None)
            return ""
        where = self._where(seat)
        return self._mismatch(
            seat,
            f"seat {seat}: that card does not match the journal's cards in "
            f"play at this seat ({where}); put the journal's card back and scan it",
        )

    def _mismatch(self, seat: Seat, message: str) -> str:
        self.mismatches[seat] = message
        return message

    def _where(self, seat: Seat) -> str:
        left = [
            self.slots[i]
            for i in range(len(self.slots))
            if self.slots[i].seat == seat and i not in self.matched
        ]
        shelves = sorted({s.position for s in left if s.position is not None})
        if shelves:
            return "still to scan: shelf " + ", ".join(map(str, shelves))
        return f"{len(left)} still to scan"

    def remaining(self, seat: Seat) -> int:
        return sum(1 for i, s in enumerate(self.slots) if s.seat == seat and i not in self.matched)

    def to_json(self, viewer: Seat | None, names: dict[str, str]) -> JSON:
        seats = sorted({slot.seat for slot in self.slots} | set(self.mismatches))
        public: JSON = {
            "remaining": {str(seat): self.remaining(seat) for seat in seats},
            "mismatch": sorted(self.mismatches),  # which seats, never what
        }
        if viewer is None:
            return public
        own = [
            {"card": names.get(s.card, s.card), "position": s.position, "scanned": i in self.matched}
            for i, s in enumerate(self.slots)
            if s.seat == viewer
        ]
        return {**public, "cards": own, "message": self.mismatches.get(viewer, "")}

    def summary(self) -> str:
        """One line for every screen, the table's included."""
        left = sum(self.remaining(seat) for seat in {s.seat for s in self.slots})
        text = (
            f"re-checking the cards in play: {left} of {len(self.slots)} still to scan at their "
            "seats (the host may skip it)"
        )
        if self.mismatches:
            text += "; mismatch at seat " + ", ".join(map(str, sorted(self.mismatches)))
        return text
