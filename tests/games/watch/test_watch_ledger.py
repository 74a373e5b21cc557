"""The Reckoner's Ledger: prices, caps, connectivity, improvements, the exchange, production."""

import itertools

import pytest

from console.games.core import NotationError
from console.games.watch import GAME
from console.games.watch.rules.board import HEX_INDEX, POINT_INDEX
from console.games.watch.rules.ledger import CITY, PRICE_BITS, SETTLEMENT, affordable, payable, place_piece
from tests.games.watch.watch_table import Table, edge


def test_a_settlement_costs_2_grain_2_wood_2_stone_and_is_worth_1_vp(table: Table) -> None:
    table.give(1, grain=2, wood=2, stone=2, gold=0)
    table.road(1, "i19", "i25")
    table.do("1:settle i25")
    assert table.stores(1) == {"grain": 0, "wood": 0, "stone": 0, "gold": 0}
    assert table.piece("i25") == (1, 1) and table.state.vp(1) == 4


def test_a_settlement_you_cannot_afford_is_refused(table: Table) -> None:
    table.give(1, grain=1, wood=2, stone=2, gold=5)
    table.road(1, "i19", "i25")
    table.refuse("1:settle i25", "a settlement costs 2 Grain, 2 Wood, 2 Stone")


def test_a_settlement_may_not_stand_under_another_rulers_army_but_may_over_its_own(table: Table) -> None:
    table.give(1, grain=4, wood=4, stone=4)
    table.road(1, "i19", "i25")
    table.army(2, "i25", 1)
    assert "1:settle i25" not in table.legal()
    table.refuse("1:settle i25", "another ruler's army stands on that intersection")
    table.army(1, "i25", 1)
    assert "1:settle i25" in table.legal()
    table.do("1:settle i25")
    assert table.piece("i25") == (1, 1)


def test_a_settlement_must_stand_on_an_intersection_touched_by_your_road(table: Table) -> None:
    table.give(1, grain=9, wood=9, stone=9)
    table.refuse("1:settle i44", "touched by your road")


def test_a_settlement_may_not_stand_next_to_any_piece(table: Table) -> None:
    table.give(1, grain=9, wood=9, stone=9)
    table.road(1, "i24", "i30")
    table.refuse("1:settle i30", "next to a settlement or city")  # i30 is next to seat 2's i35


def test_with_the_own_distance_rule_only_your_own_pieces_keep_their_distance() -> None:
    t = Table(2, options={"distance_rule": "own"})
    t.give(1, grain=9, wood=9, stone=9)
    t.road(1, "i24", "i30")
    t.do("1:settle i30")
    assert t.piece("i30") == (1, 1)


def test_a_city_costs_4_grain_2_wood_4_stone_and_replaces_the_settlements_vp(table: Table) -> None:
    table.give(1, grain=4, wood=2, stone=4, gold=0)
    table.do("1:city i18")
    assert table.piece("i18") == (1, 2)
    assert table.stores(1) == {"grain": 0, "wood": 0, "stone": 0, "gold": 0}
    assert table.state.vp(1) == 4


def test_a_settlement_may_be_upgraded_to_a_city_only_by_its_owner(table: Table) -> None:
    table.give(1, grain=9, wood=9, stone=9)
    table.refuse("1:city i35", "your own settlements")


def test_no_ruler_holds_more_than_four_cities(table: Table) -> None:
    state = table.state
    state.cities[1] = 4
    table.give(1, grain=9, wood=9, stone=9)
    table.refuse("1:city i18", "you hold 4 cities")


def test_no_ruler_holds_more_than_five_settlements(table: Table) -> None:
    table.state.settlements[1] = 5
    table.give(1, grain=9, wood=9, stone=9)
    table.road(1, "i19", "i25")
    table.refuse("1:settle i25", "you hold 5 settlements")


def test_upgrading_frees_a_settlement_slot(table: Table) -> None:
    table.state.settlements[1] = 5
    table.give(1, grain=4, wood=2, stone=4)
    table.do("1:city i18")
    assert table.state.settlements[1] == 4 and table.state.cities[1] == 2


def test_a_road_costs_1_wood_1_stone_and_extends_your_network(table: Table) -> None:
    table.give(1, grain=0, wood=1, stone=1, gold=0)
    road = edge("i19", "i25")
    table.do(f"1:road {road}")
    assert table.stores(1)["wood"] == 0 and table.stores(1)["stone"] == 0
    table.give(1, wood=1, stone=1)
    table.refuse(f"1:road {edge('i40', 'i44')}", "extend from your own city, settlement or road")


