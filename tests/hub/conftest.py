"""A hub over a journal in a temporary folder, with bots that move at once and no input sources."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from console.hub.config import HubConfig, TableConfig
from console.hub.service import Hub

MakeHub = Callable[..., Hub]


@pytest.fixture
def make_hub(tmp_path: Path) -> Iterator[MakeHub]:
    hubs: list[Hub] = []

    def make(
        game: str = "wheels", seats: tuple[str, ...] = ("phone", "bot"), start: bool = True, **table: Any
    ) -> Hub:
        # The seats are played through the hub with their tokens, as an API client plays them:
        # the table does not wait for phones to join unless a test says so.
        table.setdefault("wait_for_phones", False)
        config = HubConfig(
            journal=tmp_path / "journal.db",
            bot_delay_s=0.0,
            chance_delay_s=0.0,
            table=TableConfig(game=game, players=len(seats), seats=seats, seed=7, **table),
        )
        hub = Hub(config)
        hubs.append(hub)
        return hub.start(inputs=False) if start else hub

    yield make
    for hub in hubs:
        hub.stop()
