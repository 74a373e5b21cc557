"""What the heuristic bot reads of its seat's view: the phase, its seat's turns and conditions, its
shelves and hand, and the rival's shelves.

``observe`` builds it from the state, ``from_view`` from the seat's JSON view (view.py); the two
are equal on every state (tests/bots/test_observations.py), so it shows no more than the view
does: a rival's sealed wheel is its age and souring alone, the rival's hand is not there at all.

An observation is made at every decision of every simulated game, so it is plain tuples, made by
the tuple display: a NamedTuple is made through ``tuple.__new__``, a call that copies the fields
twice and cost as much as reading the wheel. The bot unpacks them into names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from console.games.core import JSON, Seat
from console.games.wheels.rules.cellar import ShelvedWheel

if TYPE_CHECKING:
    from console.games.wheels.state import WheelsState

# One shelf as the seat sees it:
#     (empty, sealed, soured, age, seen, value, peak, full_until, payout)
# ``seen`` is False where the wheel's figures are not seen (no wheel, or a rival's sealed one), and
# then value, peak, full_until and payout are 0. ``full_until`` is the last age it pays in full
# (peak + hold), ``payout`` what a Read pays now.
Shelf = tuple[bool, bool, bool, int, bool, int, int, int, int]
EMPTY: Shelf = (True, False, False, 0, False, 0, 0, 0, 0)
# A shelf's fields by index, where one is read alone rather than unpacked with the rest.
IS_EMPTY, SOURED, AGE, FULL_UNTIL, PAYOUT = 0, 2, 3, 7, 8

# What the bot reads:
#     (phase, turns_left, damp, chill, shelves, hand, rival_shelves)
# ``hand`` is card id -> copies, a copy of the seat's own (a mapping compares equal whatever order
# the cards came in, so the hand needs no sorting).
Seen = tuple[str, int, int, int, tuple[Shelf, ...], Mapping[str, int], tuple[Shelf, ...]]


def observe(state: WheelsState, seat: Seat) -> Seen:
    me, rival = state.seats[seat - 1], state.seats[2 - seat]
    # Each shelf is written out, not a call a shelf: a call costs more than the shelf's own
    # work, and this runs at every decision. A wheel seen whole pays ``ShelvedWheel.payout``
    # (``read_payout``'s ceiling, inline); a rival's sealed one is its age and souring alone.
    one, two, three = me.shelves
    if one is None:
        first = EMPTY
    else:
        peak, age, value, soured = one.card.peak, one.age, one.value, one.soured
        pay = 0 if soured else value if age >= peak else -(-value * age // peak)
        first = (False, one.sealed, soured, age, True, value, peak, peak + one.hold, pay)
    if two is None:
        second = EMPTY
    else:
        peak, age, value, soured = two.card.peak, two.age, two.value, two.soured
        pay = 0 if soured else value if age >= peak else -(-value * age // peak)
        second = (False, two.sealed, soured, age, True, value, peak, peak + two.hold, pay)
    if three is None:
        third = EMPTY
    else:
        peak, age, value, soured = three.card.peak, three.age, three.value, three.soured
        pay = 0 if soured else value if age >= peak else -(-value * age // peak)
        third = (False, three.sealed, soured, age, True, value, peak, peak + three.hold, pay)
    one, two, three = rival.shelves
    theirs = (
        EMPTY if one is None else _SEALED[one.soured][one.age] if one.sealed else _seen(one),
        EMPTY if two is None else _SEALED[two.soured][two.age] if two.sealed else _seen(two),
        EMPTY if three is None else _SEALED[three.soured][three.age] if three.sealed else _seen(three),
    )
    return (state.phase, me.turns_left, me.damp, me.chill, (first, second, third), me.hand.copy(), theirs)


def _seen(wheel: ShelvedWheel) -> Shelf:
    """A rival's unsealed wheel: seen whole, as the seat's own are in ``observe``."""
    peak, age, value, soured = wheel.card.peak, wheel.age, wheel.value, wheel.soured
    pay = 0 if soured else value if age >= peak else -(-value * age // peak)
    return (False, wheel.sealed, soured, age, True, value, peak, peak + wheel.hold, pay)


class _SealedShelves(dict[int, Shelf]):
    """A rival's sealed wheel by its age: all the seat sees of it is its age and souring, so the
    few there are are made once."""

    def __init__(self, soured: bool) -> None:
        super().__init__()
        self.soured = soured

    def __missing__(self, age: int) -> Shelf:
        shelf = self[age] = (False, True, self.soured, age, False, 0, 0, 0, 0)
        return shelf


_SEALED = {False: _SealedShelves(False), True: _SealedShelves(True)}


def from_view(view: JSON) -> Seen:
    you = view["you"]
    me, rival = view["players"][str(you)], view["players"][str(3 - you)]
    hand: dict[str, int] = {}
    for card in me.get("hand", ()):
        hand[card] = hand.get(card, 0) + 1
    return (
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
        else (False, True, shelf["soured"], shelf["age"], False, 0, 0, 0, 0)
        if "value" not in shelf
        else (
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
