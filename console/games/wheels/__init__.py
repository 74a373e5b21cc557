"""Wheels of War: two cellars of three shelves, twelve turns each, wheels aged and read for Renown.

``GAME`` is the engine the registry finds; ``simulation_stats`` gives the game's own figures over
finished matches. Rules and rulings: rulings.md; notation: notation.md; cards: cards.toml.
"""

from console.games.wheels.game import WheelsGame
from console.games.wheels.stats import simulation_stats

GAME = WheelsGame()

__all__ = ["GAME", "WheelsGame", "simulation_stats"]
