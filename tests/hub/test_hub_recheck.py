"""The resume re-check: a restarted physical table has its seats re-scan the cards the journal has
in play, shows a mismatch on every screen, and lets play go on only once all match (or the host
skips it)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from console.hub.inputs import attach_sources
from console.hub.service import Hub
from console.hub.worker import Act, Barrier, HostCommand, Input, Refused, TableWorker
from console.inputs.events import ButtonPressed, CardScanned, Key
from console.inputs.sources import InputSources
from console.physical.cardmap import card_text
from console.physical.router import InputRouter

MakeHub = Callable[..., Hub]
TIMEOUT = 10


def payload(worker: TableWorker, seat: int | None) -> Any:
    return json.loads(worker.channel.snapshot.payloads[seat])


def scan(worker: TableWorker, seat: int, card: str) -> None:
    event = CardScanned(seat, text=card_text(worker.table.game.name, card), source=f"pod{seat}")
    worker.post(Input(event)).result(TIMEOUT)


def at_the_first_war(make_hub: MakeHub) -> tuple[Hub, list[str]]:
    """A Wisteria table of two pods, dealt (virtual chance) to its first War, then the hub stops."""
    hub = make_hub(game="wisteria", seats=("pod", "pod"))
    worker = hub.tables()[0]
    deadline = time.monotonic() + TIMEOUT
    while worker.table.state.to_act != (1, 2) and time.monotonic() < deadline:
        worker.post(Barrier()).result(TIMEOUT)
    history = list(worker.table.history)
    hub.stop()
    return hub, history


def restarted(make_hub: MakeHub) -> tuple[Hub, TableWorker]:
    hub = make_hub(game="wisteria", seats=("pod", "pod"))  # the same journal: the table resumes
    router = hub.router = InputRouter(hub)
    attach_sources(hub, router, InputSources())  # inputs start: a resumed physical table re-checks
    worker = hub.tables()[0]
    worker.post(Barrier()).result(TIMEOUT)
    return hub, worker


def test_a_restarted_table_rechecks_its_cards_shows_a_moved_card_and_plays_on_when_all_match(
    make_hub: MakeHub,
) -> None:
    _, history = at_the_first_war(make_hub)
    hub, worker = restarted(make_hub)
    assert worker.table.history == history
    slots = worker.table.state.cards_in_play()
    assert {slot.seat for slot in slots} == {1, 2}
    assert "re-checking the cards in play" in payload(worker, None)["problem"]

    worker.post(Input(ButtonPressed(1, Key.OK, source="pod1"))).result(TIMEOUT)  # play waits
    assert hub.journal.actions(worker.table.id) == history
    assert "re-checking" in payload(worker, 1)["cursor"]["refused"]

    mine = [slot.card for slot in slots if slot.seat == 1]
    moved = next(str(card) for card in range(1, 7) if str(card) not in mine)
    scan(worker, 1, moved)  # someone bumped the table: seat 1's card is not the journal's
    assert "mismatch at seat 1" in payload(worker, None)["problem"]
    for seat in (1, 2):
        assert "mismatch at seat 1" in payload(worker, seat)["problem"]
    assert "does not match" in payload(worker, 1)["cursor"]["recheck"]["message"]
    assert payload(worker, 2)["cursor"]["recheck"]["mismatch"] == [1]
    names = worker.table.game.catalog()
    theirs = sorted(entry["card"] for entry in payload(worker, 2)["cursor"]["recheck"]["cards"])
    assert theirs == sorted(names[slot.card] for slot in slots if slot.seat == 2)  # only its own

    for slot in slots:
        scan(worker, slot.seat, slot.card)
    assert payload(worker, None)["problem"] == ""
    assert "recheck" not in (payload(worker, 1)["cursor"] or {})
    worker.post(Input(ButtonPressed(1, Key.OK, source="pod1"))).result(TIMEOUT)
    assert len(hub.journal.actions(worker.table.id)) == len(history) + 1


def test_the_host_may_skip_the_recheck_or_ask_for_one(make_hub: MakeHub) -> None:
    at_the_first_war(make_hub)
    _, worker = restarted(make_hub)
    assert worker.post(HostCommand("skip")).result(TIMEOUT) == "playing"
    assert payload(worker, None)["problem"] == ""
    with pytest.raises(Refused, match="no re-check"):
        worker.post(HostCommand("skip")).result(TIMEOUT)
    worker.post(HostCommand("recheck")).result(TIMEOUT)
    assert "re-checking" in payload(worker, None)["problem"]


def test_the_public_screen_sees_counts_and_never_a_card(make_hub: MakeHub) -> None:
    at_the_first_war(make_hub)
    _, worker = restarted(make_hub)
    public = payload(worker, None)
    assert "cursor" not in public
    assert f"{len(worker.table.state.cards_in_play())} still to scan" in public["problem"]
    recheck = payload(worker, 1)["cursor"]["recheck"]
    assert set(recheck["remaining"]) == {"1", "2"}


def test_wheels_shelves_are_rechecked_shelf_by_shelf_with_positional_readers() -> None:
    import random

    from console.games import find_game
    from console.physical.recheck import Recheck

    game = find_game("wheels")
    state, rng = game.new(2, seed=1), random.Random(1)
    while not state.cards_in_play():
        seat = state.to_act[0]
        state.apply(state.sample_chance(rng) if seat == 0 else state.legal_actions(seat)[0])
    slot = state.cards_in_play()[0]
    assert slot.position is not None
    recheck = Recheck(state.cards_in_play())
    elsewhere = slot.position % 3 + 1
    message = recheck.scan(slot.seat, slot.card, elsewhere, positional=True)  # moved to another shelf
    assert f"shelf {slot.position}" in message and slot.card not in message
    assert recheck.scan(slot.seat, slot.card, slot.position, positional=True) == ""
    assert recheck.mismatches == {}


def test_a_table_started_now_is_not_rechecked(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "pod"))
    worker = hub.tables()[0]
    deadline = time.monotonic() + TIMEOUT
    while worker.table.state.to_act != (1, 2) and time.monotonic() < deadline:  # cards in the War
        worker.post(Barrier()).result(TIMEOUT)
    hub.router = InputRouter(hub)
    attach_sources(hub, hub.router, InputSources())
    worker.post(Barrier()).result(TIMEOUT)
    assert worker.table.state.cards_in_play()
    assert payload(worker, None)["problem"] == ""


def test_no_seat_may_act_while_the_table_rechecks_its_cards(make_hub: MakeHub) -> None:
    at_the_first_war(make_hub)
    _, worker = restarted(make_hub)
    assert worker.physical is not None and worker.physical.rechecking
    history = list(worker.table.history)
    action = worker.table.state.legal_actions(1)[0]
    with pytest.raises(Refused, match="re-checking the cards in play"):
        worker.post(Act(1, action, "pod")).result(TIMEOUT)
    assert worker.table.history == history
