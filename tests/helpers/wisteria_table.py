"""Whole-table invariants of a Wisteria game, checked after every action by the random runs and
the scenario runner: every card of the deck accounted for, nothing owned by an eliminated seat,
no trace of a finished War in a later round, and War events that agree with the cards moved.
"""

from __future__ import annotations

from collections.abc import Sequence

from console.games.core import CHANCE, Action, Event, Seat, State
from console.games.wisteria.actions import Draw, FaceDown
from console.games.wisteria.rules.piles import DEALT, SHUFFLED, STACKED, total_weight
from console.games.wisteria.rules.steps import BATTLE, DECLARE, FACE_DOWN, OVER, RETREAT, REVEAL, TALLY, WAR
from console.games.wisteria.state import WisteriaState

SEATS_OF_A_WAR = {FACE_DOWN, DECLARE, WAR}


def check_table(state: WisteriaState) -> None:
    """The invariants of one state, whatever step it is at."""
    _check_piles(state)
    _check_eliminated(state)
    if state.step in SEATS_OF_A_WAR:
        _check_war_in_progress(state)
    else:
        _check_no_war(state)


def check_action(
    before: WisteriaState, action: Action, events: Sequence[Event], after: WisteriaState
) -> None:
    """``after`` is ``before`` with ``action`` applied, giving ``events``: the table's invariants
    hold after it, and the War events it gave agree with the cards and seats they name."""
    check_table(after)
    outcome = after.outcome()
    if outcome is not None and before.outcome() is None:
        assert (events[-1].kind, dict(events[-1].data)) == ("game_over", outcome.to_json()), events
    _check_card_event(before, action, events)
    _check_war_events(before, action, events, after)


def check_state(state: State) -> None:
    """``check_table`` for any engine's state; other games have no whole-table check here."""
    if isinstance(state, WisteriaState):
        check_table(state)


def _seats(state: WisteriaState) -> range:
    return range(1, state.players + 1)


def _check_piles(state: WisteriaState) -> None:
    """Every card is in exactly one place, and every pile's count is the cards it holds."""
    assert state.census() == list(state.composition), "a card was made or lost"
    owned = sum(state.owned(seat) for seat in _seats(state))
    assert owned + state.in_play() == sum(state.composition), "the piles and the centre miss the deck"
    assert state.pool_total == sum(state.pool) and min(state.pool) >= 0
    dealt = 0
    for seat in _seats(state):
        won = state.won[seat]
        assert won[0] == 0 and min(won) >= 0 and state.won_count[seat] == sum(won), f"seat {seat}'s won pile"
        kind, count = state.draw_kind[seat], state.draw_count[seat]
        assert count >= 0
        if kind == STACKED:
            assert count == len(state.stacked[seat]), f"seat {seat}'s stacked pile"
        elif kind == SHUFFLED:
            assert count == sum(state.shuffled[seat]) and state.shuffled[seat][0] == 0, f"seat {seat}'s pile"
        else:
            assert kind == DEALT and not state.stacked[seat] and not any(state.shuffled[seat])
            dealt += count
        for cards in (state.face_down[seat], state.battle[seat], state.spent[seat]):
            assert all(1 <= card <= 6 for card in cards), f"seat {seat} has a blank card in play"
    tallied = sum(sum(counts) for counts in state.tallied) if state.tallied is not None else 0
    assert dealt == state.pool_total + tallied, "the dealt piles and the unseen pool disagree"
    if state.step.card is not None and state.pending:
        # sample_chance draws from total_weight; it must be the weight chance_outcomes gives.
        weights = sum(weight for _, weight in state.chance_outcomes())
        assert total_weight(state, state.pending[0]) == weights, "sample_chance and chance_outcomes differ"


