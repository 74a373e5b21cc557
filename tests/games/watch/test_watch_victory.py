"""The Declaration of Victory, the Warpath, and the ends of a Watch."""

from console.games.watch.rules.ledger import SETTLEMENT, place_piece
from tests.games.watch.watch_table import Table, edge


def test_a_ruler_declares_victory_on_their_own_turn_at_fifteen_visible_vp(table: Table) -> None:
    table.state.honours[1] = 12
    assert "1:declare" in table.legal()
    table.do("1:declare")
    outcome = table.state.outcome()
    assert outcome is not None
    assert outcome.winners == (1,) and "declared victory with 15 VP" in outcome.reason
    assert table.state.to_act == ()


def test_declaring_at_fourteen_is_refused(table: Table) -> None:
    table.state.honours[1] = 11
    assert "1:declare" not in table.legal()
    table.refuse("1:declare", "you have 14 visible VP")


def test_reaching_fifteen_does_not_end_the_watch_by_itself(table: Table) -> None:
    table.state.honours[2] = 12
    table.end_turns(1)
    assert table.state.outcome() is None and "2:declare" in table.legal()


def test_declaration_is_only_on_the_declaring_rulers_own_turn(table: Table) -> None:
    table.state.honours[2] = 12
    assert table.state.legal_actions(2) == []


def test_hidden_vp_cards_must_be_revealed_to_count_toward_the_declaration(table: Table) -> None:
    table.state.honours[1] = 10
    table.hand(1, "w-war-spoils", "g-golden-harvest")
    table.refuse("1:declare", "you have 13 visible VP")
    table.do("1:reveal w-war-spoils", "1:reveal g-golden-harvest", "1:declare")
    outcome = table.state.outcome()
    assert outcome is not None and outcome.winners == (1,)


def test_the_warpath_goes_to_the_first_ruler_with_five_continuous_roads_for_two_vp(table: Table) -> None:
    table.give(1, wood=9, stone=9)
    table.do(f"1:road {edge('i19', 'i25')}", f"1:road {edge('i25', 'i20')}")
    assert table.state.warpath == 0
    table.do(f"1:road {edge('i20', 'i15')}")
    assert table.state.road_lengths[1] == 4 and table.state.warpath == 0
    table.do(f"1:road {edge('i15', 'i11')}")
    assert table.state.road_lengths[1] == 5 and table.state.warpath == 1 and table.state.vp(1) == 5


def test_the_warpath_passes_only_to_a_strictly_longer_road() -> None:
    t = Table(2)
    for a, b in (("i19", "i25"), ("i25", "i20"), ("i20", "i15"), ("i15", "i11")):
        t.road(1, a, b)
    assert t.state.warpath == 1
    for a, b in (("i21", "i16"), ("i16", "i11"), ("i11", "i7")):
        t.road(2, a, b)
    assert t.state.road_lengths[2] == 4 and t.state.warpath == 1
    t.road(2, "i32", "i26")
    assert t.state.road_lengths[2] == 5 and t.state.warpath == 1  # a tie keeps it with its holder
    t.road(2, "i32", "i37")
    assert t.state.warpath == 2


def test_a_rivals_settlement_cuts_a_road() -> None:
    t = Table(2)
    for a, b in (("i19", "i25"), ("i25", "i31"), ("i31", "i37"), ("i37", "i42")):
        t.road(1, a, b)
    assert t.state.road_lengths[1] == 5 and t.state.warpath == 1
    place_piece(t.state, 30, 2, SETTLEMENT)  # seat 2 settles i31
    assert t.state.road_lengths[1] == 3 and t.state.warpath == 0


def test_the_round_limit_ends_a_watch_with_the_highest_visible_vp() -> None:
    t = Table(2, options={"max_rounds": 2})
    t.state.settlements[2] = 3
    t.end_turns(4)
    outcome = t.state.outcome()
    assert outcome is not None
    assert outcome.winners == (2,) and "round limit" in outcome.reason and outcome.scores == (3.0, 5.0)


