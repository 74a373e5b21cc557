"""The Arts of War: movement, strikes and combat by calculation."""

from typing import Any

import pytest

from console.games.watch.rules.board import EDGE_INDEX, POINT_INDEX
from console.games.watch.rules.combat import calculate
from console.games.watch.rules.ledger import CITY, NONE, SETTLEMENT
from tests.games.watch.watch_table import Table, edge


@pytest.mark.parametrize(
    ("attackers", "defenders", "kind", "walled", "winner", "left"),
    [
        (4, 2, NONE, False, "attacker", (2, 0)),  # a
        (3, 3, NONE, False, "defender", (0, 0)),  # b: ties go to the defender
        (2, 4, NONE, False, "defender", (0, 2)),  # c
        (5, 2, SETTLEMENT, False, "attacker", (1, 0)),  # d: 5 vs 3, both -3, tax 1
        (5, 1, CITY, False, "attacker", (1, 0)),  # e: 5 vs 3
        (5, 2, CITY, True, "defender", (0, 0)),  # f: 5 vs 5 in a walled city
        (4, 3, CITY, False, "defender", (0, 0)),  # g: 4 vs 5
        (1, 0, CITY, True, "attacker", (0, 0)),  # h: an unguarded city falls to any attacker
    ],
)
def test_combat_worked_examples(
    attackers: int, defenders: int, kind: int, walled: bool, winner: str, left: tuple[int, int]
) -> None:
    battle = calculate(attackers, defenders, kind, walled)
    assert ("attacker" if battle.attacker_wins else "defender") == winner
    assert (max(attackers - battle.attacker_loss, 0), max(defenders - battle.defender_loss, 0)) == left


def test_with_the_empty_walls_option_walls_alone_defend_at_one() -> None:
    battle = calculate(1, 0, CITY, True, empty_walls_bonus=1)
    assert not battle.attacker_wins


@pytest.fixture
def front() -> Table:
    """Seat 1 has an active 4-stack on i19 with a road to i25; seat 2's road runs i25-i31."""
    t = Table(2)
    t.road(1, "i19", "i25")
    t.road(2, "i25", "i31")
    t.army(1, "i19", 4, active=True)
    return t


def test_an_active_army_moves_along_your_roads(front: Table) -> None:
    front.do("1:move i19 i25")
    assert front.stack_at("i25").units == 4 and front.stack("i19") is None


def test_an_inactive_army_may_not_move(front: Table) -> None:
    front.stack_at("i19").active = False
    front.refuse("1:move i19 i25", "only an active stack may move")


def test_armies_do_not_march_off_the_roads(front: Table) -> None:
    front.refuse("1:move i19 i20", "no road of yours or your allies' leads to i20")


def test_a_stack_moves_once_a_turn(front: Table) -> None:
    front.do("1:move i19 i25")
    front.refuse("1:move i25 i19", "already moved")


def test_armies_may_not_pass_through_a_rivals_army(front: Table) -> None:
    front.road(1, "i25", "i20")
    assert "1:move i19 i20" in front.legal()
    front.army(2, "i25", 1)
    front.refuse("1:move i19 i20", "the way to i20 passes another ruler's settlement, city or army")


def test_stacks_may_merge_up_to_five_and_never_split(front: Table) -> None:
    front.army(1, "i14", 1, active=True)
    front.do("1:move i19 i14")
    assert front.stack_at("i14").units == 5
    front.army(1, "i25", 1, active=True)  # i25-i19-i14 along ruler 1's roads
    assert "1:move i25 i14" not in front.legal() and "1:move i25 i19" in front.legal()
    front.refuse("1:move i25 i14", "a stack holds at most 5 units: 1 marching and 5 at i14 make 6")


def test_an_army_strikes_a_rivals_army_next_to_it_along_a_road(front: Table) -> None:
    front.army(2, "i25", 2)
    events = front.do("1:strike i19 i25")
    assert front.stack("i25") is None and front.stack_at("i19").units == 2
    combat = next(e for e in events if e.kind == "combat").data
    assert combat["winner"] == 1 and combat["attack"] == 4 and combat["defence"] == 2


def test_any_strike_deactivates_the_stack(front: Table) -> None:
    front.army(2, "i25", 1)
    front.do("1:strike i19 i25")
    assert not front.stack_at("i19").active


def test_an_active_army_that_moves_and_strikes_deactivates_afterward(front: Table) -> None:
    front.road(1, "i25", "i20")
    front.army(2, "i20", 1)
    front.do("1:move i19 i25", "1:strike i25 i20")
    assert not front.stack_at("i25").active


