"""Every illegal action says why in the table's words, and changes nothing: a sample for every verb."""

import pytest

from console.games.core import CHANCE, IllegalAction
from console.i18n.said import say
from tests.games.watch.watch_table import Table, edge


def refusal_table() -> Table:
    """Ruler 1 to act, holding a little of everything; an active 3-stack at i19 with a road to i25,
    where ruler 2's road runs on to i31; ruler 2 has a garrison of 1 in its city i26."""
    t = Table(3)
    t.give(1, grain=1, wood=1, stone=1, gold=1)
    t.road(1, "i19", "i25")
    t.road(2, "i25", "i31")
    t.army(1, "i19", 3, active=True)
    t.army(2, "i26", 1)
    return t


CASES = [
    ("1:settle i9", "that intersection is next to a settlement or city"),
    ("1:settle i44", "a settlement must stand on an intersection touched by your road"),
    (
        "1:settle i25",
        "a settlement costs 2 Grain, 2 Wood, 2 Stone; you have 1 Grain, 1 Wood, 1 Stone and 1 Gold; "
        "you need 1 more Grain, 1 more Wood and 1 more Stone",
    ),
    ("1:city i35", "a city is raised only from one of your own settlements"),
    (
        "1:city i18",
        "a city costs 4 Grain, 2 Wood, 4 Stone; you have 1 Grain, 1 Wood, 1 Stone and 1 Gold; "
        "you need 3 more Grain, 1 more Wood and 3 more Stone",
    ),
    (f"1:road {edge('i40', 'i44')}", "a road must extend from your own city, settlement or road"),
    (f"1:road {edge('i26', 'i21')}", "that edge already has a road"),
    ("1:recruit i18", "armies are recruited at one of your cities"),
    ("1:recruit i26", "armies are recruited at one of your cities"),
    ("1:activate i19 grain", "that stack is already active"),
    ("1:activate i26 gold", "you have no army stack there"),
    ("1:walls i18", "walls are raised only around one of your cities"),
    ("1:improve h2 i14", "only a grain, wood or stone tile takes an improvement"),
    ("1:improve h11 i14", "an improvement stands on a tile next to its city"),
    (
        "1:draw growth goods",
        "a Growth card (goods) costs 2 Grain, 1 Wood; you have 1 Grain, 1 Wood, 1 Stone "
        "and 1 Gold; you need 1 more Grain",
    ),
    ("1:exchange wood", "the exchange takes 2 Gold; you have 1"),
    ("1:move i19 i20", "no road of yours or your allies' leads to i20"),
    ("1:move i19 i31", "no road of yours or your allies' leads to i31"),
    ("1:move i19 i19", "the stack already stands there"),
    ("1:move i14 i19", "you have no army stack there"),
    ("1:strike i19 i24", "no rival's army, settlement or city stands at i24 to strike"),
    ("1:strike i19 i26", "a stack strikes only an intersection next to it along a road"),
    ("1:offer 1", "an alliance is offered to another ruler at this table"),
    ("1:break 2", "you are not allied with that ruler"),
    ("1:accept", "there is no offer of alliance for you to answer"),
    ("1:decline", "there is no offer of alliance for you to answer"),
    ("1:return w-intrigue", "your hand is within its limit of 3: there is nothing to give back"),
    ("1:choose warfare", "a free card's deck is chosen only when a held wall ties for the most committed"),
    ("1:forfeit i14", "a city is forfeited only when the wall breaks and you stood thinnest on it"),
    ("1:play w-intrigue i26", "you hold no such card"),
    ("1:reveal w-war-spoils", "you hold no such card"),
    ("1:declare", "you have 3 visible VP; a declaration needs 15"),
    ("2:end", "it is not seat 2's turn to act"),
    ('1:say 2 "to arms"', "messages go only to a ruler you are allied with"),
]


@pytest.mark.parametrize(("text", "reason"), CASES, ids=[text for text, _ in CASES])
def test_an_illegal_action_says_why_and_changes_nothing(text: str, reason: str) -> None:
    refusal_table().refuse(text, reason)


def test_every_verb_of_a_ruler_has_a_sampled_refusal() -> None:
    from console.games.watch.actions import PLAYER_VERBS

    sampled = {text.split()[0].split(":")[1] for text, _ in CASES}
    assert set(PLAYER_VERBS) | {"say"} <= sampled


def test_a_march_onto_a_rivals_piece_names_whose_piece_stands_there() -> None:
    t = refusal_table()
    t.road(1, "i25", "i20")
    t.road(1, "i20", "i26")
    t.refuse("1:move i19 i26", "ruler 2's city stands at i26: a stack stops only where no other ruler stands")


def test_a_march_that_would_overfill_a_stack_counts_the_units() -> None:
    t = refusal_table()
    t.army(1, "i25", 3)
    t.refuse("1:move i19 i25", "a stack holds at most 5 units: 3 marching and 3 at i25 make 6")


