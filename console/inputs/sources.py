"""Start the input sources a table has: GPIO buttons, serial pods, QR scanners, all posting to
one queue; or, in ``sim`` mode, simulated pods on ptys and mock pins that behave the same.

``start_sources`` never fails because hardware is missing: it starts what it finds and says
what it did in ``notes``, for the hub to print at start.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from console.inputs.buttons import ButtonPanel, pin_factory_name
from console.inputs.discovery import find_pods
from console.inputs.events import Post
from console.inputs.pins import PinMapError, load_pin_map
from console.inputs.pods import LineScannerSource, PodSource
from console.inputs.simulated import SimulatedPod

MODES = ("auto", "hw", "sim", "none")


@dataclass
class InputSources:
    panel: ButtonPanel | None = None
    pods: list[PodSource] = field(default_factory=list)
    scanners: list[LineScannerSource] = field(default_factory=list)
    simulated_pods: list[SimulatedPod] = field(default_factory=list)
    pin_factory: Any = None
    notes: list[str] = field(default_factory=list)

    def close(self) -> None:
        for source in [*self.pods, *self.scanners]:
            source.close()
        for pod in self.simulated_pods:
            pod.close()
        if self.panel is not None:
            self.panel.close()
        if self.pin_factory is not None and type(self.pin_factory).__name__ == "MockFactory":
            self.pin_factory.reset()
            self.pin_factory.close()

    def __enter__(self) -> InputSources:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def start_sources(
    post: Post,
    *,
    mode: str = "auto",
    pins: str | None = None,
    pods: Sequence[str] = (),
    scanners: Sequence[tuple[str, int]] = (),
    seats: int = 4,
    recorder: Any = None,
    stable_s: float = 0.0,
) -> InputSources:
    """``pods`` are ports or URLs (default: every pod found); ``scanners`` are (port, seat); a
    pod's card counts once it has lain still ``stable_s`` on its reader."""
    if mode not in MODES:
        raise ValueError(f"inputs mode must be one of {', '.join(MODES)}, not {mode!r}")
    sources = InputSources()
    if mode == "none":
        sources.notes.append("inputs: none (configured)")
        return sources
    tap = _Taps(recorder)
    try:
        if mode == "sim":
            _start_simulated(sources, post, pins, seats, tap, stable_s)
        else:
            _start_hardware(sources, post, mode, pins, pods, scanners, tap, stable_s)
    except BaseException:
        sources.close()
        raise
    return sources


class _Taps:
    """Hands a recorder (tabletop record) to each source before it starts, so nothing is missed."""

    def __init__(self, recorder: Any) -> None:
        self.recorder = recorder

    def __call__(self, source: Any) -> Any:
        if self.recorder is not None:
            source.tap = self.recorder.edge if isinstance(source, ButtonPanel) else self.recorder.serial
        return source.start()


def _start_hardware(
    sources: InputSources,
    post: Post,
    mode: str,
    pins: str | None,
    pods: Sequence[str],
    scanners: Sequence[tuple[str, int]],
    tap: _Taps,
    stable_s: float,
) -> None:
    factory = pin_factory_name()
    if factory.startswith("none") or (factory == "MockFactory" and mode == "auto"):
        sources.notes.append(f"buttons: no GPIO here ({factory}); seats use pods or phones")
    else:
        try:
            sources.panel = tap(ButtonPanel(load_pin_map(pins), post))
            sources.notes.append(f"buttons: seats {sources.panel.seats} on GPIO ({factory})")
        except (PinMapError, OSError, RuntimeError) as error:
            sources.notes.append(f"buttons: not started: {error}")
    urls = list(pods) or [port.path for port in find_pods()]
    for number, url in enumerate(urls, start=1):
        sources.pods.append(tap(PodSource(url, post, name=f"pod{number}", stable_s=stable_s)))
    sources.notes.append(f"pods: {len(urls)} ({', '.join(urls)})" if urls else "pods: none found")
    for url, seat in scanners:
        sources.scanners.append(tap(LineScannerSource(url, post, seat=seat, name=f"scanner{seat}")))
        sources.notes.append(f"QR scanner for seat {seat} at {url}")


def _start_simulated(
    sources: InputSources, post: Post, pins: str | None, seats: int, tap: _Taps, stable_s: float
) -> None:
    from gpiozero.pins.mock import MockFactory

    sources.pin_factory = MockFactory(revision="c03111")
    pin_map = load_pin_map(pins)
    seat_numbers = list(range(1, seats + 1))
    sources.panel = tap(
        ButtonPanel(
            pin_map,
            post,
            pin_factory=sources.pin_factory,
            seats=[s for s in seat_numbers if s in pin_map.seats],
        )
    )
    for seat in seat_numbers:
        # the real firmware's timings: a simulated table should feel like the real one
        pod = SimulatedPod(seat=seat, poll_ms=20, miss_limit=3, debounce_ms=20).start()
        sources.simulated_pods.append(pod)
        sources.pods.append(tap(PodSource(pod.path, post, name=f"simpod{seat}", stable_s=stable_s)))
    sources.notes.append(
        f"inputs: SIMULATED: {seats} pods on ptys ({os.path.dirname(sources.simulated_pods[0].path)}) "
        "and mock GPIO pins"
    )
