"""A wheel on a shelf: its age, seal, current value and hold, souring, and what a Read pays.

"A wheel pays full value from its peak age through peak plus hold, including both ends. Before
peak, Read pays value multiplied by age and divided by peak, rounded up."
"""

from __future__ import annotations

from console.games.wheels.catalog import WheelCard

SHELVES = 3


def read_payout(value: int, peak: int, age: int) -> int:
    """What a Read pays for an unsoured wheel of ``value`` and ``peak`` at ``age``."""
    if age >= peak:
        return value
    return -(-value * age // peak)  # exact integer ceiling


class ShelvedWheel:
    """One wheel set on a shelf. Value and hold are the current figures, changes included."""

    __slots__ = ("age", "card", "hold", "sealed", "soured", "value")

    def __init__(self, card: WheelCard, sealed: bool) -> None:
        self.card = card
        self.age = 0
        self.sealed = sealed
        # The seal's cost: the printed hold halved, rounded down, for as long as the wheel stays
        # on the shelf (Affineur's Nose lifts the seal but does not refund this).
        self.hold = card.hold // 2 if sealed else card.hold
        self.value = card.value
        self.soured = False

    def copy(self) -> ShelvedWheel:
        twin = ShelvedWheel.__new__(ShelvedWheel)
        twin.card = self.card
        twin.age = self.age
        twin.sealed = self.sealed
        twin.hold = self.hold
        twin.value = self.value
        twin.soured = self.soured
        return twin

    @property
    def peak(self) -> int:
        return self.card.peak

    @property
    def unripe(self) -> bool:
        return self.age < self.card.peak

    def payout(self) -> int:
        """The Renown a Read pays now."""
        return 0 if self.soured else read_payout(self.value, self.card.peak, self.age)

    def check_souring(self) -> None:
        """Sour once age passes peak plus hold; souring sticks until a restore or a return."""
        if self.age > self.card.peak + self.hold:
            self.soured = True

    def add_age(self, amount: int) -> None:
        self.age += amount
        self.check_souring()

    def change_value(self, amount: int) -> None:
        self.value = max(0, self.value + amount)

    def change_hold(self, amount: int) -> None:
        # "Extending its hold later does not restore it": souring is only ever set here.
        self.hold = max(0, self.hold + amount)
        self.check_souring()

    def restore(self) -> None:
        """Back to its peak and no longer soured; value, hold and seal stay as they are."""
        self.age = self.card.peak
        self.soured = False

    def ripen(self) -> None:
        self.age = self.card.peak

    def __repr__(self) -> str:
        seal = " sealed" if self.sealed else ""
        sour = " soured" if self.soured else ""
        return f"<{self.card.id} age {self.age} value {self.value} hold {self.hold}{seal}{sour}>"
