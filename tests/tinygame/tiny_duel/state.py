"""One duel: the deck (a multiset: nobody has ordered it), the hands, the cards laid each round,
the points, and who is to act.

Chance deals first (seat 1, seat 2, in turn, until each holds ``hand`` cards); then each round
the leader lays a card and the other follows; the higher card takes the round and leads the
next (a tie: nobody takes it, the same seat leads).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, ClassVar

from console.games.core import (
    CHANCE,
    JSON,
    Action,
    CardInPlay,
    Event,
    IllegalAction,
    Outcome,
    Rule,
    Seat,
    State,
)
from tiny_duel.actions import CARDS, Deal, Lay, strength

if TYPE_CHECKING:
    from tiny_duel.game import DuelGame

SEATS = (1, 2)


class DuelState(State):
    game: DuelGame

    def __init__(self, game: DuelGame, copies: int, hand: int) -> None:
        self.game = game
        self.players = 2
        self.size = hand
        self.deck: Counter[str] = Counter({card: copies for card in CARDS})
        self.hands: dict[Seat, Counter[str]] = {seat: Counter() for seat in SEATS}
        self.laid: dict[Seat, list[str]] = {seat: [] for seat in SEATS}  # one a round, in order
        self.points = {seat: 0 for seat in SEATS}
        self.leader: Seat = 1

    # -- the contract -------------------------------------------------------------------------

    @property
    def dealing(self) -> bool:
        return sum(self.hands[2].values()) + len(self.laid[2]) < self.size

    @property
    def round(self) -> int:
        """The round being played, from 1; ``size + 1`` once every round is played."""
        return min(len(self.laid[1]), len(self.laid[2])) + 1

    @property
    def to_act(self) -> tuple[Seat, ...]:
        if self.dealing:
            return (CHANCE,)
        if self.round > self.size:
            return ()
        follower = 3 - self.leader
        return (follower,) if len(self.laid[self.leader]) > len(self.laid[follower]) else (self.leader,)

    def _next_dealt(self) -> Seat:
        return 1 if sum(self.hands[1].values()) == sum(self.hands[2].values()) else 2

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act:
            return []
        if seat == CHANCE:
            to = self._next_dealt()
            return [Deal(CHANCE, to, card) for card in sorted(self.deck) if self.deck[card]]
        return [Lay(seat, card) for card in sorted(self.hands[seat]) if self.hands[seat][card]]

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        return [(action, self.deck[action.cards()[0]]) for action in self.legal_actions(CHANCE)]

    def _deal(self, action: Deal) -> list[Event]:
        if action.to != self._next_dealt():
            raise IllegalAction(f"the next card is dealt to seat {self._next_dealt()}, not {action.to}")
        if not self.deck[action.card]:
            raise IllegalAction(f"no {CARDS[action.card][0]} is left in the deck")
        self.deck[action.card] -= 1
        self.hands[action.to][action.card] += 1
        mine = frozenset({action.to})
        return [
            Event("dealt", {"seat": action.to, "card": action.card}, audience=mine),
            Event("dealt", {"seat": action.to}),  # the others' twin: a card, not which
        ]

    def _lay(self, action: Lay) -> list[Event]:
        if not self.hands[action.seat][action.card]:
            raise IllegalAction(f"seat {action.seat} holds no {CARDS[action.card][0]}")
        self.hands[action.seat][action.card] -= 1
        self.laid[action.seat].append(action.card)
        events = [Event("laid", {"seat": action.seat, "card": action.card})]
        if len(self.laid[1]) == len(self.laid[2]):
            one, two = strength(self.laid[1][-1]), strength(self.laid[2][-1])
            number = len(self.laid[1])
            if one == two:
                events.append(Event("tied", {"round": number}))
            else:
                self.leader = 1 if one > two else 2
                self.points[self.leader] += 1
                events.append(Event("round_won", {"seat": self.leader, "round": number}))
        return events

    # The dispatch table the base State._apply reads: a rule is (state, action) -> events.
    rules: ClassVar[Mapping[type[Action], Rule]] = {Deal: _deal, Lay: _lay}

    def view(self, seat: Seat | None) -> JSON:
        view: JSON = {
            "game": "duel",
            "seat": seat,
            "round": min(self.round, self.size),
            "rounds": self.size,
            "to_act": list(self.to_act),
            "deck": sum(self.deck.values()),
            "seats": {
                str(other): {
                    "points": self.points[other],
                    "hand_size": sum(self.hands[other].values()),
                    "laid": list(self.laid[other]),
                }
                for other in SEATS
            },
        }
        if seat in SEATS:
            view["hand"] = sorted(self.hands[seat].elements())
        outcome = self.outcome()
        view["outcome"] = outcome.to_json() if outcome else None
        return view

    def outcome(self) -> Outcome | None:
        if self.dealing or self.round <= self.size:
            return None
        one, two = self.points[1], self.points[2]
        scores = (float(one), float(two))
        if one == two:
            return Outcome((1, 2), scores, f"a draw, {one} rounds each")
        winner = 1 if one > two else 2
        return Outcome((winner,), scores, f"seat {winner} took {max(one, two)} rounds to {min(one, two)}")

    def copy(self) -> DuelState:
        other = type(self)(self.game, 0, self.size)
        other.deck = self.deck.copy()
        other.hands = {seat: hand.copy() for seat, hand in self.hands.items()}
        other.laid = {seat: list(cards) for seat, cards in self.laid.items()}
        other.points = dict(self.points)
        other.leader = self.leader
        return other

    def determinize(self, seat: Seat, rng: random.Random) -> DuelState:
        """The other seat's hand re-dealt from every card ``seat`` has not seen."""
        world = self.copy()
        if seat not in SEATS:
            return world
        other = 3 - seat
        unseen = sorted((world.deck + world.hands[other]).elements())
        rng.shuffle(unseen)
        count = sum(world.hands[other].values())
        world.hands[other] = Counter(unseen[:count])
        world.deck = Counter(unseen[count:])
        return world

    def hidden_strings(self, seat: Seat) -> Iterable[str]:
        """The cards in ``seat``'s hand that the other seat neither holds nor has seen laid."""
        if seat not in SEATS:
            return ()
        seen = {*self.hands[3 - seat], *self.laid[1], *self.laid[2]}
        return sorted(json.dumps(card) for card in +self.hands[seat] if card not in seen)

    # -- the hooks for a physical table ---------------------------------------------------------

    def cards_in_play(self) -> list[CardInPlay]:
        """Every card laid stays face up in front of its seat."""
        return [CardInPlay(seat, card) for seat in SEATS for card in self.laid[seat]]

    def cards_in_hand(self, seat: Seat) -> Counter[str] | None:
        return +self.hands[seat] if seat in SEATS else None
