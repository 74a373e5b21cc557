"""`tabletop doctor --simulate`: a healthy table's report, from a simulated pod per seat and mock pins."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from console.cli.doctor import register_cli
from console.inputs.doctor import diagnose_simulated


def _doctor(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    register_cli(parser.add_subparsers())
    return parser.parse_args(["doctor", *argv])


def test_a_simulated_table_is_healthy_with_a_pod_answering_at_every_seat() -> None:
    findings = diagnose_simulated()
    assert all(finding.ok for finding in findings), "\n".join(map(str, findings))
    whats = [finding.what for finding in findings]
    assert whats[0] == "GPIO pin factory: MockFactory"
    pods = [what for what in whats if what.startswith("pod ")]
    assert [what.rsplit(", ", 1)[1] for what in pods] == ["seat 1", "seat 2", "seat 3", "seat 4"]
    assert all("firmware pod-1.0.0, protocol 1" in what for what in pods)


def test_with_press_every_seats_ok_is_pressed_by_the_simulated_player() -> None:
    asked: list[str] = []
    findings = diagnose_simulated(press_timeout_s=5, prompt=asked.append)
    answered = [f.what for f in findings if "answer" in f.what]
    assert answered == [f"seat {seat} buttons answer" for seat in range(1, 5)]
    assert asked[0] == "Press OK on seat 1 (within 5 s)... (simulated: OK pressed)"


def test_the_command_says_the_table_is_simulated_and_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    args = _doctor("--simulate")
    assert args.handler(args) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("a SIMULATED table")
    assert not [line for line in out if line.startswith("!!")]
    assert sum(line.startswith("ok pod ") for line in out) == 4


def test_a_bad_pin_map_is_reported_not_raised(tmp_path: Path) -> None:
    [finding] = diagnose_simulated(pins=str(tmp_path / "missing.toml"))
    assert not finding.ok and finding.what.startswith("pin map: ")
