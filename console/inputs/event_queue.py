"""The one queue every input source posts to, and the table worker reads from.

Sources only need a ``post`` callable, so the table may hand them its own queue's ``put``;
``EventQueue`` is the plain version used by the CLI, the simulator and tests.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable

from console.inputs.events import InputEvent


class EventQueue:
    """A thread-safe FIFO of input events."""

    def __init__(self) -> None:
        self._queue: queue.Queue[InputEvent] = queue.Queue()

    def post(self, event: InputEvent) -> None:
        self._queue.put(event)

    def get(self, timeout: float | None = None) -> InputEvent | None:
        """The next event, or None if none came within ``timeout`` seconds."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self) -> list[InputEvent]:
        """Every event waiting now, without blocking."""
        events = []
        while True:
            try:
                events.append(self._queue.get_nowait())
            except queue.Empty:
                return events

    def wait_for(
        self, wanted: Callable[[InputEvent], bool], timeout: float, skipped: list[InputEvent] | None = None
    ) -> InputEvent | None:
        """The first event ``wanted`` accepts within ``timeout``; the others taken on the way are
        appended to ``skipped`` (when given) so nothing is silently lost."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            event = self.get(timeout=left)
            if event is None:
                return None
            if wanted(event):
                return event
            if skipped is not None:
                skipped.append(event)
        return None

    def __len__(self) -> int:
        return self._queue.qsize()
