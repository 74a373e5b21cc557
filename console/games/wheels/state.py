"""One match of Wheels of War in progress: the phases, who acts, and the table of which rule applies
each action (rules/opening.py for the setup, rules/turns.py for play).

Phases: the coin toss for the first seat (chance), the secret choice of Archaffineurs, the deal of
six cards each (chance), the opening swaps, then play: alternating turns, each ended by one
turn-spending action and its ending step, until both seats have spent twelve turns. Every draw is a
chance action, so the same engine deals from a seeded deck or learns a scanned card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from console.games.core import (
    CHANCE,
    JSON,
    Action,
    CardInPlay,
    Event,
    Game,
    IllegalAction,
    Outcome,
    Rule,
    Seat,
    State,
)
from console.games.wheels import physical, view
from console.games.wheels.actions import (
    ChooseArchaffineur,
    ChooseFirst,
    Draw,
    Invoke,
    Keep,
    PlayCraft,
    Read,
    SetWheel,
    Swap,
    Wait,
)
from console.games.wheels.catalog import Catalog
from console.games.wheels.rules import hidden, legal, opening, turns
from console.games.wheels.rules.deck import DueDraw, due_draw
from console.games.wheels.rules.phases import ARCHAFFINEURS, DEAL, OPENING, OVER, PLAY, TOSS, Phase
from console.games.wheels.rules.player import OPENING_HAND, OPENING_SWAPS, Player
from console.i18n import N_
from console.i18n.said import Said, say

# What is happening instead when an action of another phase is refused.
_PHASE_NOW = {
    TOSS: say("the coin toss for the first seat comes first"),
    ARCHAFFINEURS: say("each seat is choosing its Archaffineur"),
    DEAL: say("the opening hands are being dealt"),
    OPENING: say("the opening hands are being chosen (swap a card or keep)"),
    PLAY: say("play has begun"),
    OVER: say("the match is over"),
}
# That refusal, by the verb refused, so each language words the whole sentence.
_CANNOT = {
    "choose": N_("you cannot choose now: %(why)s"),
    "swap": N_("you cannot swap now: %(why)s"),
    "keep": N_("you cannot keep now: %(why)s"),
    "set": N_("you cannot set now: %(why)s"),
    "read": N_("you cannot read now: %(why)s"),
    "play": N_("you cannot play now: %(why)s"),
    "invoke": N_("you cannot invoke now: %(why)s"),
    "wait": N_("you cannot wait now: %(why)s"),
}


def _ruled(rule: Callable[[WheelsState, Any], list[Event]], phase: Phase | None = None) -> Rule:
    """``rule`` as the match applies it: refused outside ``phase`` (a seat action belongs to one),
    then checked and applied by ``rule``, kept in the history, and who acts next worked out."""

    def apply(state: WheelsState, action: Action) -> list[Event]:
        if phase is not None and phase != state.phase:
            raise IllegalAction(Said(_CANNOT[action.verb], {"why": _PHASE_NOW[state.phase]}))
        events = rule(state, action)  # checks everything before it changes anything
        state.history.append(action)
        state._settle()
        return events

    return apply


# The dispatch table: the rule that checks and applies each class of action, in the phase a seat
# action belongs to (the base _apply reads it).
RULES: dict[type[Action], Rule] = {
    ChooseFirst: _ruled(opening.toss),
    Draw: _ruled(opening.draw),
    ChooseArchaffineur: _ruled(opening.choose, ARCHAFFINEURS),
    Swap: _ruled(opening.swap, OPENING),
    Keep: _ruled(opening.keep, OPENING),
    SetWheel: _ruled(turns.set_wheel, PLAY),
    Read: _ruled(turns.read_shelf, PLAY),
    PlayCraft: _ruled(turns.play_craft, PLAY),
    Invoke: _ruled(turns.invoke, PLAY),
    Wait: _ruled(turns.wait, PLAY),
}


class WheelsState(State):
    players = 2
    rules = RULES

    def __init__(
        self, game: Game, catalog: Catalog, players: tuple[Player, Player], first_seat: Seat
    ) -> None:
        self.game = game
        self.catalog = catalog
        self.seats = players
        self.first_seat = first_seat  # 0 until the coin toss
        self.phase: Phase = TOSS
        self.current: Seat = 0  # the seat whose turn it is, in play
        self.draws_due: list[DueDraw] = []  # the cards owed, in order; chance resolves the first
        self.history: list[Action] = []
        self._outcome: Outcome | None = None
        self._to_act: tuple[Seat, ...] = ()
        self.advance_setup()

    # ------------------------------------------------------------------ contract

    @property
    def to_act(self) -> tuple[Seat, ...]:
        return self._to_act

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self._to_act:
            return []
        return legal.actions_for(self, seat)

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        return legal.chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Action:
        return legal.sample_chance(self, rng)

    def view(self, seat: Seat | None) -> JSON:
        return view.build_view(self, seat)

    def hidden_strings(self, seat: Seat) -> Iterable[str]:
        return view.hidden_strings(self, seat)

    def determinize(self, seat: Seat, rng: random.Random) -> WheelsState:
        """The rival's unseen cards re-dealt, its secrets re-drawn (rules/hidden.py)."""
        return hidden.determinize(self, seat, rng)

    def outcome(self) -> Outcome | None:
        return self._outcome

    def copy(self) -> WheelsState:
        twin = type(self).__new__(type(self))
        twin.game = self.game
        twin.catalog = self.catalog
        twin.seats = (self.seats[0].copy(), self.seats[1].copy())
        twin.first_seat = self.first_seat
        twin.phase = self.phase
        twin.current = self.current
        twin.draws_due = self.draws_due.copy()
        twin.history = self.history.copy()
        twin._outcome = self._outcome
        twin._to_act = self._to_act
        return twin

    def why_not_now(self, seat: Seat) -> str:
        """Which rule holds ``seat`` back (its twelve turns are spent, its opening hand is settled,
        a card is being drawn), from what every seat can see. Each part between ": " and "; " is a
        message of the game's catalog, "seat N" its seat, as ``phrase`` takes the English apart (the
        contract refuses with it as text)."""
        if seat == CHANCE:
            return super().why_not_now(seat)
        if seat not in (1, 2):
            return N_("Wheels of War has seats %(num)s and %(num2)s, not %(seat)s") % {
                "num": 1,
                "num2": 2,
                "seat": f"seat {seat}",
            }
        if self._to_act == (CHANCE,):
            if self.phase == TOSS:
                return N_("the coin toss for the first seat comes first")
            drawer = {"seat": f"seat {self.draws_due[0].seat}"}
            return N_("a card must be drawn first") + ": " + N_("%(seat)s draws") % drawer
        player = self.seats[seat - 1]
        if self.phase == ARCHAFFINEURS:
            return N_("you have chosen your Archaffineur") + "; " + N_("your rival is still choosing theirs")
        if self.phase == OPENING:
            if player.swaps == OPENING_SWAPS:
                done = N_("you have swapped two cards and finished your opening choice")
            else:
                done = N_("you have kept your hand and finished your opening choice")
            return done + "; " + N_("play begins when your rival has too")
        if not player.turns_left:
            return (
                N_("you have spent your twelve turns")
                + "; "
                + N_("the match ends when your rival has spent theirs")
            )
        return N_("it is %(seat)s's turn, not yours") % {"seat": f"seat {self.current}"}

    def finish(self, outcome: Outcome) -> None:
        """The match is over: "after both players spend their twelve turns"."""
        self.phase = OVER
        self.current = 0
        self._outcome = outcome

    # ------------------------------------------------------------------ a physical table (physical.py)

    def cards_in_play(self) -> list[CardInPlay]:
        return physical.cards_in_play(self)

    def cards_in_hand(self, seat: Seat) -> Counter[str] | None:
        return physical.cards_in_hand(self, seat)

    # ------------------------------------------------------------------ the console's seal choice

    def placement_choices(self, seat: Seat, card_id: str) -> tuple[tuple[int, ...], bool]:
        """For the input composer: the shelves ``seat`` may set wheel ``card_id`` on now, and
        whether the seal may be toggled (always, when there is a shelf). Empty when it may not."""
        shelves = tuple(
            action.shelf
            for action in self.legal_actions(seat)
            if isinstance(action, SetWheel) and action.card == card_id and not action.sealed
        )
        return shelves, bool(shelves)

    # ------------------------------------------------------------------ setup

    def advance_setup(self) -> None:
        """Move through the setup phases that need no one's choice, then work out who acts."""
        if self.phase == TOSS and self.first_seat:
            self.phase = ARCHAFFINEURS
        if self.phase == ARCHAFFINEURS and all(p.archaffineur is not None for p in self.seats):
            self.phase = DEAL
            for seat in (1, 2):
                self.draws_due.extend([due_draw(seat)] * OPENING_HAND)
        self._settle()

    def _settle(self) -> None:
        """Drop draws nobody can take, then work out who acts next."""
        due = self.draws_due
        # (A swap's replacement is never dropped: a swap needs a card in the deck.)
        while due and not len(self.seats[due[0].seat - 1].deck):
            due.pop(0)
        if due or self.phase == TOSS:
            self._to_act = (CHANCE,)
        elif self.phase == ARCHAFFINEURS:
            self._to_act = tuple(s for s in (1, 2) if self.seats[s - 1].archaffineur is None)
        elif self.phase == DEAL:
            self.phase = OPENING
            self._settle_opening()
        elif self.phase == OPENING:
            self._settle_opening()
        elif self.phase == PLAY:
            self._to_act = (self.current,)
        else:
            self._to_act = ()

    def _settle_opening(self) -> None:
        waiting = tuple(s for s in (1, 2) if not self.seats[s - 1].kept)
        if waiting:
            self._to_act = waiting
            return
        # "Play begins after both players finish choosing."
        self.phase = PLAY
        self.current = self.first_seat
        self._to_act = (self.current,)
