"""The Great Chronicle: draws, the hand, and every card's exact effect."""

import json

import pytest

from console.games.core import CatalogError
from console.games.watch.catalog import catalog, parse_catalog
from console.games.watch.rules.board import EDGE_INDEX
from console.games.watch.rules.chronicle import CARD_EFFECTS
from console.games.watch.rules.harrows import HARROW_EFFECTS
from tests.games.watch.watch_table import Table, edge

# --- the decks as data ----------------------------------------------------------------------------


def test_three_decks_of_eleven_cards_with_forge_the_edge_in_warfare() -> None:
    known = catalog()
    for deck in ("warfare", "growth", "politics"):
        cards = [c for c in known.cards.values() if c.deck == deck]
        rarities = [c.rarity for c in cards]
        assert (rarities.count("common"), rarities.count("rare")) == (4, 3)
        assert (rarities.count("legendary"), rarities.count("hidden victory")) == (2, 2)
    assert known.cards["w-forge-the-edge"].deck == "warfare"


def test_a_deck_holds_22_cards_by_rarity_or_11_with_one_of_each() -> None:
    assert len(Table(2, found=False).state.decks["warfare"]) == 22
    assert len(Table(2, options={"copies": "single"}, found=False).state.decks["growth"]) == 11


def test_a_bad_catalog_entry_is_named() -> None:
    bad = {
        "card": [
            {
                "id": "w-x",
                "name": "X",
                "deck": "warfare",
                "rarity": "mythic",
                "quote": "q",
                "text": "t",
                "effect": "gold_rush",
            }
        ],
        "harrow": [],
    }
    with pytest.raises(CatalogError, match=r"card #1 \(w-x\): rarity 'mythic'"):
        parse_catalog(bad, frozenset(CARD_EFFECTS), frozenset(HARROW_EFFECTS))


def test_an_effect_no_rule_implements_is_refused() -> None:
    bad = {
        "card": [
            {
                "id": "g-y",
                "name": "Y",
                "deck": "growth",
                "rarity": "common",
                "quote": "q",
                "text": "t",
                "effect": "make_it_rain",
            }
        ]
    }
    with pytest.raises(CatalogError, match="no rule implements the effect 'make_it_rain'"):
        parse_catalog(bad, frozenset(CARD_EFFECTS), frozenset(HARROW_EFFECTS))


# --- drawing and the hand -------------------------------------------------------------------------


def test_a_draw_costs_the_gold_price_or_the_commodity_bundle_never_both() -> None:
    t = Table(2, decks={1: ["w-intrigue", "w-intrigue"]})
    t.give(1, grain=0, wood=2, stone=1, gold=2)
    t.do("1:draw warfare goods")
    assert t.stores(1) == {"grain": 0, "wood": 0, "stone": 0, "gold": 2}
    t.do("1:draw warfare gold")
    assert t.stores(1)["gold"] == 0 and t.state.hands[1] == ["w-intrigue", "w-intrigue"]


@pytest.mark.parametrize(
    ("deck", "goods"),
    [
        ("warfare", {"wood": 2, "stone": 1}),
        ("growth", {"grain": 2, "wood": 1}),
        ("politics", {"stone": 2, "grain": 1}),
    ],
)
def test_the_commodity_bundles_of_the_three_decks(deck: str, goods: dict[str, int]) -> None:
    t = Table(2)
    t.empty(1)
    t.give(1, **goods)
    t.do(f"1:draw {deck} goods")
    assert t.stores(1) == {"grain": 0, "wood": 0, "stone": 0, "gold": 0}


def test_a_draw_you_cannot_pay_is_refused(table: Table) -> None:
    table.give(1, grain=0, wood=1, stone=0, gold=1)
    table.refuse("1:draw warfare goods", "costs 2 Wood, 1 Stone")
    table.refuse("1:draw warfare gold", "costs 2 Gold")


def test_the_card_drawn_is_a_chance_outcome_weighted_by_the_cards_left(table: Table) -> None:
    table.give(1, gold=2)
    table.do("1:draw politics gold")
    outcomes = dict((str(a), w) for a, w in table.state.chance_outcomes())
    assert outcomes["chance:deal politics p-favor"] == 3 and outcomes["chance:deal politics p-pariah"] == 1
    assert sum(outcomes.values()) == 22
    table.chance("chance:deal politics p-pariah")
    assert table.state.hands[1] == ["p-pariah"]


