"""The hub's seams to the layers around it: observers of its tables (the venue), the router's
view of a table (console.physical.router.PhysicalTable), and the commands a web thread asks the
worker instead of reading the table."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from console.hub.config import TableConfig
from console.hub.service import Hub
from console.hub.worker import Act, ActionsSince, Barrier, ShowLights, TableWorker
from console.physical.router import PhysicalTable, PhysicalTables

MakeHub = Callable[..., Hub]
TIMEOUT = 10


class Observer:
    def __init__(self) -> None:
        self.opened: list[int] = []
        self.changed: list[int] = []
        self.helped: list[tuple[int, int]] = []
        self.stopped = False

    def table_opened(self, table_id: int, public_payload: str) -> None:
        assert json.loads(public_payload)["table"] == table_id
        self.opened.append(table_id)

    def table_changed(self, table_id: int, public_payload: str) -> None:
        self.changed.append(table_id)

    def help_asked(self, table_id: int, seat: int) -> None:
        self.helped.append((table_id, seat))

    def stop(self) -> None:
        self.stopped = True


def test_an_observer_hears_of_tables_opened_and_changed_and_stops_with_the_hub(
    make_hub: MakeHub,
) -> None:
    hub = make_hub()
    observer = Observer()
    hub.observe(observer)
    worker = hub.start_table(
        TableConfig(game="wheels", players=2, seats=("phone", "bot"), seed=3, wait_for_phones=False)
    )
    assert observer.opened == [worker.table.id]
    action = json.loads(worker.channel.snapshot.payloads[1])["legal"][0]
    worker.post(Act(1, action, "phone")).result(TIMEOUT)
    worker.post(Barrier()).result(TIMEOUT)
    assert worker.table.id in observer.changed
    hub.stop()
    assert observer.stopped


def test_the_hub_and_its_workers_are_what_the_router_needs(make_hub: MakeHub) -> None:
    hub = make_hub()
    tables: PhysicalTables = hub  # checked by mypy, and here by use
    worker = hub.tables()[0]
    table: PhysicalTable = worker
    assert tables.physical_tables()[worker.table.id] is worker
    assert table.table_id == worker.table.id and table.players == 2
    assert worker.post(ShowLights()).result(TIMEOUT) is None  # a command, no seat needed


def test_a_web_thread_asks_the_worker_which_actions_came_after_a_position(make_hub: MakeHub) -> None:
    hub = make_hub()
    worker: TableWorker = hub.tables()[0]
    before = worker.channel.snapshot.actions
    assert before == len(worker.table.history)
    action = json.loads(worker.channel.snapshot.payloads[1])["legal"][0]
    worker.post(Act(1, action, "phone")).result(TIMEOUT)
    since = worker.post(ActionsSince(before)).result(TIMEOUT)
    assert since[0] == action and worker.channel.snapshot.actions == before + len(since)


def test_a_seat_holding_back_long_asks_the_observers_for_help(make_hub: MakeHub) -> None:
    """A pod's BACK held for the long press (a judge call at a venue): the hub tells its
    observers which table and seat, and nothing else happens at the table."""
    from console.inputs.events import ButtonHeld, Key

    hub = make_hub()
    observer = Observer()
    hub.observe(observer)
    worker = hub.start_table(
        TableConfig(game="wheels", players=2, seats=("phone", "phone"), seed=3, wait_for_phones=False)
    )
    before = list(worker.table.history)
    worker.post_input(ButtonHeld(2, Key.BACK))
    worker.post_input(ButtonHeld(1, Key.OK))  # only BACK asks
    deadline = time.monotonic() + 5
    while not observer.helped and time.monotonic() < deadline:
        time.sleep(0.01)
    assert observer.helped == [(worker.table.id, 2)] and worker.table.history == before
