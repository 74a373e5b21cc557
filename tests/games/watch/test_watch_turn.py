"""The Turn of the Wheel: one turn per ruler per round in seat order, and the round close."""

from tests.games.watch.watch_table import Table


def test_one_turn_per_ruler_per_round_in_seated_order() -> None:
    t = Table(3)
    seen = []
    for _ in range(6):
        seen.append((t.state.round, t.state.to_act[0]))
        t.end_turns(1)
    assert seen == [(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)]


def test_only_the_ruler_whose_turn_it_is_may_act(table: Table) -> None:
    assert table.state.legal_actions(2) == []
    assert "1:end" in table.legal(1)


def test_the_round_close_produces_for_every_ruler(table: Table) -> None:
    before = (table.stores(1), table.stores(2))
    table.end_turns(2)
    after = (table.stores(1), table.stores(2))
    assert after != before and table.state.round == 2


def test_activation_lasts_the_round(table: Table) -> None:
    table.army(1, "i14", 2, active=True)
    table.end_turns(1)
    assert table.stack_at("i14").active
    table.end_turns(1)
    assert not table.stack_at("i14").active


def test_the_view_names_the_round_and_whose_turn_it_is(table: Table) -> None:
    view = table.state.view(None)
    assert view["round"] == 1 and view["current"] == 1 and view["to_act"] == [1]


def test_on_your_turn_you_may_build_draw_play_move_strike_ally_exchange_and_reveal() -> None:
    t = Table(3)
    t.give(1, grain=20, wood=20, stone=20, gold=20)
    t.road(1, "i19", "i25")
    t.road(1, "i10", "i15")  # i15 is a free site on ruler 1's road
    t.road(2, "i25", "i31")
    t.army(1, "i19", 3, active=True)
    t.army(1, "i24", 1)
    t.army(2, "i25", 1)
    t.hand(1, "g-gold-rush", "w-war-spoils")
    verbs = {action.split()[0].split(":")[1] for action in t.legal()}
    assert verbs == {
        "settle", "city", "road", "recruit", "activate", "walls", "improve", "draw", "exchange",
        "move", "strike", "offer", "play", "reveal", "end",
    }  # fmt: skip


def test_the_turn_passes_only_when_the_ruler_ends_it(table: Table) -> None:
    table.give(1, gold=9)
    table.do("1:exchange grain", "1:exchange wood", "1:exchange stone")
    assert table.state.to_act == (1,)
    table.do("1:end")
    assert table.state.to_act == (2,)