def test_a_drawn_card_is_hidden_from_the_table_until_played() -> None:
    t = Table(2, decks={3: ["p-usurpation"]})
    t.give(1, gold=2)
    t.do("1:draw politics gold")
    assert "p-usurpation" in json.dumps(t.state.view(1))
    assert "p-usurpation" not in json.dumps(t.state.view(2))
    assert "p-usurpation" not in json.dumps(t.state.view(None))
    assert t.state.view(None)["rulers"][0]["hand_size"] == 1


def test_the_hand_limit_is_three_and_the_owner_returns_the_excess_to_the_bottom_of_its_deck() -> None:
    t = Table(2, decks={1: ["w-intrigue", "w-decimation", "w-turncoat", "w-salt-the-earth"]})
    t.give(1, gold=8)
    t.do(*["1:draw warfare gold"] * 4)
    assert t.state.to_act == (1,) and t.legal()[0].startswith("1:return")
    t.refuse("1:end", "over its limit of 3")
    t.do("1:return w-decimation")
    assert sorted(t.state.hands[1]) == ["w-intrigue", "w-salt-the-earth", "w-turncoat"]
    assert t.state.decks["warfare"].bottom == ["w-decimation"]


def test_a_hand_over_its_limit_by_more_than_one_returns_a_card_at_a_time_until_it_holds_three() -> None:
    t = Table(2, decks={1: ["w-turncoat"]})
    t.hand(1, "w-intrigue", "w-decimation", "g-gold-rush", "p-favor")  # put in past the limit
    t.give(1, gold=2)
    t.do("1:draw warfare gold", "1:return w-decimation")
    assert len(t.state.hands[1]) == 4 and t.legal()[0].startswith("1:return")
    t.do("1:return p-favor")
    assert sorted(t.state.hands[1]) == ["g-gold-rush", "w-intrigue", "w-turncoat"] and "1:end" in t.legal()


def test_revealed_hidden_victory_cards_do_not_count_toward_the_hand_limit() -> None:
    t = Table(
        2,
        decks={
            2: ["g-golden-harvest", "g-seed-of-the-ancients", "g-gold-rush", "g-gold-rush", "g-gold-rush"]
        },
    )
    t.give(1, gold=10)
    t.do(
        "1:draw growth gold",
        "1:draw growth gold",
        "1:reveal g-golden-harvest",
        "1:reveal g-seed-of-the-ancients",
    )
    t.do("1:draw growth gold", "1:draw growth gold", "1:draw growth gold")
    assert len(t.state.hands[1]) == 3 and len(t.state.revealed[1]) == 2 and t.state.to_act == (1,)


def test_played_cards_return_to_the_bottom_of_their_own_deck(table: Table) -> None:
    table.hand(1, "g-gold-rush")
    table.do("1:play g-gold-rush")
    assert table.state.decks["growth"].bottom == ["g-gold-rush"]
    assert table.state.view(None)["last"]["played"]["name"] == "Gold Rush"


def test_hidden_vp_cards_count_only_once_revealed_on_your_own_turn(table: Table) -> None:
    table.hand(1, "w-war-spoils", "p-royal-favor")
    assert table.state.vp(1) == 3
    table.refuse("1:play w-war-spoils", "reveal it on your turn")
    table.do("1:reveal w-war-spoils")
    assert table.state.vp(1) == 4 and table.state.hands[1] == ["p-royal-favor"]
    table.end_turns(1)
    assert table.state.legal_actions(1) == []


def test_cards_are_played_only_on_your_own_turn(table: Table) -> None:
    table.hand(2, "g-gold-rush")
    assert not any("play" in a for a in table.legal(1))


# --- Warfare --------------------------------------------------------------------------------------


def test_forge_the_edge_recruits_one_free_inactive_unit_anywhere_in_your_network(table: Table) -> None:
    table.hand(1, "w-forge-the-edge", "w-forge-the-edge")
    before = table.stores(1)
    table.do("1:play w-forge-the-edge i19")
    assert table.stack_at("i19").units == 1 and not table.stack_at("i19").active and table.stores(1) == before
    table.stack_at("i19").active = True
    table.refuse("1:play w-forge-the-edge i19", "Forge the Edge needs")
    table.refuse("1:play w-forge-the-edge i44", "Forge the Edge needs")


