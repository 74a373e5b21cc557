"""Feedback at the seat, seen from the hardware: the LED and BEEP frames a simulated pod's firmware
receives, and the seat LEDs' MockFactory pins on the Pi's panel."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from typing import Any

from console.games.core import CHANCE
from console.hub.config import InputsConfig
from console.hub.service import Hub
from console.hub.worker import Barrier
from console.inputs.events import Key
from console.inputs.pins import load_pin_map
from console.physical.cardmap import card_text
from console.physical.feedback import BEEP_MS, FLICKERS

MakeHub = Callable[..., Hub]
TIMEOUT = 10.0


def simulated_hub(make_hub: MakeHub, seats: tuple[str, ...], **table: Any) -> Hub:
    hub = make_hub(game="wisteria", seats=seats, start=False, **table)
    hub.config = dataclasses.replace(hub.config, inputs=InputsConfig(mode="simulated", stable_ms=0))
    return hub.start()


def until(ready: Callable[[], object], what: str) -> None:
    deadline = time.monotonic() + TIMEOUT
    while not ready():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.01)


def card_to_draw(hub: Hub, seat: int) -> str:
    state = hub.tables()[0].table.state
    draws = [a for a in state.legal_actions(CHANCE) if a.supplier() == seat]
    return str(draws[0].strength)  # type: ignore[attr-defined]


def test_a_pod_lights_for_its_turn_beeps_once_for_a_scan_and_twice_with_a_flicker_for_a_refusal(
    make_hub: MakeHub,
) -> None:
    hub = simulated_hub(make_hub, ("pod", "pod"), chance="physical")
    pod = next(p for p in hub.inputs.simulated_pods if p.seat == 1)
    led, beeper = pod.leds[0], pod.beeper
    until(lambda: led.mode == "ON", "seat 1's LED says its turn (a card to scan)")
    pod.scan("04AA0000000001", text="not a card of this game")
    until(lambda: len(beeper.beeps) == 2, "two beeps for the refusal")
    assert beeper.beeps == [BEEP_MS, BEEP_MS]
    until(
        lambda: led.history[-1][1] == "ON" and len(led.history) >= 2 * FLICKERS + 2,
        "the flicker ends on the seat's state",
    )
    modes = [mode for _, mode in led.history]
    flicker = ["ON", "OFF"] * FLICKERS
    assert any(modes[i : i + len(flicker)] == flicker for i in range(len(modes))), modes
    assert hub.journal.actions(hub.tables()[0].table.id) == []

    card = card_to_draw(hub, 1)
    pod.scan("04AA0000000002", text=card_text("wisteria", card))
    until(lambda: len(beeper.beeps) == 3, "one beep for the accepted scan")
    time.sleep(0.3)
    assert len(beeper.beeps) == 3
    assert hub.journal.actions(hub.tables()[0].table.id) == [f"chance:draw 1 {card}"]


def test_a_seat_mid_choice_blinks_and_a_seat_that_has_chosen_goes_dark(make_hub: MakeHub) -> None:
    hub = simulated_hub(make_hub, ("pod", "pod"))  # virtual chance: the hub deals to the first War
    worker = hub.tables()[0]
    until(lambda: worker.table.state.to_act == (1, 2), "both seats to choose Battle or Retreat")
    pods = {p.seat: p for p in hub.inputs.simulated_pods}
    until(lambda: pods[1].leds[0].mode == "ON" and pods[2].leds[0].mode == "ON", "both lit")
    pods[1].tap("DOWN")  # the cursor moves: a choice half made
    until(lambda: pods[1].leds[0].mode == "BLINK", "seat 1 blinks while it chooses")
    assert pods[2].leds[0].mode == "ON"
    until(lambda: len(pods[1].beeper.beeps) == 1, "one beep for the press")
    pods[1].tap("OK")
    until(lambda: pods[1].leds[0].mode == "OFF", "seat 1 has chosen: it waits, dark")
    assert pods[2].leds[0].mode == "ON" and len(pods[1].beeper.beeps) == 2
    pods[1].tap("OK")  # nothing to choose now: refused
    until(lambda: len(pods[1].beeper.beeps) == 4, "two beeps for the refusal")
    assert pods[2].beeper.beeps == []


def press(factory: Any, pin: int) -> None:
    key = factory.pin(pin)
    key.drive_low()
    time.sleep(0.1)
    key.drive_high()


def test_the_pi_panels_seat_leds_show_the_same_states(make_hub: MakeHub) -> None:
    hub = simulated_hub(make_hub, ("buttons", "buttons"))
    worker = hub.tables()[0]
    until(lambda: worker.table.state.to_act == (1, 2), "both seats to choose")
    pin_map = load_pin_map()
    factory = hub.inputs.pin_factory
    led = {seat: factory.pin(pin_map.seats[seat].led) for seat in (1, 2)}
    until(lambda: led[1].state and led[2].state, "both seats' LEDs on: their turn")
    press(factory, pin_map.seats[1].keys[Key.OK])
    until(lambda: not led[1].state, "seat 1 has chosen: dark")
    assert led[2].state
    before = len(led[1].states)
    press(factory, pin_map.seats[1].keys[Key.OK])  # nothing to choose now: refused
    until(lambda: len(led[1].states) - before >= 2 * FLICKERS, "seat 1's LED flickers: refused")
    until(lambda: not led[1].state, "and is dark again: waiting")
    worker.post(Barrier()).result(TIMEOUT)
    assert worker.table.state.to_act == (2,)
