"""Rules of the Watch (the Chronicle of the Ferrum, Book the Fourth): 2 to 4 rulers on a hex map,
the Ledger, the Arts of War, alliances with private channels, the Great Chronicle and the Horde."""

from console.games.watch.game import WatchGame

GAME = WatchGame()

__all__ = ["GAME", "WatchGame"]
