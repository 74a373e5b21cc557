"""Players, Deck, Card Strength and Setup (Multiplayer): who may play, with what, dealt how."""

from __future__ import annotations

import pytest

from console.games.core import BadOptions, CatalogError
from console.games.wisteria.catalog import catalog, parse_catalog
from console.games.wisteria.game import WisteriaGame


def draws(game: WisteriaGame, players: int, **options: object) -> list[int]:
    state = game.new(players, 0, options or None)
    return [state.view(None)["seats"][str(seat)]["draw"] for seat in range(1, players + 1)]


# Players: "2-4 players. Additional players may join, but it's recommended to combine multiple decks."


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_play_with_one_deck(game: WisteriaGame, players: int) -> None:
    assert game.new(players).view(None)["notes"] == []


def test_additional_players_may_join_with_advice_to_combine_decks(game: WisteriaGame) -> None:
    view = game.new(6).view(None)
    assert view["players"] == 6 and "combining" in view["notes"][0]["plural"]
    assert game.new(6, options={"combined_decks": 2}).view(None)["notes"] == []


def test_one_player_is_refused(game: WisteriaGame) -> None:
    with pytest.raises(BadOptions, match="not 1"):
        game.new(1)


def test_a_deck_too_small_to_give_every_player_a_card_is_refused(game: WisteriaGame) -> None:
    with pytest.raises(BadOptions, match="cannot give each of 3 players a card"):
        game.new(3, options={"deck": "6 6"})


# Deck: "Custom deck using card strengths 1-6. Any number of copies can be used."


def test_default_deck_is_six_copies_of_each_strength_36_cards(game: WisteriaGame) -> None:
    state = game.new(2)
    assert state.composition == (0, 6, 6, 6, 6, 6, 6)
    assert state.view(None)["deck_size"] == 36


def test_any_number_of_copies_including_none(game: WisteriaGame) -> None:
    assert game.new(2, options={"copies": 2}).composition == (0, 2, 2, 2, 2, 2, 2)
    assert game.new(2, options={"deck": "1 1 1, 6"}).composition == (0, 3, 0, 0, 0, 0, 1)


def test_combined_decks_multiply_the_deck(game: WisteriaGame) -> None:
    state = game.new(8, options={"combined_decks": 2, "deck": "1 2 3 4 5 6 6"})
    assert state.composition == (0, 2, 2, 2, 2, 2, 4) and sum(state.composition) == 14


@pytest.mark.parametrize("bad", ["0", "7", "1 2 x", "1 7 3"])
def test_a_deck_with_a_strength_outside_1_to_6_is_refused(game: WisteriaGame, bad: str) -> None:
    with pytest.raises(BadOptions, match="strengths run from 1"):
        game.new(2, options={"deck": bad})


@pytest.mark.parametrize("bad", ["0", "7"])
def test_a_stacked_deck_with_0_or_7_is_refused(game: WisteriaGame, bad: str) -> None:
    with pytest.raises(BadOptions, match="seat 1's stacked deck"):
        game.new(2, decks={1: ["3", bad], 2: ["4"]})


def test_unknown_or_wrongly_typed_options_are_refused(game: WisteriaGame) -> None:
    with pytest.raises(BadOptions, match="no option"):
        game.new(2, options={"jokers": 2})
    with pytest.raises(BadOptions, match="option 'victory' must be one of 'total_control'"):
        game.new(2, options={"victory": "most_wizards"})
    with pytest.raises(BadOptions, match="option 'combined_decks' must be from 1 to 10, not 0"):
        game.new(2, options={"combined_decks": 0})
    with pytest.raises(BadOptions, match="option 'round_limit' must be from 0 to 1000000, not -1"):
        game.new(2, options={"round_limit": -1})
    with pytest.raises(BadOptions, match="option 'copies' must be a whole number, not True"):
        game.new(2, options={"copies": True})


# Card Strength (Low -> High): 1 (weakest) ... 6 (strongest); the catalog names each.


def test_catalog_names_the_six_strengths(game: WisteriaGame) -> None:
    assert game.catalog() == {str(n): f"Strength {n}" for n in range(1, 7)}


def test_a_malformed_catalog_entry_is_named() -> None:
    good = {"card": [{"id": str(n), "name": f"S{n}", "strength": n} for n in range(1, 7)]}
    assert list(parse_catalog(good)) == ["1", "2", "3", "4", "5", "6"]
    bad = {"card": [*good["card"][:5], {"id": "7", "name": "Seven", "strength": 7}]}
    with pytest.raises(CatalogError, match=r"card #6 \(7\): strength must be"):
        parse_catalog(bad)
    with pytest.raises(CatalogError, match="no card for strength"):
        parse_catalog({"card": good["card"][:5]})
    assert catalog()["6"] == "Strength 6"


# Setup: "Deal cards as evenly as possible to all players" (P-2: the first N mod P get one more).


@pytest.mark.parametrize(
    ("deck", "players", "expected"),
    [
        ("", 2, [18, 18]),
        ("", 3, [12, 12, 12]),
        ("", 4, [9, 9, 9, 9]),
        ("", 5, [8, 7, 7, 7, 7]),
        ("1 " * 37, 2, [19, 18]),
        ("", 7, [6, 5, 5, 5, 5, 5, 5]),
    ],
)
def test_deal_cards_as_evenly_as_possible(
    game: WisteriaGame, deck: str, players: int, expected: list[int]
) -> None:
    assert draws(game, players, **({"deck": deck} if deck else {})) == expected


def test_each_player_has_a_face_down_draw_pile_and_an_empty_won_pile(game: WisteriaGame) -> None:
    view = game.new(3).view(None)
    for seat in ("1", "2", "3"):
        assert view["seats"][seat]["won"] == 0 and view["seats"][seat]["draw"] == 12


def test_stacked_decks_for_every_seat_are_the_whole_deck(game: WisteriaGame) -> None:
    state = game.new(2, decks={1: ["5", "4"], 2: ["3"]})
    assert state.composition == (0, 0, 0, 1, 1, 1, 0)
    assert draws(game, 2) == [18, 18]
    assert [state.draw_count[1], state.draw_count[2]] == [2, 1]


def test_stacked_seats_take_their_cards_out_of_the_deck_the_rest_is_dealt(game: WisteriaGame) -> None:
    state = game.new(3, decks={2: ["6", "6"]})
    assert [state.draw_count[seat] for seat in (1, 2, 3)] == [17, 2, 17]
    assert state.pool[6] == 4 and state.pool_total == 34
    with pytest.raises(BadOptions, match="hold 7 cards of strength 6"):
        game.new(2, decks={1: ["6"] * 7})
    with pytest.raises(BadOptions, match="seats are 1 to 2"):
        game.new(2, decks={3: ["6"]})
    with pytest.raises(BadOptions, match="empty"):
        game.new(2, decks={1: []})


def test_the_seed_changes_nothing_because_the_engine_never_shuffles(game: WisteriaGame) -> None:
    assert game.new(3, seed=1).view(None) == game.new(3, seed=99).view(None)
