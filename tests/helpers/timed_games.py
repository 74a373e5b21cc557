"""Games journalled as a hub journals them, with the time each action took: a person's, a bot's
and the dealer's, for the tests of the pace a hub learns (console/hub/pace.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from console.bots import bots_for, decide
from console.games.core import CHANCE
from console.hub.handovers import Handover
from console.hub.store import HubStore
from console.journal import Journal
from console.table import Table

BOT_S = 0.8
DEALER_S = 0.4
START = 1_800_000_000.0


class Clock:
    """The journal's clock, moved on by hand before each action."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


def timed_game(
    journal: Journal,
    game: str,
    seats: Mapping[int, str],
    person_s: float,
    seed: int = 1,
    chance: str = "virtual",
    handovers: Mapping[int, Handover] | None = None,
    pauses: Mapping[int, float] | None = None,
    limit: int | None = None,
) -> int:
    """A game at a hub table, as the hub journals it: the normal bot chooses every seat's moves,
    but a seat a person plays takes ``person_s`` over each, a bot ``BOT_S`` and the dealer
    ``DEALER_S`` (a person's ``person_s`` where chance is physical: the card is scanned).
    ``handovers`` hand a seat over before that action; ``pauses`` add seconds before the first
    person's action from that action on."""
    clock = Clock()
    table = Table.start(journal, game, len(seats), seed, clock=clock)
    store = HubStore(journal)
    store.add_table(table.id, chance, "normal", dict(seats))
    with journal.lock, journal.transaction():
        journal.connection.execute("INSERT INTO hub_started VALUES (?, ?)", (table.id, START))
    controllers = dict(seats)
    waiting = 0.0
    bots = bots_for(table.game, len(seats), "normal")
    while table.state.to_act and (limit is None or table.journalled < limit):
        step = table.journalled
        if handovers and step in handovers:
            handover = handovers[step]
            store.hand_over(table.id, handover)
            controllers[handover.seat] = handover.controller
        seat = table.state.to_act[0]
        waiting += (pauses or {}).get(step, 0.0)
        if seat == CHANCE:
            action = table.chance_action()
            persons = chance == "physical"
        else:
            action = decide(bots[seat], table.state, seat, random.Random(f"{seed}:{step}"))
            persons = controllers[seat] != "bot"
        clock.now += person_s if persons else DEALER_S if seat == CHANCE else BOT_S
        if persons:
            clock.now, waiting = clock.now + waiting, 0.0
        table.submit(action)
    return table.id
