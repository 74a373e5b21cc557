"""A choice's numbers (``Game.choice_notes``) are what the rules then do: a strike's powers and
losses are the combat's, a price leaves exactly the stores the ruler then holds. Each note is a
sentence each screen says in its language; these read its English."""

import random
import re
from collections import Counter
from collections.abc import Mapping

import pytest

from console.games.core import CHANCE, Event
from console.games.watch import GAME
from console.games.watch.rules.board import POINT_INDEX
from console.games.watch.rules.ledger import RESOURCE_NAMES
from console.games.watch.state import WatchState
from console.i18n.said import Said
from tests.games.watch.watch_table import Table

WAR = ("recruit", "activate", "move", "strike")
NUMBERS = re.compile(r"your (\d+) against (\d+) .*: (you win|they hold).*; you lose (\d+).*, they lose (\d+)")


def english(notes: Mapping[str, Said | str]) -> dict[str, str]:
    speaker = GAME.speaker()
    return {
        notation: speaker.render(note) if isinstance(note, Said) else note for notation, note in notes.items()
    }


def _leaves(note: str) -> dict[int, int]:
    """ "...; leaves 0 Grain, 0 Wood and 1 Stone" as {resource index: amount}."""
    left = note.split("leaves ", 1)[1].split(";", 1)[0]
    held = {}
    for part in re.split(", | and ", left):
        amount, name = part.split(" ")
        held[RESOURCE_NAMES.index(name.lower())] = int(amount)
    return held


def test_every_chosen_note_is_what_the_rules_then_do() -> None:
    checked: Counter[str] = Counter()
    rng = random.Random(7)
    for seed in range(6):
        state = GAME.new(4, seed, {"max_rounds": 10})
        assert isinstance(state, WatchState)
        while state.outcome() is None:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            # war when it can: a uniform random walk rarely raises an army and strikes
            war = [action for action in legal if action.verb in WAR]
            action = rng.choice(war if war and rng.random() < 0.7 else legal)
            note = (
                english(GAME.choice_notes(state, seat, [action])).get(str(action), "")
                if seat != CHANCE
                else ""
            )
            events = state.apply(action)
            if action.verb == "strike":
                _check_strike(note, events, seat)
                checked["strike"] += 1
            elif "leaves " in note:
                for index, amount in _leaves(note).items():
                    assert state.stores[seat][index] == amount, (str(action), note, state.stores[seat])
                checked[action.verb] += 1
    assert len(checked) >= 6, checked


def _check_strike(note: str, events: list[Event], seat: int) -> None:
    combat = next(event.data for event in events if event.kind == "combat")
    found = NUMBERS.search(note)
    assert found, note
    attack, defence, result, lost, killed = found.groups()
    assert (int(attack), int(defence)) == (combat["attack"], combat["defence"]), note
    assert (result == "you win") == (combat["winner"] == seat), note
    assert (int(lost), int(killed)) == (combat["attacker_loss"], combat["defender_loss"]), note


# The rule book's worked examples, at places of ruler 2's founding: i25 an open field, i35 their
# settlement (their road runs to i30), i26 their city (their road runs to i21).
@pytest.mark.parametrize(
    ("attackers", "defenders", "start", "target", "walled", "words"),
    [
        (
            4,
            2,
            "i19",
            "i25",
            False,
            "your 4 against 2 (their 2 in the field): you win; you lose 2, they lose 2",
        ),
        (3, 3, "i19", "i25", False, "they hold, as a tie goes to the defender"),
        (5, 2, "i30", "i35", False, "against 3 (their 2 + 1 for the settlement): you win; you lose 4 (3 + 1"),
        (2, 0, "i30", "i35", False, "your 2 against 0 (an unguarded settlement): you win; you lose 1 (0 + 1"),
        (5, 1, "i21", "i26", False, "your 5 against 3 (their 1 + 2 for the city): you win"),
        (5, 2, "i21", "i26", True, "your 5 against 5 (their 2 + 3 for the walled city): they hold"),
        (4, 3, "i21", "i26", False, "your 4 against 5"),
        (1, 0, "i21", "i26", True, "your 1 against 0 (an unguarded walled city): you win"),
    ],
)
def test_a_strike_says_both_powers_and_its_outcome_before_it_is_made(
    attackers: int, defenders: int, start: str, target: str, walled: bool, words: str
) -> None:
    table = Table(2)
    if target == "i25":
        table.road(1, start, target)
    table.army(1, start, attackers, active=True)
    if defenders:
        table.army(2, target, defenders)
    table.state.walls[POINT_INDEX[target]] = walled
    strike = f"1:strike {start} {target}"
    note = english(GAME.choice_notes(table.state, 1, table.state.legal_actions(1)))[strike]
    assert words in note, note
    _check_strike(note, table.do(strike), 1)


def test_founding_sites_say_what_they_touch_and_cost_nothing() -> None:
    state = GAME.new(2, 1, {"layout": "reference"})
    notes = english(GAME.choice_notes(state, 1, state.legal_actions(1)))
    assert notes and all(note.startswith("touches ") and "costs" not in note for note in notes.values())
    assert all(note.endswith("a round, and as much to start") for note in notes.values())
