"""The Turn of the Wheel: one turn per ruler per round in seat order, and the round close."""

from console.games.watch.testing import Table


def test_one_turn_per_ruler_per_round_in_seated_order():
    t = Table(3)
    seen = []
    for _ in range(6):
        seen.append((t.state.round, t.state.to_act[0]))
        t.end_turns(1)
    assert seen == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]


def test_only_the_ruler_whose_turn_it_is_may_act(table):
    assert table.state.legal_actions(2) == []
    assert "1:end" in table.legal(1)


def test_the_round_close_produces_for_every_ruler(table):
    before = (table.stores(1), table.stores(2))
    table.end_turns(2)
    after = (table.stores(1), table.stores(2))
    assert after != before and table.state.round == 2


def test_activation_lasts_the_round(table):
    table.army(1, "i14", 2, active=True)
    table.end_turns(1)
    assert table.stack("i14").active
    table.end_turns(1)
    assert not table.stack("i14").active


def test_the_view_names_the_round_and_whose_turn_it_is(table):
    view = table.state.view(None)
    assert view["round"] == 1 and view["current"] == 1 and view["to_act"] == [1]
