"""The Forging of Alliances and the private channel."""

import json

import pytest

from console.games.core import CHANCE, IllegalAction
from console.games.watch import GAME
from console.games.watch.actions import MAX_MESSAGE, Say
from console.journal import Journal
from console.table import Table as HubTable
from tests.games.watch.watch_table import Table, founding_actions


@pytest.fixture
def three() -> Table:
    return Table(3)


def test_an_alliance_is_offered_on_the_offerers_turn_and_bound_when_accepted(three: Table) -> None:
    three.do("1:offer 3")
    assert three.state.to_act == (3,)
    assert three.legal() == ["3:accept", "3:decline"]
    three.do("3:accept")
    assert (1, 3) in three.state.alliances and three.state.to_act == (1,)


def test_a_declined_offer_binds_nothing(three: Table) -> None:
    three.do("1:offer 2", "2:decline")
    assert not three.state.alliances


def test_one_offer_to_a_ruler_per_turn(three: Table) -> None:
    three.do("1:offer 2", "2:decline")
    three.refuse("1:offer 2", "already offered")


def test_at_most_two_alliances_per_ruler() -> None:
    t = Table(4)
    t.do("1:offer 2", "2:accept", "1:offer 3", "3:accept")
    t.refuse("1:offer 4", "already hold 2 alliances")
    t.end_turns(3)
    t.refuse("4:offer 1", "that ruler already holds 2 alliances")


def test_allies_armies_cross_each_others_roads(three: Table) -> None:
    three.do("1:offer 2", "2:accept")
    three.road(2, "i19", "i25")
    three.army(1, "i19", 2, active=True)
    assert "1:move i19 i25" in three.legal()
    three.do("1:move i19 i25")
    assert three.stack_at("i25").owner == 1


def test_the_alliance_trophy_after_five_full_rounds_is_two_vp_each(three: Table) -> None:
    three.do("1:offer 2", "2:accept")  # sworn in round 1: rounds 2 to 6 are full
    three.end_turns(3 * 5)
    assert three.state.round == 6 and three.state.vp(1) == 3
    three.end_turns(3)
    assert three.state.vp(1) == three.state.vp(2) == 5 and three.state.vp(3) == 3


def test_breaking_is_a_turn_action_and_the_trophy_is_lost_by_both(three: Table) -> None:
    three.do("1:offer 2", "2:accept")
    three.end_turns(3 * 6)
    assert three.state.vp(2) == 5
    three.do("1:break 2")
    assert not three.state.alliances and three.state.vp(1) == three.state.vp(2) == 3


def test_stranded_armies_retreat_to_the_nearest_own_city(three: Table) -> None:
    three.do("1:offer 2", "2:accept")
    three.road(2, "i25", "i31")
    three.army(1, "i31", 3, active=True)  # on seat 2's road, off seat 1's network
    three.do("1:break 2")
    assert three.stack("i31") is None
    assert three.stack_at("i14").units == 3 and not three.stack_at("i14").active


def test_a_stranded_army_with_no_city_is_lost(three: Table) -> None:
    three.do("1:offer 2", "2:accept")
    three.road(2, "i25", "i31")
    three.army(1, "i31", 3)
    three.state.piece_kind[13] = 1  # seat 1's city i14 is only a settlement now
    three.state.cities[1] = 0
    three.do("1:break 2")
    assert three.stack("i31") is None and not [s for s in three.state.stacks.values() if s.owner == 1]


def test_the_private_channel_is_read_by_no_one_save_the_two(three: Table) -> None:
    three.do("1:offer 2", "2:accept", '1:say 2 "meet me at the ford"')
    assert "meet me at the ford" in json.dumps(three.state.view(1))
    assert "meet me at the ford" in json.dumps(three.state.view(2))
    assert "meet me at the ford" not in json.dumps(three.state.view(3))
    assert "meet me at the ford" not in json.dumps(three.state.view(None))


