"""A card on the wrong reader with several uses at the seat it was meant for: the host's move
narrows that seat's choices to the card, the seat chooses with OK, and the action it makes carries
the note; a card the seat itself can use is its own, never offered."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from console.games import find_game
from console.games.core import CHANCE, State
from console.inputs.events import ButtonPressed, CardScanned, Key
from console.journal import Journal
from console.physical.cardmap import card_text
from console.physical.seats import Note, PhysicalSeats, Play

CONTROLLERS = {1: "pod", 2: "pod"}


def a_turn_with_a_card_of_several_uses() -> tuple[State, int, str]:
    """A Wheels state where one seat alone acts and a card of its has at least two uses."""
    game = find_game("wheels")
    state, rng = game.new(2, seed=3), random.Random(3)
    while not state.is_over:
        if state.to_act == (CHANCE,):
            state.apply(state.sample_chance(rng))
            continue
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        uses = Counter(card for action in legal for card in set(action.cards()))
        several = sorted(card for card, count in uses.items() if count >= 2)
        if len(state.to_act) == 1 and several:
            return state, seat, several[0]
        state.apply(rng.choice(legal))
    raise AssertionError("no such turn")


def test_a_moved_card_of_several_uses_narrows_the_seat_it_was_meant_for(tmp_path: Path) -> None:
    state, seat, card = a_turn_with_a_card_of_several_uses()
    other = 3 - seat
    seats = PhysicalSeats(state.game, Journal(tmp_path / "journal.db"))
    scan = CardScanned(other, "04AB000000000001", card_text("wheels", card), f"pod{other}")
    refused = seats.handle(scan, state, CONTROLLERS)
    assert isinstance(refused, Note) and f"meant for seat {seat}?" in refused.message
    assert card not in refused.message and state.game.catalog()[card] not in refused.message
    assert seats.offer() == {"at": other, "seat": seat}

    moved = seats.move_misplaced(state, CONTROLLERS)
    assert moved == Note(seat) and seats.offer() is None
    cursor = seats.composer.cursor(seat, state)
    assert cursor.cards == (card,) and len(cursor.choices) >= 2
    assert all(card in action.cards() for action in cursor.choices)
    played = seats.handle(ButtonPressed(seat, Key.OK, source=f"pod{seat}"), state, CONTROLLERS)
    assert isinstance(played, Play) and played.action == cursor.highlighted
    assert seats.moved_note(played.action) == (
        f"seat {seat}'s card, laid on seat {other}'s reader, moved there by the host"
    )
    state.apply(played.action)
    seats.acted(state)
    assert seats.moved_note(played.action) == ""  # the note goes with that one action


def test_a_card_the_seat_itself_can_use_is_its_own_and_never_offered(tmp_path: Path) -> None:
    state, seat, card = a_turn_with_a_card_of_several_uses()
    seats = PhysicalSeats(state.game, Journal(tmp_path / "journal.db"))
    scan = CardScanned(seat, "04AB000000000002", card_text("wheels", card), f"pod{seat}")
    assert not isinstance(seats.handle(scan, state, CONTROLLERS), Play)  # narrowed, not refused
    assert seats.offer() is None and seat not in seats.refusals