def test_drill_sergeant_activates_up_to_two_inactive_armies_free(table: Table) -> None:
    table.hand(1, "w-drill-sergeant")
    for at in ("i14", "i18", "i19"):
        table.army(1, at, 1)
    table.empty(1)
    table.do("1:play w-drill-sergeant i14 i19")
    assert table.stack_at("i14").active and table.stack_at("i19").active and not table.stack_at("i18").active


def test_burn_the_ford_destroys_any_one_road(table: Table) -> None:
    table.hand(1, "w-burn-the-ford")
    table.do(f"1:play w-burn-the-ford {edge('i26', 'i21')}")
    assert (
        table.state.view(None)["board"]["edges"][
            [e["ends"] for e in table.state.view(None)["board"]["edges"]].index(["i21", "i26"])
        ].get("road")
        is None
    )


def test_intrigue_holds_an_enemy_active_army_through_its_next_turn(table: Table) -> None:
    table.hand(1, "w-intrigue")
    table.road(2, "i26", "i32")
    table.army(2, "i26", 2, active=True)
    table.do("1:play w-intrigue i26", "1:end")
    table.refuse("2:move i26 i32", "held by Intrigue")
    table.end_turns(2)
    table.stack_at("i26").active = True
    assert "2:move i26 i32" in table.legal()


def test_intrigue_needs_an_enemy_active_army(table: Table) -> None:
    table.hand(1, "w-intrigue")
    table.army(2, "i26", 2)
    table.refuse("1:play w-intrigue i26", "Intrigue needs an active army")


def test_saboteurs_torch_destroys_an_opponents_improvement_not_walls(table: Table) -> None:
    table.hand(1, "w-saboteurs-torch")
    table.state.improvements[6] = (2, 25, "granary")
    table.do("1:play w-saboteurs-torch h7")
    assert 6 not in table.state.improvements


def test_decimation_takes_two_units_outright(table: Table) -> None:
    table.hand(1, "w-decimation", "w-decimation")
    table.army(2, "i26", 5)
    table.army(2, "i35", 2)
    table.do("1:play w-decimation i26", "1:play w-decimation i35")
    assert table.stack_at("i26").units == 3 and table.stack("i35") is None


def test_call_to_arms_activates_all_your_inactive_armies_free(table: Table) -> None:
    table.hand(1, "w-call-to-arms")
    table.army(1, "i14", 2)
    table.army(1, "i18", 3)
    table.empty(1)
    table.do("1:play w-call-to-arms")
    assert table.stack_at("i14").active and table.stack_at("i18").active


def test_turncoat_takes_one_active_enemy_unit_into_your_army_up_to_five(table: Table) -> None:
    table.hand(1, "w-turncoat")
    table.army(2, "i26", 3, active=True)
    table.army(1, "i14", 5)
    table.refuse("1:play w-turncoat i26 i14", "one of your stacks with room")
    table.stack_at("i14").units = 4
    table.do("1:play w-turncoat i26 i14")
    assert table.stack_at("i26").units == 2 and table.stack_at("i14").units == 5


def test_salt_the_earth_makes_a_tile_desert_forever(table: Table) -> None:
    table.hand(1, "w-salt-the-earth")
    table.do("1:play w-salt-the-earth h7")
    table.empty(2)
    table.end_turns(2)
    assert table.stores(2)["grain"] == 3  # h11 gives 2, the settlement's h9 gives 1; h7 nothing
    assert table.state.tiles[6] == "desert"


# --- Growth ---------------------------------------------------------------------------------------


def test_road_building_builds_two_free_roads_in_your_network(table: Table) -> None:
    table.hand(1, "g-road-building")
    before = table.stores(1)
    table.do("1:play g-road-building")
    assert table.state.to_act == (1,) and all(a.startswith("1:road") for a in table.legal())
    table.do(f"1:road {edge('i19', 'i25')}", f"1:road {edge('i25', 'i31')}")
    assert table.stores(1) == before and table.state.road_lengths[1] == 3


