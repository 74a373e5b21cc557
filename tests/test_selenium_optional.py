"""The suite collects without selenium: only the browser tests need it, and they skip (or fail
under TABLETOP_REQUIRE_ALL=1) while every other test of their folders is still collected."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
BROWSER = ["web/test_web_browser.py", "web/test_web_browser_clock.py", "venue/test_venue_browser.py"]
OTHERS = ["web/test_web_api.py"]  # beside them, under the same conftest
# A plugin loaded before any conftest: ``import selenium`` raises ImportError, as if not installed.
BLOCK = 'import sys\nsys.modules["selenium"] = None\n'

pytestmark = pytest.mark.slow


def collect(tmp_path: Path, require_all: bool) -> subprocess.CompletedProcess[str]:
    (tmp_path / "no_selenium.py").write_text(BLOCK)
    env = {key: value for key, value in os.environ.items() if key != "TABLETOP_REQUIRE_ALL"}
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path), *sys.path])
    if require_all:
        env["TABLETOP_REQUIRE_ALL"] = "1"
    command = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-rs", "-n", "0", "-p", "no_selenium"]
    command += ["-p", "no:cacheprovider", *(str(TESTS / path) for path in BROWSER + OTHERS)]
    return subprocess.run(command, cwd=TESTS.parent, env=env, capture_output=True, text=True, timeout=120)


def test_without_selenium_the_browser_tests_skip_and_the_others_are_collected(tmp_path: Path) -> None:
    result = collect(tmp_path, require_all=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "test_web_api.py::" in result.stdout
    assert "test_web_browser" not in result.stdout.partition("short test summary")[0]
    assert f"SKIPPED [{len(BROWSER)}]" in result.stdout, result.stdout
    assert "selenium is not installed" in result.stdout


def test_without_selenium_under_require_all_the_browser_tests_fail(tmp_path: Path) -> None:
    result = collect(tmp_path, require_all=True)
    assert result.returncode != 0
    assert "TABLETOP_REQUIRE_ALL=1 makes this a failure" in result.stdout + result.stderr