def test_roads_are_never_laid_across_water(table: Table) -> None:
    table.give(1, wood=9, stone=9)
    table.road(1, "i10", "i14")
    table.road(1, "i6", "i10")
    table.road(1, "i3", "i6")
    table.refuse(f"1:road {edge('i3', 'i7')}", "never laid across water")  # between the lake h3 and the sea


def test_a_road_may_not_run_on_through_another_rulers_settlement(table: Table) -> None:
    table.give(1, wood=9, stone=9)
    table.road(1, "i18", "i23")
    table.road(1, "i23", "i29")
    table.do(f"1:road {edge('i29', 'i35')}")  # a road may end at seat 2's settlement
    table.refuse(f"1:road {edge('i35', 'i40')}", "extend from your own")


def test_one_road_per_edge(table: Table) -> None:
    table.give(2, wood=9, stone=9)
    table.end_turns(1)
    table.refuse(f"2:road {edge('i26', 'i21')}", "already has a road")


def test_an_army_unit_costs_1_grain_1_wood_1_stone_and_is_recruited_inactive_at_a_city(table: Table) -> None:
    table.give(1, grain=3, wood=3, stone=3, gold=0)
    table.do("1:recruit i14", "1:recruit i14", "1:recruit i14")
    stack = table.stack_at("i14")
    assert stack.units == 3 and not stack.active
    assert table.stores(1) == {"grain": 0, "wood": 0, "stone": 0, "gold": 0}


def test_armies_are_recruited_only_at_your_cities(table: Table) -> None:
    table.give(1, grain=3, wood=3, stone=3)
    table.refuse("1:recruit i18", "at one of your cities")


def test_a_stack_holds_no_more_than_five_units(table: Table) -> None:
    table.army(1, "i14", 5)
    table.give(1, grain=3, wood=3, stone=3)
    table.refuse("1:recruit i14", "at most 5 units")


def test_units_do_not_join_an_active_stack(table: Table) -> None:
    table.army(1, "i14", 2, active=True)
    table.give(1, grain=3, wood=3, stone=3)
    table.refuse("1:recruit i14", "inactive stack")


def test_activating_a_whole_stack_costs_1_grain_or_1_gold(table: Table) -> None:
    table.army(1, "i14", 5)
    table.army(1, "i18", 1)
    table.give(1, grain=1, wood=0, stone=0, gold=1)
    table.do("1:activate i14 grain", "1:activate i18 gold")
    assert table.stack_at("i14").active and table.stack_at("i18").active
    assert table.stores(1) == {"grain": 0, "wood": 0, "stone": 0, "gold": 0}


def test_activation_without_grain_or_gold_is_refused(table: Table) -> None:
    table.army(1, "i14", 2)
    table.empty(1)
    table.refuse("1:activate i14 grain", "activation costs 1 Grain")


def test_city_walls_cost_2_wood_3_stone_and_stand_only_around_cities(table: Table) -> None:
    table.give(1, grain=0, wood=4, stone=6, gold=0)
    table.refuse("1:walls i18", "around one of your cities")
    table.do("1:walls i14")
    assert table.state.view(None)["board"]["intersections"][13]["walls"] is True
    table.refuse("1:walls i14", "already has walls")


def test_improvements_cost_their_price_and_sit_on_a_matching_tile_next_to_your_city(table: Table) -> None:
    table.give(1, grain=2, wood=3, stone=0, gold=0)
    table.refuse("1:improve h5 i14", "Quarry costs 1 Wood, 4 Stone")
    table.give(1, grain=0, wood=2, stone=3)
    table.do("1:improve h6 i14")  # a Mill on the wood tile h6
    assert table.state.improvements[5] == (1, 13, "mill")
    table.give(1, wood=9, stone=9)
    table.refuse("1:improve h5 i14", "that city already has its one improvement")


def test_an_improvement_belongs_to_one_of_your_cities_never_a_settlement_or_a_rivals_city(
    table: Table,
) -> None:
    table.give(1, grain=9, wood=9, stone=9)
    table.refuse("1:improve h4 i18", "an improvement belongs to one of your cities")  # i18: a settlement
    table.refuse("1:improve h7 i26", "an improvement belongs to one of your cities")  # i26: ruler 2's
    assert not any(a.startswith("1:improve") and a.endswith(("i18", "i26")) for a in table.legal())