def test_unfair_trade_takes_one_random_resource_from_each_opponent() -> None:
    t = Table(3)
    t.hand(1, "g-unfair-trade")
    t.give(2, grain=0, wood=3, stone=0, gold=1)
    t.empty(3)
    t.do("1:play g-unfair-trade")
    assert dict((str(a), w) for a, w in t.state.chance_outcomes()) == {
        "chance:take 2 gold": 1,
        "chance:take 2 wood": 3,
    }
    t.chance("chance:take 2 wood")
    assert t.stores(2)["wood"] == 2 and t.state.to_act == (1,)  # seat 3 has nothing to give


def test_master_mason_builds_one_free_improvement(table: Table) -> None:
    table.hand(1, "g-master-mason")
    table.empty(1)
    table.do("1:play g-master-mason h5 i14")
    assert table.state.improvements[4] == (1, 13, "quarry")


def test_gold_rush_gains_two_gold(table: Table) -> None:
    table.hand(1, "g-gold-rush")
    table.empty(1)
    table.do("1:play g-gold-rush")
    assert table.stores(1)["gold"] == 2


def test_bumper_crop_gains_a_round_of_production_now(table: Table) -> None:
    table.hand(1, "g-bumper-crop")
    table.empty(1)
    table.do("1:play g-bumper-crop")
    assert table.stores(1) == {"grain": 2, "wood": 2, "stone": 3, "gold": 2}


def test_crowns_due_takes_four_resources_of_your_choice_from_the_opponent_with_most_vp() -> None:
    t = Table(3)
    t.hand(1, "g-crowns-due")
    t.state.settlements[3] = 4  # seat 3 leads
    t.give(3, grain=1, wood=5, stone=0, gold=2)
    t.refuse("1:play g-crowns-due 2 wood wood wood wood", "opponent with the most VP")
    t.do("1:play g-crowns-due 3 grain wood gold gold")
    assert t.stores(3) == {"grain": 0, "wood": 4, "stone": 0, "gold": 0}


def test_pioneers_claim_builds_a_free_connected_settlement(table: Table) -> None:
    table.hand(1, "g-pioneers-claim")
    table.road(1, "i19", "i25")
    table.empty(1)
    table.refuse("1:play g-pioneers-claim i44", "Pioneer's Claim needs")
    table.do("1:play g-pioneers-claim i25")
    assert table.piece("i25") == (1, 1)


def test_commercial_empire_takes_all_of_a_named_resource_from_each_opponent() -> None:
    t = Table(3)
    t.hand(1, "g-commercial-empire")
    t.give(2, stone=3)
    t.give(3, stone=0)
    t.give(1, stone=1)
    t.do("1:play g-commercial-empire stone")
    assert (t.stores(1)["stone"], t.stores(2)["stone"], t.stores(3)["stone"]) == (4, 0, 0)


def test_the_great_collapse_halves_every_opponents_stores(table: Table) -> None:
    table.hand(1, "g-the-great-collapse")
    table.give(2, grain=5, wood=3, stone=1, gold=7)
    mine = table.stores(1)
    table.do("1:play g-the-great-collapse")
    assert table.stores(2) == {"grain": 2, "wood": 1, "stone": 0, "gold": 3} and table.stores(1) == mine


# --- Politics -------------------------------------------------------------------------------------


def test_favor_takes_four_of_a_named_resource_or_all_there_is(table: Table) -> None:
    table.hand(1, "p-favor", "p-favor")
    table.give(1, wood=0)
    table.give(2, wood=6, stone=2)
    table.do("1:play p-favor 2 wood", "1:play p-favor 2 stone")
    assert table.stores(2)["wood"] == 2 and table.stores(2)["stone"] == 0 and table.stores(1)["wood"] == 4


def test_spy_steals_one_random_card_from_an_opponents_hand(table: Table) -> None:
    table.hand(1, "p-spy")
    table.hand(2, "w-intrigue", "w-intrigue", "g-gold-rush")
    table.do("1:play p-spy 2")
    assert dict((str(a), w) for a, w in table.state.chance_outcomes()) == {
        "chance:steal g-gold-rush": 1,
        "chance:steal w-intrigue": 2,
    }
    table.chance("chance:steal w-intrigue")
    assert table.state.hands[1] == ["w-intrigue"] and table.state.hands[2] == ["w-intrigue", "g-gold-rush"]


