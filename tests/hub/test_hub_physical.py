"""Physical seats: a scan or a button press goes through the composer to the table's worker."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable
from typing import Any

from console.games.core import CHANCE
from console.hub.config import InputsConfig
from console.hub.service import Hub
from console.hub.worker import Barrier, Input, TableWorker
from console.inputs.events import ButtonPressed, CardScanned, Key
from console.physical.cardmap import card_text
from console.physical.router import InputRouter

MakeHub = Callable[..., Hub]
TIMEOUT = 10


def scan(seat: int, card: str, source: str = "pod1") -> CardScanned:
    return CardScanned(seat, uid=f"04{seat:02X}{card:0>10}", text=card_text("wisteria", card), source=source)


def journal(hub: Hub) -> list[str]:
    return hub.journal.actions(hub.tables()[0].table.id)


def payload(worker: TableWorker, seat: int) -> Any:
    return json.loads(worker.channel.snapshot.payloads[seat])


def card_to_draw(worker: TableWorker, seat: int) -> str:
    """A strength the seat's draw pile holds now (read from the hub's own state, as a test may)."""
    draws = [a for a in worker.table.state.legal_actions(CHANCE) if getattr(a, "owner", None) == seat]
    return str(draws[0].strength)  # type: ignore[attr-defined]


def test_in_physical_play_a_scanned_card_is_the_chance_outcome(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "pod"), chance="physical")
    worker = hub.tables()[0]
    card = card_to_draw(worker, 1)
    worker.post(Input(scan(1, card))).result(TIMEOUT)
    assert journal(hub) == [f"chance:draw 1 {card}"]


def test_a_scan_that_is_no_card_of_the_game_is_refused_on_the_seats_cursor(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "pod"), chance="physical")
    worker = hub.tables()[0]
    worker.post(Input(scan(1, "not-a-card"))).result(TIMEOUT)
    assert journal(hub) == []
    assert "no card" in payload(worker, 1)["cursor"]["refused"]
    assert payload(worker, 2)["cursor"].get("refused") is None


def test_a_pod_seat_chooses_with_its_buttons_and_its_cursor_shows_the_choice(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "bot"))  # virtual chance: play on to the first War
    worker = hub.tables()[0]
    assert worker.table.state.to_act == (1,)
    cursor = payload(worker, 1)["cursor"]
    assert cursor["choices"] == ["1:battle", "1:retreat"] and cursor["index"] == 0
    worker.post(Input(ButtonPressed(1, Key.DOWN, source="pod1"))).result(TIMEOUT)
    assert payload(worker, 1)["cursor"]["index"] == 1
    before = len(journal(hub))
    worker.post(Input(ButtonPressed(1, Key.OK, source="pod1"))).result(TIMEOUT)
    assert journal(hub)[before] == "1:retreat"


def test_a_seat_played_from_a_phone_does_not_take_moves_from_a_pod(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("phone", "bot"))
    worker = hub.tables()[0]
    before = journal(hub)
    worker.post(Input(ButtonPressed(1, Key.OK, source="pod1"))).result(TIMEOUT)
    assert journal(hub) == before
    assert "played with its phone" in payload(worker, 1)["cursor"]["refused"]


def test_input_events_go_to_the_newest_open_table(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "pod"), chance="physical")
    router = InputRouter(hub)
    worker = hub.tables()[0]
    router.post(scan(1, card_to_draw(worker, 1)))
    worker.post(Barrier()).result(TIMEOUT)
    assert len(journal(hub)) == 1


def test_a_hub_asked_to_simulate_starts_simulated_pods_that_play_through_a_pty(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "pod"), chance="physical", start=False)
    hub.config = dataclasses.replace(hub.config, inputs=InputsConfig(mode="simulated", stable_ms=0))
    hub.start()
    assert any("SIMULATED" in message for message in hub.messages)
    pod = next(p for p in hub.inputs.simulated_pods if p.seat == 1)
    worker = hub.tables()[0]
    card = card_to_draw(worker, 1)
    deadline = time.monotonic() + TIMEOUT
    while not journal(hub) and time.monotonic() < deadline:  # the pod says HELLO first, then scans
        pod.scan(f"04AA{card:0>10}", text=card_text("wisteria", card))
        worker.post(Barrier()).result(TIMEOUT)
    assert journal(hub) == [f"chance:draw 1 {card}"]


def settled(worker: TableWorker, ready: Callable[[], bool]) -> None:
    """Let the worker deal (virtual chance runs between commands) until ``ready``."""
    deadline = time.monotonic() + TIMEOUT
    while not ready() and time.monotonic() < deadline:
        worker.post(Barrier()).result(TIMEOUT)
    assert ready()


def test_with_positional_readers_configured_a_wheel_laid_on_reader_2_is_set_on_shelf_2(
    make_hub: MakeHub,
) -> None:
    options = {"first_seat": 1, "archaffineur_1": "none", "archaffineur_2": "none"}
    hub = make_hub(game="wheels", seats=("pod", "pod"), options=options, start=False)
    hub.config = dataclasses.replace(hub.config, inputs=InputsConfig(positional_readers=True))
    hub.start(inputs=False)
    worker = hub.tables()[0]
    state = worker.table.state
    settled(worker, lambda: state.to_act == (1, 2))
    for seat in (1, 2):  # Keep hand: the opening's last step (its swaps come first, as a turn reads)
        for key in (Key.UP, Key.OK):
            worker.post(Input(ButtonPressed(seat, key, source="pod1"))).result(TIMEOUT)
    settled(worker, lambda: state.to_act == (1,))
    wheel = next(str(action).split()[1] for action in state.legal_actions(1) if action.verb == "set")
    laid = CardScanned(1, text=card_text("wheels", wheel), source="pod1", reader=2)
    worker.post(Input(laid)).result(TIMEOUT)
    assert payload(worker, 1)["cursor"]["choices"] == [f"1:set {wheel} 2", f"1:set {wheel} 2 sealed"]
    before = len(journal(hub))
    for key in (Key.DOWN, Key.OK):
        worker.post(Input(ButtonPressed(1, key, source="pod1"))).result(TIMEOUT)
    assert journal(hub)[before] == f"1:set {wheel} 2 sealed"