def test_a_wrong_answer_to_a_decision_says_what_is_wrong() -> None:
    t = Table(2, decks={1: ["w-intrigue", "w-decimation", "w-turncoat", "w-salt-the-earth"]})
    t.hand(1, "g-road-building")
    t.give(1, gold=8)
    t.do(*["1:draw warfare gold"] * 3)
    t.refuse("1:return g-gold-rush", "you hold no such card to give back")
    t.refuse("1:end", "your hand is over its limit of 3: return a card to the bottom of its deck first")
    t.do("1:return w-intrigue", "1:play g-road-building")
    t.refuse(
        f"1:road {edge('i40', 'i44')}",
        "a road must extend from your own city, settlement or road (your free road of Road Building)",
    )


def test_a_forfeit_of_a_city_not_yours_is_refused_by_name() -> None:
    t = Table(2, decks={4: ["x-creeping-rot"]})
    t.state.piece_kind[17], t.state.cities[1], t.state.settlements[1] = 2, 2, 0  # i18 is a city too
    t.end_turns(14)
    assert t.state.to_act == (1,)
    t.refuse("1:forfeit i26", "i26 is not one of your cities: forfeit one of your own")


def test_crowns_due_names_the_leader_when_another_is_named() -> None:
    t = Table(3)
    t.hand(1, "g-crowns-due")
    t.state.honours[3] = 2
    t.give(2, grain=4)
    t.refuse("1:play g-crowns-due 2 grain grain grain grain", "the opponent with the most VP: ruler 3 (5 VP)")


def test_crowns_due_takes_exactly_four_or_all_there_are() -> None:
    t = Table(2)
    t.hand(1, "g-crowns-due")
    t.give(2, grain=9, wood=0, stone=0, gold=0)
    t.refuse("1:play g-crowns-due 2 grain grain", "Crown's Due takes exactly 4 of ruler 2's resources")
    t.give(2, grain=2)
    t.refuse("1:play g-crowns-due 2 grain", "Crown's Due takes all 2 resources ruler 2 holds (fewer than 4)")


def test_crowns_due_takes_exactly_four_from_a_leader_holding_four_and_only_what_is_held() -> None:
    t = Table(2)
    t.hand(1, "g-crowns-due")
    t.give(2, grain=4, wood=0, stone=0, gold=0)
    t.refuse("1:play g-crowns-due 2 grain grain", "Crown's Due takes exactly 4 of ruler 2's resources")
    t.give(2, grain=9)
    t.refuse("1:play g-crowns-due 2 wood wood wood wood", "ruler 2 does not hold the resources named")


def test_a_shortfall_is_a_clause_of_its_own_never_read_as_part_of_the_holdings() -> None:
    from console.games.watch.refusal import english
    from console.games.watch.rules.chronicle import DRAWN
    from console.games.watch.rules.ledger import short_of

    assert english(short_of([2, 2, 3, 0], (0, 0, 0, 2), DRAWN["gold"]("warfare"))) == (
        "a Warfare card (gold) costs 2 Gold; you have 2 Grain, 2 Wood and 3 Stone; you need 2 more Gold"
    )
    nothing = english(short_of([0, 0, 0, 0], (1, 0, 0, 1), say("x")))
    assert nothing.endswith("you have nothing; you need 1 more Grain and 1 more Gold")


def test_a_chance_outcome_that_cannot_come_now_says_why() -> None:
    t = Table(2)
    t.give(1, gold=2)
    t.do("1:draw warfare gold")
    assert t.state.to_act == (CHANCE,)
    t.refuse(
        "chance:deal growth g-gold-rush",
        "is not a possible outcome now: the table is dealing ruler 1 the next card of the Warfare deck",
    )
    t.refuse("chance:deal warfare g-gold-rush", "g-gold-rush is not a card of the Warfare deck")
    t.refuse("chance:harrow x-ashen-wind", "the table is waiting for chance:deal, not chance:harrow")
    t.state.decks["warfare"].unseen.pop("w-intrigue")  # every copy dealt
    t.refuse("chance:deal warfare w-intrigue", "no copy of Intrigue is left in the Warfare deck to deal")


def test_a_harrow_pick_that_cannot_come_now_names_the_verb_the_table_waits_for() -> None:
    t = Table(2, decks={4: ["x-ashen-wind"]})
    t.end_turns(14)
    assert t.state.to_act == (CHANCE,)
    t.refuse("chance:blight h7", "the table is waiting for chance:burn, not chance:blight")
    t.refuse(
        f"chance:burn {edge('i19', 'i25')}",
        "the table's pick must be one of the outcomes its rules allow now",
    )


def test_an_action_of_another_game_is_refused_as_no_action_of_the_watch() -> None:
    """Another game's action, from the seat to act, is refused in words and changes nothing,
    whether a ruler is to act (in the founding, in a turn) or chance (a card to deal)."""
    from console.games.wheels.actions import ChooseFirst, Draw

    founding, turn, dealing = Table(2, found=False), Table(2), Table(2)
    dealing.give(1, gold=2)
    dealing.do("1:draw warfare gold")
    cases = [
        (founding, Draw(1, 1, "w-war-spoils")),
        (turn, Draw(1, 1, "w-war-spoils")),
        (dealing, ChooseFirst(CHANCE, 1)),
    ]
    for table, action in cases:
        before = [table.state.view(seat) for seat in (None, 1, 2)]
        with pytest.raises(IllegalAction, match="is not an action of Rules of the Watch"):
            table.state.apply(action)
        assert [table.state.view(seat) for seat in (None, 1, 2)] == before
