"""The Horde of Ulgareth: landfall, the Harrows, honours and forfeits, pyrrhic ruin."""

import pytest

from tests.games.watch.watch_table import Table, edge


def to_last_turn_of_round_7(t: Table) -> None:
    t.end_turns(7 * t.state.players - 1)
    assert t.state.round == 7 and t.state.to_act == (t.state.players,)


@pytest.fixture
def three() -> Table:
    """A 2 cities (i14, i18), B 1 city (i26), C none (i41 only a settlement): Horde strength 3."""
    t = Table(3, decks={4: ["x-creeping-rot"] * 1})
    state = t.state
    state.piece_kind[17], state.cities[1], state.settlements[1] = 2, 2, 0  # i18 becomes a city
    state.piece_kind[40], state.cities[3], state.settlements[3] = 1, 0, 2  # i41 becomes a settlement
    return t


def commit(t: Table, **units: int) -> None:
    homes = {1: "i14", 2: "i26", 3: "i41"}
    for seat, count in enumerate((units.get("a", 0), units.get("b", 0), units.get("c", 0)), start=1):
        if count:
            t.army(seat, homes[seat], count, active=True)


def test_the_moon_track_counts_down_from_seven(table: Table) -> None:
    assert table.state.view(None)["moon_track"]["moons"] == 7
    table.end_turns(2)
    assert table.state.view(None)["moon_track"]["moons"] == 6


def test_landfall_every_seven_rounds_draws_a_harrow_first(table: Table) -> None:
    table.end_turns(13)
    assert table.state.to_act == (2,)
    table.end_turns(1)
    assert table.state.to_act == (0,)
    assert all(str(a).startswith("chance:harrow") for a, _ in table.state.chance_outcomes())


def test_defence_holds_and_the_ruler_who_committed_most_gains_one_vp(three: Table) -> None:
    to_last_turn_of_round_7(three)
    commit(three, a=2, c=1)
    three.end_turns(1)
    assert three.state.honours[1] == 1 and three.state.vp(1) == 5
    assert three.state.view(None)["last"]["landfall"]["result"] == "held"


def test_defence_holds_with_a_tie_for_most_and_each_tied_ruler_draws_a_free_card(three: Table) -> None:
    to_last_turn_of_round_7(three)
    commit(three, a=1, b=1, c=1)
    three.end_turns(1)
    assert three.state.to_act == (1,) and three.legal() == [
        "1:choose growth",
        "1:choose politics",
        "1:choose warfare",
    ]
    three.do("1:choose politics")
    three.chance("chance:deal politics p-spy")
    three.do("2:choose growth")
    three.chance("chance:deal growth g-gold-rush")
    three.do("3:choose warfare")
    three.chance("chance:deal warfare w-intrigue")
    assert [three.state.hands[s] for s in (1, 2, 3)] == [["p-spy"], ["g-gold-rush"], ["w-intrigue"]]
    assert three.state.honours == [0, 0, 0, 0] and three.state.round == 8


def test_a_free_card_that_overfills_a_hand_is_returned_at_once_before_the_next_ruler_chooses(
    three: Table,
) -> None:
    """Ruling P-16: the hand limit is checked at once, even in the middle of a landfall."""
    three.hand(1, "w-intrigue", "w-decimation", "g-gold-rush")
    to_last_turn_of_round_7(three)
    commit(three, a=1, b=1, c=1)
    three.end_turns(1)
    three.do("1:choose politics")
    three.chance("chance:deal politics p-spy")
    assert three.state.to_act == (1,) and all(a.startswith("1:return") for a in three.legal())
    three.do("1:return w-decimation")
    assert three.state.to_act == (2,) and three.legal()[0].startswith("2:choose")
    assert sorted(three.state.hands[1]) == ["g-gold-rush", "p-spy", "w-intrigue"]
    three.do("2:choose growth")
    three.chance("chance:deal growth g-road-building")
    three.do("3:choose warfare")
    three.chance("chance:deal warfare w-turncoat")
    assert three.state.round == 8 and not any(s.active for s in three.state.stacks.values())


def test_defence_breaks_and_the_thinnest_line_forfeits_a_city_of_its_choice(three: Table) -> None:
    to_last_turn_of_round_7(three)
    commit(three, c=2)
    three.end_turns(1)
    assert three.state.to_act == (1,) and three.legal() == ["1:forfeit i14", "1:forfeit i18"]
    three.do("1:forfeit i18")
    # B's only city goes without a choice; C has no city and surrenders nothing.
    assert three.piece("i18") == (1, 1) and three.piece("i26") == (2, 1) and three.state.breaks == 1


