"""The opening hand: "Each player starts with six cards. You may swap up to two opening cards, one at
a time, or choose Keep hand sooner. A swapped card goes to the bottom of your deck after its
replacement is drawn. Play begins after both players finish choosing." """

from __future__ import annotations

import json

import pytest

from console.games.core import CHANCE, IllegalAction
from console.games.wheels import GAME
from console.games.wheels.actions import Draw
from console.games.wheels.state import WheelsState
from tests.games.wheels.conftest import Kit

HAND = ["cart-wheel", "bloom", "market-round", "fen-mist", "brine-wash", "wax-rind"]
REST = ["cave-elder", "riftstone", "fresh-curd"]


def dealt(kit: Kit, rest1: list[str] = REST, rest2: list[str] = REST) -> WheelsState:
    state = kit.new(decks={1: [*HAND, *rest1], 2: [*HAND, *rest2]})
    kit.chance(state)
    return state


def test_each_player_starts_with_six_cards(kit: Kit) -> None:
    state = kit.new()
    kit.chance(state)
    assert state.phase == "opening"
    assert [player.hand_size for player in state.seats] == [6, 6]
    assert [len(player.deck) for player in state.seats] == [18, 18]


def test_a_swapped_card_goes_to_the_bottom_after_its_replacement_is_drawn(kit: Kit) -> None:
    state = dealt(kit)
    kit.act(state, "1:swap bloom")
    player = state.seats[0]
    assert sorted(player.hand_cards()) == sorted([*HAND[:1], *HAND[2:], "cave-elder"])
    assert player.deck.top == ["riftstone", "fresh-curd"]
    assert player.deck.bottom == ["bloom"]
    assert (player.hand_size, len(player.deck)) == (6, 3)


def test_the_swapped_card_is_still_in_hand_while_its_replacement_is_drawn(kit: Kit) -> None:
    state = dealt(kit, rest1=["cave-elder"])
    state.apply(GAME.parse_action("1:swap bloom"))
    player = state.seats[0]
    assert state.to_act == (CHANCE,)
    # Until the replacement is drawn, Bloom is still in hand and nothing lies under the deck.
    assert player.hand["bloom"] == 1 and player.hand_size == 6
    assert player.deck.bottom == [] and len(player.deck) == 1
    assert [str(action) for action in state.legal_actions(CHANCE)] == ["chance:draw 1 cave-elder"]
    kit.chance(state)
    assert "bloom" not in player.hand and player.hand["cave-elder"] == 1
    assert player.deck.bottom == ["bloom"] and player.hand_size == 6


def test_opening_swaps_are_made_one_at_a_time(kit: Kit) -> None:
    state = dealt(kit)
    state.apply(GAME.parse_action("1:swap bloom"))
    # The first replacement must be drawn before a second swap, or a Keep, may be asked for.
    for text in ("1:swap fen-mist", "1:keep", "2:keep"):
        with pytest.raises(IllegalAction, match="a card must be drawn first: seat 1 draws"):
            state.apply(GAME.parse_action(text))
    kit.chance(state)
    kit.act(state, "1:swap fen-mist")
    assert state.seats[0].deck.bottom == ["bloom", "fen-mist"]


def test_up_to_two_opening_cards_may_be_swapped_one_at_a_time(kit: Kit) -> None:
    state = dealt(kit)
    kit.act(state, "1:swap bloom")
    assert 1 in state.to_act  # still choosing after one swap
    kit.act(state, "1:swap fen-mist")
    player = state.seats[0]
    assert player.deck.bottom == ["bloom", "fen-mist"]
    assert player.deck.top == ["fresh-curd"]
    assert {"cave-elder", "riftstone"} <= set(player.hand)


def test_a_third_swap_is_refused_because_two_swaps_finish_the_choice(kit: Kit) -> None:
    state = dealt(kit)
    kit.act(state, "1:swap bloom", "1:swap fen-mist")
    assert state.seats[0].kept
    assert state.to_act == (2,)
    with pytest.raises(IllegalAction, match="you have swapped two cards and finished your opening choice"):
        state.apply(GAME.parse_action("1:swap cart-wheel"))