def test_each_tile_bears_only_one_improvement() -> None:
    t = Table(3)
    t.state.improvements[10] = (2, 25, "granary")  # h11 grain, owned by seat 2's city i26
    t.give(1, grain=9, wood=9, stone=9)
    place_piece(t.state, 30, 1, CITY)  # give seat 1 a city at i31 next to h11
    t.refuse("1:improve h11 i31", "only one improvement")


def test_no_improvement_on_gold_desert_or_water(table: Table) -> None:
    table.give(1, grain=9, wood=9, stone=9)
    table.refuse("1:improve h2 i14", "only a grain, wood or stone tile")


def test_two_gold_buy_one_grain_wood_or_stone_without_limit(table: Table) -> None:
    table.give(1, grain=0, wood=0, stone=0, gold=5)
    table.do("1:exchange grain", "1:exchange stone")
    assert table.stores(1) == {"grain": 1, "wood": 0, "stone": 1, "gold": 1}
    table.refuse("1:exchange wood", "takes 2 Gold")


def test_the_exchange_is_paid_in_gold_alone(table: Table) -> None:
    table.give(1, grain=5, wood=5, stone=5, gold=1)
    table.refuse("1:exchange grain", "the exchange takes 2 Gold; you have 1")
    assert not any(a.startswith("1:exchange") for a in table.legal())


def test_the_exchange_is_only_on_your_own_turn(table: Table) -> None:
    table.give(2, gold=4)
    assert not [a for a in table.legal(1) if a.startswith("2:")]
    assert table.state.legal_actions(2) == []


def test_round_close_production_city_two_settlement_one_improvement_one(table: Table) -> None:
    table.state.improvements[4] = (1, 13, "quarry")  # h5 stone by city i14
    table.empty(1)
    table.empty(2)
    table.end_turns(2)
    # city i14: gold 2, stone 2, wood 2; settlement i18: grain 2 (h4, h9), stone 1; quarry +1 stone
    assert table.stores(1) == {"grain": 2, "wood": 2, "stone": 4, "gold": 2}
    assert table.stores(2) == {"grain": 5, "wood": 2, "stone": 2, "gold": 0}


def test_neighbours_on_one_tile_each_get_full_output() -> None:
    t = Table(2)
    place_piece(t.state, 30, 2, SETTLEMENT)  # seat 2 settlement at i31, on h11 with i26
    t.empty(2)
    t.end_turns(2)
    # i26 city: h7 grain 2, h11 grain 2, h12 stone 2; i35: h9 grain, h13 wood, h14 wood; i31: h10, h11, h15
    assert t.stores(2) == {"grain": 6, "wood": 2, "stone": 3, "gold": 0}


def test_desert_yields_nothing_and_an_improvement_on_desert_yields_nothing(table: Table) -> None:
    table.state.improvements[4] = (1, 13, "quarry")
    table.state.tiles[4] = "desert"  # h5
    table.empty(1)
    table.end_turns(2)
    assert table.stores(1) == {"grain": 2, "wood": 2, "stone": 0, "gold": 2}


def make_city(t: Table, seat: int, at: str) -> None:
    """Raise ``seat``'s settlement at ``at`` to a city without paying, for arranging a board."""
    point = POINT_INDEX[at]
    assert t.state.piece_owner[point] == seat
    place_piece(t.state, point, seat, CITY)


@pytest.mark.parametrize(
    ("kind", "tile", "city", "price", "resource"),
    [
        ("granary", "h4", "i18", {"grain": 2, "wood": 3, "stone": 0}, "grain"),
        ("mill", "h6", "i14", {"grain": 0, "wood": 2, "stone": 3}, "wood"),
        ("quarry", "h5", "i14", {"grain": 0, "wood": 1, "stone": 4}, "stone"),
    ],
)
def test_granary_mill_and_quarry_cost_their_price_and_yield_one_more_to_their_city(
    table: Table, kind: str, tile: str, city: str, price: dict[str, int], resource: str
) -> None:
    make_city(table, 1, "i18")
    table.empty(1)
    table.end_turns(2)
    plain = table.stores(1)
    table.empty(1)
    table.give(1, **price)
    table.do(f"1:improve {tile} {city}")
    assert table.stores(1) == {"grain": 0, "wood": 0, "stone": 0, "gold": 0}
    assert table.state.view(None)["board"]["hexes"][HEX_INDEX[tile]]["improvement"]["kind"] == kind
    table.end_turns(2)
    assert table.stores(1) == {**plain, resource: plain[resource] + 1}


