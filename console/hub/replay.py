"""Play a recorded session (console/inputs/recording.py) back through the hub's own code: each raw
line into a PodSource's parser, each GPIO edge into the buttons' debounce, on the recording's clock,
then the router, composer and a table worker on a fresh journal. A recording is then a test: the
replay must make the same actions and the same refusals, in the same order.

Tables move by themselves at once here (no bot or dealing pause), and each record is handled
before the next; a recording made with pauses may differ where a scan raced a bot's move.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from console.games.core import JSON
from console.hub.config import HubConfig, InputsConfig, TableConfig
from console.hub.service import Hub
from console.hub.store import HubStore
from console.hub.worker import Barrier
from console.inputs.events import Key
from console.inputs.keys import KeyTracker
from console.inputs.pins import load_pin_map
from console.inputs.pods import LineScannerSource, PodSource
from console.inputs.recording import Recorder, outcomes, read_recording
from console.inputs.sources import InputSources
from console.journal import Journal
from console.physical.tagstore import TagStore
from console.table import Table

TICK_S = 0.01  # the button panel's ticker, and how often a serial source idles between lines
WAIT_S = 10.0


class _NullPort:
    """Where a replayed source's writes (HELLO?, LED, BEEP, RESEND) go: nowhere."""

    in_waiting = 0

    def write(self, data: bytes) -> int:
        return len(data)

    def close(self) -> None:
        pass


class ReplayClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Replayed:
    """What the recording says the tables did, and what they did again."""

    recorded: list[tuple[Any, ...]]
    replayed: list[tuple[Any, ...]]
    tables: dict[int, int] = field(default_factory=dict)  # recorded table id -> replayed id

    @property
    def same(self) -> bool:
        return self.recorded == self.replayed

    def first_difference(self) -> str:
        for index, (was, now) in enumerate(zip(self.recorded, self.replayed, strict=False)):
            if was != now:
                return f"outcome {index + 1}: recorded {was}, replayed {now}"
        if len(self.recorded) != len(self.replayed):
            return f"recorded {len(self.recorded)} outcomes, replayed {len(self.replayed)}"
        return ""


def replay(path: str | Path) -> Replayed:
    records = list(read_recording(path))
    with tempfile.TemporaryDirectory() as folder:
        return _replay(records, Path(folder) / "replay.db")


def _replay(records: list[JSON], journal_path: Path) -> Replayed:
    hub_record = next((r for r in records if r["kind"] == "hub"), {})
    first_tables = _leading_tables(records)
    mapping = _prepare_journal(journal_path, first_tables)
    kits = {kit: _mapped(text, mapping) for kit, text in hub_record.get("kits", {}).items()}
    config = HubConfig(
        journal=journal_path,
        bot_delay_s=0.0,
        chance_delay_s=0.0,
        inputs=InputsConfig(
            mode="none", kits=kits, positional_readers=bool(hub_record.get("positional_readers"))
        ),
    )
    hub = Hub(config).start(default_table=False, inputs=False)
    try:
        stable_s = float(hub_record.get("stable_ms", 0)) / 1000  # recordings before it had none
        return _play(hub, records, mapping, hub_record.get("pins") or None, stable_s)
    finally:
        hub.stop()


def _leading_tables(records: list[JSON]) -> list[JSON]:
    """The tables the hub had when its inputs started (the others the host started later)."""
    return [record for record in records if record["kind"] == "table" and record.get("at_start")]


def _prepare_journal(path: Path, tables: Iterable[JSON]) -> dict[int, int]:
    """A journal holding each leading table as it stood: the hub resumes them, as the live one did."""
    journal = Journal(path)
    store = HubStore(journal)
    mapping = {}
    for record in tables:
        table = Table.start(journal, record["game"], record["players"], record["seed"], record["options"])
        store.add_table(table.id, record["chance"], "heuristic", dict(enumerate(record["seats"], start=1)))
        for uid, card in record.get("tags", {}).items():
            TagStore(journal.connection, journal.lock).enrol(uid, record["game"], card)
        for action in record["history"]:
            table.submit(action)
        mapping[record["id"]] = table.id
    journal.close()
    return mapping


