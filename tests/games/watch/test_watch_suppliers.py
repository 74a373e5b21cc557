"""Which seat's scanner supplies the card of each chance action (notation.md, "Who scans")."""

from console.games.core import CHANCE
from console.games.watch import GAME
from console.games.watch.actions import Deal, Harrow, Lose, Steal
from tests.games.watch.watch_table import Table


def chance_suppliers(t: Table) -> set[int | None]:
    assert t.state.to_act == (CHANCE,)
    return {action.supplier() for action in t.state.legal_actions(CHANCE)}


def test_a_card_drawn_into_a_hand_is_scanned_by_the_ruler_who_drew_it() -> None:
    t = Table(3)
    t.do("1:end")
    t.give(2, gold=2)
    t.do("2:draw warfare gold")
    assert chance_suppliers(t) == {2}
    assert {type(action) for action in t.state.legal_actions(CHANCE)} == {Deal}
    assert {a.supplier() for a, _ in t.state.chance_outcomes()} == {2}


def test_a_free_card_of_a_horde_tie_is_scanned_by_the_ruler_who_chose_its_deck() -> None:
    t = Table(2)
    t.end_turns(13)
    t.army(1, "i14", 2, active=True)
    t.army(2, "i26", 2, active=True)
    t.end_turns(1)
    t.chance(str(t.state.legal_actions(CHANCE)[0]))  # the Harrow
    while t.state.to_act == (CHANCE,):  # its picks on the board
        t.chance(str(t.state.legal_actions(CHANCE)[0]))
    t.do("1:choose politics")
    assert chance_suppliers(t) == {1}


def test_the_harrow_of_a_landfall_is_scanned_by_the_ruler_whose_turn_closed_the_round() -> None:
    t = Table(3)
    t.end_turns(7 * 3)
    assert {type(action) for action in t.state.legal_actions(CHANCE)} == {Harrow}
    assert chance_suppliers(t) == {3}


def test_the_harrows_picks_on_the_board_need_no_card() -> None:
    t = Table(2, decks={})
    t.end_turns(14)
    t.chance(str(t.state.legal_actions(CHANCE)[0]))
    picks = t.state.legal_actions(CHANCE)
    assert picks and all(a.supplier() is None and not a.cards() for a in picks)


def test_a_stolen_card_is_scanned_by_the_thief_who_now_holds_it() -> None:
    t = Table(3)
    t.hand(1, "p-spy")
    t.hand(3, "w-intrigue", "g-gold-rush")
    t.do("1:play p-spy 3")
    assert {type(action) for action in t.state.legal_actions(CHANCE)} == {Steal}
    assert chance_suppliers(t) == {1}


def test_a_card_lost_to_black_plot_is_scanned_by_the_ruler_giving_it_up() -> None:
    t = Table(3)
    t.hand(1, "p-black-plot")
    t.hand(3, "w-intrigue", "g-gold-rush")
    t.do("1:play p-black-plot")
    assert {type(action) for action in t.state.legal_actions(CHANCE)} == {Lose}
    assert chance_suppliers(t) == {3}


def test_a_resource_taken_by_unfair_trade_is_no_card_and_nobody_scans_it() -> None:
    t = Table(2)
    t.hand(1, "g-unfair-trade")
    t.give(2, wood=2)
    t.do("1:play g-unfair-trade")
    assert chance_suppliers(t) == {None}


def test_the_supplier_is_not_written_so_the_journal_reads_as_before() -> None:
    t = Table(2)
    t.give(1, gold=2)
    t.do("1:draw growth gold")
    dealt = t.state.legal_actions(CHANCE)[0]
    parsed = GAME.parse_action(str(dealt))
    assert str(dealt).startswith("chance:deal growth g-") and parsed == dealt
    assert dealt.supplier() == 1 and parsed.supplier() is None  # the state's outcome carries it
