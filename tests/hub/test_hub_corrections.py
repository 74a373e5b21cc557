"""A correction at a physical table: seats played with pods answer with OK (or BACK, which
cancels), the withdrawn cards go back where the corrected game says (the re-check asks each seat
for its own), and the correction tells nobody what a withdrawn face-down card was."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from console.hub.service import Hub
from console.hub.worker import Act, Barrier, Correct, Input, TableWorker
from console.inputs.events import ButtonPressed, Key

MakeHub = Callable[..., Hub]
TIMEOUT = 10


def payload(worker: TableWorker, seat: int | None) -> Any:
    return json.loads(worker.channel.snapshot.payloads[seat])


def press(worker: TableWorker, seat: int, key: Key) -> None:
    worker.post(Input(ButtonPressed(seat, key, source=f"pod{seat}"))).result(TIMEOUT)


def test_a_host_correction_at_a_pod_table_rechecks_the_cards_and_reveals_nothing(make_hub: MakeHub) -> None:
    hub = make_hub(game="wisteria", seats=("pod", "pod"))
    worker = hub.tables()[0]
    deadline = time.monotonic() + TIMEOUT
    while worker.table.state.to_act != (1, 2) and time.monotonic() < deadline:
        worker.post(Barrier()).result(TIMEOUT)
    before = {seat: payload(worker, seat)["view"] for seat in (None, 1, 2)}
    at = len(worker.table.history)
    worker.post(Act(1, "1:battle", "pod")).result(TIMEOUT)
    worker.post(Act(2, "2:battle", "pod")).result(TIMEOUT)  # both shown, cards dealt face down
    while worker.table.state.to_act == (0,) and time.monotonic() < deadline:
        worker.post(Barrier()).result(TIMEOUT)
    # Each pod is asked: BACK at one cancels; asked again, OK at both makes it.
    assert worker.post(Correct(at)).result(TIMEOUT) == 2
    press(worker, 2, Key.BACK)
    assert payload(worker, None)["correction"] is None
    assert "Seat 2 refused" in payload(worker, None)["problem"]
    assert payload(worker, None)["problem_said"]["values"] == {"seat": {"seat": 2}}  # each page names it
    assert hub.journal.corrections(worker.table.id) == []
    assert worker.post(Correct(at)).result(TIMEOUT) == 2
    press(worker, 1, Key.OK)
    assert payload(worker, None)["correction"]["waiting"] == [2]
    press(worker, 2, Key.OK)
    assert {seat: payload(worker, seat)["view"] for seat in (None, 1, 2)} == before
    [correction] = hub.journal.corrections(worker.table.id)
    assert correction.kind == "host" and correction.confirmed == (1, 2)
    # The cards go back where the corrected game has them: each seat re-scans its own, and play
    # waits for it.
    public = payload(worker, None)
    assert "re-checking the cards in play" in public["problem"]
    names = worker.table.game.catalog()
    slots = worker.table.state.cards_in_play()
    for seat in (1, 2):
        cards = sorted(entry["card"] for entry in payload(worker, seat)["cursor"]["recheck"]["cards"])
        assert cards == sorted(names[slot.card] for slot in slots if slot.seat == seat)
    # What the table was told of the correction names no card and no move: only how many moves
    # went and who agreed, so a withdrawn face-down card stays secret.
    told = json.loads(
        [event.json for event in worker.channel.events_after(0, None, upto=public["last_id"])][-1]
    )
    assert told == {
        "id": public["last_id"],
        "action": at,
        "kind": "correction",
        "count": len(correction.withdrawn),
        "confirmed": [1, 2],
        "text": f"The host withdrew {len(correction.withdrawn)} actions, confirmed by seat 1 and seat 2",
        "said": {  # the same words for each phone to say in its own language: no card, no move
            "id": "The host withdrew %(num)s action, confirmed by %(seats)s",
            "plural": "The host withdrew %(num)s actions, confirmed by %(seats)s",
            "values": {"num": len(correction.withdrawn), "seats": {"list": [{"seat": 1}, {"seat": 2}]}},
        },
    }