def test_an_unguarded_settlement_falls_to_any_attacker_and_is_destroyed(front: Table) -> None:
    front.road(1, "i30", "i35")
    front.army(1, "i30", 1, active=True)
    front.do("1:strike i30 i35")
    assert front.piece("i35") == (0, 0)
    assert front.stack("i30") is None  # the assault tax took its one unit
    assert front.state.vp(2) == 2


def test_a_beaten_city_becomes_a_settlement_and_loses_walls_and_improvements(front: Table) -> None:
    front.road(1, "i21", "i26")
    front.army(1, "i21", 5, active=True)
    front.army(2, "i26", 1)
    front.state.walls[25] = False
    front.state.improvements[6] = (2, 25, "granary")  # h7
    front.do("1:strike i21 i26")
    assert front.piece("i26") == (2, 1)
    assert 6 not in front.state.improvements
    assert front.stack_at("i21").units == 1


def test_the_assault_tax_is_paid_even_in_defeat(front: Table) -> None:
    front.road(1, "i21", "i26")
    front.army(1, "i21", 4, active=True)
    front.army(2, "i26", 3)
    front.do("1:strike i21 i26")
    assert front.stack("i21") is None and front.piece("i26") == (2, 2)


def test_allies_may_not_attack_each_other(front: Table) -> None:
    front.army(2, "i25", 1)
    front.do("1:offer 2", "2:accept")
    front.refuse("1:strike i19 i25", "allies may not attack each other")


def test_there_is_no_declaration_of_war(front: Table) -> None:
    front.army(2, "i25", 1)
    assert "1:strike i19 i25" in front.legal()


def test_an_inactive_army_may_not_strike_but_defends_where_it_stands(front: Table) -> None:
    front.army(2, "i25", 2)  # inactive
    front.road(2, "i20", "i25")
    front.end_turns(1)
    front.refuse("2:strike i25 i19", "only an active stack may strike")
    front.end_turns(1)
    front.stack_at("i19").active = True  # the round closed; seat 1 wakes its stack again
    events = front.do("1:strike i19 i25")
    assert next(e for e in events if e.kind == "combat").data["defence"] == 2


def test_a_stack_strikes_at_most_once_a_turn_even_if_woken_again(front: Table) -> None:
    front.army(2, "i25", 1)
    front.do("1:strike i19 i25")
    front.army(2, "i25", 1)
    front.give(1, grain=1)
    front.do("1:activate i19 grain")
    assert not [a for a in front.legal() if a.startswith("1:strike i19")]
    front.refuse("1:strike i19 i25", "already struck this turn")


def test_a_stack_that_struck_may_not_move_even_if_woken_again(front: Table) -> None:
    """Ruling R-9: a stack moves, then strikes; its deeds end with the strike ("An active army that
    moves and strikes deactivates afterward"). Woken again it is active (it commits to the Horde),
    but it does not march on until its next turn."""
    front.army(2, "i25", 1)
    front.do("1:strike i19 i25")
    front.give(1, grain=1)
    front.do("1:activate i19 grain")
    assert front.stack_at("i19").active
    assert not [a for a in front.legal() if a.startswith("1:move i19")]
    front.refuse("1:move i19 i25", "that stack has struck this turn")


def test_a_stack_that_merges_with_an_inactive_one_is_inactive(front: Table) -> None:
    front.army(1, "i14", 1)
    front.do("1:move i19 i14")
    assert front.stack_at("i14").units == 5 and not front.stack_at("i14").active


def test_a_strike_crosses_only_an_edge_with_a_road(front: Table) -> None:
    front.army(2, "i24", 1)  # next to i19; take away seat 1's founding road between them
    front.state.set_road(EDGE_INDEX[edge("i19", "i24")], 0)
    front.refuse("1:strike i19 i24", "next to it along a road")


def test_the_attacker_gets_no_terrain_bonus_even_from_its_walled_city(front: Table) -> None:
    front.stack_at("i19").active = False
    front.army(1, "i14", 3, active=True)
    front.state.walls[POINT_INDEX["i14"]] = True
    front.army(2, "i19", 2)  # seat 2's stack stands in the field where seat 1's stood
    events = front.do("1:strike i14 i19")
    combat = next(e for e in events if e.kind == "combat").data
    assert (combat["attack"], combat["defence"], combat["terrain"]) == (3, 2, "field")


