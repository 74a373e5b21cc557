"""The table worker: one thread owns the table; every input is a command on its queue."""

from __future__ import annotations

import dataclasses
import json
import threading
from collections.abc import Callable
from typing import Any

import pytest

from console.games.core import CHANCE, Bot, IllegalAction, NotationError
from console.hub import worker as worker_module
from console.hub.errors import Forbidden, Refused
from console.hub.service import Hub
from console.hub.worker import Act, Barrier, HostCommand, Input, SetController
from console.inputs.events import ButtonPressed, Key

MakeHub = Callable[..., Hub]
TIMEOUT = 10


def seat_payload(hub: Hub, seat: int | None) -> Any:
    return json.loads(hub.tables()[0].channel.snapshot.payloads[seat])


def test_virtual_chance_is_resolved_before_anyone_is_asked_to_act(make_hub: MakeHub) -> None:
    hub = make_hub()
    worker = hub.tables()[0]
    assert CHANCE not in worker.table.state.to_act
    assert worker.table.history[0].startswith("chance:")


def test_a_phone_action_is_journalled_before_it_is_acknowledged(make_hub: MakeHub) -> None:
    hub = make_hub()
    worker = hub.tables()[0]
    action = seat_payload(hub, 1)["legal"][0]
    result = worker.post(Act(1, action, "phone")).result(TIMEOUT)
    assert result.action == action
    assert action in hub.journal.actions(worker.table.id)


def test_the_bot_seat_moves_by_itself_after_the_phone(make_hub: MakeHub) -> None:
    hub = make_hub()
    worker = hub.tables()[0]
    worker.post(Act(1, seat_payload(hub, 1)["legal"][0], "phone")).result(TIMEOUT)
    worker.post(Barrier()).result(TIMEOUT)  # queued behind the bot's move
    assert any(notation.startswith("2:") for notation in hub.journal.actions(worker.table.id))


def test_an_illegal_or_malformed_action_changes_nothing(make_hub: MakeHub) -> None:
    hub = make_hub(seats=("phone", "phone"))
    worker = hub.tables()[0]
    action = seat_payload(hub, 1)["legal"][0]
    worker.post(Act(1, action, "phone")).result(TIMEOUT)
    before = hub.journal.actions(worker.table.id)
    with pytest.raises(IllegalAction):
        worker.post(Act(1, action, "phone")).result(TIMEOUT)
    with pytest.raises(NotationError):
        worker.post(Act(1, "1:fly away", "phone")).result(TIMEOUT)
    assert hub.journal.actions(worker.table.id) == before


def test_a_seat_may_not_play_another_seats_action(make_hub: MakeHub) -> None:
    hub = make_hub(seats=("phone", "phone"))
    worker = hub.tables()[0]
    action = seat_payload(hub, 1)["legal"][0]
    with pytest.raises(Forbidden, match="another seat"):
        worker.post(Act(2, action, "phone")).result(TIMEOUT)


def test_a_phone_may_not_act_for_a_seat_played_by_a_bot_or_a_pod(make_hub: MakeHub) -> None:
    hub = make_hub(seats=("pod", "bot"))
    worker = hub.tables()[0]
    action = seat_payload(hub, 1)["legal"][0]
    with pytest.raises(Refused, match="pod"):
        worker.post(Act(1, action, "phone")).result(TIMEOUT)
    worker.post(Act(1, action, "pod")).result(TIMEOUT)


