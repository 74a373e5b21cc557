"""The bots a seat can be given by name (``heuristic`` or ``random``), for every game.

Used by the hub, the terminal game and the simulator alike.
"""

from __future__ import annotations

from console.games.core import Bot, Game, RandomBot

BOT_KINDS = ("heuristic", "random")


def bots_for(game: Game, players: int, kind: str) -> dict[int, Bot]:
    """One bot per seat: the game's heuristic bot, or the random bot."""
    if kind not in BOT_KINDS:
        raise ValueError(f"there is no bot {kind!r}; bots: {', '.join(BOT_KINDS)}")
    heuristic = game.heuristic_bot() if kind == "heuristic" else None
    return {seat: heuristic or RandomBot() for seat in range(1, players + 1)}
