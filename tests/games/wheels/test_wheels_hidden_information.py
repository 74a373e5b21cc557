"""What each seat sees: "A seal hides the wheel's identity from your rival"; hands and decks are
counts for the rival; a drawn card is seen by its drawer only. Property tests over many random
matches check that no rival or public view, and no event the rival or the table sees, ever holds a
sealed wheel's identity or a card in hand."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from console.games.checks import random_action
from console.games.core import CHANCE, Event
from console.games.wheels import GAME
from console.games.wheels.rules.player import Player
from console.games.wheels.state import WheelsState
from console.games.wheels.view import public_cards, secret_cards
from tests.games.wheels.conftest import Kit

pytestmark = pytest.mark.slow

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


def random_matches(count: int, seed: int) -> Iterator[tuple[WheelsState, random.Random]]:
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


def test_the_rival_sees_hand_and_deck_only_as_counts(kit: Kit) -> None:
    state = kit.begin(["cave-elder", "bloom"], ["fen-mist"], rest1=["riftstone"])
    seen = state.view(2)["players"]["1"]
    assert "hand" not in seen and "deck_bottom" not in seen
    assert (seen["hand_count"], seen["deck_count"]) == (2, 1)
    own = state.view(1)["players"]["1"]
    assert own["hand"] == ["bloom", "cave-elder"]


def test_the_public_view_shows_no_hand_at_all(kit: Kit) -> None:
    state = kit.begin(["cave-elder"], ["fen-mist"])
    for player in state.view(None)["players"].values():
        assert "hand" not in player


def test_archaffineurs_stay_secret_until_both_are_chosen(kit: Kit) -> None:
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


def test_an_archaffineur_may_be_chosen_only_once(kit: Kit) -> None:
    import pytest

    from console.games.core import IllegalAction

    state = kit.new(leaders=("choose", "choose"))
    state.apply(GAME.parse_action("1:choose fen-matriarch"))
    assert state.to_act == (2,)
    with pytest.raises(IllegalAction):
        state.apply(GAME.parse_action("1:choose brine-archaffineur"))


def test_hidden_strings_leave_out_a_card_the_rival_sees_elsewhere(kit: Kit) -> None:
    state = kit.begin(["cart-wheel", "bloom"], [])
    kit.put(state, 2, 1, "cart-wheel", age=1)  # an open Cart Wheel on the rival's shelf
    assert set(state.hidden_strings(1)) == {"bloom"}


def test_hidden_strings_name_a_sealed_wheel(kit: Kit) -> None:
    state = kit.begin(["cart-wheel"], [])
    kit.act(state, "1:set cart-wheel 1 sealed")
    assert set(state.hidden_strings(1)) == {"cart-wheel"}
    assert set(state.hidden_strings(2)) == set()


def test_a_sealed_wheels_souring_is_public(kit: Kit) -> None:
    state = kit.begin([], [])
    kit.put(state, 1, 1, "cart-wheel", age=5, sealed=True)
    kit.act(state, "1:wait")
    assert state.view(2)["players"]["1"]["shelves"][0]["soured"] is True


def rival_cards(player: Player) -> Counter[str]:
    """Every card of a seat the rival cannot see: hand, deck and sealed wheels."""
    deck = player.deck
    sealed = [wheel.card.id for wheel in player.shelves if wheel is not None and wheel.sealed]
    return Counter([*player.hand_cards(), *deck.top, *deck.bottom, *sealed]) + Counter(deck.middle)


def check_determinization(state: WheelsState, seat: int, rng: random.Random) -> WheelsState:
    """A search bot's world for ``seat``: what it sees is kept, what it cannot see is re-dealt from
    the same cards, and the original match is left as it was."""
    before = [json.dumps(state.view(viewer), sort_keys=True) for viewer in (None, 1, 2)]
    twin = state.determinize(seat, rng)
    assert [json.dumps(state.view(viewer), sort_keys=True) for viewer in (None, 1, 2)] == before
    assert twin.view(seat) == state.view(seat) and twin.history == []
    real, dealt = state.seats[2 - seat], twin.seats[2 - seat]
    assert rival_cards(dealt) == rival_cards(real) and dealt.hand_size == real.hand_size
    assert len(dealt.deck.top) == len(real.deck.top)
    for old, new in zip(real.shelves, dealt.shelves, strict=True):
        if old is None or not old.sealed:
            assert repr(new) == repr(old)
        else:  # a sealed wheel: some wheel card of the rival's, at the age and souring seen
            assert new is not None and new.sealed and new is not old
            assert (new.age, new.soured, new.card.kind) == (old.age, old.soured, "wheel")
    if state.phase in ("opening", "deal"):
        # The rival's swaps are its secret: in the copy it is still choosing, nothing under its deck.
        assert (dealt.swaps, dealt.kept, dealt.deck.bottom) == (0, False, [])
        assert state.draws_due or 3 - seat in twin.to_act
    else:
        assert len(dealt.deck.bottom) == len(real.deck.bottom) and twin.to_act == state.to_act
    if all(player.archaffineur is not None for player in state.seats):
        assert dealt.archaffineur == real.archaffineur
    elif real.archaffineur is None:
        assert dealt.archaffineur is None and 3 - seat in twin.to_act
    else:  # chosen in secret: re-drawn among the Archaffineurs
        assert dealt.archaffineur in GAME.cards.ids_of("archaffineur")
    return twin


def test_a_determinization_keeps_what_the_seat_sees_and_re_deals_the_rest_from_the_same_cards() -> None:
    redealt_hands = redrawn_leaders = sealed_seen = 0
    for state, rng in random_matches(20, 7):
        while state.to_act:
            for seat in (s for s in state.to_act if s != CHANCE):
                twins = [check_determinization(state, seat, random.Random(trial)) for trial in range(4)]
                rivals = [twin.seats[2 - seat] for twin in twins]
                redealt_hands += len({tuple(rival.hand_cards()) for rival in rivals}) > 1
                redrawn_leaders += len({rival.archaffineur for rival in rivals}) > 1
                sealed_seen += any(w is not None and w.sealed for w in state.seats[2 - seat].shelves)
            state.apply(random_action(state, rng))
    assert redealt_hands > 500 and redrawn_leaders > 5 and sealed_seen > 100