def _check_eliminated(state: WisteriaState) -> None:
    """An eliminated seat owns nothing and takes no part; only a War still running may hold its
    cards in play (they go to the War's winner, or to its left)."""
    assert state.active == [seat for seat in _seats(state) if not state.eliminated[seat]]
    in_war = state.step in SEATS_OF_A_WAR
    for seat in _seats(state):
        if not state.eliminated[seat]:
            continue
        assert state.owned(seat) == 0 and not any(state.won[seat]), f"eliminated seat {seat} owns cards"
        assert not state.stacked[seat] and not any(state.shuffled[seat]), f"eliminated seat {seat}'s pile"
        assert seat not in state.pending and seat not in state.to_act, f"eliminated seat {seat} is asked"
        assert seat not in (*state.members, *state.battlers, *state.retreaters), f"seat {seat} in the War"
        if not in_war and state.step is not OVER:
            assert _in_play(state, seat) == 0, f"eliminated seat {seat} has cards in play after its War"


def _in_play(state: WisteriaState, seat: Seat) -> int:
    return (
        (1 if state.round_card[seat] else 0)
        + len(state.face_down[seat])
        + len(state.spent[seat])
        + (1 if state.sacrifice[seat] else 0)
        + len(state.battle[seat])
    )


def _check_no_war(state: WisteriaState) -> None:
    """Between Wars nothing of the last one is left: no contenders, choices, War cards or flags."""
    assert state.members == state.battlers == state.retreaters == [], "a finished War's seats remain"
    if state.step is OVER:
        assert state.outcome() is not None and state.pending == [] and state.to_act == ()
        return  # a game may end inside a War (R-5: everyone ran out), its cards left in the centre
    assert not any(state.choice), "a finished War's choices remain"
    assert not state.declared and state.first_tie, "a finished War's flags remain"
    for seat in _seats(state):
        assert not state.face_down[seat] and not state.battle[seat] and not state.spent[seat], seat
        assert state.sacrifice[seat] == 0, f"seat {seat}'s sacrifice outlived its War"
        revealed = seat in state.in_round and seat not in state.pending and state.step is REVEAL
        assert bool(state.round_card[seat]) == revealed, f"seat {seat}'s round card"
    assert state.to_act == (CHANCE,) and state.outcome() is None, "the table waits for no card"
    if state.step is REVEAL:
        assert state.in_round == state.active and set(state.pending) <= set(state.active)
    else:
        assert state.step is TALLY and state.untallied is not None and state.pending
        assert all(state.untallied[seat] > 0 and state.draw_kind[seat] == DEALT for seat in state.pending)


def _check_war_in_progress(state: WisteriaState) -> None:
    members, battlers, retreaters = state.members, state.battlers, state.retreaters
    assert len(members) >= 2, "a War goes on with fewer than two contenders"
    assert set(members) <= set(state.in_round) and members == sorted(set(members))
    assert set(battlers) | set(retreaters) <= set(members) and not set(battlers) & set(retreaters)
    assert all(state.round_card[seat] for seat in state.in_round), "a seat of the round lost its card"
    if state.declared:
        assert set(battlers) | set(retreaters) == set(members), "a contender neither battles nor retreats"
        assert all(state.choice[seat] == BATTLE for seat in battlers)
        assert all(state.choice[seat] == RETREAT for seat in retreaters)
    else:
        assert battlers == retreaters == [] and state.first_tie
    if not state.first_tie:
        assert not retreaters or all(state.sacrifice[seat] for seat in retreaters)
    for seat in _seats(state):
        if state.sacrifice[seat]:
            assert state.choice[seat] == RETREAT, f"seat {seat} sacrificed without retreating"
    if state.step is DECLARE:
        assert set(state.to_act) <= set(members) and not any(state.choice[seat] for seat in state.to_act)
    else:
        assert set(state.pending) <= set(members) and state.pending, "a War step waits for nobody"


def _check_card_event(before: WisteriaState, action: Action, events: Sequence[Event]) -> None:
    """A card placed is told first, as the step it was asked for: the round's card and a battle
    card or a sacrifice face up, with the card; a face-down card without it (R-10)."""
    if not isinstance(action, Draw | FaceDown):
        return
    seat, card = action.owner, action.strength
    if before.step is FACE_DOWN:
        expected = Event("face_down", {"seat": seat})
    elif before.step is WAR:
        kind = "sacrifice" if before.choice[seat] == RETREAT else "battle_card"
        expected = Event(kind, {"seat": seat, "card": card})
    else:
        expected = Event("draw", {"seat": seat, "card": card})
    assert events and (events[0].kind, dict(events[0].data)) == (expected.kind, dict(expected.data)), events


