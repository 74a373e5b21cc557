"""The phases of a match of Wheels of War, in the order they come, as the view names them.

The coin toss, the secret Archaffineurs, the deal, the opening swaps, then play until it is over.
"""

from __future__ import annotations

from typing import Final, Literal

# Plain strings, typed by Literal: the phase is read on every action, and an Enum member's lookup
# costs several times a module constant's.
Phase = Literal["toss", "archaffineurs", "deal", "opening", "play", "over"]

TOSS: Final = "toss"  # chance tosses the coin for the first seat, unless an option fixed it
ARCHAFFINEURS: Final = "archaffineurs"  # both seats choose an Archaffineur at once, in secret
DEAL: Final = "deal"  # chance deals six cards to each seat
OPENING: Final = "opening"  # both seats swap up to two cards or keep, at once
PLAY: Final = "play"  # alternating turns, twelve each
OVER: Final = "over"
