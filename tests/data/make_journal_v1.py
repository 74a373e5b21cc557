"""Writes tests/data/journal_v1.db: a small journal of schema 1, as today's console writes it.

Kept with the file so the file can be explained and, for a later schema, a v2 made the same way.
Never rerun it over journal_v1.db: that file pins what schema 1 looked like (tests/test_journal_file.py).
Run: python tests/data/make_journal_v1.py OUT.db
"""

from __future__ import annotations

import sys
from pathlib import Path

from console.bots import bots_for
from console.hub.store import HubStore
from console.journal import Journal
from console.table import Table

# Distinct numbers for every column, so a field read from the wrong column shows.
CREATED = 1_700_000_000.25
SEED = 4242
PLAYERS = 3


def write(path: Path) -> None:
    with Journal(path) as journal:
        clock = iter(CREATED + step for step in range(100_000)).__next__
        finished = Table.start(journal, "wisteria", PLAYERS, SEED, {"victory": "total_control"}, clock=clock)
        finished.advance(bots_for(finished.game, PLAYERS, "heuristic"))
        assert finished.state.outcome() is not None
        playing = Table.start(journal, "wheels", 2, SEED + 1, clock=clock)
        playing.advance(bots_for(playing.game, 2, "random"), limit=12)
        HubStore(journal).add_table(playing.id, "virtual", "random", {1: "phone", 2: "bot"})
        ended = Table.start(journal, "watch", 4, SEED + 2, clock=clock)
        ended.advance(bots_for(ended.game, 4, "random"), limit=5)
        ended.end("the host ended it")


if __name__ == "__main__":
    write(Path(sys.argv[1]))