def _check_war_events(
    before: WisteriaState, action: Action, events: Sequence[Event], after: WisteriaState
) -> None:
    """War events name what happened: the tie (war, war_again, reevaluated), the prize (war_won,
    kept) and, with no winner, each card passed to the left."""
    placed = isinstance(action, Draw | FaceDown)
    owner, strength = getattr(action, "owner", 0), getattr(action, "strength", 0)
    round_card = before.round_card[:]
    battle = {seat: cards[-1] for seat, cards in enumerate(before.battle) if cards}
    if placed and before.step is REVEAL:
        round_card[owner] = strength
    if isinstance(action, Draw) and before.step is WAR and before.choice[owner] == BATTLE:
        battle[owner] = strength
    centre = before.in_play() + (1 if placed else 0)
    if placed and before.step is REVEAL and before.pending == [owner]:  # the round's last card
        top = max(round_card[seat] for seat in before.in_round)
        tied = [seat for seat in before.in_round if round_card[seat] == top]
        won = [dict(event.data) for event in events if event.kind == "round_won"]
        assert won == ([] if len(tied) > 1 else [{"seat": tied[0], "cards": len(before.in_round)}]), events
    gained = {
        seat: after.owned(seat) - before.owned(seat) + (1 if placed and seat == owner else 0)
        for seat in _seats(before)
    }
    eliminated: set[Seat] = set()
    kept: dict[Seat, int] = {}
    for event in events:
        data = event.data
        if event.kind == "eliminated":
            eliminated.add(data["seat"])
        elif event.kind in ("war", "reevaluated"):
            seats = data["seats"]
            assert list(seats) == sorted(set(seats)) and not set(seats) & eliminated, event
            assert all(not before.eliminated[seat] for seat in seats), event
            tied = [seat for seat in seats if round_card[seat] == data["strength"]]
            if event.kind == "war":
                assert len(seats) >= 2 and tied == list(seats), f"{event}: not a tie of those seats"
            else:
                assert tied and data["strength"] == max(round_card[seat] for seat in seats), event
                standing = [s for s in before.in_round if not before.eliminated[s] and s not in eliminated]
                assert list(seats) == standing, f"{event}: the seats left are {standing}"
        elif event.kind == "war_again":
            seats = data["seats"]
            assert len(seats) >= 2 and all(battle[seat] == data["strength"] for seat in seats), event
            assert data["strength"] == max(battle[seat] for seat in before.battlers if seat in battle)
        elif event.kind == "kept":
            assert data["cards"] == 2, f"{event}: a retreater keeps its tied and first face-down card"
            assert data["seat"] in before.retreaters or before.step is DECLARE, event
            kept[data["seat"]] = data["cards"]
        elif event.kind == "war_won":
            winner = data["seat"]
            assert not after.eliminated[winner] and winner not in kept, event
            assert data["cards"] + sum(kept.values()) == centre, f"{event}: {centre} cards were in play"
            # The winner's piles grew by its prize (a reshuffle moves cards, never adds them).
            assert gained[winner] == data["cards"], f"{event}: seat {winner} gained {gained[winner]}"
            assert all(gained[seat] == cards for seat, cards in kept.items()), event
            assert all(gained[seat] == 0 for seat in gained if seat != winner and seat not in kept)
        elif event.kind == "no_winner":
            passed_to: dict[Seat, int] = {}
            for move in data["passed"]:
                giver, taker = move["from"], move["to"]
                assert not after.eliminated[taker] and taker != giver, event
                passed_to[taker] = passed_to.get(taker, 0) + move["cards"]
                if move["cards"] != 1:
                    assert after.eliminated[giver], f"{event}: only an out seat passes all its cards"
            assert sum(gained.values()) == centre, f"{event}: {centre} cards were in play"
            assert all(gained[seat] >= passed_to.get(seat, 0) for seat in gained), event
            assert all(gained[seat] == 0 for seat in gained if after.eliminated[seat]), event
