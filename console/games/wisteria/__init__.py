"""Wizard of Wisteria: Mix-Up, a War-style card game with a secret Battle-or-Retreat choice on ties.

The rules are in rules/ (one module per chapter of the book), the state and its dispatch table in
state.py; rulings.md records every decision the rule book left open, with its test.
"""

from console.games.wisteria.game import WisteriaGame

GAME = WisteriaGame()

__all__ = ["GAME", "WisteriaGame"]
