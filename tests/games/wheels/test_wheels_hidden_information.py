"""What each seat sees: "A seal hides the wheel's identity from your rival"; hands and decks are
counts for the rival; a drawn card is seen by its drawer only. Property tests over many random
matches check that no rival or public view, and no event the rival or the table sees, ever holds a
sealed wheel's identity or a card in hand."""

from __future__ import annotations

import json
import random

from console.games.checks import random_action
from console.games.core import Event
from console.games.wheels import GAME
from console.games.wheels.state import WheelsState
from console.games.wheels.view import public_cards, secret_cards

MATCHES = 60


def secrets_of(state: WheelsState, seat: int) -> set[str]:
    revealed = all(player.archaffineur is not None for player in state.seats)
    return secret_cards(state.seats[seat - 1], revealed)


def rival_may_know(state: WheelsState, seat: int) -> set[str]:
    return public_cards(state) | secrets_of(state, 3 - seat)


SEALED_SHELF_SEEN = {"shelf", "empty", "sealed", "age", "soured"}
WHEEL_EVENTS = {"set", "age", "value", "hold", "restore", "ripen", "sour", "unseal"}


def check_views(state: WheelsState) -> None:
    public = json.dumps(state.view(None))
    for seat in (1, 2):
        for viewer in (3 - seat, None):
            seen = state.view(viewer)["players"][str(seat)]["shelves"]
            for shelf, wheel in zip(seen, state.seats[seat - 1].shelves, strict=True):
                if wheel is not None and wheel.sealed:
                    assert set(shelf) == SEALED_SHELF_SEEN, f"seat {seat}'s sealed wheel shows {shelf}"
        rival_view = json.dumps(state.view(3 - seat))
        for card in secrets_of(state, seat) - public_cards(state):
            assert f'"{card}"' not in public, f"seat {seat}'s {card} shows in the public view"
        for card in secrets_of(state, seat) - rival_may_know(state, seat):
            assert f'"{card}"' not in rival_view, f"seat {seat}'s {card} shows in seat {3 - seat}'s view"


def check_events(state: WheelsState, events: list[Event]) -> None:
    """An event the rival or the table sees names a card only once that card is public (or, for a
    wheel Riftstone takes back, was public on the shelf the moment before)."""
    shown = public_cards(state)
    for event in events:
        if event.audience is not None and len(event.audience) == 1:
            continue  # one seat's own event
        card = event.data.get("card")
        if card is not None and event.kind != "returned":
            assert card in shown, f"{event} names a card that is not public"
        if event.kind in ("draw", "swap", "keep", "chose"):
            assert set(event.data) == {"seat"}, f"{event} says more than who"
        if event.kind in WHEEL_EVENTS:
            wheel = state.seats[event.data["seat"] - 1].shelves[event.data["shelf"] - 1]
            if wheel is not None and wheel.sealed:
                assert set(event.data) <= SEALED_SHELF_SEEN | {"seat"}, f"{event} tells the rival too much"


def random_matches(count: int, seed: int):
    rng = random.Random(seed)
    for number in range(count):
        options = {"deck_1": ("standard", "saboteurs", "cellar-keepers")[number % 3]}
        state = GAME.new(2, number, options)
        yield state, rng


def test_no_view_ever_holds_a_rivals_sealed_wheel_or_hand_card() -> None:
    sealed_seen = hands_seen = 0
    for state, rng in random_matches(MATCHES, 1):
        while state.to_act:
            events = state.apply(random_action(state, rng))
            check_views(state)
            check_events(state, events)
            for player in state.seats:
                sealed_seen += sum(1 for wheel in player.shelves if wheel is not None and wheel.sealed)
                hands_seen += player.hand_size
    assert sealed_seen > 1000 and hands_seen > 10000  # the property was really exercised


def test_the_rival_sees_hand_and_deck_only_as_counts(kit) -> None:
    state = kit.begin(["cave-elder", "bloom"], ["fen-mist"], rest1=["riftstone"])
    seen = state.view(2)["players"]["1"]
    assert "hand" not in seen and "deck_bottom" not in seen
    assert (seen["hand_count"], seen["deck_count"]) == (2, 1)
    own = state.view(1)["players"]["1"]
    assert own["hand"] == ["bloom", "cave-elder"]


def test_the_public_view_shows_no_hand_at_all(kit) -> None:
    state = kit.begin(["cave-elder"], ["fen-mist"])
    for player in state.view(None)["players"].values():
        assert "hand" not in player


def test_archaffineurs_stay_secret_until_both_are_chosen(kit) -> None:
    state = kit.new(leaders=("choose", "choose"))
    assert state.to_act == (1, 2)
    state.apply(GAME.parse_action("1:choose fen-matriarch"))
    assert state.view(2)["players"]["1"]["archaffineur"] is None
    assert state.view(2)["players"]["1"]["archaffineur_chosen"]
    assert state.view(1)["players"]["1"]["archaffineur"] == "fen-matriarch"
    assert "fen-matriarch" in state.hidden_strings(1)
    events = state.apply(GAME.parse_action("2:choose fen-matriarch"))
    assert state.view(2)["players"]["1"]["archaffineur"] == "fen-matriarch"
    assert any(event.kind == "archaffineurs" and event.audience is None for event in events)


def test_an_archaffineur_may_be_chosen_only_once(kit) -> None:
    import pytest

    from console.games.core import IllegalAction

    state = kit.new(leaders=("choose", "choose"))
    state.apply(GAME.parse_action("1:choose fen-matriarch"))
    assert state.to_act == (2,)
    with pytest.raises(IllegalAction):
        state.apply(GAME.parse_action("1:choose brine-archaffineur"))


def test_hidden_strings_leave_out_a_card_the_rival_sees_elsewhere(kit) -> None:
    state = kit.begin(["cart-wheel", "bloom"], [])
    kit.put(state, 2, 1, "cart-wheel", age=1)  # an open Cart Wheel on the rival's shelf
    assert set(state.hidden_strings(1)) == {"bloom"}


def test_hidden_strings_name_a_sealed_wheel(kit) -> None:
    state = kit.begin(["cart-wheel"], [])
    kit.act(state, "1:set cart-wheel 1 sealed")
    assert set(state.hidden_strings(1)) == {"cart-wheel"}
    assert set(state.hidden_strings(2)) == set()


def test_a_sealed_wheels_souring_is_public(kit) -> None:
    state = kit.begin([], [])
    kit.put(state, 1, 1, "cart-wheel", age=5, sealed=True)
    kit.act(state, "1:wait")
    assert state.view(2)["players"]["1"]["shelves"][0]["soured"] is True
