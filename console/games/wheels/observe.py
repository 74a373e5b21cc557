"""What the heuristic bot reads of its seat's view, as small typed values: the phase, its seat's
turns and conditions, its shelves and hand, and the rival's shelves.

``observe`` builds it from the state, ``from_view`` from the seat's JSON view (view.py); the two
are equal on every state (tests/bots/test_observations.py), so it shows no more than the view
does: a rival's sealed wheel is its age and souring alone, the rival's hand is not there at all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from console.games.core import JSON, Seat
from console.games.wheels.rules.cellar import ShelvedWheel, read_payout

if TYPE_CHECKING:
    from console.games.wheels.state import WheelsState


class Shelf(NamedTuple):
    """One shelf as the seat sees it. ``seen`` is False where the wheel's figures are not seen (no
    wheel, or a rival's sealed one), and then value, peak, full_until and payout are 0."""

    empty: bool
    sealed: bool = False
    soured: bool = False
    age: int = 0
    seen: bool = False
    value: int = 0
    peak: int = 0
    full_until: int = 0
    payout: int = 0


EMPTY = Shelf(True)


class Seen(NamedTuple):
    """What the bot reads: the phase, its seat's turns left and conditions, its shelves and hand
    (card id -> copies, a copy of the seat's own: a mapping compares equal whatever order the cards
    came in, so the hand needs no sorting), and the rival's shelves. One flat value, so an
    observation is one object to make, not three."""

    phase: str
    turns_left: int
    damp: int
    chill: int
    shelves: tuple[Shelf, ...]
    hand: Mapping[str, int]
    rival_shelves: tuple[Shelf, ...]


# Observations are made from their fields in order by ``tuple.__new__``, with neither keyword
# handling nor ``_make``'s length check: a game observes some forty times, six shelves each.
_new = tuple.__new__


def observe(state: WheelsState, seat: Seat) -> Seen:
    me, rival = state.seats[seat - 1], state.seats[2 - seat]
    # Each shelf is written out, not a call a shelf: a call costs more than the shelf's own
    # work, and this runs at every decision. A wheel seen whole is ``_own``'s (its pay inline,
    # ``read_payout``'s ceiling); a rival's sealed one is its age and souring alone.
    one, two, three = me.shelves
    if one is None:
        first = EMPTY
    else:
        peak, age, value, soured = one.card.peak, one.age, one.value, one.soured
        pay = 0 if soured else value if age >= peak else -(-value * age // peak)
        first = _new(Shelf, (False, one.sealed, soured, age, True, value, peak, peak + one.hold, pay))
    if two is None:
        second = EMPTY
    else:
        peak, age, value, soured = two.card.peak, two.age, two.value, two.soured
        pay = 0 if soured else value if age >= peak else -(-value * age // peak)
        second = _new(Shelf, (False, two.sealed, soured, age, True, value, peak, peak + two.hold, pay))
    if three is None:
        third = EMPTY
    else:
        peak, age, value, soured = three.card.peak, three.age, three.value, three.soured
        pay = 0 if soured else value if age >= peak else -(-value * age // peak)
        third = _new(Shelf, (False, three.sealed, soured, age, True, value, peak, peak + three.hold, pay))
    one, two, three = rival.shelves
    return _new(
        Seen,
        (
            state.phase,
            me.turns_left,
            me.damp,
            me.chill,
            (first, second, third),
            me.hand.copy(),
            (
                EMPTY if one is None else _SEALED[one.soured][one.age] if one.sealed else _own(one),
                EMPTY if two is None else _SEALED[two.soured][two.age] if two.sealed else _own(two),
                EMPTY if three is None else _SEALED[three.soured][three.age] if three.sealed else _own(three),
            ),
        ),
    )


def _own(wheel: ShelvedWheel) -> Shelf:
    """A wheel whose figures the seat sees: its own (written out in ``observe``), or a rival's
    unsealed one (the pay is ``ShelvedWheel.payout``'s)."""
    peak, age, value = wheel.card.peak, wheel.age, wheel.value
    soured = wheel.soured
    payout = 0 if soured else value if age >= peak else read_payout(value, peak, age)
    return _new(Shelf, (False, wheel.sealed, soured, age, True, value, peak, peak + wheel.hold, payout))


class _SealedShelves(dict[int, Shelf]):
    """A rival's sealed wheel by its age: all the seat sees of it is its age and souring, so the
    few there are are made once."""

    def __init__(self, soured: bool) -> None:
        super().__init__()
        self.soured = soured

    def __missing__(self, age: int) -> Shelf:
        shelf = self[age] = Shelf(False, True, self.soured, age)
        return shelf


_SEALED = {False: _SealedShelves(False), True: _SealedShelves(True)}


def from_view(view: JSON) -> Seen:
    you = view["you"]
    me, rival = view["players"][str(you)], view["players"][str(3 - you)]
    hand: dict[str, int] = {}
    for card in me.get("hand", ()):
        hand[card] = hand.get(card, 0) + 1
    return Seen(
        view["phase"],
        me["turns_left"],
        me["damp"],
        me["chill"],
        _shelves_from_view(me),
        hand,
        _shelves_from_view(rival),
    )


def _shelves_from_view(player: JSON) -> tuple[Shelf, ...]:
    return tuple(
        EMPTY
        if shelf["empty"]
        else Shelf(False, True, shelf["soured"], shelf["age"])
        if "value" not in shelf
        else Shelf(
            False,
            shelf["sealed"],
            shelf["soured"],
            shelf["age"],
            True,
            shelf["value"],
            shelf["peak"],
            shelf["full_until"],
            shelf["payout"],
        )
        for shelf in player["shelves"]
    )
