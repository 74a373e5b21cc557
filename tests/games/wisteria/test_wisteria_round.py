"""Basic Round (Battle): each player reveals the top card; the higher strength wins; the revealed
cards go to the winner's won pile. Reshuffling Won Cards between rounds."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Play = Any


def test_each_player_reveals_the_top_card_of_their_draw_pile(play: Callable[..., Play]) -> None:
    table = play(3, {1: ["5", "1"], 2: ["3", "1"], 3: ["2", "1"]}).do("chance:draw 2 3")
    assert table.seat(2)["revealed"] == 3 and table.seat(2)["draw"] == 1
    assert table.seat(1)["revealed"] is None
    assert table.state.view(None)["in_play"] == 1


def test_the_player_with_the_higher_strength_wins_the_round(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["5", "1"], 2: ["3", "1"]}).do("chance:draw 1 5", "chance:draw 2 3")
    assert table.state.last == {"round": 1, "winner": 1, "cards": 2, "war": False}


def test_both_revealed_cards_go_to_the_winners_won_pile(play: Callable[..., Play]) -> None:
    table = play(2, {1: ["5", "1"], 2: ["3", "1"]}).do("chance:draw 1 5", "chance:draw 2 3")
    assert table.state.won[1] == [0, 0, 0, 1, 0, 1, 0] and table.seat(1)["won"] == 2
    assert table.seat(2)["won"] == 0 and table.state.in_play() == 0


def test_with_more_players_all_revealed_cards_go_to_the_winner(play: Callable[..., Play]) -> None:
    # P-3: "both" means all: A 6, B 2, C 4 -> A +3.
    table = play(3, {1: ["6", "1"], 2: ["2", "1"], 3: ["4", "1"]}).do(
        "chance:draw 1 6", "chance:draw 2 2", "chance:draw 3 4"
    )
    assert table.seat(1)["won"] == 3 and table.state.round == 2


def test_a_tie_below_the_highest_card_does_not_matter(play: Callable[..., Play]) -> None:
    table = play(3, {1: ["2", "1"], 2: ["2", "1"], 3: ["6", "1"]}).do(
        "chance:draw 1 2", "chance:draw 2 2", "chance:draw 3 6"
    )
    assert table.seat(3)["won"] == 3 and table.state.wars == 0


def test_when_the_draw_pile_is_empty_the_won_pile_is_shuffled_into_a_new_draw_pile(
    play: Callable[..., Play],
) -> None:
    table = play(2, {1: ["5"], 2: ["3", "2"]}).do("chance:draw 1 5", "chance:draw 2 3")
    assert table.seat(1)["draw"] == 2 and table.seat(1)["won"] == 0
    assert ("reshuffle" in table.kinds()) and table.events[-1].data == {"seat": 1, "cards": 2}


def test_reshuffle_saves_the_player(play: Callable[..., Play]) -> None:
    # Item 33: A's draw pile is empty but the won pile holds 5 -> shuffle -> A continues.
    table = play(2, {1: ["5"], 2: ["3", "2", "6"]}).do(
        "chance:draw 1 5", "chance:draw 2 3", "chance:draw 1 5", "chance:draw 2 2"
    )
    assert table.seat(1)["draw"] == 1 and table.seat(1)["won"] == 2
    assert not table.seat(1)["eliminated"] and table.state.outcome() is None


def test_a_player_with_no_draw_pile_and_no_won_pile_loses(play: Callable[..., Play]) -> None:
    table = play(3, {1: ["1"], 2: ["5", "2"], 3: ["3", "2"]}).do(
        "chance:draw 1 1", "chance:draw 2 5", "chance:draw 3 3"
    )
    assert table.seat(1)["eliminated"] and table.state.active == [2, 3]
    assert table.state.pending == [2, 3]  # the next round is played without seat 1
    eliminations = [event.data for event in table.events if event.kind == "eliminated"]
    assert eliminations == [{"seat": 1, "why": "has no cards left"}]


def test_cards_in_the_centre_are_not_in_the_won_pile_before_the_round_resolves(
    play: Callable[..., Play],
) -> None:
    # P-13: A ties with its last card; the tied 5 is in play, not in A's won pile, so A is out.
    table = play(2, {1: ["5"], 2: ["5", "1", "3"]}).do("chance:draw 1 5", "chance:draw 2 5")
    assert table.seat(1)["eliminated"]
    assert [e.data for e in table.events if e.kind == "eliminated"] == [
        {"seat": 1, "why": "ran out of cards in a War"}
    ]


def test_the_round_won_event_names_the_winner_and_every_card(play: Callable[..., Play]) -> None:
    table = play(3, {1: ["5", "1"], 2: ["3", "1"], 3: ["2", "1"]})
    table.do("chance:draw 1 5", "chance:draw 2 3", "chance:draw 3 2")
    assert [(e.kind, dict(e.data)) for e in table.events if e.kind == "round_won"] == [
        ("round_won", {"seat": 1, "cards": 3})
    ]


def test_the_last_of_thirty_six_seats_wins_a_round_of_thirty_six_cards(play: Callable[..., Play]) -> None:
    # The most seats a game takes (P-18, one card each at least): the prebuilt events cover them all.
    decks = {seat: ["1", "2"] for seat in range(1, 36)} | {36: ["6", "2"]}
    table = play(36, decks)
    table.do(*(f"chance:draw {seat} {decks[seat][0]}" for seat in range(1, 37)))
    assert (table.events[35].kind, dict(table.events[35].data)) == ("draw", {"seat": 36, "card": 6})
    assert (table.events[36].kind, dict(table.events[36].data)) == ("round_won", {"seat": 36, "cards": 36})
    assert table.state.won_count[36] == 36
