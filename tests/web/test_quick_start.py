"""The quick start: bare ``tabletop`` serves a table with simulated pods and buttons and says so
plainly; ``--simulate`` is how ``serve`` is asked for them."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from console.cli import main


@pytest.mark.slow
def test_bare_tabletop_serves_simulated_inputs_and_says_so_first(tmp_path: Path) -> None:
    (tmp_path / "tabletop").mkdir()
    (tmp_path / "tabletop" / "hub.toml").write_text("[server]\nport = 0\n", encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "console.cli", "--journal", str(tmp_path / "j.db")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={"XDG_CONFIG_HOME": str(tmp_path), "PYTHONUNBUFFERED": "1", "PATH": ""},
    )
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 60
        assert process.stdout is not None
        while time.monotonic() < deadline and not any("phones on this network" in line for line in lines):
            line = process.stdout.readline()
            if not line:
                break
            lines.append(line.strip())
    finally:
        process.kill()
        process.wait(10)
        if process.stdout is not None:
            process.stdout.close()
    assert lines[0].startswith("tabletop: no command given, so running: tabletop serve --simulate"), lines
    assert "SIMULATED" in lines[0]
    assert any(line.startswith("tabletop: inputs: SIMULATED: 2 pods on ptys") for line in lines), lines
    # a phone on the same Wi-Fi can join from the first command: the hub says where
    assert any(line.startswith("tabletop: phones on this network join at http://") for line in lines), lines


def test_simulate_and_another_inputs_mode_contradict(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--simulate", "--inputs", "auto", "--port", "0"]) == 2
    assert "--simulate and --inputs auto contradict each other" in capsys.readouterr().err
