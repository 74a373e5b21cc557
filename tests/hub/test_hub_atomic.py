"""The host's table commands are each one commit (issue 23): a hub that dies part way through
"again" or a new table leaves the evening as it was, never a table without its seats, its link
from the last game or its players' names. A write that fails stands in for the kill."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from console.hub.config import TableConfig
from console.hub.service import Hub
from console.hub.store import HubStore
from console.hub.worker import HostCommand, SetName

MakeHub = Callable[..., Hub]


class Killed(Exception):
    """The hub's process ending at this write."""


def a_finished_table_with_names(make_hub: MakeHub) -> tuple[Hub, int]:
    hub = make_hub(seats=("phone", "phone"))
    worker = hub.tables()[0]
    for seat, name in ((1, "Ana"), (2, "Bo")):
        worker.post(SetName(seat, name)).result(10)
    worker.post(HostCommand("end")).result(10)
    return hub, worker.table.id


@pytest.mark.parametrize("dies_at", ["add_table", "set_next_table", "set_name"])
def test_again_killed_at_any_write_leaves_the_old_evening_whole(
    make_hub: MakeHub, monkeypatch: pytest.MonkeyPatch, dies_at: str
) -> None:
    hub, first = a_finished_table_with_names(make_hub)
    tables = [record.id for record in hub.journal.tables()]

    def killed(*args: object, **kwargs: object) -> None:
        raise Killed(dies_at)

    with monkeypatch.context() as patch:
        patch.setattr(HubStore, dies_at, killed)
        with pytest.raises(Killed):
            hub.start_again(first)
    assert [record.id for record in hub.journal.tables()] == tables  # no table without its seats
    assert hub.store.next_table(first) is None

    second = hub.start_again(first).table.id  # the host presses "again" once more: all of it
    assert hub.store.next_table(first) == second
    assert hub.store.names(second) == {1: "Ana", 2: "Bo"}
    assert {seat: record.controller for seat, record in hub.store.seats(second).items()} == {
        1: "phone",
        2: "phone",
    }


def test_a_new_table_killed_before_its_seats_are_written_is_not_there(
    make_hub: MakeHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub = make_hub()
    tables = [record.id for record in hub.journal.tables()]
    with monkeypatch.context() as patch:
        patch.setattr(HubStore, "add_table", lambda *args: (_ for _ in ()).throw(Killed("seats")))
        with pytest.raises(Killed):
            hub.start_table(TableConfig(game="wisteria", players=2, seats=("phone", "bot")))
    assert [record.id for record in hub.journal.tables()] == tables