def test_a_garrisoned_walled_city_defends_at_plus_three(front: Table) -> None:
    front.road(1, "i21", "i26")
    front.army(1, "i21", 5, active=True)
    front.army(2, "i26", 2)
    front.state.walls[POINT_INDEX["i26"]] = True
    events = front.do("1:strike i21 i26")
    combat = next(e for e in events if e.kind == "combat").data
    assert (combat["attack"], combat["defence"], combat["winner"]) == (5, 5, 2)  # a tie: the defender
    assert combat["terrain"] == "walled city"
    assert front.stack("i21") is None and front.stack("i26") is None
    assert front.piece("i26") == (2, 2) and front.state.walls[POINT_INDEX["i26"]]


def test_a_walled_city_is_not_razed_in_a_single_blow(front: Table) -> None:
    front.road(1, "i21", "i26")
    front.army(1, "i21", 5, active=True)
    front.army(2, "i26", 1)
    front.state.walls[POINT_INDEX["i26"]] = True
    front.do("1:strike i21 i26")  # 5 against 1 + 3: the attacker wins, loses 4 and the tax
    assert front.piece("i26") == (2, 1) and not front.state.walls[POINT_INDEX["i26"]]
    assert front.stack("i21") is None


def test_the_empty_walls_option_lends_nothing_to_an_unwalled_empty_city() -> None:
    assert calculate(1, 0, CITY, False, empty_walls_bonus=1).attacker_wins
    assert calculate(1, 0, SETTLEMENT, False, empty_walls_bonus=1).attacker_wins


def test_a_stack_that_merges_into_another_has_moved_and_moves_no_more_this_turn(front: Table) -> None:
    front.army(1, "i14", 1, active=True)
    front.do("1:move i19 i14")
    assert not any(a.startswith("1:move i14") for a in front.legal())
    front.refuse("1:move i14 i19", "already moved")


def test_a_march_may_not_end_on_a_rivals_army(front: Table) -> None:
    front.army(2, "i25", 1)
    front.refuse(
        "1:move i19 i25", "ruler 2's army stands at i25: a stack stops only where no other ruler stands"
    )


def test_the_last_combat_is_shown_to_the_whole_table(front: Table) -> None:
    front.army(2, "i25", 2)
    front.do("1:strike i19 i25")
    report = front.state.view(None)["last"]["combat"]
    assert (report["attack"], report["defence"], report["winner"], report["at"]) == (4, 2, 1, "i25")
    assert front.state.view(2)["last"]["combat"] == report


def test_a_stack_that_struck_still_has_struck_when_another_merges_into_it(front: Table) -> None:
    front.army(2, "i25", 1)
    front.do("1:strike i19 i25")
    front.army(1, "i14", 1, active=True)
    front.do("1:move i14 i19")  # joins the stack that struck
    front.give(1, grain=1)
    front.do("1:activate i19 grain")
    front.army(2, "i25", 1)
    assert not [a for a in front.legal() if a.startswith("1:strike i19")]
    front.refuse("1:strike i19 i25", "already struck this turn")


def test_a_march_of_no_road_is_refused_for_the_road_even_where_the_stacks_would_make_five(
    front: Table,
) -> None:
    front.army(1, "i14", 1)  # 4 marching and 1 there make 5: a stack may hold that
    front.state.set_road(EDGE_INDEX[edge("i19", "i14")], 0)
    front.state.roads_changed()
    front.refuse("1:move i19 i14", "no road of yours or your allies' leads to i14")


def test_a_destroyed_settlement_no_longer_cuts_the_roads_that_meet_at_it(front: Table) -> None:
    """Ruler 2's settlement at i35 cuts ruler 1's roads there; once it falls, ruler 1's run passes
    through, and the table's longest road says so at once (2 before: runs ended at the cut)."""
    from console.games.watch.rules.network import longest_road

    front.road(1, "i30", "i35")
    front.road(1, "i35", "i40")
    front.road(1, "i40", "i45")
    front.road(1, "i35", "i29")
    front.road(1, "i29", "i23")
    front.army(1, "i30", 1, active=True)
    before = front.state.view(1)
    front.do("1:strike i30 i35")
    assert front.piece("i35") == (0, 0)
    assert front.state.road_lengths[1] == longest_road(front.state, 1) == 4  # i23-i29-i35-i40-i45
    assert _longest_road_shown(before, 1) == 2


def _longest_road_shown(view: dict[str, Any], seat: int) -> int:
    return next(ruler["longest_road"] for ruler in view["rulers"] if ruler["seat"] == seat)
