"""A read's note (``Game.choice_notes``) is what the rules then bank: the Renown the seat has after
reading is what it had plus the note's number."""

import random
import re

from console.games.core import CHANCE
from console.games.wheels import GAME
from console.games.wheels.actions import Read
from console.games.wheels.state import WheelsState
from console.i18n.said import Said

BANKS = re.compile(r"^banks (\d+) Renown now$")


def test_every_read_banks_what_its_note_says() -> None:
    reads = 0
    rng = random.Random(3)
    for seed in range(8):
        state = GAME.new(2, seed, {})
        assert isinstance(state, WheelsState)
        while state.outcome() is None:
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            notes = GAME.choice_notes(state, seat, legal)
            assert set(notes) == {str(a) for a in legal if isinstance(a, Read)}, notes
            read = next((a for a in legal if isinstance(a, Read)), None) if rng.random() < 0.3 else None
            chosen = read or rng.choice(legal)
            before = state.seats[seat - 1].banked
            state.apply(chosen)
            if isinstance(chosen, Read):
                note = notes[str(chosen)]
                assert isinstance(note, Said), note  # a sentence each phone says in its language
                match = BANKS.match(GAME.speaker().render(note))
                assert match, notes[str(chosen)]
                assert state.seats[seat - 1].banked - before == int(match[1])
                reads += 1
    assert reads >= 20, reads
