"""One game of Wisteria in progress: its fields (piles, cards in play, the War, the step it waits
for), the contract's queries, and a dispatch table from action class to the rule that applies it.

Chance actions: ``legal_actions(CHANCE)`` lists every card any pending seat may supply (scans come
in any order); ``chance_outcomes``/``sample_chance`` draw for the lowest pending seat only.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING

from console.games.core import (
    CHANCE,
    JSON,
    Action,
    CardInPlay,
    IllegalAction,
    Outcome,
    Rule,
    Seat,
    State,
)
from console.games.wisteria import physical
from console.games.wisteria.actions import (
    Battle,
    Draw,
    FaceDown,
    Retreat,
    Tally,
    TimeUp,
    card_action,
    choice_action,
)
from console.games.wisteria.refusals import english
from console.games.wisteria.rules import hidden, piles, rounds
from console.games.wisteria.rules.choices import choice_refusal, choose
from console.games.wisteria.rules.deal import Deal, Options
from console.games.wisteria.rules.steps import CHOICE_NAMES, DECLARE, REVEAL, Step
from console.games.wisteria.rules.supply import no_card_needed, supply
from console.games.wisteria.view import build_view, secret_choice
from console.i18n.said import say

if TYPE_CHECKING:
    from console.games.wisteria.game import WisteriaGame

# The dispatch table: the rule that checks and applies each class of action (the base _apply reads it).
RULES: dict[type[Action], Rule] = {
    Draw: supply,
    FaceDown: supply,
    Tally: supply,
    Battle: choose,
    Retreat: choose,
    TimeUp: rounds.time_up,
}


class WisteriaState(State):
    """A Wisteria game. Build one with ``find_game("wisteria").new(players, ...)``."""

    game: WisteriaGame
    rules = RULES

    def __init__(self, game: WisteriaGame, players: int, options: Options, deal: Deal) -> None:
        seats = range(players + 1)
        self.game, self.players, self.options = game, players, options
        # The piles (rules/piles.py), index by seat, 0 unused.
        self.composition = deal.composition
        self.draw_kind = [piles.STACKED if seat in deal.stacked else piles.DEALT for seat in seats]
        self.stacked = [list(reversed(deal.stacked.get(seat, []))) for seat in seats]  # top card LAST
        self.draw_count = [
            len(deal.stacked[seat]) if seat in deal.stacked else deal.dealt.get(seat, 0) for seat in seats
        ]
        self.shuffled = [[0] * 7 for _ in seats]
        self.won = [[0] * 7 for _ in seats]
        self.won_count = [0] * (players + 1)
        self.pool = list(deal.pool)
        self.pool_total = sum(deal.pool)
        self.eliminated = [False] * (players + 1)
        self.active = list(range(1, players + 1))  # seats still in the game, in seat order
        # The round and the cards in play (rules/rounds.py, reveal.py).
        self.step: Step = REVEAL
        self.pending: list[Seat] = []  # seats that must supply a card now, ascending
        self.acting: tuple[Seat, ...] = ()
        self.round = self.wars = self.retreats = 0  # retreats: seats that chose Retreat, all game
        self.in_round: list[Seat] = []  # the seats that revealed a card this round
        self.round_card = [0] * (players + 1)
        self.face_down: list[list[int]] = [[] for _ in seats]
        self.sacrifice = [0] * (players + 1)
        self.battle: list[list[int]] = [[] for _ in seats]
        self.spent: list[list[int]] = [[] for _ in seats]
        # The War (rules/war.py, choices.py, spoils.py).
        self.choice = [0] * (players + 1)
        self.members: list[Seat] = []  # the War's tied seats still contending
        self.battlers: list[Seat] = []
        self.retreaters: list[Seat] = []
        self.last_out: list[Seat] = []
        self.declared = False  # the War's choices are known (after DECLARE)
        self.first_tie = True  # Retreat is only offered on the first tie
        # The end of the game (rules/scoring.py).
        self.time_up = self.round_started = False
        self.untallied: list[int] | None = None
        self.tallied: list[list[int]] | None = None
        self.last: dict[str, object] | None = None  # what the last round came to, for screens
        self.result: Outcome | None = None
        rounds.start_round(self, [])

    def copy(self) -> WisteriaState:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)  # the values and immutable fields; the lists follow
        other.draw_kind, other.draw_count = self.draw_kind[:], self.draw_count[:]
        other.stacked = [cards[:] for cards in self.stacked]
        other.shuffled = [counts[:] for counts in self.shuffled]
        other.won = [counts[:] for counts in self.won]
        other.won_count, other.pool = self.won_count[:], self.pool[:]
        other.eliminated, other.active = self.eliminated[:], self.active[:]
        other.pending, other.in_round = self.pending[:], self.in_round[:]
        other.round_card, other.sacrifice = self.round_card[:], self.sacrifice[:]
        other.face_down = [cards[:] for cards in self.face_down]
        other.battle = [cards[:] for cards in self.battle]
        other.spent = [cards[:] for cards in self.spent]
        other.choice, other.members = self.choice[:], self.members[:]
        other.battlers, other.retreaters = self.battlers[:], self.retreaters[:]
        other.last_out = self.last_out[:]
        other.untallied = self.untallied[:] if self.untallied is not None else None
        other.tallied = [counts[:] for counts in self.tallied] if self.tallied is not None else None
        return other

    # -- the contract ---------------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[Seat, ...]:
        return self.acting

    def outcome(self) -> Outcome | None:
        return self.result

    def legal_actions(self, seat: Seat) -> list[Action]:
        step = self.step
        if seat == CHANCE:
            kind, shared = step.card, step.shared
            if kind is None or shared is None:
                return []
            actions: list[Action] = [
                card_action(shared, kind, owner, strength)
                for owner in self.pending
                for strength, _ in piles.possible(self, owner)
            ]
            if len(self.pending) > 1:
                actions.sort(key=str)
            return actions
        if step is DECLARE and seat in self.acting:
            return [choice_action(seat, False), choice_action(seat, True)]
        return []

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        kind, shared = self.step.card, self.step.shared
        if kind is None or shared is None:
            return []
        owner = self.pending[0]
        return [
            (card_action(shared, kind, owner, strength), weight)
            for strength, weight in piles.possible(self, owner)
        ]

    def sample_chance(self, rng: random.Random) -> Action:
        """The same draw as the base class would make from ``chance_outcomes``, without the list."""
        kind, shared = self.step.card, self.step.shared
        if kind is None or shared is None:
            raise IllegalAction(say("chance has nothing to resolve now"))
        owner = self.pending[0]
        strength = piles.pick(self, owner, rng.randrange(piles.total_weight(self, owner)))
        return card_action(shared, kind, owner, strength)

    def why_not_now(self, seat: Seat) -> str:
        """Who must act instead, in the rules' words; never a seat's secret choice. The English of
        a sentence whose clauses ``phrase`` finds again (refusals.py)."""
        if seat == CHANCE:
            return english(no_card_needed(self))
        refused = choice_refusal(self, seat)
        return english(refused) if refused is not None else super().why_not_now(seat)

    def view(self, seat: Seat | None) -> JSON:
        return build_view(self, seat)

    def determinize(self, seat: Seat, rng: random.Random) -> WisteriaState:
        """Unseen cards re-dealt and rivals' secret choices re-drawn (rules/hidden.py)."""
        return hidden.determinize(self, seat, rng)

    def hidden_strings(self, seat: Seat) -> Iterable[str]:
        """While the tied seats choose, a seat's own choice is its secret."""
        if self.step is DECLARE and self.choice[seat]:
            return (secret_choice(seat, CHOICE_NAMES[self.choice[seat]]),)
        return ()

    # -- the contract's hooks for a physical table (physical.py) ---------------------------------

    def cards_in_play(self) -> list[CardInPlay]:
        return physical.cards_in_play(self)

    def cards_in_hand(self, seat: Seat) -> Counter[str] | None:
        return None  # no hands: a seat's cards are its piles, face down

    # -- for tests, screens and reports ---------------------------------------------------------

    @property
    def phase_name(self) -> str:
        return self.step.name

    def owned(self, seat: Seat) -> int:
        return piles.owned(self, seat)

    def in_play(self) -> int:
        return rounds.in_play(self)

    def census(self) -> list[int]:
        """How many cards of each strength the engine accounts for (index 1..6): piles, centre,
        the unseen pool and the tallied cards. Always equal to the game's deck composition."""
        counts = self.pool[:]
        for seat in range(1, self.players + 1):
            for strength in range(1, 7):
                counts[strength] += self.won[seat][strength] + self.shuffled[seat][strength]
            for card in (
                *self.stacked[seat],
                self.round_card[seat],
                *self.face_down[seat],
                self.sacrifice[seat],
                *self.battle[seat],
                *self.spent[seat],
            ):
                counts[card] += 1
            if self.tallied is not None:
                for strength in range(1, 7):
                    counts[strength] += self.tallied[seat][strength]
        counts[0] = 0
        return counts