def test_civil_unrest_stops_a_pieces_production_next_round(table: Table) -> None:
    table.hand(1, "p-civil-unrest")
    table.do("1:play p-civil-unrest i26")
    table.empty(2)
    table.end_turns(2)
    assert table.stores(2) == {"grain": 1, "wood": 2, "stone": 0, "gold": 0}
    table.empty(2)
    table.end_turns(2)
    assert table.stores(2)["grain"] == 5


def test_bribed_guard_deactivates_all_of_an_opponents_active_armies(table: Table) -> None:
    table.hand(1, "p-bribed-guard")
    table.army(2, "i26", 2, active=True)
    table.army(2, "i35", 1, active=True)
    table.do("1:play p-bribed-guard 2")
    assert not table.stack_at("i26").active and not table.stack_at("i35").active


def test_treason_breaks_all_of_an_opponents_alliances_and_their_trophies() -> None:
    t = Table(4)
    t.do("1:end", "2:offer 3", "3:accept", "2:offer 4", "4:accept")
    t.end_turns(3 + 4 * 5)
    assert t.state.vp(2) == 7
    t.hand(1, "p-treason")
    t.do("1:play p-treason 2")
    assert not t.state.alliances and t.state.vp(2) == t.state.vp(3) == 3


def test_revolt_destroys_an_opponents_settlement(table: Table) -> None:
    table.hand(1, "p-revolt")
    table.refuse("1:play p-revolt i26", "Revolt needs")
    table.do("1:play p-revolt i35")
    assert table.piece("i35") == (0, 0) and table.state.settlements[2] == 0 and table.state.vp(2) == 2


def test_black_plot_costs_every_opponent_three_random_cards(table: Table) -> None:
    table.hand(1, "p-black-plot")
    table.hand(2, "w-intrigue", "g-gold-rush")
    table.do("1:play p-black-plot")
    table.chance("chance:lose 2 g-gold-rush")
    table.chance("chance:lose 2 w-intrigue")
    assert table.state.hands[2] == [] and table.state.to_act == (1,)
    assert table.state.decks["growth"].bottom == ["g-gold-rush"]


def test_pariah_breaks_all_alliances_and_forbids_new_ones() -> None:
    t = Table(3)
    t.do("1:end", "2:offer 3", "3:accept", "2:end")
    t.hand(3, "p-pariah")
    t.do("3:play p-pariah 2")
    assert not t.state.alliances
    t.refuse("3:offer 2", "that ruler is a Pariah")


def test_usurpation_destroys_an_opponents_city_walls_and_adjacent_improvements(table: Table) -> None:
    table.hand(1, "p-usurpation")
    table.state.walls[25] = True
    table.state.improvements[6] = (2, 25, "granary")
    table.army(2, "i26", 2)
    table.do("1:play p-usurpation i26")
    assert table.piece("i26") == (0, 0) and not table.state.walls[25] and not table.state.improvements
    assert table.stack_at("i26").units == 2 and table.state.vp(2) == 1


# --- the audit: what each card's own test above leaves open -----------------------------------------

HIDDEN_VICTORY = (
    "w-war-spoils",
    "w-heros-tribute",
    "g-golden-harvest",
    "g-seed-of-the-ancients",
    "p-royal-favor",
    "p-masked-benefactor",
)


@pytest.mark.parametrize("card", HIDDEN_VICTORY)
def test_each_hidden_victory_card_is_worth_one_vp_once_revealed_on_your_turn(card: str) -> None:
    t = Table(2)
    t.hand(1, card, "g-gold-rush", "g-gold-rush")
    assert t.state.vp(1) == 3  # hidden in hand: nothing yet, and it fills a place in the hand
    assert f"1:reveal {card}" in t.legal() and not any(a.startswith(f"1:play {card}") for a in t.legal())
    t.end_turns(1)
    assert t.state.legal_actions(1) == []  # never on another ruler's turn
    t.refuse(f"1:reveal {card}", "it is not seat 1's turn")
    t.end_turns(1)
    t.do(f"1:reveal {card}")
    assert t.state.vp(1) == 4 and card not in t.state.hands[1] and t.state.revealed[1] == [card]
    assert t.state.view(None)["rulers"][0]["revealed"][0]["id"] == card


