"""A whole 4-ruler Watch played at a physical table: pods, a QR scanner and GPIO buttons alone.

Every Chronicle card dealt, every Harrow, every card stolen or lost is resolved by scanning the
physical card at the seat its action's ``supplier()`` names (ruling R-11). A card that cannot be
the one drawn (another deck, a card in a ruler's hand) is refused in words and changes nothing.
"""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest

from console.games import find_game
from console.games.core import CHANCE, State
from console.physical.composer import Refusal
from console.physical.tagstore import TagStore
from tests.helpers.rig import SeatKit, SimulatedRig
from tests.helpers.scripted import ScriptError, TableDriver

pytestmark = pytest.mark.slow

# A short Chronicle with one copy of each card, so a card in a hand is nowhere in a deck.
OPTIONS = {"max_rounds": 16, "copies": "single"}
SEED = 9  # two landfalls, alliances offered and accepted, a Spy's steal, Black Plot's losses
KITS = {
    1: SeatKit("pod-text", "pod"),
    2: SeatKit("pod-uid", "gpio"),
    3: SeatKit("qr", "gpio"),
    4: SeatKit("pod-text", "pod"),
}


class TriesWrongCardsFirst(TableDriver):
    """Before a card is dealt into a hand, the ruler first scans a Harrow (another deck) and,
    when a ruler holds one, a card already in a hand; each must be refused and change nothing."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.tried: list[tuple[str, str]] = []
        self.names = find_game("watch").catalog()

    def step(self) -> None:
        state = self.state
        if state.to_act == (CHANCE,) and self.composer.waits_for_scan(state):
            deals = [a for a in state.legal_actions(CHANCE) if a.verb == "deal" and a.supplier()]
            if deals:
                seat = deals[0].supplier()
                assert seat is not None
                self._try(seat, "x-ashen-wind", "wrong deck")
                held = [card for hand in state.hands[1:] for card in hand]  # type: ignore[attr-defined]
                if held:
                    self._try(seat, held[0], "in a hand")
        super().step()

    def _try(self, seat: int, card: str, why: str) -> None:
        before = self.state.view(None), [self.state.view(s) for s in range(1, 5)]
        player = self.players[seat]
        player.scanner.scan(player.physical(card))
        outcome = self.next_outcome(seat)
        if not isinstance(outcome, Refusal):
            raise ScriptError(f"seat {seat} scanned a card {why} and the table said {outcome}")
        assert card not in outcome.message and self.names[card] not in outcome.message
        assert (self.state.view(None), [self.state.view(s) for s in range(1, 5)]) == before
        self.tried.append((why, outcome.message))


@pytest.fixture
def tags() -> TagStore:
    return TagStore(sqlite3.connect(":memory:"))


def play(state: State, tags: TagStore) -> TriesWrongCardsFirst:
    game = find_game("watch")
    with SimulatedRig(game, KITS, tags, copies=1) as rig:
        rig.wait_ready()
        from console.physical.cardmap import CardMap
        from console.physical.composer import Composer

        driver = TriesWrongCardsFirst(
            state,
            Composer(game, CardMap(game, tags)),
            rig.events,
            rig.players,
            random.Random(SEED),
            rig.timeout_s,
        )
        driver.play()
    return driver


def test_a_whole_four_ruler_watch_is_played_by_scanning_its_physical_cards(tags: TagStore) -> None:
    game = find_game("watch")
    state = game.new(4, seed=SEED, options=OPTIONS)
    driver = play(state, tags)
    assert state.outcome() is not None
    verbs = Counter(action.verb for action in driver.applied)
    assert verbs["harrow"] >= 1, "a landfall: its Harrow scanned by the ruler who closed the round"
    assert verbs["accept"] >= 1, "an alliance"
    assert verbs["deal"] and verbs["steal"] and verbs["lose"]
    scanned = [a for a in driver.applied if a.seat == CHANCE and a.cards()]
    assert scanned and all(a.supplier() for a in scanned)
    whys = Counter(why for why, _ in driver.tried)
    assert whys["wrong deck"] and whys["in a hand"]
    assert {message for _, message in driver.tried} <= {
        f"seat {s}: that card is not one you can reveal now" for s in range(1, 5)
    }
    assert len(driver.refusals) == len(driver.tried)
    replayed = game.replay(4, SEED, OPTIONS, [str(action) for action in driver.applied])
    assert replayed.view(None) == state.view(None)
    for seat in range(1, 5):
        assert replayed.view(seat) == state.view(seat)
