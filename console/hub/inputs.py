"""The seam between the hub and the physical inputs (console/inputs): start the sources the
configuration asks for, refuse to start when configured hardware is missing, say which at start.

Simulated pods and buttons are opt-in (``tabletop serve --simulate``, or ``[inputs] mode =
"simulated"``); ``auto`` starts only real hardware. Every source posts its events to
``InputRouter.post``, which hands them to the worker of the table the physical seats play: the
newest open table. There the composer turns them into actions (``console.hub.physical``).
"""

from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING, Any

from console.hub.errors import HubError
from console.hub.physical import PhysicalSeats
from console.hub.worker import Input, TableWorker

if TYPE_CHECKING:
    from console.hub.service import Hub
    from console.inputs.sources import InputSources

log = logging.getLogger("console.hub")
# The hub's input modes, as console.inputs.sources names them.
SOURCE_MODES = {"auto": "auto", "simulated": "sim", "none": "none"}
SIMULATE_HINT = "connect the hardware, or run tabletop serve --simulate to simulate it"


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
    """Start the input sources the configuration asks for; return them and what to tell the user.

    Raises HubError, naming what is missing, when ``auto`` finds less than was configured."""
    settings = hub.config.inputs
    if settings.mode == "none":
        return None, ["inputs: none (configured); seats are played from phones and by bots"]
    if not PhysicalSeats.available():
        return None, ["inputs: the physical input package is not installed; seats are played from phones "
                      "and by bots"]
    from console.inputs.sources import start_sources

    router = InputRouter(hub)
    seats = max([w.table.state.players for w in hub.tables()] + [hub.config.table.players])
    if settings.mode == "auto":
        missing_ports = [port for port in settings.pods if _is_device_path(port) and not os.path.exists(port)]
        if missing_ports:
            raise HubError(f"inputs: the configured pod port {missing_ports[0]} does not exist; "
                           f"{SIMULATE_HINT}")
    sources = start_sources(router.post, mode=SOURCE_MODES[settings.mode], pins=settings.pins or None,
                            pods=settings.pods, seats=seats)
    if settings.mode != "auto":
        return sources, list(sources.notes)
    missing = missing_hardware(hub, sources)
    if missing:
        sources.close()
        raise HubError(f"inputs: {missing}; {SIMULATE_HINT}")
    notes = list(sources.notes)
    if sources.panel is None and not sources.pods and not sources.scanners:
        notes.insert(0, "inputs: no GPIO buttons or pods found; seats are played from phones and by bots "
                        "(tabletop serve --simulate simulates them)")
    return sources, notes


def missing_hardware(hub: Hub, sources: InputSources) -> str:
    """What the configuration needs that ``auto`` did not find, in words; empty if nothing."""
    wanted: dict[str, list[int]] = {"pod": [], "buttons": []}
    planned = getattr(hub, "planned", None)  # the table the hub makes once its inputs are up
    seatings = [worker.controllers for worker in hub.tables()]
    seatings += [dict(enumerate(planned.seats, start=1))] if planned is not None else []
    for controllers in seatings:
        for seat, controller in controllers.items():
            if controller in wanted and seat not in wanted[controller]:
                wanted[controller].append(seat)
    if wanted["pod"] and not sources.pods:
        return f"seat(s) {_seats(wanted['pod'])} play with a pod, but no pod is connected"
    dealt_by_scans = [worker.table.id for worker in hub.tables() if worker.chance == "physical"]
    if dealt_by_scans and not sources.pods:
        return (f"table(s) {_seats(dealt_by_scans)} deal physical cards (chance = physical), but no pod "
                "is connected to scan them")
    if planned is not None and planned.chance == "physical" and not sources.pods:
        return "the new table deals physical cards (chance = physical), but no pod is connected to scan them"
    if sources.panel is None and (wanted["buttons"] or hub.config.inputs.pins):
        why = next((note for note in sources.notes if note.startswith("buttons:")), "buttons: none")
        needed = (f"seat(s) {_seats(wanted['buttons'])} play with GPIO buttons" if wanted["buttons"]
                  else f"a pin map is configured ({hub.config.inputs.pins})")
        return f"{needed}, but no buttons started ({why})"
    return ""


def _seats(seats: list[int]) -> str:
    return ", ".join(str(seat) for seat in sorted(seats))


def _is_device_path(port: str) -> bool:
    """A serial device by path (/dev/ttyACM0), not a pyserial URL (socket://, rfc2217://)."""
    return "://" not in port
