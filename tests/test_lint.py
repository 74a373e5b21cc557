"""The code base stays ruff clean (configuration in pyproject.toml), so the README's one test
command checks it too. mypy is ``nox -s lint``'s (and pre-commit's, and CI's): on a cold cache it
alone took a fifth of the suite's time on two cores."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing() -> None:
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    assert ruff, "ruff is part of the test extras: pip install -e '.[test]'"
    result = subprocess.run(
        [ruff, "check", "--quiet", str(ROOT)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_would_change_nothing() -> None:
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    assert ruff, "ruff is part of the test extras: pip install -e '.[test]'"
    result = subprocess.run(
        [ruff, "format", "--check", "--quiet", str(ROOT)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, "run ruff format:\n" + result.stdout + result.stderr