def test_a_phone_may_never_resolve_chance(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", chance="physical")
    worker = hub.tables()[0]
    assert worker.table.state.to_act == (CHANCE,)
    chance = str(worker.table.state.legal_actions(CHANCE)[0])
    with pytest.raises(Forbidden, match="chance"):
        worker.post(Act(CHANCE, chance, "phone")).result(TIMEOUT)
    worker.post(Act(CHANCE, chance, "pod")).result(TIMEOUT)
    assert hub.journal.actions(worker.table.id)[0] == chance


def test_a_paused_table_refuses_actions_until_resumed(make_hub: MakeHub) -> None:
    hub = make_hub()
    worker = hub.tables()[0]
    action = seat_payload(hub, 1)["legal"][0]
    assert worker.post(HostCommand("pause")).result(TIMEOUT) == "paused"
    assert hub.journal.record(worker.table.id).status == "paused"
    with pytest.raises(Refused, match="paused"):
        worker.post(Act(1, action, "phone")).result(TIMEOUT)
    assert worker.post(HostCommand("resume")).result(TIMEOUT) == "playing"
    worker.post(Act(1, action, "phone")).result(TIMEOUT)


def test_a_concession_ends_the_game_with_the_other_seats_winning(make_hub: MakeHub) -> None:
    hub = make_hub()
    worker = hub.tables()[0]
    worker.post(HostCommand("concede", 1)).result(TIMEOUT)
    record = hub.journal.record(worker.table.id)
    assert record.status == "ended"
    assert record.outcome == {"winners": [2], "scores": [], "reason": "seat 1 conceded"}
    assert seat_payload(hub, None)["outcome"]["winners"] == [2]
    with pytest.raises(Refused, match="over"):
        worker.post(HostCommand("end")).result(TIMEOUT)


def test_the_host_can_hand_a_seat_to_a_bot(make_hub: MakeHub) -> None:
    hub = make_hub(seats=("phone", "phone"))
    worker = hub.tables()[0]
    worker.post(SetController(1, "bot")).result(TIMEOUT)
    worker.post(SetController(2, "bot")).result(TIMEOUT)
    assert hub.store.seats(worker.table.id)[1].controller == "bot"
    worker.post(Barrier()).result(TIMEOUT)
    assert any(n.startswith("1:") for n in hub.journal.actions(worker.table.id))
    with pytest.raises(Refused, match="not a controller"):
        worker.post(SetController(1, "telepathy")).result(TIMEOUT)


def test_with_a_bot_delay_the_bot_waits_its_turn_instead_of_moving_at_once(make_hub: MakeHub) -> None:
    hub = make_hub(start=False)
    hub.config = dataclasses.replace(hub.config, bot_delay_s=60.0)
    hub.start(inputs=False)
    worker = hub.tables()[0]
    worker.post(Act(1, seat_payload(hub, 1)["legal"][0], "phone")).result(TIMEOUT)
    worker.post(Barrier()).result(TIMEOUT)
    assert not any(notation.startswith("2:") for notation in hub.journal.actions(worker.table.id))
    assert 2 in seat_payload(hub, None)["to_act"]


class BrokenBot(Bot):
    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        raise RuntimeError("the bot's gears jammed")


def test_a_bot_that_fails_pauses_the_table_with_a_note_for_the_host(
    make_hub: MakeHub, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(
        "console.hub.worker.bots_for", lambda game, players, kind: dict.fromkeys((1, 2), BrokenBot())
    )
    hub = make_hub(seats=("bot", "bot"))
    worker = hub.tables()[0]
    public = seat_payload(hub, None)
    assert public["status"] == "paused" and "RuntimeError" in public["problem"]
    assert "gears jammed" in caplog.text  # the error's own words are for the hub's log
    assert worker.post(HostCommand("resume")).result(TIMEOUT) == "paused"  # it jams again at once


class TellingBot(Bot):
    """A bot whose failure names a card of its hidden hand, as a KeyError of an engine slip would."""

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        raise KeyError("my hidden card hoarfrost-archaffineur")


def test_the_note_of_a_failed_move_names_no_card_to_the_other_seats_or_the_public(
    make_hub: MakeHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("console.hub.worker.bots_for", lambda game, players, kind: {2: TellingBot()})
    hub = make_hub(seats=("phone", "bot"))  # both choose an archaffineur at once: the bot fails
    for reader in (None, 1):
        payload = seat_payload(hub, reader)
        assert payload["status"] == "paused" and "KeyError" in payload["problem"]
        assert "hoarfrost" not in json.dumps(payload)


def test_a_table_whose_pause_cannot_be_published_still_answers_the_host(
    make_hub: MakeHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        "console.hub.worker.bots_for", lambda game, players, kind: dict.fromkeys((1, 2), BrokenBot())
    )
    real_snapshot = worker_module.build_snapshot

    def no_paused_snapshot(table: Any, version: int, status: str, *args: Any, **named: Any) -> Any:
        if status == "paused":  # the view of this state fails too: the pause cannot be shown
            raise RuntimeError("the view failed as well")
        return real_snapshot(table, version, status, *args, **named)

    monkeypatch.setattr(worker_module, "build_snapshot", no_paused_snapshot)
    hub = make_hub(seats=("bot", "bot"))
    worker = hub.tables()[0]
    assert worker.post(HostCommand("end")).result(TIMEOUT) == "ended"
    assert hub.journal.record(worker.table.id).status == "ended"


def test_a_failed_command_is_logged_without_its_notation(
    make_hub: MakeHub, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    hub = make_hub(seats=("phone", "phone"))
    worker = hub.tables()[0]
    secret = seat_payload(hub, 1)["legal"][0]  # a hidden choice: 1:choose <archaffineur>

    def disk_failure(action: Any, note: str | None = None) -> Any:
        raise OSError("disk I/O error")

    monkeypatch.setattr(worker.table, "submit", disk_failure)
    with pytest.raises(OSError):
        worker.post(Act(1, secret, "phone")).result(TIMEOUT)
    assert "seat 1" in caplog.text and "disk I/O error" in caplog.text
    assert secret not in caplog.text and secret.split()[-1] not in caplog.text


def test_a_notation_the_engines_parser_slips_on_is_a_notation_error(make_hub: MakeHub) -> None:
    hub = make_hub(seats=("phone", "phone"))
    worker = hub.tables()[0]
    before = hub.journal.actions(worker.table.id)
    with pytest.raises(NotationError, match="seat must be a number"):  # "²".isdigit(), but int("²") fails
        worker.post(Act(1, "²:choose x", "phone")).result(TIMEOUT)
    assert hub.journal.actions(worker.table.id) == before


def test_a_command_withdrawn_before_the_worker_took_it_never_runs(
    make_hub: MakeHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub = make_hub(seats=("phone", "phone"))
    worker = hub.tables()[0]
    before = hub.journal.actions(worker.table.id)
    gate = threading.Event()
    monkeypatch.setattr(worker, "_input", lambda event: gate.wait(TIMEOUT))  # a slow input
    blocking = worker.post(Input(ButtonPressed(1, Key.OK)))  # held until the gate opens
    withdrawn = worker.post(Act(1, seat_payload(hub, 1)["legal"][0], "phone"))
    assert withdrawn.cancel()
    gate.set()
    blocking.result(TIMEOUT)
    worker.post(Barrier()).result(TIMEOUT)
    assert hub.journal.actions(worker.table.id) == before
