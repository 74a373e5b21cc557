"""Reading a table worker from a test: the screens' snapshots, a seat's first legal action, waiting
for a condition, and a journal whose disk fails."""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable
from typing import Any

from console.hub.worker import TableWorker

TIMEOUT = 10


def payload(worker: TableWorker, seat: int | None) -> Any:
    """What the screen of ``seat`` (None: the table screen) was last sent, as JSON."""
    return json.loads(worker.channel.snapshot.payloads[seat])


def legal(worker: TableWorker, seat: int) -> str:
    return str(payload(worker, seat)["legal"][0])


def until(condition: Callable[[], bool]) -> bool:
    """Whether ``condition`` comes true within TIMEOUT, posting nothing to the worker meanwhile."""
    deadline = time.monotonic() + TIMEOUT
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def disk_failure(*args: Any, **kwargs: Any) -> Any:
    """A stand-in for a journal write on a failing disk."""
    raise sqlite3.OperationalError("disk I/O error")
