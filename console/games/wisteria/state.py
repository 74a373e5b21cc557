"""One game of Wisteria in progress: the public API of the contract over the round and War flow.

``apply`` checks an action completely before anything changes, then hands it to the flow.
Chance actions: ``legal_actions(CHANCE)`` lists every card any pending seat may supply (scans come
in any order); ``chance_outcomes``/``sample_chance`` draw for the lowest pending seat only.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

from console.games.core import CHANCE, JSON, Action, Event, IllegalAction, Outcome, Seat, State
from console.games.wisteria.actions import (
    DRAWS,
    FACE_DOWNS,
    TALLIES,
    Battle,
    CardAction,
    Draw,
    FaceDown,
    Retreat,
    Tally,
    TimeUp,
    card_action,
    choice_action,
)
from console.games.wisteria.options import Deal, Rules
from console.games.wisteria.rounds import CHOICE_NAMES, DECLARE, FACE_DOWN, PHASE_NAMES, REVEAL, TALLY, WAR
from console.games.wisteria.view import build_view, secret_choice
from console.games.wisteria.war import WarFlow

if TYPE_CHECKING:
    from console.games.wisteria.game import WisteriaGame

# Which chance verb supplies the cards each phase needs.
CARD_KIND = {REVEAL: Draw, FACE_DOWN: FaceDown, WAR: Draw, TALLY: Tally}
CARD_TABLE = {REVEAL: DRAWS, FACE_DOWN: FACE_DOWNS, WAR: DRAWS, TALLY: TALLIES}
NEEDED = {Draw: "a face-up card (chance:draw)", FaceDown: "a face-down war card (chance:facedown)",
          Tally: "a card counted for the Power Score (chance:tally)"}


class WisteriaState(WarFlow, State):
    """A Wisteria game. Build one with ``find_game("wisteria").new(players, ...)``."""

    game: WisteriaGame

    def __init__(self, game: WisteriaGame, players: int, rules: Rules, deal: Deal) -> None:
        self.game = game
        self._set_piles(players, deal)
        self._set_round(rules)
        self._start_round([])

    def copy(self) -> WisteriaState:
        other = object.__new__(type(self))
        other.game = self.game
        other._copy_piles(self)
        other._copy_round(self)
        return other

    @property
    def to_act(self) -> tuple[Seat, ...]:
        return self._to_act

    def outcome(self) -> Outcome | None:
        return self.result

    # -- what may be done -------------------------------------------------------------------------

    def legal_actions(self, seat: Seat) -> list[Action]:
        phase = self.phase
        if seat == CHANCE:
            if phase not in CARD_KIND:
                return []
            kind, table = CARD_KIND[phase], CARD_TABLE[phase]
            actions: list[Action] = [card_action(table, kind, owner, strength)
                                     for owner in self.pending for strength, _ in self.possible(owner)]
            if len(self.pending) > 1:
                actions.sort(key=str)
            return actions
        if phase == DECLARE and seat in self._to_act:
            return [choice_action(seat, False), choice_action(seat, True)]
        return []

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        if self.phase not in CARD_KIND:
            return []
        owner = self.pending[0]
        kind, table = CARD_KIND[self.phase], CARD_TABLE[self.phase]
        return [(card_action(table, kind, owner, strength), weight)
                for strength, weight in self.possible(owner)]

    def sample_chance(self, rng: random.Random) -> Action:
        """The same draw as the base class would make from ``chance_outcomes``, without the list."""
        phase = self.phase
        if phase not in CARD_KIND:
            raise IllegalAction("chance has nothing to resolve now")
        owner = self.pending[0]
        strength = self.pick(owner, rng.randrange(self.total_weight(owner)))
        return card_action(CARD_TABLE[phase], CARD_KIND[phase], owner, strength)

    def apply(self, action: Action) -> list[Event]:
        """Like the contract's apply, but chance:time-up is heard whoever is to act."""
        if self.result is not None:
            raise IllegalAction("the game is over")
        return self._apply(action)

    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = type(action)
        if kind is Draw or kind is FaceDown:
            assert isinstance(action, CardAction)
            refusal = self._card_refusal(action)
            if refusal is not None:
                raise IllegalAction(refusal)
            self._supply(action.owner, action.strength, events)
        elif kind is Battle or kind is Retreat:
            refusal = self._choice_refusal(action.seat, kind is Retreat)
            if refusal is not None:
                raise IllegalAction(refusal)
            self._declare(action.seat, kind is Retreat, events)
        elif kind is Tally:
            assert isinstance(action, CardAction)
            refusal = self._card_refusal(action)
            if refusal is not None:
                raise IllegalAction(refusal)
            self._tally(action.owner, action.strength, events)
        elif kind is TimeUp:
            self._check_time_up(action)
            self._time_is_up(events)
        else:
            raise IllegalAction(f"{action} is not a Wisteria action")
        return events

    # -- refusals: each a sentence for a person, said before anything changes ---------------------

    def _card_refusal(self, action: CardAction) -> str | None:
        if action.seat != CHANCE:
            return "a card comes from a draw pile: it is chance's action, not a seat's"
        phase = self.phase
        expected = CARD_KIND.get(phase)
        if expected is None:
            if phase == DECLARE:
                waiting = ", ".join(str(seat) for seat in self._to_act)
                return f"no card is needed now: seat(s) {waiting} must first choose Battle or Retreat"
            return "no card is needed now"
        if type(action) is not expected:
            return f"the table needs {NEEDED[expected]} now, not {NEEDED[type(action)]}"
        owner = action.owner
        if owner not in self.pending:
            if owner > self.players:
                return f"there is no seat {owner}: the seats are 1 to {self.players}"
            waiting = ", ".join(str(seat) for seat in self.pending)
            return f"seat {owner} does not supply a card now; waiting for seat(s) {waiting}"
        return self.refusal(owner, action.strength)

    def _choice_refusal(self, seat: Seat, retreat: bool) -> str | None:
        if not 1 <= seat <= self.players:
            return f"there is no seat {seat}: the seats are 1 to {self.players}"
        if self.phase == DECLARE and seat in self.members:
            if self.choice[seat]:
                return f"seat {seat} has already chosen; choices cannot be changed"
            return None
        if retreat and not self.first_tie and seat in self.battlers:
            return (f"Retreat can only be done on the first card tie: this War is a repeat, so seat {seat} "
                    "battles on")
        if self.phase == DECLARE:
            return f"seat {seat} is not in this War: only the tied seats choose Battle or Retreat"
        return f"seat {seat} has no choice to make now: Battle or Retreat is chosen only after a tie"

    def _check_time_up(self, action: Action) -> None:
        if action.seat != CHANCE:
            raise IllegalAction("time-up is the table's clock speaking, written chance:time-up")
        if self.rules.victory == "total_control":
            raise IllegalAction("this game is played to Total Control: it has no time limit")
        if self.time_up:
            raise IllegalAction("time is already up: the round in progress finishes, then the game is scored")

    # -- what may be seen -------------------------------------------------------------------------

    def view(self, seat: Seat | None) -> JSON:
        return build_view(self, seat)

    def hidden_strings(self, seat: Seat) -> Iterable[str]:
        """While the tied seats choose, a seat's own choice is its secret."""
        if self.phase == DECLARE and self.choice[seat]:
            return (secret_choice(seat, CHOICE_NAMES[self.choice[seat]]),)
        return ()

    # -- for tests and reports --------------------------------------------------------------------

    def census(self) -> list[int]:
        """How many cards of each strength the engine accounts for (index 1..6): piles, centre,
        the unseen pool and the tallied cards. Always equal to the game's deck composition."""
        counts = self.pool[:]
        for seat in range(1, self.players + 1):
            for strength in range(1, 7):
                counts[strength] += self.won[seat][strength] + self.shuffled[seat][strength]
            for card in (*self.stacked[seat], self.round_card[seat], *self.face_down[seat],
                         self.sacrifice[seat], *self.battle[seat], *self.spent[seat]):
                counts[card] += 1
            if self.tallied is not None:
                for strength in range(1, 7):
                    counts[strength] += self.tallied[seat][strength]
        counts[0] = 0
        return counts

    @property
    def phase_name(self) -> str:
        return PHASE_NAMES[self.phase]
