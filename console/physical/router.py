"""The seam between the hub and the physical inputs (console/inputs): start the sources the
configuration asks for, refuse to start when configured hardware is missing, say which at start.

Simulated pods and buttons are opt-in (``tabletop serve --simulate``, or ``[inputs] mode =
"simulated"``); ``auto`` starts only real hardware. Every source posts its events to
``InputRouter.post``, which hands them to the worker of the table the event's kit is bound to
(console.physical.kits). There the composer turns them into actions (``console.physical.seats``).
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import os
from typing import TYPE_CHECKING, Any

from console.games.core import JSON
from console.hub.errors import HubError
from console.hub.worker import HostCommand, Input, Record, TableWorker
from console.physical.feedback import MODES, WAITING, Light, Scheduler, ShowLights, TableFeedback
from console.physical.kits import Binding, KitError, Kits, kind_of, kit_of
from console.physical.seats import PhysicalSeats

if TYPE_CHECKING:
    from console.hub.service import Hub
    from console.inputs.sources import InputSources

log = logging.getLogger("console.hub")
OPEN = ("playing", "paused")
# The hub's input modes, as console.inputs.sources names them.
SOURCE_MODES = {"auto": "auto", "simulated": "sim", "none": "none"}
SIMULATE_HINT = "connect the hardware, or run tabletop serve --simulate to simulate it"


class InputRouter:
    """Posts each input event to the table its kit is bound to (console.physical.kits), and drives the
    lights of each table's kits (console.physical.feedback)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.kits = Kits(hub.config.inputs.kits)
        self.configured = set(hub.config.inputs.kits)
        self.lights: dict[str, Light] = {}  # by kit: a pod's name (and unique id), "gpio:N"
        self._scheduler: Scheduler | None = None  # its thread starts with the first lights
        from console.inputs.events import PodConnected

        self._pod_connected = PodConnected
        self._pods: dict[str, Any] = {}  # the PodSources, by name
        self._shared: set[str] = set()  # pods that said seat 0 in HELLO: one reader per seat

    def table(self) -> TableWorker | None:
        """The newest open table: the one an unbound kit may join."""
        open_tables = [w for w in self.hub.tables() if w.status in OPEN]
        return max(open_tables, key=lambda worker: worker.table.id, default=None)

    def post(self, event: Any) -> None:
        if isinstance(event, self._pod_connected):
            self._connected(event)
            return
        source, seat = getattr(event, "source", None), getattr(event, "seat", None)
        if not isinstance(source, str) or not isinstance(seat, int):
            return  # a pod's link news: nothing for a table
        kit = kit_of(source, seat)
        if source in self._shared:  # a pod whose reader N serves seat N: each reader is a kit
            kit = self._reader_kit(source, seat)
        worker, binding = self._route(kit, seat)
        if worker is None or binding is None:
            return
        worker.post(Input(dataclasses.replace(event, seat=binding.seat, source=kit)))

    def _route(self, kit: str, seat: int) -> tuple[TableWorker | None, Binding | None]:
        binding = self.kits.binding(kit)
        if binding is not None:
            worker = self.hub.workers.get(binding.table)
            if worker is not None and worker.status in OPEN:
                return worker, binding
            if kit in self.configured or self.kits.name(kit) in self.configured:
                self.kits.note(
                    f"{kit} is bound to table {binding.table}, which is not open: its "
                    "scans and presses are ignored"
                )
                return None, None
            self.kits.unbind(self.kits.name(kit))  # its table ended: the kit is free again
        return self._claim(kit, seat)

    def _claim(self, kit: str, seat: int, quiet: bool = False) -> tuple[TableWorker | None, Binding | None]:
        """An unbound kit joins the newest open table, if that table plays its seat physically and
        no other kit of its kind serves that seat there."""
        worker = self.table()
        kind = kind_of(kit)
        if worker is not None and 1 <= seat <= worker.table.state.players:
            binding = Binding(worker.table.id, seat)
            uses = worker.controllers.get(seat) == kind or (kind == "pod" and worker.chance == "physical")
            if uses and not self.kits.at(binding, kind):
                self.kits.bind(kit, binding)
                log.info("%s joins table %s as seat %s", kit, binding.table, seat)
                worker.post(Input(ShowLights()))
                return worker, binding
        if quiet:
            return None, None
        self.kits.note(
            f"{kit} (seat {seat}) is bound to no table: its scans and presses are ignored; "
            "the host can bind it to a seat"
        )
        log.info("input from unbound kit %s ignored", kit)
        return None, None

    # -- the host's bindings ------------------------------------------------------------------

    def bind(self, kit: str, table: int, seat: int) -> Binding:
        worker = self.hub.workers.get(table)
        if worker is None or worker.status not in OPEN:
            raise KitError(f"there is no open table {table}")
        if not 1 <= seat <= worker.table.state.players:
            raise KitError(f"table {table} has seats 1 to {worker.table.state.players}")
        if kit not in self.lights and kit not in self.kits.aliases:
            known = ", ".join(sorted(self.lights)) or "none"
            raise KitError(f"there is no kit {kit!r} at this hub (kits: {known})")
        old = self.kits.binding(kit)
        binding = Binding(table, seat)
        self.kits.bind(self.kits.name(kit), binding)
        for changed in {old.table if old else table, table}:
            if changed in self.hub.workers:
                self.hub.workers[changed].post(Input(ShowLights()))
        return binding

    def unbind(self, kit: str) -> None:
        if not self.kits.unbind(self.kits.name(kit)):
            raise KitError(f"{kit} is bound to no table")
        light = self.lights.get(kit)
        if light is not None:
            light.show(MODES[WAITING])

    def listing(self) -> JSON:
        """Every kit the hub knows, where it is bound, and the notes for the host."""
        kits = sorted({*self.lights, *self.kits.aliases.values()} - set(self.kits.aliases))
        bound = {kit: self.kits.binding(kit) for kit in kits}
        return {
            "kits": [
                {"kit": kit, "kind": kind_of(kit), "bound": str(b) if b else None} for kit, b in bound.items()
            ],
            "notes": list(self.kits.notes),
        }

    # -- lights -------------------------------------------------------------------------------

    def attach_sources(self, sources: InputSources) -> None:
        for pod in sources.pods:
            self._pods[pod.name] = pod
            self.lights[pod.name] = Light(pod.name, functools.partial(pod.set_led, 0), pod.beep)
        panel = sources.panel
        if panel is not None:
            for seat in panel.leds:
                self.lights[f"gpio:{seat}"] = Light(f"gpio:{seat}", functools.partial(panel.set_led, seat))
        for worker in self.hub.tables():
            self.attach(worker, at_start=True)
            if worker.resumed and _is_physical(worker):
                # resumed: the table may have been bumped since; re-scan the cards in play
                worker.post(HostCommand("recheck"))
        self._claim_waiting_kits()

    def _claim_waiting_kits(self) -> None:
        """Kits that know their seat but serve no table yet (a panel seat; a pod that said HELLO
        before any table was open) join the newest open table that plays that seat physically."""
        for kit in list(self.lights):
            if self.kits.binding(kit) is not None:
                continue
            if kind_of(kit) == "buttons":
                self._claim(kit, int(kit.partition(":")[2]), quiet=True)
            elif (source := self._pods.get(kit)) is not None and source.seat:
                self._claim(kit, source.seat, quiet=True)

    def attach(self, worker: TableWorker, at_start: bool = False) -> None:
        """Give the table's physical seats their lights, and show them now."""
        if worker.physical is None:
            return
        table = worker.table.id
        worker.physical.feedback = TableFeedback(
            lambda seat: self._lights(table, seat), self.lights.get, self.scheduler
        )
        if self.hub.recorder is not None:
            worker.post(Record(self.hub.recorder, functools.partial(self._record_table, at_start=at_start)))
        worker.post(Input(ShowLights()))
        if not at_start:  # a table made once the inputs were up: waiting kits may serve it
            self._claim_waiting_kits()

    def _record_table(self, worker: TableWorker, at_start: bool) -> None:
        """In the worker's thread: how the table stands, so a replay can start it the same."""
        from console.physical.tagstore import TagStore

        table, recorder = worker.table, self.hub.recorder
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
            worker.physical.on_refused = functools.partial(recorder.refused, table.id)

    def _lights(self, table: int, seat: int) -> list[Light]:
        bound = self.kits.of_table(table)
        return [
            light
            for kit, b in bound.items()
            if b.seat == seat and (light := self.lights.get(self.kits.aliases.get(kit, kit))) is not None
        ]

    def _reader_kit(self, pod: str, reader: int) -> str:
        """``pod1/2``: reader 2 of a shared pod, with reader 2's LED as its seat light."""
        kit = f"{pod}/{reader}"
        source = self._pods.get(pod)
        if kit not in self.lights and source is not None:
            self.lights[kit] = Light(kit, functools.partial(source.set_led, reader), source.beep)
        return kit

    def _connected(self, event: Any) -> None:
        if event.seat == 0:
            self._shared.add(event.pod)
        else:
            self._shared.discard(event.pod)
        if event.unique_id:
            self.kits.aliases[event.unique_id] = event.pod
        light = self.lights.get(event.pod)
        if light is not None:
            light.forget()  # a pod that (re)booted shows nothing; say its state again
        if event.seat and self.kits.binding(event.pod) is None:
            self._claim(event.pod, event.seat, quiet=True)  # its LED says "your turn" before a scan

    @property
    def scheduler(self) -> Scheduler:
        if self._scheduler is None:
            self._scheduler = Scheduler()
        return self._scheduler

    def close(self) -> None:
        if self._scheduler is not None:
            self._scheduler.close()


def start_inputs(hub: Hub) -> tuple[Any, list[str]]:
    """Start the input sources the configuration asks for; return them and what to tell the user.

    Raises HubError, naming what is missing, when ``auto`` finds less than was configured."""
    settings = hub.config.inputs
    if settings.mode == "none":
        return None, ["inputs: none (configured); seats are played from phones and by bots"]
    if not PhysicalSeats.available():
        return None, [
            "inputs: the physical input package is not installed; seats are played from phones and by bots"
        ]
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
        )
    sources = start_sources(
        router.post,
        mode=SOURCE_MODES[settings.mode],
        pins=settings.pins or None,
        pods=settings.pods,
        seats=seats,
        recorder=hub.recorder,
    )
    router.attach_sources(sources)
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


def _is_physical(worker: TableWorker) -> bool:
    return worker.chance == "physical" or any(c in ("pod", "buttons") for c in worker.controllers.values())


def _seats(seats: list[int]) -> str:
    return ", ".join(str(seat) for seat in sorted(seats))


def _is_device_path(port: str) -> bool:
    """A serial device by path (/dev/ttyACM0), not a pyserial URL (socket://, rfc2217://)."""
    return "://" not in port
