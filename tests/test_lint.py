"""The code base stays ruff and mypy clean (configuration in pyproject.toml): the same checks as
``nox -s lint`` and the pre-commit hooks, so the README's one test command makes them too."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.mark.slow  # a cold cache checks every module: about 25 s
def test_mypy_finds_nothing() -> None:
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent)) or shutil.which("mypy")
    if mypy is None:
        pytest.skip("mypy is not installed (it is part of the test extras: pip install -e '.[test]')")
    result = subprocess.run(
        [mypy, "--no-error-summary", "--cache-dir", str(ROOT / ".mypy_cache")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode in (0, 1), result.stdout + result.stderr  # 2: mypy itself failed
    errors = [line for line in result.stdout.splitlines() if ": error: " in line]
    assert errors == [], "\n".join(errors)