def test_a_tie_for_the_highest_vp_is_shared() -> None:
    t = Table(2, options={"max_rounds": 1})
    t.end_turns(2)
    outcome = t.state.outcome()
    assert outcome is not None and outcome.winners == (1, 2)


def test_visible_vp_are_pieces_trophies_revealed_cards_and_horde_honours() -> None:
    t = Table(3)
    for a, b in (("i19", "i25"), ("i25", "i20"), ("i20", "i15"), ("i15", "i11")):
        t.road(1, a, b)
    t.do("1:offer 2", "2:accept")
    t.state.alliances[(1, 2)].trophy = True
    t.state.revealed[1] = ["w-war-spoils"]
    t.state.honours[1] = 1
    t.hand(1, "g-golden-harvest")  # hidden: not counted
    # city 2 + settlement 1 + Warpath 2 + Alliance Trophy 2 + revealed card 1 + honour 1
    assert t.state.vp(1) == 9 and t.state.view(None)["vp_track"]["1"] == 9


def test_building_alone_reaches_at_most_thirteen_vp(table: Table) -> None:
    table.state.cities[1], table.state.settlements[1] = 4, 5
    assert table.state.vp(1) == 13 and "1:declare" not in table.legal()


def test_after_roads_are_lost_a_tied_holder_keeps_the_warpath() -> None:
    t = Table(2)
    for a, b in (("i19", "i25"), ("i25", "i20"), ("i20", "i15"), ("i15", "i11"), ("i11", "i7")):
        t.road(1, a, b)
    for a, b in (("i21", "i16"), ("i32", "i26"), ("i32", "i37"), ("i37", "i42")):
        t.road(2, a, b)
    assert (t.state.road_lengths[1], t.state.road_lengths[2], t.state.warpath) == (6, 5, 1)
    t.hand(1, "w-burn-the-ford")
    t.do(f"1:play w-burn-the-ford {edge('i11', 'i7')}")  # ruler 1 burns its own: 5 against 5
    assert t.state.warpath == 1


def test_after_roads_are_lost_a_unique_longest_road_takes_the_warpath() -> None:
    t = Table(2)
    for a, b in (("i19", "i25"), ("i25", "i20"), ("i20", "i15"), ("i15", "i11"), ("i11", "i7")):
        t.road(1, a, b)
    for a, b in (("i21", "i16"), ("i32", "i26"), ("i32", "i37"), ("i37", "i42")):
        t.road(2, a, b)
    t.hand(1, "w-burn-the-ford")
    t.do(f"1:play w-burn-the-ford {edge('i20', 'i15')}")  # ruler 1's longest run falls to 3
    assert t.state.warpath == 2 and t.state.vp(2) == 5


def test_after_roads_are_lost_with_no_road_of_five_the_warpath_is_set_aside() -> None:
    t = Table(2)
    for a, b in (("i19", "i25"), ("i25", "i20"), ("i20", "i15"), ("i15", "i11")):
        t.road(1, a, b)
    t.hand(1, "w-burn-the-ford")
    t.do(f"1:play w-burn-the-ford {edge('i19', 'i25')}")
    assert t.state.warpath == 0 and t.state.view(None)["warpath"] is None


def test_a_ruler_at_fifteen_only_with_the_warpath_and_two_alliance_trophies_may_declare() -> None:
    t = Table(3)
    for a, b in (("i19", "i25"), ("i25", "i20"), ("i20", "i15"), ("i15", "i11")):
        t.road(1, a, b)
    t.do("1:offer 2", "2:accept", "1:offer 3", "3:accept")
    for pair in ((1, 2), (1, 3)):
        t.state.alliances[pair].trophy = True
    t.state.honours[1] = 6
    # city 2 + settlement 1 + Warpath 2 + two Alliance Trophies 4 + honours 6: every VP a ruler can
    # hold but pieces, cards and honours, and exactly the target
    assert t.state.warpath == 1 and t.state.vp(1) == 15
    assert "1:declare" in t.legal(1)
