"""The seam between the hub and the physical table: start the input sources the configuration
asks for (console/inputs), refuse to start when configured hardware is missing, say which at start,
and give the router (console/physical/router.py) the hub's tables.

Simulated pods and buttons are opt-in (``tabletop serve --simulate``, or ``[inputs] mode =
"simulated"``); ``auto`` starts only real hardware. Every source posts its events to
``InputRouter.post``, which hands them to the worker of the table the event's kit is bound to
(console.physical.kits). There the composer turns them into actions (``console.physical.seats``).
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from console.hub.config import HubConfig, TableConfig
from console.hub.errors import HubError
from console.hub.worker import HostCommand, Record, TableWorker
from console.inputs.recording import Recorder
from console.physical.router import InputRouter, PhysicalTable
from console.physical.tagstore import TagStore

if TYPE_CHECKING:
    from console.inputs.sources import InputSources


class Hub(Protocol):
    """What starting the inputs needs of the hub (console.hub.service.Hub is it)."""

    config: HubConfig
    recorder: Recorder | None
    router: InputRouter | None
    planned: TableConfig | None  # the table the hub makes once its inputs are up

    def tables(self) -> list[TableWorker]: ...

    def physical_tables(self) -> Mapping[int, PhysicalTable]: ...

    def configured_kits(self) -> Mapping[str, str]: ...


# The hub's input modes, as console.inputs.sources names them.
SOURCE_MODES = {"auto": "auto", "simulated": "sim", "none": "none"}
SIMULATE_HINT = "connect the hardware, or run tabletop serve --simulate to simulate it"


def attach_sources(hub: Hub, router: InputRouter, sources: InputSources) -> None:
    """The sources' lights go to every table; a resumed physical table re-checks its cards in play
    (it may have been bumped since), and under ``tabletop record`` each table says how it stands."""
    router.attach_sources(sources)
    for worker in hub.tables():
        _record(hub, worker, at_start=True)
        if worker.resumed and worker.plays_physical_cards:
            worker.post(HostCommand("recheck"))


def record_new_table(hub: Hub, worker: TableWorker) -> None:
    """Before a table made once the inputs are up starts moving: a recording hears of it, and of
    every move it makes from its first (a chance deal due at once included)."""
    if hub.router is not None and hub.recorder is not None and worker.physical is not None:
        worker.begin_recording(
            Record(hub.recorder, functools.partial(_record_table, hub.recorder, at_start=False))
        )


def attach_table(hub: Hub, worker: TableWorker) -> None:
    """A table made once the inputs are up: its kits light up."""
    if hub.router is not None:
        hub.router.attach(worker)


def _record(hub: Hub, worker: TableWorker, at_start: bool) -> None:
    if hub.recorder is not None and worker.physical is not None:
        worker.post(Record(hub.recorder, functools.partial(_record_table, hub.recorder, at_start=at_start)))


def _record_table(recorder: Recorder, worker: TableWorker, at_start: bool) -> None:
    """In the worker's thread: how the table stands, so a replay can start it the same."""
    table = worker.table
    tags = TagStore(table.journal.connection, table.journal.lock).tags(table.game.name)
    recorder.write(
        "table",
        id=table.id,
        game=table.game.name,
        players=table.state.players,
        seed=table.seed,
        options=table.options,
        chance=worker.chance,
        seats=[worker.controllers[seat] for seat in sorted(worker.controllers)],
        history=[str(action) for action in table.history],
        tags=tags,
        at_start=at_start,
        resumed=worker.resumed,
    )
    if worker.physical is not None:
        worker.physical.report_refusals(functools.partial(recorder.refused, table.id))


def start_inputs(hub: Hub) -> tuple[InputSources | None, list[str]]:
    """Start the input sources the configuration asks for; return them and what to tell the user.

    Raises HubError, naming what is missing, when ``auto`` finds less than was configured."""
    settings = hub.config.inputs
    if settings.mode == "none":
        return None, ["inputs: none (configured); seats are played from phones and by bots"]
    from console.inputs.sources import start_sources

    router = hub.router = InputRouter(hub)
    seats = max([w.table.state.players for w in hub.tables()] + [hub.config.table.players])
    if settings.mode == "auto":
        missing_ports = [port for port in settings.pods if _is_device_path(port) and not os.path.exists(port)]
        if missing_ports:
            raise HubError(
                f"inputs: the configured pod port {missing_ports[0]} does not exist; {SIMULATE_HINT}"
            )
    if hub.recorder is not None:
        hub.recorder.write(
            "hub",
            kits=dict(settings.kits),
            positional_readers=settings.positional_readers,
            pins=settings.pins,
            stable_ms=settings.stable_ms,
        )
    sources = start_sources(
        router.post,
        mode=SOURCE_MODES[settings.mode],
        pins=settings.pins or None,
        pods=settings.pods,
        seats=seats,
        recorder=hub.recorder,
        stable_s=settings.stable_ms / 1000,
    )
    attach_sources(hub, router, sources)
    if settings.mode != "auto":
        return sources, list(sources.notes)
    missing = missing_hardware(hub, sources)
    if missing:
        sources.close()
        raise HubError(f"inputs: {missing}; {SIMULATE_HINT}")
    notes = list(sources.notes)
    if sources.panel is None and not sources.pods and not sources.scanners:
        notes.insert(
            0,
            "inputs: no GPIO buttons or pods found; seats are played from phones and by bots "
            "(tabletop serve --simulate simulates them)",
        )
    return sources, notes


def missing_hardware(hub: Hub, sources: InputSources) -> str:
    """What the configuration needs that ``auto`` did not find, in words; empty if nothing."""
    wanted: dict[str, list[int]] = {"pod": [], "buttons": []}
    planned = hub.planned
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
        return (
            f"table(s) {_seats(dealt_by_scans)} deal physical cards (chance = physical), but no pod "
            "is connected to scan them"
        )
    if planned is not None and planned.chance == "physical" and not sources.pods:
        return "the new table deals physical cards (chance = physical), but no pod is connected to scan them"
    if sources.panel is None and (wanted["buttons"] or hub.config.inputs.pins):
        why = next((note for note in sources.notes if note.startswith("buttons:")), "buttons: none")
        needed = (
            f"seat(s) {_seats(wanted['buttons'])} play with GPIO buttons"
            if wanted["buttons"]
            else f"a pin map is configured ({hub.config.inputs.pins})"
        )
        return f"{needed}, but no buttons started ({why})"
    return ""


def _seats(seats: list[int]) -> str:
    return ", ".join(str(seat) for seat in sorted(seats))


def _is_device_path(port: str) -> bool:
    """A serial device by path (/dev/ttyACM0), not a pyserial URL (socket://, rfc2217://)."""
    return "://" not in port
