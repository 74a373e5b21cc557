"""Fixtures for the Watch's tests; the helpers live in console.games.watch.testing."""

import pytest

from console.games.watch.testing import Table


@pytest.fixture
def table() -> Table:
    return Table()
