"""The Forging of Alliances and the private channel."""

import json

import pytest

from console.games.watch.testing import Table


@pytest.fixture
def three() -> Table:
    return Table(3)


def test_an_alliance_is_offered_on_the_offerers_turn_and_bound_when_accepted(three):
    three.do("1:offer 3")
    assert three.state.to_act == (3,)
    assert three.legal() == ["3:accept", "3:decline"]
    three.do("3:accept")
    assert (1, 3) in three.state.alliances and three.state.to_act == (1,)


def test_a_declined_offer_binds_nothing(three):
    three.do("1:offer 2", "2:decline")
    assert not three.state.alliances


def test_one_offer_to_a_ruler_per_turn(three):
    three.do("1:offer 2", "2:decline")
    three.refuse("1:offer 2", "already offered")


def test_at_most_two_alliances_per_ruler():
    t = Table(4)
    t.do("1:offer 2", "2:accept", "1:offer 3", "3:accept")
    t.refuse("1:offer 4", "already hold 2 alliances")
    t.end_turns(3)
    t.refuse("4:offer 1", "that ruler already holds 2 alliances")


def test_allies_armies_cross_each_others_roads(three):
    three.do("1:offer 2", "2:accept")
    three.road(2, "i19", "i25")
    three.army(1, "i19", 2, active=True)
    assert "1:move i19 i25" in three.legal()
    three.do("1:move i19 i25")
    assert three.stack("i25").owner == 1


def test_the_alliance_trophy_after_five_full_rounds_is_two_vp_each(three):
    three.do("1:offer 2", "2:accept")  # sworn in round 1: rounds 2 to 6 are full
    three.end_turns(3 * 5)
    assert three.state.round == 6 and three.state.vp(1) == 3
    three.end_turns(3)
    assert three.state.vp(1) == three.state.vp(2) == 5 and three.state.vp(3) == 3


def test_breaking_is_a_turn_action_and_the_trophy_is_lost_by_both(three):
    three.do("1:offer 2", "2:accept")
    three.end_turns(3 * 6)
    assert three.state.vp(2) == 5
    three.do("1:break 2")
    assert not three.state.alliances and three.state.vp(1) == three.state.vp(2) == 3


def test_stranded_armies_retreat_to_the_nearest_own_city(three):
    three.do("1:offer 2", "2:accept")
    three.road(2, "i25", "i31")
    three.army(1, "i31", 3, active=True)  # on seat 2's road, off seat 1's network
    three.do("1:break 2")
    assert three.stack("i31") is None
    assert three.stack("i14").units == 3 and not three.stack("i14").active


def test_a_stranded_army_with_no_city_is_lost(three):
    three.do("1:offer 2", "2:accept")
    three.road(2, "i25", "i31")
    three.army(1, "i31", 3)
    three.state.piece_kind[13] = 1  # seat 1's city i14 is only a settlement now
    three.state.cities[1] = 0
    three.do("1:break 2")
    assert three.stack("i31") is None and not [s for s in three.state.stacks.values() if s.owner == 1]


def test_the_private_channel_is_read_by_no_one_save_the_two(three):
    three.do("1:offer 2", "2:accept", '1:say 2 "meet me at the ford"')
    assert "meet me at the ford" in json.dumps(three.state.view(1))
    assert "meet me at the ford" in json.dumps(three.state.view(2))
    assert "meet me at the ford" not in json.dumps(three.state.view(3))
    assert "meet me at the ford" not in json.dumps(three.state.view(None))


def test_messages_go_only_to_an_ally(three):
    three.refuse('1:say 2 "hello"', "only to a ruler you are allied with")


def test_chat_history_is_archived_sealed_not_wiped_when_the_alliance_ends(three):
    three.do("1:offer 2", "2:accept", '1:say 2 "the wolf walks at night"', "1:break 2")
    channels = three.state.view(2)["channels"]
    assert channels == [
        {"with": 1, "sealed": True, "ended": 1, "messages": [{"from": 1, "text": "the wolf walks at night"}]}
    ]
    assert "wolf" not in json.dumps(three.state.view(3))
    three.refuse('1:say 2 "again"', "sealed channel takes no new words")


def test_chat_events_reach_only_the_two_allies(three):
    events = three.do("1:offer 2", "2:accept", '1:say 2 "secret"')
    message = next(e for e in events if e.kind == "message")
    assert message.audience == frozenset({1, 2})
