"""The Gathering and the Founding."""

from typing import Any

import pytest

from console.games.core import CHANCE, BadOptions, NotationError
from console.games.watch import GAME
from tests.games.watch.watch_table import Table, edge, founding_actions


@pytest.mark.parametrize("players", [1, 5])
def test_a_watch_has_two_to_four_rulers(players: int) -> None:
    with pytest.raises(BadOptions, match="2 to 4"):
        GAME.new(players)


def test_each_ruler_bears_a_people_and_a_colour() -> None:
    view = GAME.new(
        3, 0, {"peoples": "Stoneborn, Highkin, Wandersfolk", "colours": "amber,cobalt,ivory"}
    ).view(None)
    assert [(r["people"], r["colour"]) for r in view["rulers"]] == [
        ("Stoneborn", "amber"),
        ("Highkin", "cobalt"),
        ("Wandersfolk", "ivory"),
    ]


def test_no_two_rulers_may_bear_the_same_colour() -> None:
    with pytest.raises(BadOptions, match="sacred"):
        GAME.new(2, 0, {"colours": "amber,amber"})


def test_no_two_rulers_may_be_the_same_people() -> None:
    with pytest.raises(BadOptions, match="same people"):
        GAME.new(2, 0, {"peoples": "Highkin,highkin"})


def test_there_are_seven_peoples() -> None:
    with pytest.raises(BadOptions, match="is not a people"):
        GAME.new(2, 0, {"peoples": "Highkin,Elves"})


def test_the_watch_begins_only_when_the_host_calls_it_named() -> None:
    with pytest.raises(BadOptions, match="named"):
        GAME.new(2, 0, {"watch_name": "  "})
    assert GAME.new(2, 0, {"watch_name": "The Long Night"}).view(None)["watch"] == "The Long Night"


def test_city_then_road_in_seat_order_then_settlement_then_road_in_reverse() -> None:
    t = Table(3, found=False)
    order = []
    for text in [
        "1:city i14",
        f"1:road {edge('i14', 'i19')}",
        "2:city i26",
        f"2:road {edge('i26', 'i21')}",
        "3:city i41",
        f"3:road {edge('i41', 'i46')}",
        "3:settle i8",
        f"3:road {edge('i8', 'i12')}",
        "2:settle i35",
        f"2:road {edge('i35', 'i30')}",
        "1:settle i18",
    ]:
        order.append(t.state.to_act[0])
        t.do(text)
    assert order == [1, 1, 2, 2, 3, 3, 3, 3, 2, 2, 1]
    assert t.state.view(None)["founding"] == {"seat": 1, "place": "road"}


def test_the_founding_asks_for_the_right_piece() -> None:
    t = Table(2, found=False)
    t.refuse("1:settle i14", "asks for a city")


def test_cities_and_settlements_sit_on_intersections_never_next_to_another_piece() -> None:
    t = Table(2, found=False)
    t.do("1:city i14", f"1:road {edge('i14', 'i19')}")
    t.refuse("2:city i19", "next to a settlement or city")
    t.refuse("2:city i14", "already holds")


def test_a_piece_needs_land_at_its_intersection() -> None:
    t = Table(2, found=False)
    lake_only = "i48"  # the corner lake h17 and the sea
    t.refuse(f"1:city {lake_only}", "only water")


def test_the_founding_road_runs_from_the_piece_just_placed() -> None:
    t = Table(2, found=False)
    t.do("1:city i14")
    t.refuse(f"1:road {edge('i18', 'i24')}", "the piece you just placed")
    assert t.legal() == sorted(f"1:road {edge('i14', other)}" for other in ("i9", "i10", "i19"))


def test_the_founding_is_free_and_starting_resources_come_from_the_tiles() -> None:
    t = Table(2, found=False)
    actions = [
        "1:city i14",
        f"1:road {edge('i14', 'i19')}",
        "2:city i26",
        f"2:road {edge('i26', 'i21')}",
        "2:settle i35",
        f"2:road {edge('i35', 'i30')}",
        "1:settle i18",
    ]
    t.do(*actions)
    assert t.stores(1) == t.stores(2) == {"grain": 0, "wood": 0, "stone": 0, "gold": 0}
    t.do(f"1:road {edge('i18', 'i24')}")
    # city i14: gold, stone, wood x2; settlement i18: grain, stone, grain x1
    assert t.stores(1) == {"grain": 2, "wood": 2, "stone": 3, "gold": 2}
    # city i26: grain, grain, stone x2; settlement i35: grain, wood, wood x1
    assert t.stores(2) == {"grain": 5, "wood": 2, "stone": 2, "gold": 0}


def test_every_ruler_starts_with_three_visible_vp(table: Table) -> None:
    assert table.state.vp(1) == table.state.vp(2) == 3


def test_the_founding_settlement_need_not_connect() -> None:
    t = Table(2, found=False)
    t.do("1:city i14", f"1:road {edge('i14', 'i19')}", "2:city i26", f"2:road {edge('i26', 'i21')}")
    t.do("2:settle i44")  # far from seat 2's city and road
    assert t.piece("i44") == (2, 1)