def test_messages_go_only_to_an_ally(three: Table) -> None:
    three.refuse('1:say 2 "hello"', "only to a ruler you are allied with")


def test_chat_history_is_archived_sealed_not_wiped_when_the_alliance_ends(three: Table) -> None:
    three.do("1:offer 2", "2:accept", '1:say 2 "the wolf walks at night"', "1:break 2")
    channels = three.state.view(2)["channels"]
    assert channels == [
        {"with": 1, "sealed": True, "ended": 1, "messages": [{"from": 1, "text": "the wolf walks at night"}]}
    ]
    assert "wolf" not in json.dumps(three.state.view(3))
    three.refuse('1:say 2 "again"', "its channel is sealed and takes no new words")


def test_chat_events_reach_only_the_two_allies(three: Table) -> None:
    events = three.do("1:offer 2", "2:accept", '1:say 2 "secret"')
    message = next(e for e in events if e.kind == "message")
    assert message.audience == frozenset({1, 2})


# --- ruling R-3: allies chat whenever they like -------------------------------------------------


@pytest.fixture
def allied(three: Table) -> Table:
    """Rulers 1 and 2 allied in round 1; ruler 1 is to act."""
    three.do("1:offer 2", "2:accept")
    return three


def test_an_ally_may_write_when_it_is_not_their_turn(allied: Table) -> None:
    assert allied.state.to_act == (1,)
    events = allied.do('2:say 1 "hold the ford"')
    assert [e.kind for e in events] == ["message"] and events[0].audience == frozenset({1, 2})
    assert allied.state.view(1)["channels"][0]["messages"] == [{"from": 2, "text": "hold the ford"}]


def test_a_message_out_of_turn_changes_nothing_but_the_channel(allied: Table) -> None:
    before = allied.state.view(None)
    allied.do('2:say 1 "soon"')
    after = allied.state.view(None)
    assert after["to_act"] == [1] and after["current"] == 1
    before["alliances"][0]["messages"] = 1
    assert after == before


def test_allies_may_write_while_chance_or_another_ruler_must_act(allied: Table) -> None:
    allied.give(1, gold=2)
    allied.do("1:draw politics gold")
    assert allied.state.to_act == (CHANCE,)
    allied.do('2:say 1 "what did you draw"')
    allied.chance("chance:deal politics p-spy")
    allied.do("1:offer 3")
    assert allied.state.to_act == (3,)
    allied.do('1:say 2 "I asked ruler 3"', '2:say 1 "good"')
    assert len(allied.state.alliances[(1, 2)].messages) == 3 and allied.state.to_act == (3,)


def test_a_non_ally_may_not_write_out_of_turn_and_is_not_echoed(allied: Table) -> None:
    message = allied.refuse('3:say 1 "the password is swordfish"', "only to a ruler you are allied with")
    assert "swordfish" not in message


def test_a_sealed_channel_takes_no_words_out_of_turn(allied: Table) -> None:
    allied.do('2:say 1 "before"', "1:break 2")
    message = allied.refuse('2:say 1 "after the break"', "sealed")
    assert "after the break" not in message


def test_an_over_long_message_is_refused_without_echoing_it(allied: Table) -> None:
    long = "x" * (MAX_MESSAGE + 1)
    before = allied.state.view(2)
    with pytest.raises(IllegalAction) as caught:
        allied.state.apply(Say(2, 1, long))
    assert f"at most {MAX_MESSAGE} characters" in str(caught.value) and long not in str(caught.value)
    assert allied.state.view(2) == before


def test_no_message_once_the_watch_is_over(allied: Table) -> None:
    allied.state.honours[1] = 12
    allied.do("1:declare")
    with pytest.raises(IllegalAction, match="the game is over"):
        allied.state.apply(Say(2, 1, "too late"))


