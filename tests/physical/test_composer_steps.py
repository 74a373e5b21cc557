"""The pod's cursor walks the same steps as the phone (console/games/steps.py): with nothing
scanned UP and DOWN walk the first steps, OK on a card narrows as a scan of it does, OK on a
folded list or a stack opens it, OK on a one-tap choice commits, BACK returns to the first step.
And a pod seat and a phone seat are offered the same first steps for the same state."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from console.games import find_game
from console.games.core import CHANCE, State
from console.games.steps import CardStep, Choice, steps_for
from console.games.wheels import GAME as WHEELS
from console.hub.views import build_snapshot, dumps
from console.inputs.events import Key
from console.journal import Journal
from console.physical.composer import Committed, Composer, Cursor, CursorMoved
from console.physical.feedback import CHOOSING, TURN
from console.physical.seats import PhysicalSeats
from console.table import Table
from tests.physical.test_composer_wheel_seal import first_turn


def first_step_keys(state: State, seat: int) -> list[str]:
    """What the phone's first look offers, as the cursor names its entries."""
    game = state.game
    return [
        str(step.action) if isinstance(step, Choice) else step.key
        for step in steps_for(game, state.legal_actions(seat), state.view(seat)).first()
    ]


def moved(outcome: object) -> Cursor:
    assert isinstance(outcome, CursorMoved), outcome
    return outcome.cursor


def test_with_nothing_scanned_the_cursor_walks_the_first_steps_in_their_words() -> None:
    state = first_turn()
    cursor = Composer(WHEELS).cursor(1, state)
    assert [entry.key for entry in cursor.entries] == first_step_keys(state, 1)
    steps = steps_for(WHEELS, state.legal_actions(1), state.view(1))
    assert [entry.words for entry in cursor.entries] == [steps.line(step) for step in steps.first()]
    assert (
        "Set a wheel on an empty shelf (spends the turn): Cart Wheel (6 ways)" in cursor.to_json(1)["labels"]
    )
    assert cursor.prompt == "scan a card or choose" and cursor.opened == ""


def test_ok_on_a_card_narrows_exactly_as_a_scan_of_it_does_and_back_returns_to_the_first_step() -> None:
    state = first_turn()
    pressing, scanning = Composer(WHEELS), Composer(WHEELS)
    cursor = pressing.cursor(1, state)
    card = next(i for i, entry in enumerate(cursor.entries) if entry.key == "set cart-wheel")
    for _ in range(card):
        pressing.press(1, Key.DOWN, state)
    assert cursor.entries[card].action is None  # a step to open, not a move
    opened = moved(pressing.press(1, Key.OK, state))
    scanned = moved(scanning.scan(1, "cart-wheel", state))
    assert (opened.entries, opened.cards, opened.index) == (scanned.entries, scanned.cards, scanned.index)
    assert opened.cards == ("cart-wheel",) and opened.prompt == "choose, then OK"
    back = moved(pressing.press(1, Key.BACK, state))
    assert (back.entries, back.index, back.cards) == (cursor.entries, 0, ())
    assert pressing.press(1, Key.BACK, state) is None


def test_ok_on_a_one_tap_choice_commits_it() -> None:
    state = first_turn()
    composer = Composer(WHEELS)
    entries = composer.cursor(1, state).entries
    wait = next(i for i, entry in enumerate(entries) if entry.key == "1:wait")
    composer.press(1, Key.UP, state)  # wrapping round from the top: the last steps are the turn's end
    for _ in range(len(entries) - 1 - wait):
        composer.press(1, Key.UP, state)
    assert composer.press(1, Key.OK, state) == Committed(1, WHEELS.parse_action("1:wait"))


def founding() -> tuple[State, int]:
    watch = find_game("watch")
    state = watch.new(3, 4, None, None)
    while state.to_act == (CHANCE,):
        state.apply(state.sample_chance(random.Random(0)))
    return state, state.to_act[0]


def a_stack_to_choose() -> tuple[State, int, CardStep]:
    """A Watch turn with a card step whose subject is no card (a deck to draw from, a stack)."""
    watch = find_game("watch")
    for seed in range(20):
        rng = random.Random(seed)
        state = watch.new(3, seed, dict(watch.facts.short_options))
        while not state.is_over:
            seat = state.to_act[0]
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            for group in steps_for(watch, state.legal_actions(seat), state.view(seat)).groups:
                for step in group.steps:
                    if isinstance(step, CardStep) and step.subject not in watch.catalog():
                        return state, seat, step
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no Watch turn offers a stack or a deck in two steps")


