"""The documented evening's game number 3 of three (test_web_documented_evening.py says it
all): a file of its own, with a hub of its own, so that pytest-xdist runs it beside the others."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from console.web.hub_process import HubProcess
from tests.web.conftest import Browser
from tests.web.test_web_documented_evening import GAMES, serve, the_documented_evening


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HubProcess]:
    yield from serve(tmp_path_factory)


@pytest.mark.browser
@pytest.mark.slow
def test_the_documented_evening(hub: HubProcess, browser: Browser) -> None:
    the_documented_evening(hub, browser, GAMES[2])