def test_keep_hand_may_be_chosen_sooner_and_changes_nothing(kit: Kit) -> None:
    state = dealt(kit)
    before = state.seats[0].hand_cards(), list(state.seats[0].deck.top)
    kit.act(state, "1:keep")
    assert (state.seats[0].hand_cards(), state.seats[0].deck.top) == before
    assert state.seats[0].kept


def test_keep_after_one_swap(kit: Kit) -> None:
    state = dealt(kit)
    kit.act(state, "1:swap bloom", "1:keep")
    assert state.seats[0].swaps == 1 and state.seats[0].kept


def test_play_begins_only_after_both_players_finish_choosing(kit: Kit) -> None:
    state = dealt(kit)
    kit.act(state, "1:keep")
    assert (state.phase, state.to_act) == ("opening", (2,))  # a pair, which mypy does not narrow
    with pytest.raises(IllegalAction, match="play begins when your rival has too"):
        state.apply(GAME.parse_action("1:wait"))
    kit.act(state, "2:swap bloom", "2:keep")
    assert state.phase == "play" and state.to_act == (1,)


def test_both_players_choose_at_the_same_time(kit: Kit) -> None:
    state = dealt(kit)
    assert (state.phase, state.to_act) == ("opening", (1, 2))  # a pair, which mypy does not narrow
    kit.act(state, "2:keep")
    assert state.to_act == (1,)


def test_no_swap_is_offered_with_an_empty_deck(kit: Kit) -> None:
    state = dealt(kit, rest1=[])
    assert kit.legal(state, 1) == ["1:keep"]
    with pytest.raises(IllegalAction, match="your deck is empty"):
        state.apply(GAME.parse_action("1:swap bloom"))


def test_a_card_not_in_hand_cannot_be_swapped(kit: Kit) -> None:
    state = dealt(kit)
    with pytest.raises(IllegalAction, match="no Cave Elder in hand"):
        state.apply(GAME.parse_action("1:swap cave-elder"))


def test_the_rival_cannot_tell_a_keep_from_a_swap(kit: Kit) -> None:
    views = []
    for choice in ("1:keep", "1:swap bloom"):
        state = dealt(kit)
        state.apply(GAME.parse_action(choice))
        views.append(
            (json.dumps(state.view(2), sort_keys=True), json.dumps(state.view(None), sort_keys=True))
        )
    assert views[0] == views[1]


def test_an_opening_deck_shorter_than_six_deals_what_it_has(kit: Kit) -> None:
    state = kit.new(decks={1: ["cart-wheel", "bloom"], 2: HAND})
    kit.chance(state)
    assert state.seats[0].hand_size == 2 and state.phase == "opening"


def test_swapped_cards_come_up_only_when_everything_above_them_is_gone_in_swap_order(kit: Kit) -> None:
    state = dealt(kit, rest1=["cave-elder", "riftstone"])
    kit.act(state, "1:swap bloom", "1:swap fen-mist", "2:keep")
    player = state.seats[0]
    assert (player.deck.top, player.deck.bottom) == ([], ["bloom", "fen-mist"])
    drawn = []
    for turn in ("1:set cart-wheel 1", "1:wait"):
        state.apply(GAME.parse_action(turn))
        # The one card that may come next is certain: a single outcome of one copy.
        [(draw, weight)] = state.chance_outcomes()
        assert isinstance(draw, Draw)
        assert weight == 1 and state.legal_actions(CHANCE) == [draw]
        if draw.card == "bloom":
            with pytest.raises(IllegalAction, match="Fen Mist is not next in seat 1's deck"):
                state.apply(GAME.parse_action("chance:draw 1 fen-mist"))
        state.apply(draw)
        drawn.append(draw.card)
        state.apply(GAME.parse_action("2:wait"))
        kit.chance(state)
    assert drawn == ["bloom", "fen-mist"]
    # An empty deck only stops draws: nothing may come next, and the next turn owes no card.
    assert len(player.deck) == 0 and player.deck.next_cards() == []
    assert not player.deck.can_draw("bloom")
    state.apply(GAME.parse_action("1:read 1"))
    assert state.to_act == (2,)