def test_ok_on_a_folded_list_opens_it_and_the_seat_shows_it_is_choosing(tmp_path: Path) -> None:
    state, seat = founding()
    with Journal(tmp_path / "j.db") as journal:
        seats = PhysicalSeats(state.game, journal)
        composer = seats.composer
        steps = steps_for(state.game, state.legal_actions(seat), state.view(seat))
        folded = [group for group in steps.groups if group.folded]
        assert folded, "the founding's places fold"
        first = composer.cursor(seat, state)
        at = next(i for i, entry in enumerate(first.entries) if entry.key == folded[0].key)
        assert first.entries[at].words == folded[0].words
        for _ in range(at):
            composer.press(seat, Key.DOWN, state)
        composer.reset()
        assert seats.seat_state(seat, state) == TURN
        for _ in range(at):
            composer.press(seat, Key.DOWN, state)
        opened = moved(composer.press(seat, Key.OK, state))
        assert opened.opened == folded[0].heading and opened.cards == () and opened.index == 0
        assert opened.choices == folded[0].actions()
        assert seats.seat_state(seat, state) == CHOOSING  # a step opened, even at the top of it
        composer.press(seat, Key.DOWN, state)
        assert composer.press(seat, Key.OK, state) == Committed(seat, folded[0].actions()[1])


def test_a_stack_that_is_not_a_card_opens_its_own_uses_and_goes_when_the_state_moves_on() -> None:
    """A card step whose subject is no card (a deck to draw from, a stack on the map): OK shows the
    step's uses, as the phone's second step does; nothing is taken for a scanned card. Once the
    state moves on without it, the cursor is back at the first step, never stale."""
    state, seat, step = a_stack_to_choose()
    composer = Composer(state.game)
    keys = [entry.key for entry in composer.cursor(seat, state).entries]
    for _ in range(keys.index(step.key)):
        composer.press(seat, Key.DOWN, state)
    opened = moved(composer.press(seat, Key.OK, state))
    assert opened.choices == step.actions() and opened.cards == ()
    assert opened.opened.endswith(step.name)
    state.apply(step.actions()[0])
    rng = random.Random(1)
    while seat not in state.to_act:  # the dealer answers a draw first: the seat is back after it
        assert state.to_act == (CHANCE,), state.to_act
        state.apply(state.sample_chance(rng))
    after = composer.cursor(seat, state)
    assert after.opened == "" and [entry.key for entry in after.entries] == first_step_keys(state, seat)


# -- a pod seat and a phone agree -----------------------------------------------------------------


def phone_first_steps(payload: dict) -> list[str]:
    """The first look the phone draws from its payload's steps, named as the cursor names them."""
    keys = []
    for group in payload["steps"]:
        if group["folded"]:
            keys.append(f"group {group['heading']}")
            continue
        keys += [step.get("card") or step["action"] for step in group["steps"]]
    return keys


@pytest.mark.parametrize(("name", "players"), [("wisteria", 2), ("wheels", 2), ("watch", 3)])
def test_a_pod_seat_and_a_phone_seat_offer_the_same_first_steps(
    tmp_path: Path, name: str, players: int
) -> None:
    rng = random.Random(3)
    with Journal(tmp_path / "j.db") as journal:
        table = Table.start(journal, name, players, seed=3, options=find_game(name).facts.short_options)
        composer = Composer(table.game)
        compared = 0
        for _ in range(40):
            state = table.state
            if state.is_over:
                break
            if state.to_act == (CHANCE,):
                table.submit(table.chance_action())
                continue
            controllers = {seat: "phone" for seat in range(1, players + 1)}
            snapshot = build_snapshot(table, 1, "playing", controllers)
            for seat in (s for s in state.to_act if s != CHANCE):
                phone = json.loads(snapshot.payloads[seat])
                pod = composer.cursor(seat, state).to_json(seat)
                assert phone_first_steps(phone) == pod["choices"]
                assert dumps(phone["steps"]) not in snapshot.payloads[None]  # the seat's alone
                compared += 1
            seat = next(s for s in state.to_act if s != CHANCE)
            legal = state.legal_actions(seat)
            table.submit(legal[rng.randrange(len(legal))])
        assert compared >= 5
