"""tests/conftest.py lists a test not marked slow whose call takes more than 3 s, fails one that takes
more than twice that, and says why."""

from __future__ import annotations

import os
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


def test_unmarked_over_twice_the_limit() -> None:
    time.sleep(0.7)


def test_unmarked_just_over_the_limit() -> None:
    time.sleep(0.4)


@pytest.mark.slow
def test_marked_slow_over_the_limit() -> None:
    time.sleep(0.7)


def test_unmarked_quick() -> None:
    pass
"""

pytestmark = pytest.mark.slow  # it starts a pytest of its own, on two workers


def test_a_test_over_the_limit_fails_unless_marked_slow(tmp_path: Path) -> None:
    # The real conftest, with its limit cut to a tenth so the sleepers wait under a second, not
    # 3 to 7 s: the hook under test is the same code, and the real limit is pinned here.
    conftest = (TESTS / "conftest.py").read_text()
    assert conftest.count("\nSLOW_LIMIT_S = 3.0\n") == 1
    (tmp_path / "conftest.py").write_text(
        conftest.replace("\nSLOW_LIMIT_S = 3.0\n", "\nSLOW_LIMIT_S = 0.3\n")
    )
    (tmp_path / "test_sleepers.py").write_text(SLEEPERS)
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    slow: slow\n")
    # No plugin but xdist (hypothesis alone takes a second or more to import in each of three
    # processes): the sleepers use none.
    env = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    command = [sys.executable, "-m", "pytest", "-p", "xdist.plugin", "-n", "2", "-p", "no:cacheprovider"]
    result = subprocess.run(
        [*command, "-rf", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert "1 failed, 3 passed" in result.stdout, result.stdout
    assert "FAILED test_sleepers.py::test_unmarked_over_twice_the_limit" in result.stdout
    assert "over twice the 0.3 s limit for a test not marked slow" in result.stdout
    listed = result.stdout.split("tests over the time limit")[1]
    assert listed.count("test_sleepers.py::test_unmarked_just_over_the_limit: this test took") == 1
    assert "marked_slow" not in listed and "over_twice" not in listed.split("short test summary")[0]