def test_after_the_founding_round_one_begins_with_seat_one(table: Table) -> None:
    assert table.state.round == 1 and table.state.to_act == (1,)
    assert table.state.view(None)["phase"] == "play"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_founding_snakes_city_and_road_forward_then_settlement_and_road_back(players: int) -> None:
    t = Table(players, found=False)
    seen = []
    for text in founding_actions(players):
        seen.append((t.state.to_act[0], t.state.view(None)["founding"]["place"]))
        t.do(text)
    forward = [(seat, place) for seat in range(1, players + 1) for place in ("city", "road")]
    back = [(seat, place) for seat in range(players, 0, -1) for place in ("settle", "road")]
    assert seen == forward + back


@pytest.mark.parametrize("text", ["1:city e21", "1:city h5", "1:settle s3"])
def test_cities_and_settlements_sit_on_hex_intersections_not_on_edges_or_tiles(text: str) -> None:
    with pytest.raises(NotationError, match="is not an intersection id"):
        GAME.parse_action(text)


def test_the_second_founding_road_runs_from_the_settlement_just_placed() -> None:
    t = Table(2, found=False)
    t.do(*founding_actions(2)[:6], "1:settle i18")
    t.refuse(f"1:road {edge('i14', 'i10')}", "the piece you just placed")
    assert t.legal() == sorted(f"1:road {edge('i18', other)}" for other in ("i13", "i23", "i24"))


def test_founding_roads_are_never_laid_across_water() -> None:
    t = Table(2, found=False)
    t.do("1:city i6")  # gold h2, lake h3 and the sea
    t.refuse(f"1:road {edge('i6', 'i3')}", "never laid across water")  # between lake h3 and sea s3


def test_starting_resources_come_from_land_never_from_desert_lake_or_sea() -> None:
    t = Table(2, found=False)
    t.do("1:city i15", f"1:road {edge('i15', 'i20')}")  # lake h3, wood h6, grain h7
    t.do("2:city i26", f"2:road {edge('i26', 'i21')}", "2:settle i35", f"2:road {edge('i35', 'i30')}")
    t.do("1:settle i24", f"1:road {edge('i24', 'i19')}")  # stone h5, grain h9, desert h10
    assert t.stores(1) == {"grain": 3, "wood": 2, "stone": 1, "gold": 0}


def test_the_founding_is_binding_no_deed_moves_a_city_or_settlement(table: Table) -> None:
    table.refuse("1:move i14 i19", "you have no army stack there")
    assert not [a for a in table.legal() if a.split()[-1] in ("i14", "i18") and "move" in a]
    with pytest.raises(NotationError):
        GAME.parse_action("1:relocate i14 i19")


def test_peoples_have_no_powers_the_same_deeds_make_the_same_watch_under_any_banners() -> None:
    import random

    banners = [
        {"peoples": "Highkin,Stoneborn,Wandersfolk", "colours": "crimson,cobalt,ivory"},
        {"peoples": "People 7,Realms of Men,People 5", "colours": "slate,violet,amber"},
    ]
    states = [GAME.new(3, 11, {"max_rounds": 8, **options}) for options in banners]
    rng = random.Random(4)
    while states[0].to_act:
        seat = states[0].to_act[0]
        if seat == CHANCE:
            action = states[0].sample_chance(rng)
        else:
            legal = states[0].legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            assert states[1].legal_actions(seat) == legal
        for state in states:
            state.apply(action)

    def without_banners(view: dict[str, Any]) -> dict[str, Any]:
        for ruler in view["rulers"]:
            del ruler["people"], ruler["colour"]
        return view

    assert states[0].outcome() == states[1].outcome()
    assert without_banners(states[0].view(None)) == without_banners(states[1].view(None))


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"max_rounds": 10**30}, "max_rounds"),
        ({"max_rounds": -1}, "max_rounds"),
        ({"max_rounds": True}, "max_rounds"),
        ({"victory_points": 0}, "victory_points"),
        ({"victory_points": 10**6}, "victory_points"),
        ({"empty_walls_bonus": 2}, "empty_walls_bonus"),
        ({"layout": "hexagonal"}, "layout"),
        ({"copies": "double"}, "copies"),
        ({"distance_rule": "none"}, "distance_rule"),
        ({"watch_name": "W" * 61}, "watch_name"),
        ({"peoples": 3}, "peoples"),
        ({"rounds": 5}, "rounds"),
    ],
)
def test_options_out_of_their_range_are_refused_naming_the_option(
    options: dict[str, Any], named: str
) -> None:
    with pytest.raises(BadOptions, match=named):
        GAME.new(2, 0, options)


def test_every_option_is_a_typed_spec_with_a_range_or_its_choices() -> None:
    specs = {spec.name: spec for spec in GAME.option_specs}
    assert set(specs) == set(GAME.default_options())
    for spec in specs.values():
        if isinstance(spec.default, int) and not isinstance(spec.default, bool):
            assert spec.minimum is not None and spec.maximum is not None, spec.name
    assert specs["layout"].choices == ("random", "reference")
    assert GAME.facts.min_players == 2 and GAME.facts.max_players == 4 and GAME.facts.hidden_information
    assert set(GAME.facts.chance_kinds) == {
        "deal",
        "harrow",
        "blight",
        "burn",
        "raze",
        "demote",
        "rout",
        "rot",
        "take",
        "steal",
        "lose",
    }