def test_a_forfeited_city_loses_its_walls_and_adjacent_improvements(three: Table) -> None:
    three.state.walls[25] = True
    three.state.improvements[6] = (2, 25, "granary")  # h7, taken by Creeping Rot first
    three.state.improvements[10] = (2, 25, "granary")  # h11, next to the city
    to_last_turn_of_round_7(three)
    commit(three, a=1, c=1)
    three.end_turns(1)
    three.chance("chance:rot h7")
    assert three.piece("i26") == (2, 1) and not three.state.walls[25] and not three.state.improvements


def test_every_committed_army_deactivates_and_the_track_resets(three: Table) -> None:
    to_last_turn_of_round_7(three)
    commit(three, a=3)
    three.end_turns(1)
    assert not three.stack_at("i14").active and three.state.view(None)["moon_track"]["moons"] == 7


def test_no_honour_when_nobody_committed_and_strength_is_zero() -> None:
    t = Table(2, decks={4: ["x-creeping-rot"]})
    t.state.piece_kind[13] = t.state.piece_kind[25] = 1
    t.state.cities[1] = t.state.cities[2] = 0
    t.end_turns(14)
    assert t.state.view(None)["last"]["landfall"] == {
        "strength": 0,
        "defence": 0,
        "committed": [0, 0],
        "result": "held",
        "honoured": [],
    }


def test_three_broken_walls_end_the_watch_in_pyrrhic_ruin_highest_vp_wins() -> None:
    t = Table(2, decks={4: ["x-creeping-rot"]})
    t.state.breaks = 2
    t.state.settlements[2] = 3
    t.end_turns(14)
    outcome = t.state.outcome()
    assert outcome is not None and "pyrrhic" in outcome.reason and outcome.winners == (2,)


def test_the_harrows_are_seven_and_each_shows_once_before_any_repeats(table: Table) -> None:
    seen: list[str] = []
    while len(seen) < 8:
        if table.state.to_act == (0,):
            outcomes = [str(a) for a, _ in table.state.chance_outcomes()]
            if outcomes[0].startswith("chance:harrow"):
                assert len(outcomes) == 7 - len(seen)  # only the Harrows not yet seen
            events = table.do(outcomes[0])
        elif table.state.pending:
            events = table.do(table.legal()[0])
        else:
            events = table.do(f"{table.state.to_act[0]}:end")
        seen += [event.data["card"] for event in events if event.kind == "harrow"]
    assert len(set(seen[:7])) == 7
    assert seen[7] == seen[0]  # the eighth landfall repeats the first, drawn from under the deck


# --- the seven Harrows, each one -------------------------------------------------------------------


def landfall_with(harrow: str, players: int = 2) -> Table:
    """Landfall with ``harrow`` on top; seat 1 commits 3 units and seat 2 two, so the wall holds."""
    t = Table(players, decks={4: [harrow]})
    t.end_turns(7 * players - 1)
    t.army(1, "i14", 3, active=True)
    t.army(2, "i26", 2, active=True)
    t.end_turns(1)
    return t


def test_the_blighted_earth_scorches_a_random_grain_tile_to_desert() -> None:
    t = landfall_with("x-blighted-earth")
    assert sorted(str(a) for a, _ in t.state.chance_outcomes()) == [
        "chance:blight h11",
        "chance:blight h19",
        "chance:blight h4",
        "chance:blight h7",
        "chance:blight h9",
    ]
    t.chance("chance:blight h7")
    assert t.state.tiles[6] == "desert"


def test_the_ashen_wind_burns_five_random_roads() -> None:
    t = Table(2, decks={4: ["x-ashen-wind"]})
    t.road(1, "i19", "i25")
    t.road(1, "i25", "i31")
    t.end_turns(14)
    for _ in range(5):
        t.do(str(t.state.chance_outcomes()[0][0]))
    assert sum(1 for owner in t.state.road_owner if owner) == 1


def test_the_ashen_wind_with_five_or_fewer_roads_burns_them_all() -> None:
    t = landfall_with("x-ashen-wind")
    for _ in range(4):
        t.do(str(t.state.chance_outcomes()[0][0]))
    assert not any(t.state.road_owner) and t.state.round == 8


def test_the_great_desolation_turns_a_random_living_land_tile_to_desert() -> None:
    t = landfall_with("x-great-desolation")
    targets = [str(a).split()[-1] for a, _ in t.state.chance_outcomes()]
    assert len(targets) == 16 and "h10" not in targets and "h3" not in targets  # not the desert, not a lake
    t.chance("chance:blight h5")
    assert t.state.tiles[4] == "desert"


def test_the_cracked_seats_destroy_a_random_settlement_and_return_its_slot() -> None:
    t = landfall_with("x-cracked-seats")
    t.chance("chance:raze i35")
    assert t.piece("i35") == (0, 0) and t.state.settlements[2] == 0


