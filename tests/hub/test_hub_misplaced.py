"""A card laid on the wrong seat's reader, through simulated pods on ptys: refused in words at that
seat (two beeps, a flicker, its phone's cursor), offered to the host as "meant for seat N?", and
moved by one host command: journalled as seat N's card, with a note that it came from another reader."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from console.cli import main
from console.hub.config import InputsConfig
from console.hub.errors import HubError
from console.hub.service import Hub
from console.hub.worker import Barrier, HostCommand, TableWorker
from console.inputs.simulated import SimulatedPod
from console.journal import Journal
from console.physical.cardmap import card_text
from console.table import Table
from tests.hub.test_hub_feedback import TIMEOUT, card_to_draw, simulated_hub, until

MakeHub = Callable[..., Hub]


def payload(worker: TableWorker, audience: int | None) -> dict:
    return json.loads(worker.channel.snapshot.payloads[audience])


def seat_one_has_drawn(hub: Hub) -> tuple[TableWorker, dict[int, SimulatedPod], str]:
    """Seat 1 draws its first card; now only seat 2 has a card to draw (Wisteria alternates)."""
    hub_worker = hub.tables()[0]
    pods = {p.seat: p for p in hub.inputs.simulated_pods}
    until(lambda: pods[1].leds[0].mode == "ON", "seat 1's LED says it has a card to scan")
    first = card_to_draw(hub, 1)
    pods[1].scan("04BB00000000F1", text=card_text("wisteria", first))
    until(lambda: hub.journal.actions(hub_worker.table.id) == [f"chance:draw 1 {first}"], "seat 1 drew")
    return hub_worker, pods, f"chance:draw 1 {first}"


def test_a_card_laid_on_the_wrong_reader_is_refused_there_and_one_host_tap_moves_it(
    make_hub: MakeHub,
) -> None:
    hub = simulated_hub(make_hub, ("pod", "pod"), chance="physical")
    worker, pods, first = seat_one_has_drawn(hub)
    beeps = len(pods[1].beeper.beeps)
    card = card_to_draw(hub, 2)
    pods[1].scan("04BB0000000001", text=card_text("wisteria", card))  # seat 2's card, seat 1's reader
    until(lambda: len(pods[1].beeper.beeps) == beeps + 2, "seat 1 beeps twice: refused")
    worker.post(Barrier()).result(TIMEOUT)
    assert hub.journal.actions(worker.table.id) == [first]
    refused = payload(worker, 1)["cursor"]["refused"]
    assert "meant for seat 2?" in refused and "Strength" not in refused  # seats, never the card
    assert payload(worker, None)["misplaced"] == {"at": 1, "seat": 2}

    worker.post(HostCommand("move")).result(TIMEOUT)
    assert hub.journal.actions(worker.table.id) == [first, f"chance:draw 2 {card}"]
    assert hub.journal.notes(worker.table.id) == {
        1: ["seat 2's card, laid on seat 1's reader, moved there by the host"]
    }
    assert payload(worker, None)["misplaced"] is None
    assert "refused" not in (payload(worker, 1)["cursor"] or {})


def test_a_card_no_seat_can_use_is_only_refused_and_the_host_has_nothing_to_move(make_hub: MakeHub) -> None:
    hub = simulated_hub(make_hub, ("pod", "pod"), chance="physical")
    worker = hub.tables()[0]
    pods = {p.seat: p for p in hub.inputs.simulated_pods}
    until(lambda: pods[1].leds[0].mode == "ON", "seat 1's LED says it has a card to scan")
    pods[2].scan("04BB0000000002", text="not a card of this game")
    until(lambda: len(pods[2].beeper.beeps) == 2, "seat 2 beeps twice: refused")
    worker.post(Barrier()).result(TIMEOUT)
    assert payload(worker, None)["misplaced"] is None
    with pytest.raises(HubError, match="no card waits to be moved"):
        worker.post(HostCommand("move")).result(TIMEOUT)
    assert hub.journal.actions(worker.table.id) == []


def test_the_offer_goes_once_the_table_moves_on(make_hub: MakeHub) -> None:
    hub = simulated_hub(make_hub, ("pod", "pod"), chance="physical")
    worker, pods, first = seat_one_has_drawn(hub)
    card = card_to_draw(hub, 2)
    pods[1].scan("04BB0000000003", text=card_text("wisteria", card))
    until(lambda: payload(worker, None)["misplaced"] is not None, "the host is offered the card")
    pods[2].scan("04BB0000000004", text=card_text("wisteria", card))  # seat 2 scans its own copy
    until(lambda: hub.journal.actions(worker.table.id) == [first, f"chance:draw 2 {card}"], "seat 2 drew")
    worker.post(Barrier()).result(TIMEOUT)
    assert payload(worker, None)["misplaced"] is None
    assert hub.journal.notes(worker.table.id) == {}


def test_replay_shows_the_note_beside_the_moved_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Journal(tmp_path / "journal.db") as journal:
        table = Table.start(journal, "wisteria", 2, 7, {})
        table.submit("chance:draw 1 3")
        table.submit("chance:draw 2 5", "seat 2's card, laid on seat 1's reader, moved there by the host")
    assert main(["--journal", str(tmp_path / "journal.db"), "replay", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    moved = lines.index("    1  chance:draw 2 5")
    assert lines[moved + 1] == "       (seat 2's card, laid on seat 1's reader, moved there by the host)"


def test_the_hubs_stable_window_is_every_pods(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "pod"), start=False)
    hub.config = dataclasses.replace(hub.config, inputs=InputsConfig(mode="simulated", stable_ms=250))
    hub.start()
    assert [pod.stable_s for pod in hub.inputs.pods] == [0.25, 0.25]
