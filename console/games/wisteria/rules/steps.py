"""What a Wisteria game waits for at each step: which cards chance must supply, or the Rule 2 choice.

A step is a constant value; the state holds the current one with the seats it waits for.
"""

from __future__ import annotations

from dataclasses import dataclass

from console.games.wisteria.actions import DRAWS, FACE_DOWNS, TALLIES, CardAction, Draw, FaceDown, Tally

# A seat's Rule 2 choice, 0 while it has not chosen.
BATTLE, RETREAT = 1, 2
CHOICE_NAMES = ("", "battle", "retreat")


@dataclass(frozen=True, eq=False)
class Step:
    """A pending decision. Who decides: chance for the seats in ``state.pending`` when ``card`` is
    set (each supplies one card of that kind from its draw pile), else the tied seats in
    ``state.to_act`` (Battle or Retreat, at once). What may be chosen: a card the seat's draw pile
    can hold (rules/piles.py), or one of the two choices. How it resolves: rules/supply.py for a
    card, rules/war.py for a choice. Compared by identity: each step exists once."""

    name: str  # the phase a view shows
    card: type[CardAction] | None  # the chance verb that supplies the card; None: no card needed
    shared: list[list[CardAction]] | None  # the prebuilt actions of that verb, [owner][strength]


REVEAL = Step("reveal", Draw, DRAWS)
FACE_DOWN = Step("face_down", FaceDown, FACE_DOWNS)
DECLARE = Step("declare", None, None)
WAR = Step("war", Draw, DRAWS)
TALLY = Step("tally", Tally, TALLIES)
OVER = Step("over", None, None)