def test_a_card_may_be_played_the_turn_it_is_drawn() -> None:
    t = Table(2, decks={2: ["g-gold-rush"]})
    t.give(1, gold=2)
    t.do("1:draw growth gold", "1:play g-gold-rush")
    assert t.stores(1)["gold"] == 2 and t.state.decks["growth"].bottom == ["g-gold-rush"]


def test_forge_the_edge_never_adds_to_a_full_stack(table: Table) -> None:
    table.hand(1, "w-forge-the-edge")
    table.army(1, "i19", 5)
    table.refuse("1:play w-forge-the-edge i19", "room for a unit")


def test_drill_sergeant_costs_no_grain_or_gold_even_when_you_have_them(table: Table) -> None:
    table.hand(1, "w-drill-sergeant")
    table.army(1, "i14", 2)
    held = table.stores(1)
    table.do("1:play w-drill-sergeant i14")
    assert table.stack_at("i14").active and table.stores(1) == held


def test_burn_the_ford_may_burn_your_own_road_and_the_warpath_is_measured_again(table: Table) -> None:
    for a, b in (("i19", "i25"), ("i25", "i20"), ("i20", "i15"), ("i15", "i11")):
        table.road(1, a, b)
    assert table.state.warpath == 1
    table.hand(1, "w-burn-the-ford")
    table.do(f"1:play w-burn-the-ford {edge('i15', 'i11')}")
    assert table.state.road_owner[EDGE_INDEX[edge("i15", "i11")]] == 0
    assert table.state.warpath == 0 and table.state.road_lengths[1] == 4


def test_saboteurs_torch_leaves_the_tile_free_for_a_new_improvement_and_never_burns_walls(
    table: Table,
) -> None:
    table.state.improvements[6] = (2, 25, "granary")  # h7 by seat 2's city i26
    table.state.walls[25] = True
    table.hand(1, "w-saboteurs-torch")
    plays = [a for a in table.legal() if "saboteurs-torch" in a]
    assert plays == ["1:play w-saboteurs-torch h7"]  # a tile, never a city's walls
    table.do("1:play w-saboteurs-torch h7")
    assert table.state.walls[25]
    table.end_turns(1)
    table.give(2, grain=2, wood=3)
    table.do("2:improve h7 i26")
    assert table.state.improvements[6] == (2, 25, "granary")


def test_decimation_removes_a_stack_of_one(table: Table) -> None:
    table.hand(1, "w-decimation")
    table.army(2, "i26", 1)
    table.do("1:play w-decimation i26")
    assert table.stack("i26") is None


def test_decimation_leaves_a_stack_of_three_one_unit_and_says_how_many_are_left(table: Table) -> None:
    table.hand(1, "w-decimation", "w-decimation")
    table.army(2, "i26", 3)
    table.army(2, "i35", 1)
    events = table.do("1:play w-decimation i26", "1:play w-decimation i35")
    assert table.stack_at("i26").units == 1 and table.stack("i35") is None
    reports = [e.data for e in events if e.kind == "decimated"]
    assert reports == [{"at": "i26", "owner": 2, "left": 1}, {"at": "i35", "owner": 2, "left": 0}]


def test_turncoat_leaves_a_stack_of_two_one_unit_and_names_where_the_unit_went(table: Table) -> None:
    table.hand(1, "w-turncoat")
    table.army(2, "i26", 2, active=True)
    table.army(1, "i14", 1)
    events = table.do("1:play w-turncoat i26 i14")
    assert table.stack_at("i26").units == 1 and table.stack_at("i14").units == 2
    assert [e.data for e in events if e.kind == "turncoat"] == [{"from": "i26", "to": "i14", "owner": 2}]


def test_call_to_arms_lasts_to_the_round_close(table: Table) -> None:
    table.hand(1, "w-call-to-arms")
    table.army(1, "i14", 2)
    table.do("1:play w-call-to-arms", "1:end")
    assert table.stack_at("i14").active
    table.end_turns(1)
    assert not table.stack_at("i14").active


def test_turncoat_needs_an_active_enemy_stack_and_one_of_yours(table: Table) -> None:
    table.hand(1, "w-turncoat")
    table.army(2, "i26", 3)  # inactive
    table.refuse("1:play w-turncoat i26 i14", "Turncoat needs")
    table.stack_at("i26").active = True
    table.refuse("1:play w-turncoat i26 i14", "Turncoat needs")  # ruler 1 has no army at all
    assert not any("turncoat" in a for a in table.legal())


