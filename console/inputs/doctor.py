"""``tabletop doctor``: what input hardware is here, whether it answers, what to do if not.

Each check gives a ``Finding``: a line saying what was found, and when something is wrong,
what a person can do about it.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

from gpiozero.pins.mock import MockFactory

from console.inputs.buttons import ButtonPanel, pin_factory_name
from console.inputs.discovery import find_pods
from console.inputs.event_queue import EventQueue
from console.inputs.events import ButtonPressed, Key, PodConnected
from console.inputs.pins import PinMapError, load_pin_map
from console.inputs.pods import PodSource
from console.inputs.simulated import SimulatedPod

INSTALL_LGPIO = (
    "install it into the hub's environment: '.venv/bin/pip install -e .' again (the console "
    "depends on lgpio on a Pi) or '.venv/bin/pip install lgpio'; with Debian's python3-lgpio "
    "(apt install python3-lgpio) make the venv with --system-site-packages"
)


@dataclass(frozen=True)
class Finding:
    ok: bool
    what: str
    advice: str = ""

    def __str__(self) -> str:
        mark = "ok " if self.ok else "!! "
        return mark + self.what + (f"\n     -> {self.advice}" if self.advice else "")


def diagnose(
    *,
    pins: str | None = None,
    pods: Sequence[str] = (),
    pin_factory: Any = None,
    hello_timeout_s: float = 3.0,
    press_timeout_s: float = 0.0,
    prompt: Callable[[str], None] = print,
) -> list[Finding]:
    """Check the pin factory, the pin map, the seat buttons and every pod. With
    ``press_timeout_s``, ask for OK on each seat and wait for it."""
    return [
        *_check_buttons(pins, pin_factory, press_timeout_s, prompt),
        *_check_pods(list(pods) or [port.path for port in find_pods()], hello_timeout_s),
    ]


def _check_buttons(
    pins: str | None, pin_factory: Any, press_timeout_s: float, prompt: Callable[[str], None]
) -> list[Finding]:
    factory = pin_factory_name(pin_factory)
    lgpio_missing = _import_failure("lgpio") if pin_factory is None else None
    if factory.startswith("none"):
        if lgpio_missing:
            return [
                Finding(
                    False,
                    f"GPIO pin factory: none: its backend lgpio is missing ({lgpio_missing})",
                    f"on a Raspberry Pi {INSTALL_LGPIO}; elsewhere seats use pods or phones",
                )
            ]
        return [
            Finding(
                False,
                f"GPIO pin factory: {factory}",
                "lgpio is installed but found no GPIO chip: on a Raspberry Pi run as a user in the "
                "gpio group; elsewhere seats use pods or phones",
            )
        ]
    findings = [Finding(True, f"GPIO pin factory: {factory}")]
    if lgpio_missing and factory != "MockFactory":
        findings.append(
            Finding(
                False,
                f"GPIO backend lgpio is missing ({lgpio_missing}): gpiozero fell back "
                f"to {factory}, which a Pi 5 cannot use",
                INSTALL_LGPIO,
            )
        )
    try:
        pin_map = load_pin_map(pins)
    except PinMapError as error:
        return [*findings, Finding(False, f"pin map: {error}", "fix the entry named, see hardware/wiring.md")]
    findings.append(Finding(True, f"pin map: {pin_map.source}, seats {sorted(pin_map.seats)}"))
    events = EventQueue()
    try:
        panel = ButtonPanel(pin_map, events.post, pin_factory=pin_factory)
    except Exception as error:  # a pin in use, no permission to /dev/gpiochip*
        return [
            *findings,
            Finding(
                False,
                f"buttons: cannot claim the pins: {error}",
                "stop any other program using GPIO; run as a user in the gpio group",
            ),
        ]
    with panel:
        stuck = panel.stuck_keys()
        for seat, key in stuck:
            pin = pin_map.seats[seat].keys[key]
            findings.append(
                Finding(
                    False,
                    f"seat {seat} {key} reads pressed at rest",
                    f"check the switch on GPIO{pin}: shorted to GND?",
                )
            )
        if press_timeout_s > 0:
            panel.start()
            for seat in panel.seats:
                prompt(f"Press OK on seat {seat} (within {press_timeout_s:g} s)...")
                pressed = events.wait_for(_ok_pressed_at(seat), press_timeout_s)
                findings.append(
                    Finding(True, f"seat {seat} buttons answer")
                    if pressed
                    else Finding(
                        False,
                        f"seat {seat}: no OK press in {press_timeout_s:g} s",
                        f"check OK on GPIO{pin_map.seats[seat].keys[Key.OK]} and its wire to GND",
                    )
                )
        elif not stuck:
            findings.append(
                Finding(
                    True,
                    f"buttons of seats {panel.seats} idle as they should be (add --press to test each seat)",
                )
            )
    return findings


def _check_pods(urls: list[str], timeout_s: float) -> list[Finding]:
    if not urls:
        return [
            Finding(
                False,
                "pods: none found",
                "plug a pod in and check 'ls /dev/serial/by-id'; install "
                "hardware/99-tabletop-pods.rules; flash it as in firmware/pod/README.md",
            )
        ]
    findings = []
    for url in urls:
        events = EventQueue()
        with PodSource(url, events.post, name=url, reconnect_s=0.2) as source:
            hello = events.wait_for(lambda e: isinstance(e, PodConnected), timeout_s)
            problems = dict(source.stats)
        if isinstance(hello, PodConnected):
            serves = f"seat {hello.seat}" if hello.seat else "one seat per reader"
            findings.append(
                Finding(
                    True,
                    f"pod {url}: firmware {hello.firmware}, protocol {hello.protocol}, "
                    f"id {hello.unique_id}, {serves}",
                )
            )
            if problems.get("protocol_mismatch"):
                findings.append(
                    Finding(
                        False,
                        f"pod {url} speaks another protocol version",
                        "deploy the firmware from firmware/pod/ again",
                    )
                )
        else:
            counted = f" (counted: {problems})" if problems else ""
            findings.append(
                Finding(
                    False,
                    f"pod {url}: no HELLO in {timeout_s:g} s{counted}",
                    "is the firmware deployed (firmware/pod/README.md)? is another program "
                    "(mpremote, a second hub) holding the port?",
                )
            )
    return findings


def _import_failure(module: str) -> str | None:
    """Why ``module`` cannot be imported, or None if it can."""
    try:
        importlib.import_module(module)
    except ImportError as error:
        return str(error)
    return None


def diagnose_simulated(
    *, pins: str | None = None, press_timeout_s: float = 0.0, prompt: Callable[[str], None] = print
) -> list[Finding]:
    """What a healthy table reports: the same checks against a simulated pod per seat (on a real
    pty, running the pod firmware) and gpiozero's MockFactory pins, where a simulated player
    presses OK when asked."""
    try:
        pin_map = load_pin_map(pins)
    except PinMapError as error:
        return [Finding(False, f"pin map: {error}", "fix the entry named, see hardware/wiring.md")]
    factory = MockFactory(revision="c03111")  # a Pi 4B

    def press_ok(message: str) -> None:
        prompt(message + " (simulated: OK pressed)")
        asked = re.search(r"seat (\d+)", message)
        if asked:
            pin = factory.pin(pin_map.seats[int(asked.group(1))].keys[Key.OK])
            pin.drive_low()
            pin.drive_high()

    with ExitStack() as running:
        running.callback(factory.close)
        running.callback(factory.reset)
        pods = [running.enter_context(SimulatedPod(seat=seat)) for seat in sorted(pin_map.seats)]
        return diagnose(
            pins=pins,
            pods=[pod.path for pod in pods],
            pin_factory=factory,
            press_timeout_s=press_timeout_s,
            prompt=press_ok,
        )


def _ok_pressed_at(seat: int) -> Callable[[Any], bool]:
    def pressed(event: Any) -> bool:
        return isinstance(event, ButtonPressed) and event.seat == seat and event.key == Key.OK

    return pressed