def test_the_broken_crown_demotes_a_random_city_before_the_defence_is_counted() -> None:
    t = Table(2, decks={4: ["x-broken-crown"]})
    t.end_turns(13)
    t.army(1, "i14", 1, active=True)  # 1 unit against 2 cities would break; against 1 it holds
    t.end_turns(1)
    t.chance("chance:demote i26")
    assert t.piece("i26") == (2, 1)
    landfall = t.state.view(None)["last"]["landfall"]
    assert landfall["strength"] == 1 and landfall["result"] == "held" and t.state.honours[1] == 1


def test_the_black_lung_destroys_three_random_stacks() -> None:
    t = Table(2, decks={4: ["x-black-lung"]})
    for at in ("i14", "i18", "i26", "i35"):
        t.army(1 if at in ("i14", "i18") else 2, at, 2)
    t.end_turns(14)
    for at in ("i14", "i26", "i35"):
        t.chance(f"chance:rout {at}")
    assert [t.stack(at) is None for at in ("i14", "i18", "i26", "i35")] == [True, False, True, True]


def test_creeping_rot_destroys_a_random_improvement() -> None:
    t = Table(2, decks={4: ["x-creeping-rot"]})
    t.state.improvements[6] = (2, 25, "granary")
    t.end_turns(14)
    t.chance("chance:rot h7")
    assert not t.state.improvements


def test_a_harrow_with_no_target_does_nothing() -> None:
    t = landfall_with("x-creeping-rot")
    assert t.state.round == 8 and t.state.to_act == (1,)


# --- the audit: what the tests above leave open ------------------------------------------------------


def test_landfall_comes_after_the_rounds_production() -> None:
    t = Table(2, decks={4: ["x-creeping-rot"]})
    t.end_turns(13)
    t.empty(1)
    t.end_turns(1)  # round 7 closes: production, then the Harrow is drawn (Creeping Rot, no target)
    assert t.stores(1) == {"grain": 2, "wood": 2, "stone": 3, "gold": 2}
    assert t.state.view(None)["last"]["landfall"]["result"] == "broke"


def test_the_defence_counts_units_not_stacks(three: Table) -> None:
    to_last_turn_of_round_7(three)
    three.army(1, "i14", 3, active=True)
    three.army(2, "i26", 1, active=True)
    three.road(2, "i26", "i32")
    three.army(2, "i32", 1, active=True)
    three.end_turns(1)
    landfall = three.state.view(None)["last"]["landfall"]
    assert landfall["committed"] == [3, 2, 0] and landfall["honoured"] == [1]


def test_inactive_armies_are_not_committed(three: Table) -> None:
    to_last_turn_of_round_7(three)
    three.army(1, "i14", 5)
    three.army(2, "i26", 1, active=True)
    three.army(3, "i41", 2, active=True)
    three.end_turns(1)
    landfall = three.state.view(None)["last"]["landfall"]
    assert landfall["committed"] == [0, 1, 2] and landfall["result"] == "held" and three.state.honours[3] == 1


def test_a_ruler_with_no_cities_surrenders_nothing(three: Table) -> None:
    to_last_turn_of_round_7(three)
    commit(three, a=1, b=1)  # 2 against 3: the wall breaks; ruler 3 stood thinnest with no city
    three.end_turns(1)
    assert three.state.view(None)["last"]["landfall"]["forfeit"] == [3]
    assert three.state.settlements[3] == 2 and three.state.round == 8 and three.state.breaks == 1


def test_the_pyrrhic_crown_counts_only_visible_vp() -> None:
    t = Table(2, decks={4: ["x-creeping-rot"]})
    t.state.breaks = 2
    t.state.honours[2] = 1
    t.hand(1, "w-war-spoils", "g-golden-harvest")
    t.end_turns(14)
    outcome = t.state.outcome()
    assert outcome is not None and outcome.winners == (2,)


def test_the_blighted_earth_with_no_grain_tile_left_does_nothing() -> None:
    t = Table(2, decks={4: ["x-blighted-earth"]})
    for h, tile in enumerate(t.state.tiles):
        if tile == "grain":
            t.state.tiles[h] = "desert"
    t.end_turns(14)
    assert t.state.round == 8 and t.state.view(None)["last"]["harrow"]["name"] == "The Blighted Earth"


def test_a_blighted_tile_never_produces_again() -> None:
    t = landfall_with("x-blighted-earth")
    t.chance("chance:blight h11")  # by seat 2's city i26
    t.empty(2)
    t.end_turns(2)
    assert t.stores(2)["grain"] == 3  # h7 2, and h9 1 by the settlement; h11 nothing


