"""Whole games played through simulated pods, a QR scanner and GPIO buttons alone.

Nothing reaches the engine except through the hub's sources: pods on real ptys, a QR scanner on
a pty, buttons on gpiozero mock pins, one queue, the composer. The game must end, and its
action log must replay to the same table.
"""

from __future__ import annotations

import random
import sqlite3
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest

from console.games import find_game
from console.inputs.simulated import SimulatedPod
from console.physical.tagstore import TagStore
from tests.helpers.rig import SeatKit, SimulatedRig
from tests.helpers.scripted import PhysicalCard, PodReader, TableDriver

SMALL_DECK = {"deck": "1 2 3 4 5 6 1 2 3 4 5 6"}  # 12 cards: a whole game in a few dozen actions
MIXED_TABLE = {
    1: SeatKit(scan="pod-text", press="pod"),  # tags with NDEF text, the pod's own buttons
    2: SeatKit(scan="pod-uid", press="gpio"),  # bare tags enrolled in the journal, Pi buttons
    3: SeatKit(scan="qr", press="gpio"),  # printed QR cards on a serial scanner, Pi buttons
}


@pytest.fixture
def tags() -> TagStore:
    return TagStore(sqlite3.connect(":memory:"))


def assert_replays(
    game_name: str, players: int, seed: int, options: dict[str, Any], driver: TableDriver
) -> None:
    game = find_game(game_name)
    replayed = game.replay(players, seed, options, [str(action) for action in driver.applied])
    assert replayed.view(None) == driver.state.view(None)
    assert replayed.outcome() == driver.state.outcome()


def test_a_complete_wisteria_game_is_played_through_pods_a_qr_scanner_and_buttons_alone(
    tags: TagStore,
) -> None:
    game = find_game("wisteria")
    state = game.new(3, seed=0, options=SMALL_DECK)
    with SimulatedRig(game, MIXED_TABLE, tags) as rig:
        driver = rig.play(state, random.Random(0))
    outcome = state.outcome()
    assert outcome is not None and "Total Control" in outcome.reason
    verbs = Counter(action.verb for action in driver.applied)
    assert verbs["draw"] and verbs["facedown"] and verbs["battle"] and verbs["retreat"]
    assert driver.refusals == []
    assert_replays("wisteria", 3, 0, SMALL_DECK, driver)


def test_a_complete_wheels_game_is_played_through_a_pod_a_qr_scanner_and_buttons_alone(
    tags: TagStore,
) -> None:
    game = find_game("wheels")
    state = game.new(2, seed=1)
    kits = {1: SeatKit(scan="pod-uid", press="pod"), 2: SeatKit(scan="qr", press="gpio")}
    with SimulatedRig(game, kits, tags) as rig:
        driver = rig.play(state, random.Random(1))
    assert state.outcome() is not None
    verbs = Counter(action.verb for action in driver.applied)
    assert verbs["set"] and verbs["draw"] and verbs["swap"]
    assert driver.refusals == []
    assert_replays("wheels", 2, 1, {}, driver)


@dataclass
class PullsTheCable:
    """Seat hands that pull the pod's cable around every ``every``-th scan."""

    reader: PodReader
    every: int
    reboot: bool
    scans: int = 0
    pulls: int = 0

    def scan(self, card: PhysicalCard) -> None:
        self.scans += 1
        pod: SimulatedPod = self.reader.pod
        if self.scans % self.every:
            self.reader.scan(card)
            return
        self.pulls += 1
        pod.unplug()
        if self.reboot:  # a bus-powered pod is off while unplugged: the scan comes after
            pod.replug(reboot=True)
            self.reader.scan(card)
        else:  # a pod on a powered hub keeps reading while its link is down
            self.reader.scan(card)
            pod.replug()


@pytest.mark.parametrize("reboot", [False, True], ids=["link-down", "pod-rebooted"])
def test_unplugging_a_pod_during_play_loses_and_doubles_no_scan(tags: TagStore, reboot: bool) -> None:
    game = find_game("wisteria")
    state = game.new(2, seed=3, options=SMALL_DECK)
    kits = {1: SeatKit("pod-text", "pod"), 2: SeatKit("pod-uid", "pod")}
    with SimulatedRig(game, kits, tags) as rig:
        cable = PullsTheCable(rig.players[1].scanner, every=3, reboot=reboot)  # type: ignore[arg-type]
        rig.players[1].scanner = cable
        driver = rig.play(state, random.Random(3))
        lost = rig.sources[0].stats
    assert state.outcome() is not None
    assert cable.pulls >= 3
    assert driver.refusals == []
    assert lost["disconnects"] == cable.pulls
    assert_replays("wisteria", 2, 3, SMALL_DECK, driver)


def test_a_person_can_watch_a_simulated_game_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tests.helpers.rig import main

    assert main(["wisteria", "--players", "3", "--seed", "1", "--option", "deck='1 2 3 4 5 6 6 5 4'"]) == 0
    out = capsys.readouterr().out
    assert "seat 3: scans with qr, presses gpio buttons" in out
    assert "outcome: Outcome(winners=(3,)" in out


def test_a_seat_with_a_qr_scanner_cannot_press_pod_buttons() -> None:
    with pytest.raises(ValueError, match="gpio buttons"):
        SeatKit(scan="qr", press="pod")
