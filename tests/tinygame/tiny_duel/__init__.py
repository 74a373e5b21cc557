"""Tiny Duel: two seats are dealt three cards each from a small deck, then lay one a round; the
higher card takes the round, and whoever takes more rounds wins.

The smallest whole game for the tabletop console, packaged on its own (tests/tinygame): physical
cards dealt by scans, cards on the table to re-check after a restart, hands the other seat cannot
see, a heuristic bot, and every hook the contract asks for.
"""

from tiny_duel.game import DuelGame

GAME = DuelGame()

__all__ = ["GAME", "DuelGame"]
