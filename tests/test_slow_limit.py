"""tests/conftest.py fails a test not marked slow whose call takes more than 3 s, and says why."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
SLEEPERS = """
import os
import time

import pytest

os.getloadavg = lambda: (0.0, 0.0, 0.0)  # an idle machine: the plain limit


def test_unmarked_over_the_limit() -> None:
    time.sleep(3.3)


@pytest.mark.slow
def test_marked_slow_over_the_limit() -> None:
    time.sleep(3.3)


def test_unmarked_quick() -> None:
    pass
"""

pytestmark = pytest.mark.slow  # it waits out the limit itself


def test_a_test_over_the_limit_fails_unless_marked_slow(tmp_path: Path) -> None:
    shutil.copy(TESTS / "conftest.py", tmp_path / "conftest.py")
    (tmp_path / "test_sleepers.py").write_text(SLEEPERS)
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    slow: slow\n")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "-p", "no:cacheprovider", "-rf", str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "1 failed, 2 passed" in result.stdout, result.stdout
    assert "FAILED test_sleepers.py::test_unmarked_over_the_limit" in result.stdout
    assert "over the 3 s limit for a test not marked slow" in result.stdout
