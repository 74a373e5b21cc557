"""The table worker's edges: refusals of the host's and the seats' commands, a closed table, the
log's words for each command, moves the table makes later by itself, and the venue's hook."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Callable
from typing import Any

import pytest

from console.games.core import CHANCE
from console.hub.errors import Refused
from console.hub.service import Hub
from console.hub.worker import (
    Act,
    Barrier,
    ClaimSeat,
    HostCommand,
    Input,
    NextTable,
    SetController,
    describe,
)
from console.inputs.events import ButtonPressed, CardScanned, Key
from tests.helpers.worker_probe import TIMEOUT, disk_failure, legal, payload, until

MakeHub = Callable[..., Hub]


def test_the_log_names_each_command_by_its_kind_never_by_its_notation_or_card() -> None:
    assert describe(Act(1, "1:choose hoarfrost", "phone")) == "an action of seat 1 from its phone"
    assert describe(Act(CHANCE, "chance:draw 1 4", "pod")) == "an action of chance from its pod"
    assert describe(HostCommand("pause")) == "the host command pause"
    assert describe(SetController(2, "bot")) == "handing seat 2 to 'bot'"
    assert describe(ClaimSeat(2)) == "a phone joining seat 2"
    assert describe(Input(CardScanned(1, text="card:wisteria:4"))) == "the Input command"


def test_a_stopped_table_refuses_every_command(make_hub: MakeHub) -> None:
    hub = make_hub()
    worker = hub.tables()[0]
    worker.stop()
    with pytest.raises(Refused, match=f"table {worker.table.id} is closed"):
        worker.post(Barrier()).result(TIMEOUT)


def test_a_command_the_worker_does_not_know_is_a_type_error(make_hub: MakeHub) -> None:
    worker = make_hub().tables()[0]
    with pytest.raises(TypeError, match="unknown command"):
        worker.post("teleport").result(TIMEOUT)  # type: ignore[arg-type]


def test_host_commands_out_of_place_are_refused_and_change_nothing(make_hub: MakeHub) -> None:
    hub = make_hub()
    worker = hub.tables()[0]
    before = payload(worker, None)
    unknown = (
        "there is no host command 'fly'; commands: "
        "start, pause, resume, end, concede, extend, recheck, skip, move, time"
    )
    refusals = {
        unknown: HostCommand("fly"),
        "the table is not paused": HostCommand("resume"),
        "no re-check is under way": HostCommand("skip"),
        "there are no cards in play to re-check at this table": HostCommand("recheck"),
        "name a seat from 1 to 2": HostCommand("concede"),
    }
    for message, command in refusals.items():
        with pytest.raises(Refused) as refused:
            worker.post(command).result(TIMEOUT)
        assert str(refused.value) == message
    for seat in (0, 3):
        with pytest.raises(Refused, match="name a seat from 1 to 2"):
            worker.post(HostCommand("concede", seat)).result(TIMEOUT)
        with pytest.raises(Refused, match="name a seat from 1 to 2"):
            worker.post(SetController(seat, "bot")).result(TIMEOUT)
    assert payload(worker, None)["status"] == before["status"] == "playing"
    assert hub.journal.record(worker.table.id).status == "playing"


def test_once_the_host_ends_the_game_no_seat_may_act(make_hub: MakeHub) -> None:
    hub = make_hub(seats=("phone", "phone"))
    worker = hub.tables()[0]
    action = legal(worker, 1)
    assert worker.post(HostCommand("end")).result(TIMEOUT) == "ended"
    with pytest.raises(Refused, match="the game is over"):
        worker.post(Act(1, action, "phone")).result(TIMEOUT)
    with pytest.raises(Refused, match="the game is over"):
        worker.post(HostCommand("pause")).result(TIMEOUT)


def test_the_next_table_is_told_to_every_seat_and_the_public(make_hub: MakeHub) -> None:
    hub = make_hub()
    worker = hub.tables()[0]
    following = worker.table.id + 1
    worker.post(NextTable(following)).result(TIMEOUT)
    assert payload(worker, None)["next"] == {"table": following, "url": f"/tables/{following}"}
    assert payload(worker, 1)["next"]["table"] == following


def test_a_bot_with_a_pause_moves_by_itself_once_its_pause_is_over(make_hub: MakeHub) -> None:
    hub = make_hub(start=False)
    hub.config = dataclasses.replace(hub.config, bot_delay_s=0.3)
    hub.start(inputs=False)
    worker = hub.tables()[0]
    worker.post(Act(1, legal(worker, 1), "phone")).result(TIMEOUT)
    assert until(lambda: any(n.startswith("2:") for n in list(worker.table.history)))
    assert until(lambda: 2 not in payload(worker, None)["to_act"])  # and the screens heard it


def test_the_venue_hears_the_public_state_after_every_change(make_hub: MakeHub) -> None:
    hub = make_hub(seats=("phone", "phone"))
    worker = hub.tables()[0]
    heard: list[tuple[int, str]] = []
    worker.on_change = lambda table_id, public: heard.append((table_id, public))
    worker.post(Act(1, legal(worker, 1), "phone")).result(TIMEOUT)
    assert heard and heard[-1] == (worker.table.id, worker.channel.snapshot.payloads[None])


def test_a_move_the_table_refuses_after_the_composer_chose_it_is_refused_on_the_seats_cursor(
    make_hub: MakeHub,
) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "pod"))
    worker = hub.tables()[0]
    assert until(lambda: worker.table.state.to_act == (1, 2))
    worker.post(HostCommand("pause")).result(TIMEOUT)
    before = list(worker.table.history)
    worker.post(Input(ButtonPressed(1, Key.OK, source="pod1"))).result(TIMEOUT)
    assert worker.table.history == before
    assert payload(worker, 1)["cursor"]["refused"] == "the table is paused; the host can resume it"


@pytest.mark.parametrize("message", ["database is locked", "database is busy"])
def test_a_busy_journal_is_no_bug_the_bot_moves_once_it_is_free(
    make_hub: MakeHub, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, message: str
) -> None:
    hub = make_hub()
    worker = hub.tables()[0]
    real_advance, calls = worker.table.advance, []

    def busy_once(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        if len(calls) == 1:  # another program holds the journal for now
            raise sqlite3.OperationalError(message)
        return real_advance(*args, **kwargs)

    monkeypatch.setattr(worker.table, "advance", busy_once)
    worker.post(Act(1, legal(worker, 1), "phone")).result(TIMEOUT)
    assert calls and "the journal is busy" in caplog.text
    played = len(worker.table.history)  # the bot's move is not in yet
    assert until(lambda: len(worker.table.history) > played and len(calls) >= 2)
    assert payload(worker, None)["status"] == "playing" and payload(worker, None)["problem"] == ""


def test_a_journal_that_cannot_write_the_bots_move_pauses_the_table_and_the_phones_move_still_counts(
    make_hub: MakeHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub = make_hub()
    worker = hub.tables()[0]

    monkeypatch.setattr(worker.table, "advance", disk_failure)
    action = legal(worker, 1)
    assert worker.post(Act(1, action, "phone")).result(TIMEOUT).action == action  # journalled: told so
    public = payload(worker, None)
    assert public["status"] == "paused" and "OperationalError" in public["problem"]
    assert public["actions"] == len(worker.table.history)  # the screens heard the phone's move
    assert worker.post(HostCommand("end")).result(TIMEOUT) == "ended"  # the thread lives on
