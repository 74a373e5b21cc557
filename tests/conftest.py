"""What every test folder shares: ``tests.helpers`` importable (the harness in tests/helpers/), and one
rule for tests that need an outside program (chromium, mosquitto, node, micropython).

Such a test skips with a printed reason when the program is absent, so the README's test
command passes on a fresh machine; with TABLETOP_REQUIRE_ALL=1 (set by .ci/run) the same
absence fails the test, so CI cannot pass by skipping.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # pytest runs with --import-mode=importlib, which adds no folder
    sys.path.insert(0, str(ROOT))

REQUIRE_ALL = "TABLETOP_REQUIRE_ALL"


def missing(reason: str) -> None:
    """Skip the test for ``reason``, or fail it when TABLETOP_REQUIRE_ALL=1."""
    if os.environ.get(REQUIRE_ALL) == "1":
        pytest.fail(f"{reason} ({REQUIRE_ALL}=1 makes this a failure)", pytrace=False)
    pytest.skip(f"{reason} (install it to run this test; {REQUIRE_ALL}=1 makes this a failure)")


def find_program(*names: str) -> str:
    """The path of the first of ``names`` on PATH; skips (or fails) the test if none is."""
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    missing(f"{' or '.join(names)} is not installed (not on PATH)")
    raise AssertionError("unreachable: missing() skips or fails")


@pytest.fixture
def require_program() -> Callable[..., str]:
    """``require_program("chromium", "chromium-browser")``: the program's path, else skip/fail."""
    return find_program
