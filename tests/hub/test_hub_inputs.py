"""Simulated hardware is opt-in: in ``auto`` mode the hub starts only the real buttons and pods,
and refuses to start, in one line, when the configuration needs hardware that is not there."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from console.hub.config import InputsConfig
from console.hub.errors import HubError
from console.hub.service import Hub
from console.journal import Journal

MakeHub = Callable[..., Hub]


def start_auto(make_hub: MakeHub, seats: tuple[str, ...], **inputs: object) -> Hub:
    hub = make_hub(game="wisteria", seats=seats, start=False)
    hub.config = dataclasses.replace(hub.config, inputs=InputsConfig(mode="auto", **inputs))  # type: ignore[arg-type]
    return hub.start()


def test_auto_with_nothing_configured_runs_without_inputs_and_says_so(make_hub: MakeHub) -> None:
    hub = start_auto(make_hub, ("phone", "bot"))
    assert hub.inputs.simulated_pods == [] and hub.inputs.pods == []
    assert not any("SIMULATED" in message for message in hub.messages)
    assert any(
        "no GPIO buttons or pods found" in message and "--simulate" in message for message in hub.messages
    )


def test_auto_refuses_a_pod_seat_when_no_pod_is_connected(make_hub: MakeHub, tmp_path: Path) -> None:
    with pytest.raises(HubError, match=r"seat\(s\) 1 play with a pod, but no pod is connected.*--simulate"):
        start_auto(make_hub, ("pod", "bot"))
    with Journal(next(tmp_path.rglob("*.db"))) as journal:
        assert journal.tables() == []  # the refused table was never made


def test_auto_refuses_a_buttons_seat_when_no_gpio_buttons_start(make_hub: MakeHub) -> None:
    with pytest.raises(HubError, match=r"seat\(s\) 2 play with GPIO buttons, but no buttons started"):
        start_auto(make_hub, ("phone", "buttons"))


def test_auto_refuses_physical_chance_when_no_pod_can_scan_the_cards(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("phone", "bot"), chance="physical", start=False)
    hub.config = dataclasses.replace(hub.config, inputs=InputsConfig(mode="auto"))
    with pytest.raises(HubError, match=r"the new table deals physical cards .* no pod is connected"):
        hub.start()
    with Journal(hub.config.journal) as journal:
        assert journal.tables() == []  # refused before the table was made


def test_auto_refuses_a_configured_pin_map_when_no_gpio_buttons_start(make_hub: MakeHub) -> None:
    pins = str(Path(__file__).resolve().parents[2] / "hardware" / "pins.toml")
    with pytest.raises(HubError, match=f"a pin map is configured \\({pins}\\), but no buttons started"):
        start_auto(make_hub, ("phone", "bot"), pins=pins)


def test_auto_refuses_a_configured_pod_port_that_does_not_exist(make_hub: MakeHub, tmp_path: Path) -> None:
    port = str(tmp_path / "ttyACM9")
    with pytest.raises(HubError, match=f"the configured pod port {port} does not exist"):
        start_auto(make_hub, ("phone", "bot"), pods=(port,))


def test_a_refused_start_releases_the_journal_for_the_next_hub(make_hub: MakeHub) -> None:
    with pytest.raises(HubError):
        start_auto(make_hub, ("pod", "bot"))
    hub = make_hub(game="wisteria", seats=("phone", "bot"))  # the same journal: its lock was let go
    assert hub.tables()


@pytest.mark.slow
def test_serve_with_a_missing_pod_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "console.cli",
            "--journal",
            str(tmp_path / "j.db"),
            "serve",
            "--port",
            "0",
            "--seats",
            "pod,bot",
        ],
        capture_output=True,
        text=True,
        timeout=60,
        env={"XDG_CONFIG_HOME": str(tmp_path), "PATH": ""},
    )
    assert result.returncode == 2, result.stdout + result.stderr
    errors = result.stderr.strip().splitlines()
    assert errors == [
        "tabletop: inputs: seat(s) 1 play with a pod, but no pod is connected; connect the "
        "hardware, or run tabletop serve --simulate to simulate it"
    ]
