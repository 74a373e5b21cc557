"""The War: Rule 1 (face-down card), Rule 2 (Battle or Retreat, chosen at once), battles and their
repeats, every Retreat outcome, and running out of cards in a War (P-12). Rulings in rulings.md.

Steps that need cards first find who has none (after a lazy reshuffle): those seats are out at
once, together, before anybody supplies a card (R-3). Then:
no contender left -> the round is re-evaluated among the remaining seats; one left -> it wins
every card in play ("the opponent wins all cards in play"); else the War goes on.
"""

from __future__ import annotations

from console.games.core import Event, Outcome, Seat
from console.games.wisteria.rounds import (
    BATTLE,
    CHANCE_ONLY,
    CHOICE_NAMES,
    DECLARE,
    FACE_DOWN,
    RETREAT,
    WAR,
    RoundFlow,
)


class WarFlow(RoundFlow):
    """The War's steps, driven by the round flow and the seats' choices."""

    def bonus(self, seat: Seat, strength: int) -> int:
        """P-4: "Apply bonuses if active". No bonus is defined, so 0: the hook for a variant."""
        return 0

    def _start_war(self, tied: list[Seat], top: int, events: list[Event]) -> None:
        """Only the tied seats enter the War; the others' revealed cards stay in the prize."""
        self.wars += 1
        for seat in tied:
            # Only after a re-evaluation can a tied seat already hold War cards: they stay in play.
            self.spent[seat] += [*self.face_down[seat], *self.battle[seat]]
            self.face_down[seat].clear()
            self.battle[seat].clear()
            self.choice[seat] = 0
        self.members = tied
        self.battlers, self.retreaters = [], []
        self.declared = False
        self.first_tie = True
        events.append(Event("war", {"seats": tuple(tied), "strength": top}))
        self._begin_face_down(tied, events)

    def _need_cards(self, seats: list[Seat], events: list[Event]) -> bool:
        """Each seat must supply a card now: reshuffle an empty draw pile; a seat with no cards at
        all is out (it cannot do what the War needs). True if anybody went out."""
        out = [seat for seat in seats if not self.draw_count[seat] and not self.won_count[seat]]
        for seat in seats:
            if not self.draw_count[seat] and self.won_count[seat]:
                self._reshuffle(seat, events)
        if not out:
            return False
        for seat in out:
            self._eliminate(seat, "ran out of cards in a War", events)
        self.last_out = out
        eliminated = self.eliminated
        self.members = [seat for seat in self.members if not eliminated[seat]]
        self.battlers = [seat for seat in self.battlers if not eliminated[seat]]
        self.retreaters = [seat for seat in self.retreaters if not eliminated[seat]]
        return True

    def _ended_by_running_out(self, events: list[Event]) -> bool:
        if not self.members:
            self._reevaluate(events)
            return True
        if len(self.members) == 1:
            self._war_won(self.members[0], events)
            return True
        return False

    def _ask_for_cards(self, seats: list[Seat], phase: int) -> None:
        self.phase = phase
        self.pending = sorted(seats)
        self._to_act = CHANCE_ONLY

    # -- Rule 1 and Rule 2 ------------------------------------------------------------------------

    def _begin_face_down(self, seats: list[Seat], events: list[Event]) -> None:
        """Rule 1: each tied seat places one card face down (a repeat too, if repeat_face_down)."""
        if self._need_cards(seats, events) and self._ended_by_running_out(events):
            return
        contenders = self.members if self.first_tie else self.battlers
        if len(contenders) >= 2:
            self._ask_for_cards(contenders, FACE_DOWN)
        else:
            self._settle_war(events)

    def _after_face_down(self, events: list[Event]) -> None:
        """Rule 2 on the first tie: every tied seat chooses, all at once. A repeat is Battle only."""
        if self.first_tie:
            self.phase = DECLARE
            self.pending = []
            self._to_act = tuple(self.members)
        else:
            self._begin_battle(events)

    def _declare(self, seat: Seat, retreat: bool, events: list[Event]) -> None:
        name = CHOICE_NAMES[RETREAT if retreat else BATTLE]
        self.choice[seat] = RETREAT if retreat else BATTLE
        events.append(Event("chosen", {"seat": seat}))
        events.append(Event("choice", {"seat": seat, "choice": name}, frozenset((seat,))))
        waiting = tuple(member for member in self._to_act if member != seat)
        if waiting:
            self._to_act = waiting
            return
        choice = self.choice
        self.battlers = [member for member in self.members if choice[member] == BATTLE]
        self.retreaters = [member for member in self.members if choice[member] == RETREAT]
        self.retreats += len(self.retreaters)
        self.declared = True
        events.append(Event("choices", {"battle": tuple(self.battlers), "retreat": tuple(self.retreaters)}))
        self._begin_war_cards(events)

    def _begin_war_cards(self, events: list[Event]) -> None:
        """Retreaters place their sacrificed card; with two or more battlers each reveals a battle
        card. A lone battler reveals nothing: it wins uncontested (P-9)."""
        needers = self.retreaters + (self.battlers if len(self.battlers) >= 2 else [])
        if self._need_cards(needers, events) and self._ended_by_running_out(events):
            return
        suppliers = self.retreaters + (self.battlers if len(self.battlers) >= 2 else [])
        if suppliers:
            self._ask_for_cards(suppliers, WAR)
        else:
            self._settle_war(events)

    def _begin_battle(self, events: list[Event]) -> None:
        """A repeated War: the battlers still tied reveal one more card each (P-5, P-11)."""
        if self._need_cards(self.battlers, events) and self._ended_by_running_out(events):
            return
        if len(self.battlers) >= 2:
            self._ask_for_cards(self.battlers, WAR)
        else:
            self._settle_war(events)

    # -- outcomes ---------------------------------------------------------------------------------

    def _settle_war(self, events: list[Event]) -> None:
        """Every card the War needed is down: the highest battle card wins, a tie repeats at Rule 2,
        a lone battler wins uncontested, and with no battler nobody wins the centre."""
        battlers = self.battlers
        if not battlers:
            self._no_central_winner(events)
            return
        if len(battlers) == 1:
            self._war_won(battlers[0], events)
            return
        top = -1
        best: list[Seat] = []
        for seat in battlers:
            card = self.battle[seat][-1]
            value = card + self.bonus(seat, card)
            if value > top:
                top, best = value, [seat]
            elif value == top:
                best.append(seat)
        if len(best) == 1:
            self._war_won(best[0], events)
            return
        self.battlers = best
        self.members = sorted(best + self.retreaters)
        self.first_tie = False
        events.append(Event("war_again", {"seats": tuple(best), "strength": top}))
        if self.rules.repeat_face_down:
            self._begin_face_down(best, events)
        else:
            self._begin_battle(events)

    def _flipped(self) -> dict[str, tuple[int, ...]]:
        """The face-down cards, turned over now that the War is over."""
        return {str(seat): tuple(self.face_down[seat]) for seat in self.in_round if self.face_down[seat]}

    def _war_won(self, winner: Seat, events: list[Event]) -> None:
        """The winner takes every card in play, but a retreater (still in the game) keeps its
        original tied card and first face-down card, to its own won pile (P-8)."""
        flipped = self._flipped()
        retreaters = set(self.retreaters) - {winner}
        taken = 0
        for seat in self.in_round:
            cards = self._clear_slots(seat)
            if seat in retreaters and not self.eliminated[seat]:
                kept, cards = cards[:2], cards[2:]
                self._give(seat, kept)
                events.append(Event("kept", {"seat": seat, "cards": len(kept)}))
            self._give(winner, cards)
            taken += len(cards)
        self.last = {"round": self.round, "winner": winner, "cards": taken, "war": True}
        events.append(Event("war_won", {"seat": winner, "cards": taken, "face_down": flipped}))
        self._close_war()
        self._end_round(events)

    def _no_central_winner(self, events: list[Event]) -> None:
        """All tied seats retreated (or every battler ran out): each sacrificed card goes to the
        player on the sacrificer's left, an out player's cards to its left, the rest back to their
        owners' won piles (P-8, P-10)."""
        flipped = self._flipped()
        passed = []
        for seat in self.in_round:
            sacrifice = self.sacrifice[seat]
            cards = self._clear_slots(seat)
            if self.eliminated[seat]:
                left = self.left_of(seat)
                self._give(left, cards)
                passed.append({"from": seat, "to": left, "cards": len(cards)})
                continue
            if sacrifice:
                cards.remove(sacrifice)
                left = self.left_of(seat)
                self._give(left, [sacrifice])
                passed.append({"from": seat, "to": left, "cards": 1})
            self._give(seat, cards)
        self.last = {"round": self.round, "winner": None, "cards": 0, "war": True}
        events.append(Event("no_winner", {"passed": tuple(passed), "face_down": flipped}))
        self._close_war()
        self._end_round(events)

    def _close_war(self) -> None:
        """The War is over: nobody is in it, nobody has chosen, the next tie is a first tie."""
        for seat in self.in_round:
            self.choice[seat] = 0
        self.members, self.battlers, self.retreaters = [], [], []
        self.declared = False
        self.first_tie = True

    def _reevaluate(self, events: list[Event]) -> None:
        """P-12: every War contender ran out at once. The round is decided again among the seats
        left, with every card in play as the prize; nobody left ends the game, shared."""
        left = [seat for seat in self.in_round if not self.eliminated[seat]]
        if not left:
            out = tuple(self.last_out)
            scores = tuple(1.0 / len(out) if seat in out else 0.0 for seat in range(1, self.players + 1))
            reason = "every remaining player ran out of cards at the same moment: a shared result"
            self._game_over(Outcome(out, scores, reason), events)
            return
        top = max(self.round_card[seat] for seat in left)
        best = [seat for seat in left if self.round_card[seat] == top]
        events.append(Event("reevaluated", {"seats": tuple(left), "strength": top}))
        self.battlers, self.retreaters = [], []
        if len(best) == 1:
            self._war_won(best[0], events)
        else:
            self._start_war(best, top, events)

