"""Rulings of rulings.md that no chapter's tests already pin."""

import pytest

from console.games.core import CHANCE, BadOptions
from console.games.watch import GAME
from tests.games.watch.watch_table import Table


def test_a_city_demoted_when_its_ruler_holds_five_settlements_is_destroyed_instead() -> None:
    t = Table(2)
    t.state.settlements[2] = 5
    t.road(1, "i21", "i26")
    t.army(1, "i21", 3, active=True)
    t.do("1:strike i21 i26")
    assert t.piece("i26") == (0, 0) and t.state.cities[2] == 0 and t.state.settlements[2] == 5


def test_the_ruler_who_breaks_an_alliance_may_attack_the_ex_ally_the_same_turn() -> None:
    t = Table(2)
    t.road(1, "i19", "i25")
    t.road(2, "i25", "i31")  # seat 2's army stands on its own network: it is not stranded by the break
    t.army(1, "i19", 3, active=True)
    t.army(2, "i25", 1)
    t.do("1:offer 2", "2:accept")
    assert "1:strike i19 i25" not in t.legal()
    t.do("1:break 2", "1:strike i19 i25")
    assert t.stack("i25") is None


def test_an_army_may_not_stop_where_an_ally_stands_but_may_pass_through() -> None:
    t = Table(2)
    t.do("1:offer 2", "2:accept")
    t.road(1, "i19", "i25")
    t.road(2, "i25", "i31")
    t.army(2, "i25", 1)
    t.army(1, "i19", 2, active=True)
    moves = [a for a in t.legal() if a.startswith("1:move i19")]
    assert "1:move i19 i25" not in moves and "1:move i19 i31" in moves


def test_an_opponent_is_any_other_ruler_but_an_enemy_is_one_you_are_not_allied_with() -> None:
    t = Table(2)
    t.hand(1, "w-decimation", "w-intrigue")
    t.army(2, "i26", 3, active=True)
    t.do("1:offer 2", "2:accept")
    assert "1:play w-decimation i26" in t.legal()
    assert not any(a.startswith("1:play w-intrigue") for a in t.legal())


def test_stacked_decks_are_named_by_number_or_by_name() -> None:
    by_number = Table(2, decks={3: ["p-spy"]}, found=False).state.decks["politics"]
    by_name = Table(2, decks={"politics": ["p-spy"]}, found=False).state.decks["politics"]
    assert by_number.top == by_name.top == ["p-spy"] and len(by_number) == 22


def test_a_stacked_deck_holds_no_more_copies_than_the_deck_and_no_card_of_another_deck() -> None:
    with pytest.raises(BadOptions, match="more 'p-spy' than the deck holds"):
        Table(2, options={"copies": "single"}, decks={3: ["p-spy", "p-spy"]}, found=False)
    with pytest.raises(BadOptions, match="more 'w-intrigue' than the deck holds"):
        Table(2, decks={3: ["w-intrigue"]}, found=False)


def test_a_card_stacked_with_all_its_copies_is_never_dealt_again_from_the_unseen() -> None:
    t = Table(2, options={"copies": "single"}, decks={3: ["p-spy"]})
    t.give(1, gold=4)
    t.do("1:draw politics gold")
    assert t.state.hands[1] == ["p-spy"]
    t.do("1:draw politics gold")
    outcomes = [str(action) for action, _ in t.state.chance_outcomes()]
    assert len(outcomes) == 10 and "chance:deal politics p-spy" not in outcomes
    assert "chance:deal politics p-spy" not in t.legal(CHANCE)


def test_a_copy_of_the_watch_draws_from_its_own_decks() -> None:
    t = Table(2, decks={1: ["w-intrigue"]})
    t.give(1, gold=2)
    other = t.state.copy()
    other.apply(GAME.parse_action("1:draw warfare gold"))
    assert other.hands[1] == ["w-intrigue"] and len(other.decks["warfare"]) == 21
    assert t.state.hands[1] == [] and t.state.decks["warfare"].top == ["w-intrigue"]
    assert len(t.state.decks["warfare"]) == 22
