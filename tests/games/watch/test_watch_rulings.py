"""Rulings of rulings.md that no chapter's tests already pin."""

from watch_table import Table


def test_a_city_demoted_when_its_ruler_holds_five_settlements_is_destroyed_instead():
    t = Table(2)
    t.state.settlements[2] = 5
    t.road(1, "i21", "i26")
    t.army(1, "i21", 3, active=True)
    t.do("1:strike i21 i26")
    assert t.piece("i26") == (0, 0) and t.state.cities[2] == 0 and t.state.settlements[2] == 5


def test_the_ruler_who_breaks_an_alliance_may_attack_the_ex_ally_the_same_turn():
    t = Table(2)
    t.road(1, "i19", "i25")
    t.road(2, "i25", "i31")  # seat 2's army stands on its own network: it is not stranded by the break
    t.army(1, "i19", 3, active=True)
    t.army(2, "i25", 1)
    t.do("1:offer 2", "2:accept")
    assert "1:strike i19 i25" not in t.legal()
    t.do("1:break 2", "1:strike i19 i25")
    assert t.stack("i25") is None


def test_an_army_may_not_stop_where_an_ally_stands_but_may_pass_through():
    t = Table(2)
    t.do("1:offer 2", "2:accept")
    t.road(1, "i19", "i25")
    t.road(2, "i25", "i31")
    t.army(2, "i25", 1)
    t.army(1, "i19", 2, active=True)
    moves = [a for a in t.legal() if a.startswith("1:move i19")]
    assert "1:move i19 i25" not in moves and "1:move i19 i31" in moves


def test_an_opponent_is_any_other_ruler_but_an_enemy_is_one_you_are_not_allied_with():
    t = Table(2)
    t.hand(1, "w-decimation", "w-intrigue")
    t.army(2, "i26", 3, active=True)
    t.do("1:offer 2", "2:accept")
    assert "1:play w-decimation i26" in t.legal()
    assert not any(a.startswith("1:play w-intrigue") for a in t.legal())


def test_stacked_decks_are_named_by_number_or_by_name():
    by_number = Table(2, decks={3: ["p-spy"]}, found=False).state.decks["politics"]
    by_name = Table(2, decks={"politics": ["p-spy"]}, found=False).state.decks["politics"]
    assert by_number.top == by_name.top == ["p-spy"] and len(by_number) == 22
