"""The phases of a match of Wheels of War, in the order they come, as the view names them.

The coin toss, the secret Archaffineurs, the deal, the opening swaps, then play until it is over.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    TOSS = "toss"  # chance tosses the coin for the first seat, unless an option fixed it
    ARCHAFFINEURS = "archaffineurs"  # both seats choose an Archaffineur at once, in secret
    DEAL = "deal"  # chance deals six cards to each seat
    OPENING = "opening"  # both seats swap up to two cards or keep, at once
    PLAY = "play"  # alternating turns, twelve each
    OVER = "over"
