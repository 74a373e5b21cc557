"""Fixtures for the Watch's tests, and ``watch_table`` (the test bench beside this file) importable:
pytest runs with --import-mode=importlib, which puts no test folder on the path."""

import sys
from pathlib import Path

import pytest

HERE = str(Path(__file__).resolve().parent)
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from watch_table import Table  # noqa: E402  (importable only once the folder is on the path)


@pytest.fixture
def table() -> Table:
    return Table()
