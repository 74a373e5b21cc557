"""A ruler's hand: a card dealt into it, the hand limit of 3 and the card given back under its deck.

A card comes from a deck by chance (``DealCard``) unless its identity is already known (a stacked
top, or cards cycled under the deck); a hand over its limit waits on its ruler (``GiveBack``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from console.games.core import Event
from console.games.watch.actions import Deal, Return, WatchAction, make, supplied
from console.games.watch.refusal import refused
from console.games.watch.rules.ledger import HAND_LIMIT
from console.games.watch.rules.work import ChanceWork, Decision
from console.games.watch.words import deck as deck_words
from console.i18n.said import Card, Said, Seat, say

if TYPE_CHECKING:
    from console.games.watch.state import WatchState


def give_card(state: WatchState, seat: int, card: str, how: str) -> list[Event]:
    """A card enters ``seat``'s hand; a hand over the limit must give back its excess first."""
    state.hands[seat].append(card)
    if len(state.hands[seat]) > HAND_LIMIT and GiveBack(seat) not in state.pending[:1]:
        state.pending.insert(0, GiveBack(seat))
    return [
        Event("card", {"seat": seat, "card": card, "how": how}, audience=frozenset((seat,))),
        Event("card_gained", {"seat": seat, "how": how}),
    ]


def return_card(state: WatchState, seat: int, card: str) -> None:
    state.hands[seat].remove(card)
    state.decks[state.catalog.cards[card].deck].put_under(card)


@dataclass(frozen=True, slots=True)
class DealCard(ChanceWork):
    """The next card of ``deck`` goes into ruler ``to``'s hand, who scans it at a physical table."""

    deck: str
    to: int
    name: ClassVar[str] = "deal"
    unlisted: ClassVar[Said] = say("the table's deal must be one of the outcomes its rules allow now")

    def outcomes(self, state: WatchState) -> list[tuple[WatchAction, int]]:
        unseen = state.decks[self.deck].unseen.items()
        return [(supplied(Deal, self.to, self.deck, card), count) for card, count in unseen]

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        assert isinstance(action, Deal)
        state.pending.pop(0)
        state.decks[self.deck].take_unseen(action.card)
        return give_card(state, self.to, action.card, "draw")

    def refusal(self, state: WatchState, action: WatchAction) -> Said:
        if not isinstance(action, Deal):  # zero-argument super() fails in a slots dataclass
            return ChanceWork.refusal(self, state, action)
        deck = deck_words(self.deck)
        if action.deck != self.deck:
            return say(
                "the table is dealing %(seat)s the next card of the %(deck)s deck",
                seat=Seat(self.to),
                deck=deck,
            )
        card = action.card
        known = state.catalog.cards.get(card)
        if known is None or known.deck != self.deck:
            # the card as it was written (notation): it may be no card of this deck at all
            return say("%(card)s is not a card of the %(deck)s deck", card=card, deck=deck)
        # Any seat may read this: the refusal itself already says that card cannot come now.
        return say("no copy of %(card)s is left in the %(deck)s deck to deal", card=Card(card), deck=deck)

    def advance(self, state: WatchState) -> list[Event] | None:
        deck = state.decks[self.deck]
        if deck.needs_chance:
            return None
        state.pending.pop(0)
        if not len(deck):
            return []
        return give_card(state, self.to, deck.take_known(), "draw")


@dataclass(frozen=True, slots=True)
class GiveBack(Decision):
    """Ruler ``seat`` holds more than 3 cards: one goes back to the bottom of its deck."""

    name: ClassVar[str] = "return"
    first: ClassVar[Said] = say(
        "your hand is over its limit of 3: return a card to the bottom of its deck first"
    )

    def choices(self, state: WatchState) -> list[WatchAction]:
        return [make(Return, self.seat, card) for card in sorted(set(state.hands[self.seat]))]

    def wrong_choice(self, state: WatchState, action: WatchAction) -> Said | None:
        return say("you hold no such card to give back") if type(action) is Return else None

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        assert isinstance(action, Return)
        seat, card = action.seat, action.card
        if card not in state.hands[seat]:
            raise refused(say("you hold no such card"))
        state.pending.pop(0)
        return_card(state, seat, card)
        if len(state.hands[seat]) > HAND_LIMIT:
            state.pending.insert(0, GiveBack(seat))
        return [Event("returned", {"seat": seat, "deck": state.catalog.cards[card].deck})]