def test_messages_out_of_turn_are_journalled_and_replay(allied: Table) -> None:
    journal = Journal(":memory:")
    table = HubTable.start(journal, "watch", 3, 7, {"layout": "reference", "max_rounds": 0}, None)
    for text in [*founding_actions(3), "1:offer 2", "2:accept", '2:say 1 "out of turn"', "1:end"]:
        table.submit(text)
    assert journal.actions(table.id)[-2] == '2:say 1 "out of turn"'
    resumed = HubTable.resume(journal, table.id)
    assert resumed.state.view(1) == table.state.view(1)
    assert GAME.replay(3, 7, {"layout": "reference", "max_rounds": 0}, table.history).view(2) == (
        table.state.view(2)
    )


def test_an_alliance_is_offered_only_on_the_offerers_turn(three: Table) -> None:
    assert not [a for a in three.legal(1) if a.startswith("2:")]
    three.refuse("2:offer 3", "it is not seat 2's turn")


def test_each_alliance_earns_its_own_trophy_two_give_four_vp() -> None:
    t = Table(3)
    t.do("1:offer 2", "2:accept", "1:offer 3", "3:accept")
    t.end_turns(3 * 6)
    assert t.state.vp(1) == 3 + 4 and t.state.vp(2) == t.state.vp(3) == 3 + 2
    assert t.state.view(None)["rulers"][0]["alliance_trophies"] == 2


def test_an_alliance_sworn_mid_round_counts_only_full_rounds(three: Table) -> None:
    three.end_turns(1)
    three.do("2:offer 3", "3:accept")  # sworn in round 1: rounds 2 to 6 are full
    three.end_turns(2 + 3 * 4)
    assert three.state.round == 6 and three.state.alliances[(2, 3)].full_rounds == 4
    three.end_turns(3)
    assert three.state.alliances[(2, 3)].trophy and three.state.vp(2) == 5


def test_a_pariah_may_not_offer_an_alliance(three: Table) -> None:
    three.state.pariahs.add(1)
    three.refuse("1:offer 2", "you are a Pariah")


def test_an_offer_to_a_ruler_already_allied_is_refused(three: Table) -> None:
    three.do("1:offer 2", "2:accept")
    assert "1:offer 2" not in three.legal() and "1:offer 3" in three.legal()
    three.refuse("1:offer 2", "you are already allied with that ruler")


def test_no_offer_is_open_to_a_ruler_who_already_holds_two_alliances() -> None:
    from console.games.watch.rules.alliances import Alliance

    t = Table(4)
    t.state.alliances[(2, 3)] = Alliance((2, 3), 1)
    t.state.alliances[(2, 4)] = Alliance((2, 4), 1)
    offers = [a for a in t.legal() if a.startswith("1:offer")]
    assert offers == ["1:offer 3", "1:offer 4"]


def test_a_message_goes_from_one_ruler_at_this_table_to_another(three: Table) -> None:
    three.refuse('1:say 1 "a note to myself"', "a message goes from one ruler at this table to another")
    three.refuse('1:say 4 "hello"', "a message goes from one ruler at this table to another")


def test_a_copy_of_the_watch_keeps_its_own_alliances_and_channels(three: Table) -> None:
    three.do("1:offer 2", "2:accept", '1:say 2 "first"')
    other = three.state.copy()
    other.apply(GAME.parse_action('2:say 1 "only in the copy"'))
    other.alliances[(1, 2)].full_rounds = 4
    assert other.alliances[(1, 2)].messages == [(1, "first"), (2, "only in the copy")]
    assert three.state.alliances[(1, 2)].messages == [(1, "first")]
    assert three.state.alliances[(1, 2)].full_rounds == 0


def test_nobody_offers_an_alliance_to_a_ruler_who_holds_two_as_the_later_seat() -> None:
    t = Table(4)
    t.do("1:offer 3", "3:accept")
    t.end_turns(1)
    t.do("2:offer 3", "3:accept")  # ruler 3 is the later seat of both pairs
    t.end_turns(1)
    assert t.state.to_act == (3,) and not [a for a in t.legal() if a.startswith("3:offer")]
    t.end_turns(1)
    assert "4:offer 3" not in t.legal() and "4:offer 1" in t.legal()
