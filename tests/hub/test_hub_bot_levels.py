"""Bots at hub tables at any level: a hard bot (IS-MCTS, capped in time) plays its seat through the
table's queue like any bot, and an unknown level is refused in one line."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from console.games.search import SearchBot
from console.hub.config import TableConfig
from console.hub.errors import HubError
from console.hub.service import Hub
from console.hub.worker import Act, Barrier

MakeHub = Callable[..., Hub]
TIMEOUT = 30


def test_a_hard_bot_plays_its_seat_through_the_queue(make_hub: MakeHub) -> None:
    hub = make_hub(bot="hard")
    worker = hub.tables()[0]
    assert isinstance(worker._bots[2], SearchBot) and worker._bots[2].seconds is not None
    legal = json.loads(worker.channel.snapshot.payloads[1])["legal"]
    worker.post(Act(1, legal[0], "phone")).result(TIMEOUT)
    worker.post(Barrier()).result(TIMEOUT)
    assert any(notation.startswith("2:") for notation in hub.journal.actions(worker.table.id))


def test_an_unknown_bot_level_is_refused(make_hub: MakeHub) -> None:
    hub = make_hub()
    with pytest.raises(HubError, match="bot must be one of easy, normal, hard"):
        hub.start_table(TableConfig(game="wheels", players=2, seats=("phone", "bot"), bot="grandmaster"))
