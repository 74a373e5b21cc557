"""Where every card rests between plays: each seat's draw pile and won pile, and the unseen pool.

The engine never shuffles. A draw pile is one of three kinds, and the card that leaves it next is a
chance action whose possible outcomes depend on the kind:

* DEALT: dealt face down from the shuffled deck; the engine knows only how many cards it holds.
  A uniform shuffle makes its next card uniform over the pool of dealt cards nobody has seen yet
  (the whole deck minus stacked cards minus every card already drawn from a dealt pile).
* STACKED: a known order given to ``new()`` for scenarios and tests; its next card is forced.
* SHUFFLED: a won pile turned over as the new draw pile (P-13); a known multiset.

Won piles are multisets (their order never matters: they are shuffled before reuse, P-19).
Strengths are ints 1..6; a multiset is a list of 7 counts, index 0 unused.
"""

from __future__ import annotations

from console.games.core import Seat
from console.games.wisteria.options import Deal

DEALT, STACKED, SHUFFLED = 0, 1, 2
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve")


def number_word(count: int) -> str:
    return NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)


class Piles:
    """The piles of every seat; the base the round flow builds on."""

    players: int
    composition: tuple[int, ...]
    draw_kind: list[int]
    draw_count: list[int]
    stacked: list[list[int]]  # top card LAST, so a draw is a pop()
    shuffled: list[list[int]]
    won: list[list[int]]
    won_count: list[int]
    pool: list[int]
    pool_total: int
    eliminated: list[bool]
    active: list[Seat]  # seats still in the game, in seat order

    def _set_piles(self, players: int, deal: Deal) -> None:
        self.players = players
        self.composition = deal.composition
        seats = range(players + 1)
        self.draw_kind = [STACKED if seat in deal.stacked else DEALT for seat in seats]
        self.stacked = [list(reversed(deal.stacked.get(seat, []))) for seat in seats]
        self.draw_count = [len(deal.stacked[seat]) if seat in deal.stacked else deal.dealt.get(seat, 0)
                           for seat in seats]
        self.shuffled = [[0] * 7 for _ in seats]
        self.won = [[0] * 7 for _ in seats]
        self.won_count = [0] * (players + 1)
        self.pool = list(deal.pool)
        self.pool_total = sum(deal.pool)
        self.eliminated = [False] * (players + 1)
        self.active = list(range(1, players + 1))

    def _copy_piles(self, other: Piles) -> None:
        self.players = other.players
        self.composition = other.composition
        self.draw_kind = other.draw_kind[:]
        self.draw_count = other.draw_count[:]
        self.stacked = [pile[:] for pile in other.stacked]
        self.shuffled = [counts[:] for counts in other.shuffled]
        self.won = [counts[:] for counts in other.won]
        self.won_count = other.won_count[:]
        self.pool = other.pool[:]
        self.pool_total = other.pool_total
        self.eliminated = other.eliminated[:]
        self.active = other.active[:]

    def owned(self, seat: Seat) -> int:
        """Cards the seat owns outside play: draw pile and won pile."""
        return self.draw_count[seat] + self.won_count[seat]

    def refusal(self, seat: Seat, strength: int) -> str | None:
        """Why the next card of the seat's draw pile cannot be ``strength``; None if it can."""
        kind = self.draw_kind[seat]
        if kind == DEALT:
            if self.pool[strength]:
                return None
            total = self.composition[strength]
            if total == 0:
                return f"seat {seat} cannot have a {strength}: this deck has no {strength}s"
            every = "the only" if total == 1 else "both" if total == 2 else f"all {number_word(total)}"
            plural = "" if total == 1 else "s"
            verb = "is" if total == 1 else "are"
            return f"seat {seat} cannot have a {strength}: {every} {strength}{plural} {verb} accounted for"
        if kind == STACKED:
            top = self.stacked[seat][-1]
            if top == strength:
                return None
            return f"seat {seat}'s stacked deck has a {top} on top, not a {strength}"
        if self.shuffled[seat][strength]:
            return None
        return (f"seat {seat} cannot have a {strength}: its draw pile is its reshuffled won pile, "
                f"which holds no {strength}")

    def possible(self, seat: Seat) -> list[tuple[int, int]]:
        """(strength, weight) of the seat's next card, strongest last; weights are card counts."""
        kind = self.draw_kind[seat]
        if kind == STACKED:
            return [(self.stacked[seat][-1], 1)]
        counts = self.pool if kind == DEALT else self.shuffled[seat]
        return [(strength, counts[strength]) for strength in range(1, 7) if counts[strength]]

    def pick(self, seat: Seat, roll: int) -> int:
        """The strength a uniform ``roll`` in range(total weight) selects, in ``possible`` order."""
        kind = self.draw_kind[seat]
        if kind == STACKED:
            return self.stacked[seat][-1]
        counts = self.pool if kind == DEALT else self.shuffled[seat]
        for strength in range(1, 7):
            roll -= counts[strength]
            if roll < 0:
                return strength
        raise AssertionError("the roll is beyond the pile")

    def total_weight(self, seat: Seat) -> int:
        kind = self.draw_kind[seat]
        return 1 if kind == STACKED else self.pool_total if kind == DEALT else self.draw_count[seat]

    def take(self, seat: Seat, strength: int) -> None:
        """Remove the card from the seat's draw pile (``refusal`` has allowed it)."""
        kind = self.draw_kind[seat]
        if kind == DEALT:
            self.pool[strength] -= 1
            self.pool_total -= 1
        elif kind == STACKED:
            self.stacked[seat].pop()
        else:
            self.shuffled[seat][strength] -= 1
        self.draw_count[seat] -= 1

    def gain(self, seat: Seat, strength: int) -> None:
        self.won[seat][strength] += 1
        self.won_count[seat] += 1

    def reshuffle(self, seat: Seat) -> int:
        """The empty draw pile is replaced by the shuffled won pile; returns its size."""
        spare = self.shuffled[seat]
        self.shuffled[seat] = self.won[seat]
        spare[:] = (0,) * 7
        self.won[seat] = spare
        self.draw_kind[seat] = SHUFFLED
        size = self.draw_count[seat] = self.won_count[seat]
        self.won_count[seat] = 0
        return size

    def strength_owned(self, seat: Seat, tallied: list[int] | None = None) -> int:
        """Sum of strengths of the seat's cards; a dealt pile counts only via ``tallied``."""
        total = sum(strength * count for strength, count in enumerate(self.won[seat]))
        kind = self.draw_kind[seat]
        if kind == STACKED:
            total += sum(self.stacked[seat])
        elif kind == SHUFFLED:
            total += sum(strength * count for strength, count in enumerate(self.shuffled[seat]))
        elif tallied is not None:
            total += sum(strength * count for strength, count in enumerate(tallied))
        return total

    def left_of(self, seat: Seat) -> Seat:
        """The player on the seat's left: the next seat clockwise still in the game (P-10)."""
        players = self.players
        nxt = seat % players + 1
        while self.eliminated[nxt] and nxt != seat:
            nxt = nxt % players + 1
        return nxt