def test_salt_the_earth_touches_only_living_land(table: Table) -> None:
    table.hand(1, "w-salt-the-earth")
    targets = [a.split()[-1] for a in table.legal() if "salt-the-earth" in a]
    assert len(targets) == 16 and "h3" not in targets and "h10" not in targets  # not a lake, not desert


def test_master_mason_follows_the_rules_of_eligible_tiles(table: Table) -> None:
    table.hand(1, "g-master-mason")
    table.refuse("1:play g-master-mason h2 i14", "Master Mason needs")  # a Goldfield
    table.state.improvements[4] = (2, 25, "quarry")
    assert [a for a in table.legal() if "master-mason" in a] == ["1:play g-master-mason h6 i14"]


def test_bumper_crop_follows_deserts_and_civil_unrest(table: Table) -> None:
    table.hand(1, "g-bumper-crop")
    table.state.tiles[1] = "desert"  # h2, the Goldfield by i14
    table.state.unrest.add(17)  # i18
    table.empty(1)
    table.do("1:play g-bumper-crop")
    assert table.stores(1) == {"grain": 0, "wood": 2, "stone": 2, "gold": 0}


def test_crowns_due_with_tied_leaders_lets_the_player_name_either() -> None:
    t = Table(3)
    t.hand(1, "g-crowns-due", "g-crowns-due")
    t.hand(3, "w-war-spoils")  # hidden VP does not count
    t.give(2, grain=5, wood=0, stone=0, gold=0)
    t.give(3, grain=0, wood=1, stone=1, gold=0)
    plays = {a.split()[2] for a in t.legal() if "crowns-due" in a}
    assert plays == {"2", "3"}
    t.do("1:play g-crowns-due 3 wood stone")  # all they hold, fewer than four
    t.do("1:play g-crowns-due 2 grain grain grain grain")
    assert t.stores(3) == {"grain": 0, "wood": 0, "stone": 0, "gold": 0} and t.stores(2)["grain"] == 1


def test_crowns_due_looks_past_the_player_to_the_richest_opponent_in_vp() -> None:
    t = Table(3)
    t.hand(2, "g-crowns-due")
    t.state.honours[2] = 5  # the player leads; the leader among the opponents is ruler 3
    t.state.honours[3] = 1
    t.give(3, gold=4)
    t.end_turns(1)
    assert {a.split()[2] for a in t.legal() if "crowns-due" in a} == {"3"}


def test_commercial_empire_may_name_gold(table: Table) -> None:
    table.hand(1, "g-commercial-empire")
    table.give(1, gold=1)
    table.give(2, gold=6)
    table.do("1:play g-commercial-empire gold")
    assert (table.stores(1)["gold"], table.stores(2)["gold"]) == (7, 0)


def test_a_spy_that_overfills_the_thiefs_hand_makes_the_thief_return_a_card(table: Table) -> None:
    table.hand(1, "p-spy", "w-intrigue", "w-intrigue", "g-gold-rush")
    table.hand(2, "p-favor")
    table.do("1:play p-spy 2")
    table.chance("chance:steal p-favor")
    assert table.state.hands[1].count("p-favor") == 1 and len(table.state.hands[1]) == 4
    assert table.state.to_act == (1,) and all(a.startswith("1:return") for a in table.legal())
    table.do("1:return g-gold-rush")
    assert len(table.state.hands[1]) == 3


def test_a_spy_on_an_empty_hand_takes_nothing(table: Table) -> None:
    table.hand(1, "p-spy")
    table.do("1:play p-spy 2")
    assert table.state.to_act == (1,) and table.state.hands == [[], [], []]


def test_black_plot_spares_revealed_cards_and_takes_all_of_a_short_hand(table: Table) -> None:
    table.hand(1, "p-black-plot")
    table.hand(2, "w-heros-tribute")
    table.state.revealed[2] = ["p-royal-favor"]
    table.do("1:play p-black-plot")
    table.chance("chance:lose 2 w-heros-tribute")
    assert table.state.hands[2] == [] and table.state.revealed[2] == ["p-royal-favor"]
    assert table.state.decks["warfare"].bottom == ["w-heros-tribute"]