def test_the_ashen_wind_measures_the_warpath_again() -> None:
    t = Table(2, decks={4: ["x-ashen-wind"]})
    for a, b in (("i19", "i25"), ("i25", "i20"), ("i20", "i15"), ("i15", "i11")):
        t.road(1, a, b)
    assert t.state.warpath == 1
    t.end_turns(14)
    t.chance(f"chance:burn {edge('i15', 'i11')}")
    assert t.state.warpath == 0


def test_the_cracked_seats_cost_the_owner_one_vp() -> None:
    t = landfall_with("x-cracked-seats")
    t.chance("chance:raze i18")
    assert t.state.vp(1) == 2 + 1  # the city and the Horde's honour


def test_the_broken_crown_destroys_walls_and_adjacent_improvements() -> None:
    t = Table(2, decks={4: ["x-broken-crown"]})
    t.state.walls[13] = True
    t.state.improvements[5] = (1, 13, "mill")  # h6 by i14
    t.end_turns(13)
    t.army(1, "i14", 2, active=True)
    t.end_turns(1)
    t.chance("chance:demote i14")
    assert t.piece("i14") == (1, 1) and not t.state.walls[13] and not t.state.improvements
    assert t.state.vp(1) == 2 + 1  # two settlements, and the honour: the wall held against 1


def test_the_black_lung_with_fewer_than_three_stacks_takes_them_all() -> None:
    t = Table(2, decks={4: ["x-black-lung"]})
    t.army(1, "i14", 2, active=True)
    t.army(2, "i26", 1)
    t.end_turns(14)
    t.chance("chance:rout i14")
    t.chance("chance:rout i26")
    assert not t.state.stacks and t.state.round == 8


@pytest.mark.parametrize(
    ("a", "b", "c", "result", "report", "then", "cities"),
    [
        (2, 0, 1, "held", {"honoured": [1]}, "round 8", [2, 1, 0]),
        (1, 1, 1, "held", {"free_card": [1, 2, 3]}, "1 chooses a deck", [2, 1, 0]),
        (1, 0, 1, "broke", {"forfeit": [2]}, "round 8", [2, 0, 0]),  # B's only city falls, no choice
        (0, 0, 2, "broke", {"forfeit": [1, 2]}, "1 forfeits a city", [2, 1, 0]),  # then B's
        (0, 1, 0, "broke", {"forfeit": [1, 3]}, "1 forfeits a city", [2, 1, 0]),  # C has no city
    ],
)
def test_landfall_worked_examples_against_a_strength_of_three(
    three: Table,
    a: int,
    b: int,
    c: int,
    result: str,
    report: dict[str, list[int]],
    then: str,
    cities: list[int],
) -> None:
    to_last_turn_of_round_7(three)
    commit(three, a=a, b=b, c=c)
    three.end_turns(1)
    landfall = three.state.view(None)["last"]["landfall"]
    assert landfall["strength"] == 3 and landfall["committed"] == [a, b, c] and landfall["result"] == result
    assert {key: landfall[key] for key in report} == report
    assert three.state.cities[1:] == cities
    legal = three.legal(three.state.to_act[0])
    now = {
        "round 8": three.state.round == 8 and "1:end" in legal,
        "1 chooses a deck": legal[0] == "1:choose growth",
        "1 forfeits a city": legal == ["1:forfeit i14", "1:forfeit i18"],
    }
    assert now[then]


def test_the_third_broken_wall_ends_the_watch_once_the_thinnest_ruler_has_forfeited(three: Table) -> None:
    """A stood alone with nothing on the wall (B and C one unit each): A alone forfeits, and only
    then does the third break end the Watch, every committed army standing down (P-27, P-30)."""
    three.state.breaks = 2
    to_last_turn_of_round_7(three)
    commit(three, b=1, c=1)
    three.end_turns(1)
    assert three.state.outcome() is None and three.state.to_act == (1,)
    assert three.legal() == ["1:forfeit i14", "1:forfeit i18"]
    three.refuse("1:end", "the wall broke: forfeit one of your cities first")
    three.do("1:forfeit i18")
    outcome = three.state.outcome()
    assert outcome is not None and "pyrrhic" in outcome.reason
    assert three.piece("i18") == (1, 1) and three.piece("i26") == (2, 2)
    assert not any(stack.active for stack in three.state.stacks.values())


def test_a_free_cards_deck_is_chosen_first_and_never_an_empty_one(three: Table) -> None:
    from console.games.watch.rules.decks import Deck

    to_last_turn_of_round_7(three)
    commit(three, a=1, b=1, c=1)
    three.state.decks["warfare"] = Deck({})
    three.end_turns(1)
    assert three.legal() == ["1:choose growth", "1:choose politics"]
    three.refuse("1:end", "choose the deck of your free card first")
    three.refuse("1:choose warfare", "the Warfare deck is empty: choose another")
