"""Nothing secret reaches the venue: games are played at random through the hub, and after every
move each seat's hidden strings (``State.hidden_strings``), the seed, the seat tokens (the join
codes carry them) and the host PIN are looked for in every message the board user could read."""

from __future__ import annotations

import random

import pytest

from console.hub.service import Hub
from console.hub.worker import Act, TableWorker
from console.venue import topics
from tests.venue.conftest import VENUE, MakeHub, Recorder, wait_for

SEED = 8_675_309_123_457  # long enough that no timestamp or count contains it by chance
GAMES = [
    ("wheels", 2, 80),
    pytest.param("wisteria", 2, 80, marks=pytest.mark.slow),  # its 80 moves send the most messages
    ("watch", 3, 40),
]


@pytest.mark.parametrize(("game", "players", "moves"), GAMES)
def test_no_published_message_holds_a_secret(
    game: str, players: int, moves: int, make_hub: MakeHub, recorder: Recorder
) -> None:
    hub = make_hub("hub1", game=game, seats=("phone",) * players, seed=SEED)
    worker = hub.tables()[0]
    table_topic = topics.table(VENUE, "hub1", worker.table.id)
    secrets_of_the_hub = [str(SEED), hub.host_pin, *hub.tokens(worker.table.id).values()]
    rng = random.Random(game)
    seen = secrets_checked = calls_checked = 0
    for _ in range(moves):
        state = worker.table.state
        wait_for(
            lambda: (recorder.json(table_topic) or {}).get("actions") == len(worker.table.history),
            what="the board to see the move",
        )
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
        calls_checked += _judge_call_holds_no_secret(hub, worker.table.id, seat, recorder, players)
        action = rng.choice(state.legal_actions(seat))
        worker.post(Act(seat, str(action), "phone")).result(10)
    assert seen > 3, "the game was published move by move"
    assert calls_checked > 3, "judge calls were raised along the game"
    assert secrets_checked > 0, "the seats held secrets to look for"


def _judge_call_holds_no_secret(hub: Hub, table_id: int, seat: int, recorder: Recorder, players: int) -> int:
    """The acting seat calls a judge (the table as it stands now); the call the board can read
    holds none of any seat's hidden strings. The call is then closed, so the next can be raised."""
    publisher = hub.venue
    call = publisher.raise_judge_call(table_id, seat)
    topic = topics.call(VENUE, "hub1", call["call_id"])
    published = wait_for(lambda: recorder.latest.get(topic), what="the judge call").decode()
    state = hub.tables()[0].table.state
    for other in range(1, players + 1):
        for secret in state.hidden_strings(other):
            assert secret not in published, f"seat {other}'s {secret!r} went out with a judge call"
    publisher._judge_answered({"call_id": call["call_id"], "state": "closed", "judge": "Jo"})
    return 1


@pytest.mark.parametrize("game", ["wheels", "wisteria"])
def test_a_different_secret_choice_publishes_the_same_messages(
    game: str, make_hub: MakeHub, recorder: Recorder
) -> None:
    """Two hubs play the same game move for move until seats choose at once in secret; there one
    seat's choice differs between the hubs. What the venue hears from each must be the same."""
    hubs = [make_hub(name, game=game, seats=("phone", "phone"), seed=SEED) for name in ("hub1", "hub2")]
    workers = [hub.tables()[0] for hub in hubs]
    rng = random.Random(7)
    compared = 0
    for _ in range(200):
        state = workers[0].table.state
        if workers[0].status != "playing":
            break
        acting = [seat for seat in state.to_act if seat != 0]
        if len(acting) >= 2:
            seat = acting[0]
            choices = state.legal_actions(seat)
            if len(choices) >= 2:
                for worker, choice in zip(workers, rng.sample(choices, 2), strict=True):
                    worker.post(Act(seat, str(choice), "phone")).result(10)
                published = [
                    _published(recorder, name, worker)
                    for name, worker in zip(("hub1", "hub2"), workers, strict=True)
                ]
                assert published[0] == published[1], "a secret choice changed what the venue was told"
                compared += 1
                break
        seat = rng.choice(acting)
        action = str(rng.choice(state.legal_actions(seat)))
        for worker in workers:
            worker.post(Act(seat, action, "phone")).result(10)
    assert compared == 1, "the game reached a secret choice made by two seats at once"


def _published(recorder: Recorder, hub: str, worker: TableWorker) -> dict[str, object]:
    """The hub's last published table state once it covers every move, without the hub's name."""
    table = worker.table

    def latest() -> dict[str, object] | None:
        state = recorder.json(topics.table(VENUE, hub, table.id))
        if not state or state["actions"] != len(table.history):
            return None
        return {key: value for key, value in state.items() if key != "hub"}

    found: dict[str, object] = wait_for(latest, what=f"{hub}'s table")
    return found