def test_black_plot_takes_three_of_a_larger_hand_each_under_its_own_deck() -> None:
    t = Table(3)
    t.hand(1, "p-black-plot")
    t.hand(3, "w-intrigue", "g-gold-rush", "p-favor")
    t.hand(2, "w-intrigue")
    t.do("1:play p-black-plot")
    t.chance("chance:lose 2 w-intrigue")
    for card in ("p-favor", "w-intrigue", "g-gold-rush"):
        t.chance(f"chance:lose 3 {card}")
    assert t.state.hands[2] == t.state.hands[3] == []
    assert t.state.decks["warfare"].bottom == ["w-intrigue", "w-intrigue"]
    assert t.state.decks["politics"].bottom == ["p-black-plot", "p-favor"]


def test_black_plot_takes_each_opponents_cards_in_seat_order_one_ruler_after_another() -> None:
    """Each card lost is scanned by the ruler giving it up (R-11): one ruler's, then the next's."""
    t = Table(4)
    t.hand(1, "p-black-plot")
    for seat in (2, 3, 4):
        t.hand(seat, "w-intrigue", "g-gold-rush")
    t.do("1:play p-black-plot")
    for seat in (2, 2, 3, 3, 4, 4):
        outcomes = [str(action) for action, _ in t.state.chance_outcomes()]
        assert outcomes and all(o.startswith(f"chance:lose {seat} ") for o in outcomes), outcomes
        t.chance(outcomes[0])
    assert t.state.hands[2] == t.state.hands[3] == t.state.hands[4] == [] and t.state.to_act == (1,)


def test_treason_sends_stranded_armies_home() -> None:
    t = Table(3)
    t.do("1:offer 2", "2:accept", "1:end")
    t.road(1, "i25", "i31")
    t.army(2, "i31", 2)  # on ruler 1's road, off ruler 2's own network
    t.hand(2, "p-treason")
    t.do("2:play p-treason 1")
    assert t.stack("i31") is None and t.stack_at("i26").units == 2


def test_every_card_and_every_harrow_has_its_own_test() -> None:
    """Named by its effect (hidden victory cards by id, in the parametrized test above)."""
    import ast
    from pathlib import Path

    here = Path(__file__).parent
    names = " ".join(
        node.name
        for path in (here / "test_watch_chronicle.py", here / "test_watch_horde.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.FunctionDef)
    )
    cards = catalog()
    untested = [
        card.id
        for card in cards.cards.values()
        if (card.id not in HIDDEN_VICTORY if card.hidden_victory else card.effect not in names)
    ]
    untested += [harrow.id for harrow in cards.harrows.values() if harrow.effect not in names]
    assert not untested


def test_road_building_with_room_for_one_road_lays_it_and_the_second_is_dropped(table: Table) -> None:
    only = EDGE_INDEX[edge("i19", "i25")]
    for index in range(len(table.state.road_owner)):
        if not table.state.road_owner[index] and index != only:
            table.state.set_road(index, 2)
    table.state.roads_changed()
    table.hand(1, "g-road-building")
    table.do("1:play g-road-building")  # a lone free road is laid by itself (ruling R-7)
    assert table.state.road_owner[only] == 1
    assert table.state.pending == [] and table.state.to_act == (1,) and "1:end" in table.legal()


def test_an_empty_deck_cannot_be_drawn_from_but_its_last_card_can(table: Table) -> None:
    from console.games.watch.rules.decks import Deck

    table.state.decks["warfare"] = Deck({})
    table.state.decks["growth"] = Deck({"g-gold-rush": 1})
    table.give(1, grain=0, wood=0, stone=0, gold=4)
    assert not any(a.startswith("1:draw warfare") for a in table.legal())
    table.refuse("1:draw warfare gold", "the Warfare deck is empty: every card is in a hand or revealed")
    table.do("1:draw growth gold")
    table.chance("chance:deal growth g-gold-rush")
    assert table.state.hands[1] == ["g-gold-rush"] and table.stores(1)["gold"] == 2


def test_only_a_hidden_victory_card_is_revealed(table: Table) -> None:
    table.hand(1, "w-intrigue")
    table.refuse("1:reveal w-intrigue", "only a hidden victory card is revealed; other cards are played")
