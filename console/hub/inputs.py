"""The seam between the hub and the physical inputs (console/inputs): start the sources that are
present, simulated ones when no hardware is found, and say plainly which at start.

Every source posts its events to ``InputRouter.post``, which hands them to the worker of the table
the physical seats play: the newest open table. There the composer turns them into actions
(``console.hub.physical``). Nothing else of the hub is visible to an input source.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from console.hub.physical import PhysicalSeats
from console.hub.worker import Input, TableWorker

if TYPE_CHECKING:
    from console.hub.service import Hub

log = logging.getLogger("console.hub")
# The hub's input modes, as console.inputs.sources names them.
SOURCE_MODES = {"auto": "auto", "simulated": "sim", "none": "none"}


class InputRouter:
    """Posts each input event to the table the physical seats play."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def table(self) -> TableWorker | None:
        open_tables = [w for w in self.hub.tables() if w.status in ("playing", "paused")]
        return max(open_tables, key=lambda worker: worker.table.id, default=None)

    def post(self, event: Any) -> None:
        worker = self.table()
        if worker is None:
            log.info("input with no open table: %s", event)
            return
        worker.post(Input(event))


def start_inputs(hub: Hub) -> tuple[Any, list[str]]:
    """Start the input sources the configuration asks for; return them and what to tell the user."""
    settings = hub.config.inputs
    if settings.mode == "none":
        return None, ["inputs: none (configured); seats are played from phones and by bots"]
    if not PhysicalSeats.available():
        return None, ["inputs: the physical input package is not installed; seats are played from phones "
                      "and by bots"]
    from console.inputs.sources import start_sources

    router = InputRouter(hub)
    seats = max([w.table.state.players for w in hub.tables()] + [hub.config.table.players])
    options = {"pins": settings.pins or None, "pods": settings.pods, "seats": seats}
    sources = start_sources(router.post, mode=SOURCE_MODES[settings.mode], **options)
    notes = list(sources.notes)
    found = sources.panel is not None or sources.pods or sources.scanners
    if settings.mode == "auto" and not found:
        sources.close()
        sources = start_sources(router.post, mode="sim", **options)
        notes = ["inputs: no GPIO buttons or serial pods found, so they are SIMULATED", *sources.notes]
    return sources, notes
