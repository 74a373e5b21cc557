"""Fixtures for the Watch's tests: ``table``, the test bench beside this file."""

import pytest

from tests.games.watch.watch_table import Table


@pytest.fixture
def table() -> Table:
    return Table()
