"""Deck-check benchmarks for ``tabletop bench cards``: figures, never pass/fail.

* ``cards.check_60_s``: a 60-card deck of the default game (its catalog's cards, two or three
  copies each, every copy enrolled) checked through a simulated pod on a real pty, as
  ``tabletop cards check`` does it: each card laid on one of the pod's readers in turn and lifted
  once counted, under the hub's 300 ms stable window. Seconds from the first card laid to the
  report. At most 60.
"""

from __future__ import annotations

import sqlite3
import threading
import time

from console.games import DEFAULT_GAME, find_game
from console.inputs.event_queue import EventQueue
from console.inputs.events import CardScanned
from console.inputs.pods import PodSource
from console.inputs.simulated import SimulatedPod
from console.physical.copies import CopyStore, DeckSession
from console.physical.tagstore import TagStore

DECK = 60
STABLE_S = 0.3


def check_deck_s(cards: int = DECK, readers: int = 4) -> float:
    game = find_game(DEFAULT_GAME)
    catalog = list(game.catalog())
    connection = sqlite3.connect(":memory:", check_same_thread=False)
    tags = TagStore(connection)
    deck = [(f"04{number:012X}", catalog[number % len(catalog)]) for number in range(cards)]
    for uid, card in deck:
        tags.enrol(uid, game.name, card)
    session = DeckSession(game, tags, CopyStore(connection))
    events = EventQueue()
    with SimulatedPod(seat=0, readers=readers, poll_ms=20, miss_limit=3) as pod:
        source = PodSource(pod.path, events.post, name="check", seat=1, stable_s=STABLE_S).start()
        try:
            pod.wait_sent("$HELLO,", after=1)  # the command has opened the port and asked HELLO?
            counted = threading.Event()
            started = time.perf_counter()

            def person() -> None:
                for number, (uid, _) in enumerate(deck):
                    counted.clear()
                    reader = 1 + number % readers
                    pod.place(uid, reader=reader)
                    if not counted.wait(5):
                        raise RuntimeError(f"card {number + 1} was never counted")
                    pod.remove(reader=reader, wait=False)

            hands = threading.Thread(target=person, daemon=True)
            hands.start()
            while not session.check.done:
                scan = events.wait_for(lambda e: isinstance(e, CardScanned), 10)
                if not isinstance(scan, CardScanned):
                    raise RuntimeError("the deck check heard no card for 10 s")
                session.scan(scan)
                counted.set()
            report = session.finish()
            elapsed = time.perf_counter() - started
            hands.join(5)
        finally:
            source.close()
    if not report.complete:
        raise RuntimeError(f"the benchmark's deck should be complete: {report.to_json()}")
    return elapsed


def benchmarks() -> list[dict[str, object]]:
    return [{"name": "cards.check_60_s", "value": check_deck_s(), "unit": "s"}]


if __name__ == "__main__":
    for figure in benchmarks():
        print(f"{figure['name']:<40} {figure['value']:>12.3f} {figure['unit']}")
