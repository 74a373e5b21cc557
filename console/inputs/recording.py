"""Recorded sessions: every raw line a pod or scanner sends and every GPIO edge, with its time,
alongside each table's actions and refusals, one JSON object a line (``tabletop record FILE``).

``console.hub.replay`` plays a recording back through the same code (serial parser, debounce,
composer, worker), so a recording is a test. Kinds of record, each with ``t`` (seconds from start):
``hub`` (kits, reader layout, button timing), ``table`` (a table as it stood: game, seed, options,
seats, chance, actions so far, enrolled tags), ``open``/``lost``/``line`` (a serial source),
``edge`` (a GPIO button), ``action`` and ``refused`` (what a table did with them).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

JSON = dict[str, Any]  # one record (the drivers import nothing of a game)


class Recorder:
    """Appends records to ``stream`` (a file, or memory for a replay), safe from any thread."""

    def __init__(self, stream: IO[str] | None = None, clock: Any = time.monotonic) -> None:
        self.stream = stream
        self.clock = clock
        self.started = clock()
        self.records: list[JSON] = []  # kept only without a stream (a replay compares them)
        self._lock = threading.Lock()

    @classmethod
    def to_file(cls, path: str | Path) -> Recorder:
        return cls(open(path, "w", encoding="utf-8"))  # closed by close()

    def write(self, kind: str, **fields: Any) -> None:
        with self._lock:
            record = {"t": round(self.clock() - self.started, 6), "kind": kind, **fields}
            if self.stream is None:
                self.records.append(record)
                return
            self.stream.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
            self.stream.flush()  # a hub killed mid-game keeps what it had recorded

    # -- taps (called by the sources and the tables) ----------------------------------------------

    def serial(self, kind: str, source: str, data: bytes | str = b"") -> None:
        """A serial source opened, was lost (``data``: why), or sent a raw line."""
        text = data.decode("latin-1") if isinstance(data, bytes) else data
        if kind == "line":
            self.write("line", source=source, line=text)
        else:
            self.write(kind, source=source, **({"reason": text} if text else {}))

    def edge(self, seat: int, key: str, pressed: bool) -> None:
        self.write("edge", seat=seat, key=key, pressed=pressed)

    def action(self, table: int, action: str) -> None:
        self.write("action", table=table, action=action)

    def refused(self, table: int, seat: int, message: str) -> None:
        self.write("refused", table=table, seat=seat, message=message)

    def close(self) -> None:
        if self.stream is not None:
            self.stream.close()


def read_recording(path: str | Path) -> Iterator[JSON]:
    """The records of a recording, oldest first; a line that is no record is an error naming it."""
    with open(path, encoding="utf-8") as stream:
        for number, line in enumerate(stream, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                raise ValueError(f"{path}:{number}: not a recorded line (JSON expected)") from None
            if not isinstance(record, dict) or "kind" not in record or "t" not in record:
                raise ValueError(f"{path}:{number}: a record needs a kind and a time t")
            yield record


def outcomes(records: list[JSON]) -> list[tuple[Any, ...]]:
    """What the tables did, in order: (table, "action", text) and (table, "refused", seat, message)."""
    found: list[tuple[Any, ...]] = []
    for record in records:
        if record["kind"] == "action":
            found.append((record["table"], "action", record["action"]))
        elif record["kind"] == "refused":
            found.append((record["table"], "refused", record["seat"], record["message"]))
    return found
