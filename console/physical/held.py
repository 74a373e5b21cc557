"""Which physical copy is in whose hand: a tag's UID, once dealt or stolen into a seat's hand by a
scan, is that seat's until the hand no longer holds its card. A scan of a copy in some hand for
a card that comes from a deck (or from another hand) is refused: it cannot be the card drawn.

Games with hands only (``State.cards_in_hand``); a QR code names no copy, so it is not tracked.
"""

from __future__ import annotations

from collections import Counter

from console.games.core import Action, Seat, State


def hand_of(state: State, seat: Seat) -> Counter[str] | None:
    """The card ids in ``seat``'s hand, or None for a game without hands: the game says."""
    return state.cards_in_hand(seat)


def moves(state: State, action: Action, card: str) -> tuple[Seat | None, Seat | None] | None:
    """Where ``action`` takes a copy of ``card`` from and to: a seat's hand, or None (a deck, the
    table); None for a game without hands. Worked out by applying it to a copy of the state."""
    seats = range(1, state.players + 1)
    before = {seat: hand_of(state, seat) for seat in seats}
    if any(hand is None for hand in before.values()):
        return None
    after_state = state.copy()
    after_state.apply(action)
    source = dest = None
    for seat in seats:
        change = hand_of(after_state, seat)[card] - before[seat][card]  # type: ignore[index]
        if change < 0:
            source = seat
        elif change > 0:
            dest = seat
    return source, dest


class HeldCopies:
    def __init__(self) -> None:
        self.holder: dict[str, tuple[Seat, str]] = {}  # uid -> (seat, card id), oldest first
        self._pending: tuple[str, str, Seat | None] | None = None

    def check(self, state: State, action: Action, uid: str) -> str:
        """Why the copy ``uid`` cannot supply ``action``; empty if it can. Remembers where it goes."""
        self._pending = None
        if not uid or not action.cards():
            return ""
        card = action.cards()[0]
        where = moves(state, action, card)
        if where is None:
            return ""
        source, dest = where
        held = self.holder.get(uid)
        if held is not None and held[0] != source:
            if source is None:
                return "that card is in a ruler's hand, not in the deck: draw the top card of the deck"
            return "that copy is in another hand, not the one it must come from"
        self._pending = (uid, card, dest)
        return ""

    def acted(self, state: State | None) -> None:
        """An action was applied: the copy just scanned is where it went; copies whose card has
        left a hand (played, handed back) are that hand's no longer."""
        pending, self._pending = self._pending, None
        if pending is not None:
            uid, card, dest = pending
            self.holder.pop(uid, None)
            if dest is not None:
                self.holder[uid] = (dest, card)
        if state is None or not self.holder:
            return
        kept: Counter[tuple[Seat, str]] = Counter()
        for uid, (seat, card) in reversed(list(self.holder.items())):  # the newest copies stay
            hand = hand_of(state, seat)
            if hand is None or kept[seat, card] >= hand[card]:
                del self.holder[uid]
            else:
                kept[seat, card] += 1
