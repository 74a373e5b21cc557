"""Wizard of Wisteria: Mix-Up, a War-style card game with a secret Battle-or-Retreat choice on ties.

The rules are in rounds.py (the round, the end of the game) and war.py (the War); piles.py is the
chance model; rulings.md records every decision the rule book left open, with its test.
"""

from console.games.wisteria.game import WisteriaGame

GAME = WisteriaGame()

__all__ = ["GAME", "WisteriaGame"]
