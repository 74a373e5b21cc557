"""Where every card rests between plays: each seat's draw pile and won pile, and the unseen pool.

The engine never shuffles. A draw pile is one of three kinds, and the card that leaves it next is a
chance action whose possible outcomes depend on the kind:

* DEALT: dealt face down from the shuffled deck; the engine knows only how many cards it holds.
  A uniform shuffle makes its next card uniform over the pool of dealt cards nobody has seen yet
  (the whole deck minus stacked cards minus every card already drawn from a dealt pile).
* STACKED: a known order given to ``new()`` for scenarios and tests; its next card is forced.
* SHUFFLED: a won pile turned over as the new draw pile (P-13); a known multiset.

Won piles are multisets (their order never matters: they are shuffled before reuse, P-19).
Strengths are ints 1..6; a multiset is a list of 7 counts, index 0 unused. The piles are fields of
the state (state.py); these functions are the only code that moves a card in or out of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.games.core import Seat
from console.i18n import N_
from console.i18n.said import Said, say
from console.i18n.said import Seat as SaidSeat

if TYPE_CHECKING:
    from console.games.wisteria.state import WisteriaState

DEALT, STACKED, SHUFFLED = 0, 1, 2
# A count in words; from three on each is a message, said within a refusal ("all six 6s").
NUMBER_WORDS = (
    "no",
    "one",
    "two",
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("eleven"),
    N_("twelve"),
)


def number_word(count: int) -> str:
    return NUMBER_WORDS[count] if count < len(NUMBER_WORDS) else str(count)


def owned(state: WisteriaState, seat: Seat) -> int:
    """Cards the seat owns outside play: draw pile and won pile."""
    return state.draw_count[seat] + state.won_count[seat]


def refusal(state: WisteriaState, seat: Seat, strength: int) -> Said | None:
    """Why the next card of the seat's draw pile cannot be ``strength``; None if it can."""
    kind = state.draw_kind[seat]
    if kind == DEALT:
        if state.pool[strength]:
            return None
        return _none_unseen(seat, strength, state.composition[strength])
    if kind == STACKED:
        top = state.stacked[seat][-1]
        if top == strength:
            return None
        return say(
            "%(seat)s's stacked deck has a %(top)s on top, not a %(strength)s",
            seat=SaidSeat(seat),
            top=top,
            strength=strength,
        )
    if state.shuffled[seat][strength]:
        return None
    return say(
        "%(seat)s cannot have a %(strength)s: its draw pile is its reshuffled won pile, "
        "which holds no %(strength)s",
        seat=SaidSeat(seat),
        strength=strength,
    )


def _none_unseen(seat: Seat, strength: int, total: int) -> Said:
    """Why a dealt pile's next card cannot be ``strength``: every one of the ``total`` in the game
    is accounted for."""
    who = SaidSeat(seat)
    if total == 0:
        return say(
            "%(seat)s cannot have a %(strength)s: this deck has no %(strength)ss", seat=who, strength=strength
        )
    if total == 1:
        return say(
            "%(seat)s cannot have a %(strength)s: the only %(strength)s is accounted for",
            seat=who,
            strength=strength,
        )
    if total == 2:
        return say(
            "%(seat)s cannot have a %(strength)s: both %(strength)ss are accounted for",
            seat=who,
            strength=strength,
        )
    return say(
        "%(seat)s cannot have a %(strength)s: all %(count)s %(strength)ss are accounted for",
        seat=who,
        strength=strength,
        count=Said(number_word(total)) if total < len(NUMBER_WORDS) else total,
    )


def possible(state: WisteriaState, seat: Seat) -> list[tuple[int, int]]:
    """(strength, weight) of the seat's next card, strongest last; weights are card counts."""
    kind = state.draw_kind[seat]
    if kind == STACKED:
        return [(state.stacked[seat][-1], 1)]
    counts = state.pool if kind == DEALT else state.shuffled[seat]
    return [(strength, counts[strength]) for strength in range(1, 7) if counts[strength]]


def pick(state: WisteriaState, seat: Seat, roll: int) -> int:
    """The strength a uniform ``roll`` in range(total weight) selects, in ``possible`` order."""
    kind = state.draw_kind[seat]
    if kind == STACKED:
        return state.stacked[seat][-1]
    counts = state.pool if kind == DEALT else state.shuffled[seat]
    for strength in range(1, 7):
        roll -= counts[strength]
        if roll < 0:
            return strength
    raise AssertionError("the roll is beyond the pile")


def total_weight(state: WisteriaState, seat: Seat) -> int:
    kind = state.draw_kind[seat]
    return 1 if kind == STACKED else state.pool_total if kind == DEALT else state.draw_count[seat]


def take(state: WisteriaState, seat: Seat, strength: int) -> None:
    """Remove the card from the seat's draw pile (``refusal`` has allowed it)."""
    kind = state.draw_kind[seat]
    if kind == DEALT:
        state.pool[strength] -= 1
        state.pool_total -= 1
    elif kind == STACKED:
        state.stacked[seat].pop()
    else:
        state.shuffled[seat][strength] -= 1
    state.draw_count[seat] -= 1


def reshuffle(state: WisteriaState, seat: Seat) -> int:
    """The empty draw pile is replaced by the shuffled won pile; returns its size."""
    spare = state.shuffled[seat]
    state.shuffled[seat] = state.won[seat]
    spare[:] = (0,) * 7
    state.won[seat] = spare
    state.draw_kind[seat] = SHUFFLED
    size = state.draw_count[seat] = state.won_count[seat]
    state.won_count[seat] = 0
    return size


def strength_owned(state: WisteriaState, seat: Seat, tallied: list[int] | None = None) -> int:
    """Sum of strengths of the seat's cards; a dealt pile counts only via ``tallied``."""
    total = sum(strength * count for strength, count in enumerate(state.won[seat]))
    kind = state.draw_kind[seat]
    if kind == STACKED:
        total += sum(state.stacked[seat])
    elif kind == SHUFFLED:
        total += sum(strength * count for strength, count in enumerate(state.shuffled[seat]))
    elif tallied is not None:
        total += sum(strength * count for strength, count in enumerate(tallied))
    return total


def left_of(state: WisteriaState, seat: Seat) -> Seat:
    """The player on the seat's left: the next seat clockwise still in the game (P-10)."""
    players = state.players
    nxt = seat % players + 1
    while state.eliminated[nxt] and nxt != seat:
        nxt = nxt % players + 1
    return nxt
