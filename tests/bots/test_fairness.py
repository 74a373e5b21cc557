"""The hard bot plays fair: it decides from its seat's view alone. Two games that look the same to
a seat but hide different cards (a different deal, a different secret choice) give that seat the
same determinizations and the same decision for the same rng, in every game."""

from __future__ import annotations

import random

import pytest

from console.bots import decide
from console.games import find_game
from console.games.core import CHANCE, State
from console.games.search import SearchBot
from console.games.watch.state import WatchState
from console.games.wheels.state import WheelsState
from console.games.wisteria.state import WisteriaState


def play_random_until(state: State, rng: random.Random, done: object) -> State:
    """Random play (chance included) until ``done(state)`` holds."""
    assert callable(done)
    while not done(state):
        seats = state.to_act
        assert seats, "the game ended before the wanted position"
        if seats == (CHANCE,):
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions(seats[0])
            state.apply(legal[rng.randrange(len(legal))])
    return state


def assert_fair(first: State, second: State, seat: int) -> None:
    assert first.view(seat) == second.view(seat), "the two games must look the same to the seat"
    for trial in range(3):
        one = first.determinize(seat, random.Random(trial))
        two = second.determinize(seat, random.Random(trial))
        for looker in (None, *range(1, first.players + 1)):
            assert one.view(looker) == two.view(looker), f"determinization differs for {looker}"
        assert one.legal_actions(seat) == first.legal_actions(seat)
    bot = SearchBot(first.game.evaluate, iterations=60)
    picks = {str(decide(bot, state, seat, random.Random(11))) for state in (first, second)}
    assert len(picks) == 1, picks


def wheels_pair(stacked_rival: list[list[str]]) -> tuple[WheelsState, WheelsState]:
    game = find_game("wheels")
    options = {"first_seat": 1, "archaffineur_1": "none", "archaffineur_2": "none"}
    dealt = game.new(2, 0, options)
    assert isinstance(dealt, WheelsState)
    mine = dealt.seats[0].deck
    own = sorted(card for card, copies in mine.middle.items() for _ in range(copies))
    states = []
    for order in stacked_rival:
        state = game.new(2, 0, options, decks={1: own, 2: order})
        assert isinstance(state, WheelsState)
        play_random_until(state, random.Random(5), lambda s: s.to_act == (1,) and s.phase == "play")
        states.append(state)
    return states[0], states[1]


def test_wheels_rival_hand_and_deck_never_change_the_decision() -> None:
    dealt = find_game("wheels").new(2)
    assert isinstance(dealt, WheelsState)
    deck = sorted(card for card, copies in dealt.seats[1].deck.middle.items() for _ in range(copies))
    first, second = wheels_pair([deck, deck[::-1]])
    assert first.seats[1].hand != second.seats[1].hand, "the rival must hold different cards"
    assert_fair(first, second, 1)


def test_wheels_sealed_wheels_and_rival_deck_from_a_redeal() -> None:
    state = play_random_until(
        find_game("wheels").new(2, 3),
        random.Random(3),
        lambda s: s.phase == "play" and len(s.history) > 30 and bool(s.to_act) and s.to_act != (CHANCE,),
    )
    assert isinstance(state, WheelsState)
    seat = state.to_act[0]
    twin = state.determinize(seat, random.Random(99))
    rival = 2 - seat
    assert (
        state.seats[rival].hand != twin.seats[rival].hand
        or state.seats[rival].deck.middle != twin.seats[rival].deck.middle
    )
    assert_fair(state, twin, seat)


def test_wisteria_secret_choice_never_changes_the_decision() -> None:
    game = find_game("wisteria")
    for seed in range(200):
        state = game.new(2, seed)
        rng = random.Random(seed)
        try:
            play_random_until(state, rng, lambda s: s.phase_name == "declare")
        except AssertionError:
            continue
        if set(state.to_act) == {1, 2}:
            break
    else:
        pytest.fail("no two-seat War in 200 seeds")
    battle, retreat = state.copy(), state.copy()
    battle.apply(game.parse_action("2:battle"))
    retreat.apply(game.parse_action("2:retreat"))
    assert_fair(battle, retreat, 1)


def test_wisteria_unseen_piles_from_a_redeal() -> None:
    state = play_random_until(
        find_game("wisteria").new(3, 4), random.Random(4), lambda s: s.round > 8 and s.to_act != (CHANCE,)
    )
    assert isinstance(state, WisteriaState)
    seat = state.to_act[0]
    twin = state.determinize(seat, random.Random(1))
    assert twin.census() == state.census()
    assert (twin.won, twin.face_down, twin.pool) != (state.won, state.face_down, state.pool)
    assert_fair(state, twin, seat)


def test_watch_other_hands_decks_and_channels_from_a_redeal() -> None:
    game = find_game("watch")
    state = play_random_until(
        game.new(4, 2),
        random.Random(2),
        lambda s: (
            s.round >= 3
            and s.to_act != (CHANCE,)
            and sum(len(s.hands[o]) for o in range(1, 5) if o != s.to_act[0]) >= 2
        ),
    )
    assert isinstance(state, WatchState)
    seat = state.to_act[0]
    twin = state.determinize(seat, random.Random(5))
    others = [other for other in range(1, 5) if other != seat]
    assert twin.hands[seat] == state.hands[seat]
    assert [sorted(state.hands[o]) for o in others] != [twin.hands[o] for o in others] or {
        n: d.unseen for n, d in state.decks.items()
    } != {n: d.unseen for n, d in twin.decks.items()}
    assert_fair(state, twin, seat)


def test_watch_channel_of_others_is_emptied() -> None:
    game = find_game("watch")
    state = play_random_until(game.new(4, 1), random.Random(1), lambda s: s.phase == "play")
    assert isinstance(state, WatchState)
    pair = (1, 2) if state.to_act[0] not in (1, 2) else (3, 4)
    from console.games.watch.rules.alliances import Alliance

    state.alliances[pair] = Alliance(pair, state.round, messages=[(pair[0], "attack at dawn")])
    seat = state.to_act[0]
    assert state.determinize(seat, random.Random(0)).alliances[pair].messages == []
    ally_sees = state.determinize(pair[0], random.Random(0)).alliances[pair].messages
    assert ally_sees == [(pair[0], "attack at dawn")]
