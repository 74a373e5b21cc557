"""A restarted hub resumes every unfinished table where it was, with the same seat tokens."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from console.hub.service import Hub
from console.hub.worker import Act, HostCommand
from console.journal import JournalError

MakeHub = Callable[..., Hub]


def test_a_restarted_hub_resumes_its_tables_with_the_same_tokens_and_views(make_hub: MakeHub) -> None:
    hub = make_hub()
    worker = hub.tables()[0]
    action = json.loads(worker.channel.snapshot.payloads[1])["legal"][0]
    worker.post(Act(1, action, "phone")).result(10)
    worker.post(HostCommand("pause")).result(10)
    before = {seat: json.loads(p) for seat, p in worker.channel.snapshot.payloads.items()}
    tokens = hub.tokens(worker.table.id)
    hub.stop()

    again = make_hub()
    assert [w.table.id for w in again.tables()] == [worker.table.id]
    resumed = again.tables()[0]
    assert again.tokens(resumed.table.id) == tokens
    after = {seat: json.loads(p) for seat, p in resumed.channel.snapshot.payloads.items()}
    for seat, payload in after.items():
        assert payload["view"] == before[seat]["view"]
        assert payload["status"] == "paused"
        assert payload["last_id"] == before[seat]["last_id"]


def test_a_finished_table_is_opened_to_read_and_a_new_one_is_started(make_hub: MakeHub) -> None:
    hub = make_hub()
    first = hub.tables()[0].table.id
    hub.tables()[0].post(HostCommand("end")).result(10)
    hub.stop()
    again = make_hub()
    assert {w.table.id: w.status for w in again.tables()} == {first: "ended", first + 1: "playing"}
    assert again.featured == first + 1


def test_a_table_whose_seats_were_never_recorded_gets_tokens_on_resume(make_hub: MakeHub) -> None:
    hub = make_hub(start=False)
    table_id = hub.journal.create_table("wheels", 2, 7, {}, None, 0.0)  # killed before the seats
    hub.start(inputs=False)
    assert set(hub.tokens(table_id)) == {1, 2}
    assert hub.tables()[0].controllers == {1: "phone", 2: "bot"}


def test_a_second_hub_on_the_same_journal_is_refused(make_hub: MakeHub) -> None:
    make_hub()
    with pytest.raises(JournalError, match="another tabletop hub, or a game played in a terminal"):
        make_hub()


def test_a_table_that_no_longer_replays_is_reported_without_quoting_its_actions(make_hub: MakeHub) -> None:
    hub = make_hub()
    table_id = hub.tables()[0].table.id
    seq = len(hub.journal.actions(table_id))
    hub.journal.append(table_id, seq, '1:say 2 "meet me at the ford"', 0.0)  # not a Wheels action
    hub.stop()
    again = make_hub()
    said = "\n".join(again.messages)
    assert f"table {table_id} cannot be resumed" in said and f"action {seq}" in said
    assert "ford" not in said and "say" not in said
