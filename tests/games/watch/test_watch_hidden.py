"""Determinization (rules/hidden.py): a search bot's copy of the Watch keeps all a ruler sees and
re-deals only what it cannot see: the other rulers' hands, the decks, other alliances' channels."""

import random
from collections import Counter
from typing import Any

from console.games.watch.rules.alliances import Alliance, Archive
from console.games.watch.state import WatchState
from tests.games.watch.watch_table import Table


def _table() -> Table:
    """Three rulers: 2 and 3 hold cards of two decks, decks have cards on top and underneath,
    and channels 1-2 (open), 2-3 (open) and 1-3, 2-3 (sealed) hold words."""
    t = Table(3, decks={1: ["w-intrigue"], 3: ["p-spy"]})
    t.hand(1, "g-gold-rush")
    t.hand(2, "w-decimation", "p-favor")
    t.hand(3, "w-turncoat", "g-road-building", "p-revolt")
    t.state.decks["growth"].put_under("g-bumper-crop")
    t.state.decks["growth"].take_unseen("g-bumper-crop")
    t.state.alliances[(1, 2)] = Alliance((1, 2), 0, messages=[(1, "hold the ford")])
    t.state.alliances[(2, 3)] = Alliance((2, 3), 0, messages=[(3, "strike at dawn")])
    t.state.archives = [
        Archive((1, 3), 0, 1, "broken by 1", ((3, "farewell"),)),
        Archive((2, 3), 0, 1, "broken by 2", ((2, "a secret"),)),
    ]
    return t


def _but_channels(view: dict[str, Any]) -> dict[str, Any]:
    """A view without the channels (other channels' message counts change: they are emptied)."""
    return {key: value for key, value in view.items() if key not in ("alliances", "sealed_channels")}


def _pooled(state: WatchState, seat: int, deck: str) -> Counter[str]:
    """The cards of ``deck`` that ``seat`` cannot place: in the deck or in another ruler's hand."""
    d = state.decks[deck]
    held = [
        c
        for other in range(1, state.players + 1)
        if other != seat
        for c in state.hands[other]
        if state.catalog.cards[c].deck == deck
    ]
    return Counter([*d.top, *d.bottom, *held]) + Counter(d.unseen)


def test_a_determinization_keeps_what_the_ruler_sees_and_conserves_every_card() -> None:
    state = _table().state
    before = [state.view(seat) for seat in (None, 1, 2, 3)]
    twin = state.determinize(1, random.Random(3))
    assert [state.view(seat) for seat in (None, 1, 2, 3)] == before, "the original must not change"
    assert _but_channels(twin.view(1)) == _but_channels(state.view(1))
    assert _but_channels(twin.view(None)) == _but_channels(state.view(None))
    assert twin.hands[1] == state.hands[1]
    for deck in ("warfare", "growth", "politics", "harrows"):
        assert _pooled(twin, 1, deck) == _pooled(state, 1, deck)
        old, new = state.decks[deck], twin.decks[deck]
        assert (len(new.top), len(new.bottom), len(new)) == (len(old.top), len(old.bottom), len(old))
        for other in (2, 3):

            def of_deck(hand: list[str], name: str = deck) -> int:
                return sum(1 for c in hand if state.catalog.cards[c].deck == name)

            assert of_deck(twin.hands[other]) == of_deck(state.hands[other])


def test_a_determinization_re_deals_every_other_rulers_hand_at_random() -> None:
    state = _table().state
    for seat in (1, 2, 3):
        twins = [state.determinize(seat, random.Random(trial)) for trial in range(8)]
        for other in {1, 2, 3} - {seat}:
            dealt = {tuple(twin.hands[other]) for twin in twins}
            assert len(dealt) > 1, f"ruler {other}'s hand is never re-dealt for ruler {seat}"
            assert all(list(hand) == sorted(hand) for hand in dealt)
        assert all(twin.hands[seat] == state.hands[seat] for twin in twins)


def test_two_watches_that_look_the_same_to_a_ruler_give_the_same_determinization() -> None:
    first, second = _table().state, _table().state
    # Seat 2's Decimation and a Saboteur's Torch of the deck trade places: seat 1 cannot tell.
    second.hands[2][second.hands[2].index("w-decimation")] = "w-saboteurs-torch"
    second.decks["warfare"].take_unseen("w-saboteurs-torch")
    second.decks["warfare"].unseen["w-decimation"] += 1
    second.decks["warfare"].size += 1
    assert first.view(1) == second.view(1) and first.hands != second.hands
    one, two = first.determinize(1, random.Random(4)), second.determinize(1, random.Random(4))
    assert one.hands == two.hands
    assert all(
        one.decks[d].unseen == two.decks[d].unseen and one.decks[d].top == two.decks[d].top for d in one.decks
    )


def test_a_determinization_empties_only_the_channels_the_ruler_may_not_read() -> None:
    state = _table().state
    twin = state.determinize(1, random.Random(0))
    assert twin.alliances[(1, 2)].messages == [(1, "hold the ford")]
    assert twin.alliances[(2, 3)].messages == []
    assert [a.messages for a in twin.archives] == [((3, "farewell"),), ()]
    assert state.alliances[(2, 3)].messages == [(3, "strike at dawn")]
    assert state.archives[1].messages == ((2, "a secret"),)
    assert twin.determinize(2, random.Random(0)).alliances[(1, 2)].messages == [(1, "hold the ford")]
