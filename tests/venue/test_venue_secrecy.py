"""Nothing secret reaches the venue: games are played at random through the hub, and after every
move each seat's hidden strings (``State.hidden_strings``), the seed, the seat tokens (the join
codes carry them) and the host PIN are looked for in every message the board user could read."""

from __future__ import annotations

import random

import pytest

from console.hub.worker import Act
from console.venue import topics
from tests.venue.conftest import VENUE, MakeHub, Recorder, wait_for

SEED = 8_675_309_123_457  # long enough that no timestamp or count contains it by chance
GAMES = [("wheels", 2, 80), ("wisteria", 2, 80), ("watch", 3, 40)]


@pytest.mark.parametrize(("game", "players", "moves"), GAMES)
def test_no_published_message_holds_a_secret(
    game: str, players: int, moves: int, make_hub: MakeHub, recorder: Recorder
) -> None:
    hub = make_hub("hub1", game=game, seats=("phone",) * players, seed=SEED)
    worker = hub.tables()[0]
    table_topic = topics.table(VENUE, "hub1", worker.table.id)
    secrets_of_the_hub = [str(SEED), hub.host_pin, *hub.tokens(worker.table.id).values()]
    rng = random.Random(game)
    seen = secrets_checked = 0
    for _ in range(moves):
        state = worker.table.state
        wait_for(lambda: (recorder.json(table_topic) or {}).get("actions") == len(worker.table.history),
                 what="the board to see the move")
        messages = recorder.all()
        fresh = [payload.decode() for _, payload in messages[seen:]]
        seen = len(messages)
        for seat in range(1, players + 1):
            for secret in state.hidden_strings(seat):
                secrets_checked += 1
                assert not any(secret in text for text in fresh), f"seat {seat}'s {secret!r} was published"
        for secret in secrets_of_the_hub:
            assert not any(secret in text for text in fresh), "a seed, token or PIN was published"
        acting = [seat for seat in state.to_act if seat != 0]
        if not acting or worker.status != "playing":
            break
        seat = rng.choice(acting)
        action = rng.choice(state.legal_actions(seat))
        worker.post(Act(seat, str(action), "phone")).result(10)
    assert seen > 3, "the game was published move by move"
    assert secrets_checked > 0, "the seats held secrets to look for"
