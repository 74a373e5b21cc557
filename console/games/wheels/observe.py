"""What the heuristic bot reads of its seat's view, as small typed values: the phase, each side's
turns and conditions, its shelves, and its own hand.

``observe`` builds it from the state, ``from_view`` from the seat's JSON view (view.py); the two
are equal on every state (tests/bots/test_observations.py), so it shows no more than the view
does: a rival's sealed wheel is its age and souring alone, the rival's hand is not there at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from console.games.core import JSON, Seat
from console.games.wheels.rules.cellar import ShelvedWheel

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
_make = Shelf._make  # a shelf from its fields in order, without keyword handling: a decision makes six


class Side(NamedTuple):
    turns_left: int
    damp: int
    chill: int
    shelves: tuple[Shelf, ...]
    hand: tuple[str, ...]  # sorted, copies repeated; () for the rival, whose hand is a count


class Seen(NamedTuple):
    phase: str
    me: Side
    rival: Side


# Made from their fields in order, without keyword handling: a game observes some forty times.
_side, _seen = Side._make, Seen._make


def observe(state: WheelsState, seat: Seat) -> Seen:
    me, rival = state.seats[seat - 1], state.seats[2 - seat]
    one, two, three = me.shelves
    mine = (_shelf(one, True), _shelf(two, True), _shelf(three, True))
    one, two, three = rival.shelves
    theirs = (_shelf(one, False), _shelf(two, False), _shelf(three, False))
    return _seen(
        (
            state.phase,
            _side((me.turns_left, me.damp, me.chill, mine, _hand(me.hand))),
            _side((rival.turns_left, rival.damp, rival.chill, theirs, ())),
        )
    )


def _hand(hand: dict[str, int]) -> tuple[str, ...]:
    cards = sorted(hand)
    if len(cards) == sum(hand.values()):  # the usual hand: no card twice
        return tuple(cards)
    return tuple(card for card in cards for _ in range(hand[card]))


def _shelf(wheel: ShelvedWheel | None, own: bool) -> Shelf:
    if wheel is None:
        return EMPTY
    if wheel.sealed and not own:
        return _make((False, True, wheel.soured, wheel.age, False, 0, 0, 0, 0))
    peak = wheel.card.peak
    return _make(
        (
            False,
            wheel.sealed,
            wheel.soured,
            wheel.age,
            True,
            wheel.value,
            peak,
            peak + wheel.hold,
            wheel.payout(),
        )
    )


def from_view(view: JSON) -> Seen:
    you = view["you"]
    me, rival = view["players"][str(you)], view["players"][str(3 - you)]
    return Seen(view["phase"], _side_from_view(me), _side_from_view(rival))


def _side_from_view(player: JSON) -> Side:
    shelves = tuple(
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
    return Side(player["turns_left"], player["damp"], player["chill"], shelves, tuple(player.get("hand", ())))