def test_an_improvement_you_cannot_afford_is_refused(table: Table) -> None:
    make_city(table, 1, "i18")
    table.give(1, grain=1, wood=3, stone=9, gold=9)
    table.refuse("1:improve h4 i18", "a Granary costs 2 Grain, 3 Wood")


def test_one_improvement_per_city_but_your_other_city_may_improve_the_next_tile(table: Table) -> None:
    make_city(table, 1, "i18")
    table.give(1, grain=9, wood=9, stone=9)
    table.do("1:improve h5 i18")  # a Quarry for i18 on stone h5, which i14 touches too
    table.refuse("1:improve h4 i18", "that city already has its one improvement")
    table.refuse("1:improve h5 i14", "each tile may bear only one improvement")
    table.do("1:improve h6 i14")
    assert sorted(city for _, city, _ in table.state.improvements.values()) == [13, 17]


def test_improvements_are_permanent_their_owner_can_neither_move_nor_destroy_them(table: Table) -> None:
    table.state.improvements[5] = (1, 13, "mill")  # h6 by i14
    table.hand(1, "w-saboteurs-torch")
    table.give(1, grain=9, wood=9, stone=9)
    assert not any("saboteurs-torch" in a for a in table.legal())  # the Torch burns opponents' only
    table.refuse("1:improve h6 i14", "each tile may bear only one improvement")
    table.end_turns(4)
    assert table.state.improvements[5] == (1, 13, "mill")


def test_walls_are_not_an_improvement_a_walled_city_may_still_own_one(table: Table) -> None:
    table.give(1, grain=9, wood=9, stone=9)
    table.do("1:walls i14", "1:improve h6 i14")
    assert table.state.walls[13] and table.state.improvements[5] == (1, 13, "mill")


def test_the_caps_hold_at_any_time_five_settlements_and_three_cities_upgrade_to_four_and_four(
    table: Table,
) -> None:
    table.state.settlements[1], table.state.cities[1] = 5, 3  # counted as if built elsewhere
    table.give(1, grain=20, wood=20, stone=20)
    table.do("1:city i18")
    assert (table.state.settlements[1], table.state.cities[1]) == (4, 4)
    table.road(1, "i19", "i25")
    table.do("1:settle i25")
    assert table.state.settlements[1] == 5
    table.refuse("1:city i25", "you hold 4 cities")


def test_supplies_are_unlimited_only_a_stack_is_capped_at_five(table: Table) -> None:
    """Ruling P-46: no limit on resources, roads or army units; pieces by the caps, units by stack."""
    table.give(1, grain=500, wood=500, stone=500, gold=500)
    for _ in range(20):
        table.do(next(a for a in table.legal() if ":road " in a))
    assert table.state.road_owner.count(1) == 22
    table.do(*["1:recruit i14"] * 5)
    table.refuse("1:recruit i14", "at most 5 units")
    table.do("1:activate i14 grain", "1:move i14 i19")
    table.do(*["1:recruit i14"] * 5)
    assert sum(s.units for s in table.state.stacks.values() if s.owner == 1) == 10
    held = table.stores(1)
    table.end_turns(2)
    assert all(table.stores(1)[name] >= held[name] for name in held) and table.stores(1)["gold"] > 500


def test_there_is_no_other_exchange_and_no_trade_between_rulers(table: Table) -> None:
    table.give(1, grain=9, wood=9, stone=9, gold=9)
    assert sorted(a for a in table.legal() if ":exchange" in a) == [
        "1:exchange grain",
        "1:exchange stone",
        "1:exchange wood",
    ]
    for text in ("1:exchange gold", "1:trade 2 wood", "1:give 2 wood"):
        with pytest.raises(NotationError):
            GAME.parse_action(text)


def test_payable_answers_every_price_as_pricing_it_alone_would() -> None:
    """ledger.payable (what the legal lists ask) against affordable, for every treasury up to 7 of
    each resource, asked twice so the kept answer is checked too."""
    for _ in range(2):
        for stores in itertools.product(range(-1, 8), repeat=4):
            expected = {cost for cost in PRICE_BITS if affordable(list(stores), cost)}
            bits = payable(list(stores))
            assert {cost for cost, bit in PRICE_BITS.items() if bits & bit} == expected