def _mapped(binding: str, mapping: dict[int, int]) -> str:
    table, _, seat = binding.partition(":")
    return f"{mapping.get(int(table), int(table))}:{seat}" if table.isdigit() else binding


class _Sources:
    """The replayed sources: serial ones by name, made as a record first names them, and the
    buttons' debounce, all on the recording's clock."""

    def __init__(self, hub: Hub, post: Any, pins: str | None, clock: ReplayClock, stable_s: float) -> None:
        self.post, self.clock, self.stable_s = post, clock, stable_s
        self.serial: dict[str, PodSource | LineScannerSource] = {}
        self.keys = KeyTracker(post, source="gpio", clock=clock, timing=load_pin_map(pins).timing)

    def source(self, name: str) -> PodSource | LineScannerSource:
        found = self.serial.get(name)
        if found is None:
            kind = PodSource if "pod" in name else LineScannerSource
            if kind is PodSource:
                found = PodSource("replay://", self.post, name=name, clock=self.clock, stable_s=self.stable_s)
            else:
                seat = int("".join(ch for ch in name if ch.isdigit()) or 1)
                found = LineScannerSource("replay://", self.post, seat=seat, name=name, clock=self.clock)
            found._port = _NullPort()  # open: its writes vanish, and it idles like a live one
            self.serial[name] = found
        return found

    def tick_until(self, when: float) -> None:
        while self.clock.now + TICK_S < when:
            self.clock.now += TICK_S
            self._tick()
        self.clock.now = max(self.clock.now, when)
        self._tick()

    def _tick(self) -> None:
        self.keys.tick()
        for source in self.serial.values():
            source.idle(self.clock.now)


def _play(
    hub: Hub, records: list[JSON], mapping: dict[int, int], pins: str | None, stable_s: float = 0.0
) -> Replayed:
    from console.hub.inputs import attach_sources
    from console.physical.router import InputRouter

    memory = Recorder()
    hub.recorder = memory
    router = hub.router = InputRouter(hub)
    clock = ReplayClock()
    sources = _Sources(hub, router.post, pins, clock, stable_s)
    for record in records:  # the sources the live hub had, so their lights (and kits) exist
        if record["kind"] in ("line", "open", "lost"):
            sources.source(record["source"])
    leading = [r for r in records if r["kind"] == "table" and r.get("at_start")]
    resumed = {mapping[r["id"]]: bool(r.get("resumed")) for r in leading}
    for worker in hub.tables():  # the replay resumes every table; the live hub may have started it
        worker.resumed = resumed.get(worker.table.id, True)
    attach_sources(
        hub, router, InputSources(pods=[s for s in sources.serial.values() if isinstance(s, PodSource)])
    )
    _settle(hub)
    seen_tables = set(mapping)
    for record in records:
        kind = record["kind"]
        sources.tick_until(float(record["t"]))
        if kind == "table" and record["id"] not in seen_tables:  # the host started a table
            seen_tables.add(record["id"])
            worker = hub.start_table(
                TableConfig(
                    game=record["game"],
                    players=record["players"],
                    seats=tuple(record["seats"]),
                    options=record["options"],
                    chance=record["chance"],
                    seed=record["seed"],
                )
            )
            mapping[record["id"]] = worker.table.id
        elif kind == "open":
            sources.source(record["source"]).opened()
        elif kind == "lost":
            sources.source(record["source"]).lost(record.get("reason", "lost"))
        elif kind == "line":
            sources.source(record["source"]).handle_line(record["line"].encode("latin-1"))
        elif kind == "edge":
            sources.keys.edge(record["seat"], Key(record["key"]), bool(record["pressed"]))
        else:
            continue
        _settle(hub)
    router.close()
    back = {new: old for old, new in mapping.items()}
    replayed = [(back.get(o[0], o[0]), *o[1:]) for o in outcomes(memory.records)]
    return Replayed(outcomes(records), replayed, mapping)


def _settle(hub: Hub) -> None:
    """Every table has handled what was posted to it (and made the moves due at once)."""
    for worker in hub.tables():
        worker.post(Barrier()).result(WAIT_S)
