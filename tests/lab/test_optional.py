"""The lab's optional packages are checked before any game is played (``simulate --report`` once
ran its whole simulation, 92 s, before finding matplotlib missing)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

from console.cli import main
from console.cli import simulate as simulate_command


def test_a_missing_optional_package_is_one_line_before_anything_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    find_spec = importlib.util.find_spec

    def without(name: str, *args: Any) -> Any:
        return None if name in ("matplotlib", "distributed") else find_spec(name, *args)

    played: list[object] = []
    monkeypatch.setattr(importlib.util, "find_spec", without)
    monkeypatch.setattr(simulate_command, "run_spec", lambda *a, **k: played.append(a))
    command = ["simulate", "wheels", "--games", "50", "--report", str(tmp_path / "r.html")]
    status = main([*command, "--cluster", "tcp://127.0.0.1:1"])
    err = capsys.readouterr().err
    assert status == 2 and played == [] and not (tmp_path / "r.html").exists()
    assert err.strip().splitlines() == [
        "tabletop: --report needs matplotlib; --cluster needs distributed, which is not installed: "
        "pip install 'tabletop-console[lab]' (nothing was run)"
    ]
