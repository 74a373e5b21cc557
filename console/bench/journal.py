"""``tabletop bench journal``: what one durable append costs, on a fresh table and on a long one.

The journal is a real file in a temporary folder with the hub's own settings (WAL,
``synchronous=FULL``), so each figure includes the fsync a hub pays before it acknowledges a move.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from console.games import DEFAULT_GAME
from console.journal import Journal

# Table lengths the figures are taken at: a new game, and a very long one (the 20,000).
LENGTHS = (0, 20_000)
APPENDS = 200


def append_cost_us(length: int) -> float:
    """Microseconds per ``Journal.append`` on a table that already holds ``length`` actions."""
    appends = APPENDS
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as folder:
        with Journal(Path(folder) / "journal.db") as journal:
            table_id = journal.create_table(DEFAULT_GAME, 2, 0, {}, None, 0.0)
            db = journal.connection
            with journal.lock:  # the long table's history, written at once: it is not measured
                db.execute("BEGIN")
                db.executemany(
                    "INSERT INTO actions (table_id, seq, notation, at) VALUES (?, ?, '1:battle', 0)",
                    ((table_id, seq) for seq in range(length)),
                )
                db.execute("COMMIT")
        with Journal(Path(folder) / "journal.db") as journal:  # reopened, as a resumed hub would
            started = time.perf_counter()
            for seq in range(length, length + appends):
                journal.append(table_id, seq, "1:battle", 0.0)
            elapsed = time.perf_counter() - started
    return 1e6 * elapsed / appends


def benchmarks() -> list[dict[str, object]]:
    return [
        {"name": f"journal.append_us_at_{length}", "value": append_cost_us(length), "unit": "us"}
        for length in LENGTHS
    ]
