"""A tagged copy in a ruler's hand cannot be the card drawn: with several copies of a card (the
Watch's rarity), scanning the very tag dealt to a hand earlier is refused and changes nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from console.games import find_game
from console.games.core import CHANCE, Action, State
from console.inputs.events import CardScanned
from console.journal import Journal
from console.physical.cardmap import card_text
from console.physical.seats import Note, PhysicalSeats, Play

CONTROLLERS = {seat: "pod" for seat in range(1, 5)}


def to_next_deal(state: State, rng: random.Random) -> list[Action]:
    """Play on (first legal actions, random chance) until chance deals a card into a hand."""
    while not state.is_over:
        if state.to_act == (CHANCE,):
            deals = [a for a in state.legal_actions(CHANCE) if a.verb == "deal"]
            if deals:
                return deals
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions(state.to_act[0])
            ends = [a for a in legal if a.verb in ("end", "draw")]
            state.apply((ends or legal)[rng.randrange(len(ends or legal))])
    raise AssertionError("no deal before the end")


def scan(seats: PhysicalSeats, state: State, seat: int, card: str, uid: str) -> Play | Note | None:
    event = CardScanned(seat, uid=uid, text=card_text("watch", card), source=f"pod{seat}")
    return seats.handle(event, state, CONTROLLERS)


@pytest.mark.parametrize("restart", [False, True])
def test_the_tag_dealt_into_a_hand_is_refused_for_a_later_draw_and_another_copy_is_taken(
    tmp_path: Path, restart: bool
) -> None:
    """``restart``: the hub stops after the deal and starts again; the journal's file still knows
    which tagged copy is in whose hand."""
    game = find_game("watch")
    state, rng = game.new(4, seed=5, options={"copies": "rarity", "max_rounds": 30}), random.Random(5)
    journal = Journal(tmp_path / "journal.db")
    seats = PhysicalSeats(game, journal, table_id=1)
    first_copy = "04AAAAAAAAAA01"
    while True:  # the first deal of a card that has another copy left in its deck
        deals = to_next_deal(state, rng)
        weights = dict(state.chance_outcomes())
        several = [a for a in deals if weights.get(a, 0) >= 2]
        if several:
            dealt = several[0]
            break
        state.apply(deals[0])
        seats.acted(state)
    card, holder = dealt.cards()[0], dealt.supplier()
    assert holder is not None
    played = scan(seats, state, holder, card, first_copy)
    assert isinstance(played, Play)
    state.apply(played.action)
    seats.acted(state)
    assert card in state.hands[holder]  # type: ignore[attr-defined]
    while True:  # the next deal for which that card can still be drawn
        deals = to_next_deal(state, rng)
        again = [a for a in deals if a.cards() == (card,)]
        if again and card in state.hands[holder]:  # type: ignore[attr-defined]
            break
        state.apply(deals[0])
        seats.acted(state)
    seat = again[0].supplier()
    assert seat is not None
    if restart:
        journal.close()
        journal = Journal(tmp_path / "journal.db")
        seats = PhysicalSeats(game, journal, table_id=1)
        assert seats.held.holder[first_copy] == (holder, card)
    before = state.view(None), [state.view(s) for s in range(1, 5)]
    refused = scan(seats, state, seat, card, first_copy)
    assert isinstance(refused, Note) and "in a ruler's hand" in refused.message
    assert card not in refused.message and game.catalog()[card] not in refused.message
    assert (state.view(None), [state.view(s) for s in range(1, 5)]) == before
    taken = scan(seats, state, seat, card, "04AAAAAAAAAA02")  # another copy, from the deck
    assert isinstance(taken, Play) and taken.action == again[0]
