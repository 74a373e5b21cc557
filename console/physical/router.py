"""The router: every input event goes to the table its kit is bound to (console.physical.kits),
and each table's kits show its seats' lights (console.physical.feedback).

The sources (console.inputs) post their events to ``InputRouter.post``; the router hands a seat's
event to the table, where the composer turns it into an action (``console.physical.seats``). The
router knows tables only through ``PhysicalTables`` and ``PhysicalTable``, which the hub offers
(console/hub/inputs.py starts the sources and the router), so this layer imports no hub.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from console.games.core import JSON, Seat
from console.i18n import N_
from console.i18n.said import Speaker, phrase, say
from console.inputs.events import CardRemoved, CardScanned, InputEvent, PodConnected, PodRefused, SeatEvent
from console.physical.copies import DeckSession
from console.physical.deckcheck import DeckReport
from console.physical.feedback import MODES, WAITING, Light, Scheduler, TableFeedback
from console.physical.kits import Binding, KitError, Kits, kind_of, kit_of
from console.physical.seats import PhysicalSeats

if TYPE_CHECKING:
    from console.inputs.pods import PodSource
    from console.inputs.sources import InputSources

log = logging.getLogger("console.hub")
ENGLISH = Speaker()
# What a pod's driver says of a pod it refuses (console/inputs/pods.py: "speaks protocol 2, the hub
# 3: update its firmware"), as ``phrase`` takes it apart, so the host's page says it in its language.
PODS_SAY = (N_("speaks protocol %(num)s, the hub %(num2)s"), N_("update its firmware"))
OPEN = ("playing", "paused")


class PhysicalTable(Protocol):
    """What the router needs of one table (the hub's ``TableWorker`` is one)."""

    @property
    def table_id(self) -> int: ...

    @property
    def players(self) -> int: ...

    @property
    def status(self) -> str: ...

    @property
    def controllers(self) -> Mapping[Seat, str]: ...

    @property
    def chance(self) -> str: ...

    @property
    def physical(self) -> PhysicalSeats | None: ...

    def post_input(self, event: SeatEvent) -> None:
        """Hand a seat's event to the table's thread."""

    def show_lights(self) -> None:
        """Ask the table's thread to show its seats' lights again."""


class PhysicalTables(Protocol):
    """What the router needs of the hub: its tables, and the kits its configuration binds."""

    def physical_tables(self) -> Mapping[int, PhysicalTable]: ...

    def configured_kits(self) -> Mapping[str, str]: ...


class InputRouter:
    """Posts each input event to the table its kit is bound to (console.physical.kits), and drives the
    lights of each table's kits (console.physical.feedback)."""

    def __init__(self, tables: PhysicalTables) -> None:
        self.tables = tables
        self.kits = Kits(tables.configured_kits())
        self.configured = set(tables.configured_kits())
        self.lights: dict[str, Light] = {}  # by kit: a pod's name (and unique id), "gpio:N"
        self._scheduler: Scheduler | None = None  # its thread starts with the first lights
        self._pods: dict[str, PodSource] = {}  # the PodSources, by name
        self._shared: set[str] = set()  # pods that said seat 0 in HELLO: one reader per seat
        # While the host checks a deck, every scan on every reader is the check's, no table's.
        self._deck: DeckSession | None = None
        self._deck_lock = threading.Lock()  # scans come from every pod's own thread

    def table(self) -> PhysicalTable | None:
        """The newest open table: the one an unbound kit may join."""
        open_tables = [t for t in self.tables.physical_tables().values() if t.status in OPEN]
        return max(open_tables, key=lambda table: table.table_id, default=None)

    def post(self, event: InputEvent) -> None:
        if isinstance(event, PodConnected):
            self._connected(event)
            return
        if isinstance(event, PodRefused):
            # the driver's reason (console/inputs/pods.py's English, its parts marked in PODS_SAY)
            self.kits.note(say("%(pod)s is refused: it %(why)s", pod=event.pod, why=phrase(event.reason)))
            return
        if not isinstance(event, SeatEvent):
            return  # a pod's link news: nothing for a table
        if self._deck is not None and isinstance(event, CardScanned | CardRemoved):
            self._deck_scan(event)
            return
        source, seat = event.source, event.seat
        kit = kit_of(source, seat)
        if source in self._shared:  # a pod whose reader N serves seat N: each reader is a kit
            kit = self._reader_kit(source, seat)
        table, binding = self._route(kit, seat)
        if table is None or binding is None:
            return
        table.post_input(dataclasses.replace(event, seat=binding.seat, source=kit))

    def _route(self, kit: str, seat: int) -> tuple[PhysicalTable | None, Binding | None]:
        binding = self.kits.binding(kit)
        if binding is not None:
            table = self.tables.physical_tables().get(binding.table)
            if table is not None and table.status in OPEN:
                return table, binding
            if kit in self.configured or self.kits.name(kit) in self.configured:
                self.kits.note(
                    say(
                        "%(kit)s is bound to table %(table)s, which is not open: its scans and presses "
                        "are ignored",
                        kit=kit,
                        table=binding.table,
                    )
                )
                return None, None
            self.kits.unbind(self.kits.name(kit))  # its table ended: the kit is free again
        return self._claim(kit, seat)

    def _claim(self, kit: str, seat: int, quiet: bool = False) -> tuple[PhysicalTable | None, Binding | None]:
        """An unbound kit joins the newest open table, if that table plays its seat physically and
        no other kit of its kind serves that seat there."""
        table = self.table()
        kind = kind_of(kit)
        if table is not None and 1 <= seat <= table.players:
            binding = Binding(table.table_id, seat)
            uses = table.controllers.get(seat) == kind or (kind == "pod" and table.chance == "physical")
            if uses and not self.kits.at(binding, kind):
                self.kits.bind(kit, binding)
                log.info("%s joins table %s as seat %s", kit, binding.table, seat)
                table.show_lights()
                return table, binding
        if quiet:
            return None, None
        self.kits.note(
            say(
                "%(kit)s (seat %(seat)s) is bound to no table: its scans and presses are ignored; the "
                "host can bind it to a seat",
                kit=kit,
                seat=seat,
            )
        )
        log.info("input from unbound kit %s ignored", kit)
        return None, None

    # -- the host's bindings ------------------------------------------------------------------

    def bind(self, kit: str, table: int, seat: int) -> Binding:
        tables = self.tables.physical_tables()
        found = tables.get(table)
        if found is None or found.status not in OPEN:
            raise KitError(f"there is no open table {table}")
        if not 1 <= seat <= found.players:
            raise KitError(f"table {table} has seats 1 to {found.players}")
        if kit not in self.lights and kit not in self.kits.aliases:
            known = ", ".join(sorted(self.lights)) or "none"
            raise KitError(f"there is no kit {kit!r} at this hub (kits: {known})")
        old = self.kits.binding(kit)
        binding = Binding(table, seat)
        self.kits.bind(self.kits.name(kit), binding)
        for changed in {old.table if old else table, table}:
            if changed in tables:
                tables[changed].show_lights()
        return binding

    def unbind(self, kit: str) -> None:
        if not self.kits.unbind(self.kits.name(kit)):
            raise KitError(f"{kit} is bound to no table")
        light = self.lights.get(kit)
        if light is not None:
            light.show(MODES[WAITING])

    def listing(self) -> JSON:
        """Every kit the hub knows, where it is bound, and the notes for the host (in English, and
        as sentences the host's page says in its language)."""
        kits = sorted({*self.lights, *self.kits.aliases.values()} - set(self.kits.aliases))
        bound = {kit: self.kits.binding(kit) for kit in kits}
        return {
            "kits": [
                {"kit": kit, "kind": kind_of(kit), "bound": str(b) if b else None} for kit, b in bound.items()
            ],
            "notes": [ENGLISH.render(note) for note in self.kits.notes],
            "notes_said": [note.to_json() for note in self.kits.notes],
        }

    # -- the host's deck check ------------------------------------------------------------------

    def start_deck_check(self, session: DeckSession) -> None:
        """From now on every scan, on any reader of any pod, goes to ``session``."""
        with self._deck_lock:
            self._deck = session

    def deck_check(self) -> DeckSession | None:
        return self._deck

    def finish_deck_check(self) -> DeckReport | None:
        """The check's report; scans go to the tables again. None if no check was under way."""
        with self._deck_lock:
            session, self._deck = self._deck, None
            return session.finish() if session is not None else None

    def deck_status(self) -> JSON | None:
        with self._deck_lock:
            return self._deck.to_json() if self._deck is not None else None

    def _deck_scan(self, event: CardScanned | CardRemoved) -> None:
        if isinstance(event, CardRemoved):
            return
        with self._deck_lock:
            session = self._deck
            if session is None:
                return
            before = len(session.check.seen)
            session.scan(event)
            counted = len(session.check.seen) > before
        light = self.lights.get(event.source)  # the pod beeps once for a copy counted, else twice
        if light is not None and counted:
            light.beep()
        elif light is not None:
            light.refused(self.scheduler)

    # -- lights -------------------------------------------------------------------------------

    def attach_sources(self, sources: InputSources) -> None:
        """The sources' lights, given to every table; kits waiting for a table claim one."""
        for pod in sources.pods:
            self._pods[pod.name] = pod
            self.lights[pod.name] = Light(pod.name, functools.partial(pod.set_led, 0), pod.beep)
        panel = sources.panel
        if panel is not None:
            for seat in panel.leds:
                self.lights[f"gpio:{seat}"] = Light(f"gpio:{seat}", functools.partial(panel.set_led, seat))
        for table in self.tables.physical_tables().values():
            self.attach(table, at_start=True)
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

    def attach(self, table: PhysicalTable, at_start: bool = False) -> None:
        """Give the table's physical seats their lights, and show them now."""
        physical = table.physical
        if physical is None:
            return
        table_id = table.table_id
        physical.light_with(
            TableFeedback(lambda seat: self._lights(table_id, seat), self.lights.get, self.scheduler)
        )
        table.show_lights()
        if not at_start:  # a table made once the inputs were up: waiting kits may serve it
            self._claim_waiting_kits()

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

    def _connected(self, event: PodConnected) -> None:
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
