"""The round: every seat reveals a card, the highest takes them all, a tie starts a War; and the
end of the game (Total Control, time up, round limit, the Power Score tally).

Cards in play sit in per-seat slots until the round resolves: the round card, face-down war cards,
a sacrificed card, battle cards, and ``spent`` cards from an earlier War of the same round (only
after a re-evaluation, P-12). The War itself is in war.py.
"""

from __future__ import annotations

from types import MappingProxyType

from console.games.core import CHANCE, Event, Outcome, Seat
from console.games.wisteria.actions import SHARED_SEATS
from console.games.wisteria.options import Rules
from console.games.wisteria.piles import DEALT, Piles

REVEAL, FACE_DOWN, DECLARE, WAR, TALLY, OVER = range(6)
PHASE_NAMES = ("reveal", "face_down", "declare", "war", "tally", "over")
BATTLE, RETREAT = 1, 2
CHOICE_NAMES = ("", "battle", "retreat")
CHANCE_ONLY: tuple[Seat, ...] = (CHANCE,)

# The commonest events, built once: events are immutable values (read-only data), so a round's
# reveals and its win cost no allocation.
DRAW_EVENTS = [[Event("draw", MappingProxyType({"seat": seat, "card": card})) for card in range(7)]
               for seat in range(SHARED_SEATS + 1)]
ROUND_WON_EVENTS = [[Event("round_won", MappingProxyType({"seat": seat, "cards": cards}))
                     for cards in range(SHARED_SEATS + 1)] for seat in range(SHARED_SEATS + 1)]


class RoundFlow(Piles):
    """Rounds and the end of the game; the War's steps are supplied by the subclass."""

    rules: Rules
    phase: int
    pending: list[Seat]  # seats that must supply a card now, ascending
    round: int
    wars: int
    retreats: int  # seats that chose Retreat, over the whole game (for simulation reports)
    in_round: list[Seat]  # the seats that revealed a card this round
    round_card: list[int]
    face_down: list[list[int]]
    sacrifice: list[int]
    battle: list[list[int]]
    spent: list[list[int]]
    choice: list[int]
    members: list[Seat]  # the War's tied seats still contending (battlers and retreaters)
    battlers: list[Seat]
    retreaters: list[Seat]
    declared: bool  # the War's choices are known (phase after DECLARE)
    first_tie: bool  # Retreat is only offered on the first tie
    time_up: bool
    round_started: bool
    last_out: list[Seat]
    untallied: list[int] | None
    tallied: list[list[int]] | None
    last: dict[str, object] | None  # what the last round came to, for screens
    result: Outcome | None
    _to_act: tuple[Seat, ...]

    def _set_round(self, rules: Rules) -> None:
        size = self.players + 1
        self.rules = rules
        self.round = self.wars = self.retreats = 0
        self.in_round = []
        self.round_card = [0] * size
        self.face_down = [[] for _ in range(size)]
        self.sacrifice = [0] * size
        self.battle = [[] for _ in range(size)]
        self.spent = [[] for _ in range(size)]
        self.choice = [0] * size
        self.members, self.battlers, self.retreaters, self.last_out = [], [], [], []
        self.declared, self.first_tie, self.time_up, self.round_started = False, True, False, False
        self.untallied = self.tallied = None
        self.last = self.result = None

    def _copy_round(self, other: RoundFlow) -> None:
        self.rules = other.rules
        self.phase, self.round, self.wars = other.phase, other.round, other.wars
        self.retreats = other.retreats
        self.pending = other.pending[:]
        self.in_round = other.in_round[:]
        self.round_card = other.round_card[:]
        self.face_down = [cards[:] for cards in other.face_down]
        self.sacrifice = other.sacrifice[:]
        self.battle = [cards[:] for cards in other.battle]
        self.spent = [cards[:] for cards in other.spent]
        self.choice = other.choice[:]
        self.members, self.battlers = other.members[:], other.battlers[:]
        self.retreaters, self.last_out = other.retreaters[:], other.last_out[:]
        self.declared, self.first_tie = other.declared, other.first_tie
        self.time_up, self.round_started = other.time_up, other.round_started
        self.untallied = other.untallied[:] if other.untallied is not None else None
        self.tallied = [counts[:] for counts in other.tallied] if other.tallied is not None else None
        self.last, self.result, self._to_act = other.last, other.result, other._to_act

    # -- the basic round ------------------------------------------------------------------------

    def _start_round(self, events: list[Event]) -> None:
        """Every seat still in the game reveals the top card of its draw pile (reshuffling first)."""
        self.round += 1
        self.phase = REVEAL
        active = self.active
        for seat in active:
            if not self.draw_count[seat]:
                self._reshuffle(seat, events)
        self.in_round = active[:]
        self.pending = active[:]
        self.round_started = False
        self._to_act = CHANCE_ONLY

    def _reshuffle(self, seat: Seat, events: list[Event]) -> None:
        size = self.reshuffle(seat)
        events.append(Event("reshuffle", {"seat": seat, "cards": size}))

    def _supply(self, seat: Seat, strength: int, events: list[Event]) -> None:
        """A card left the seat's draw pile (a chance action the caller has checked)."""
        self.take(seat, strength)
        pending = self.pending
        pending.remove(seat)
        phase = self.phase
        if phase == REVEAL:
            self.round_card[seat] = strength
            self.round_started = True
            events.append(DRAW_EVENTS[seat][strength])
            if not pending:
                self._resolve_reveals(events)
        elif phase == FACE_DOWN:
            self.face_down[seat].append(strength)
            events.append(Event("face_down", {"seat": seat}))
            if not pending:
                self._after_face_down(events)
        elif self.choice[seat] == RETREAT:
            self.sacrifice[seat] = strength
            events.append(Event("sacrifice", {"seat": seat, "card": strength}))
            if not pending:
                self._settle_war(events)
        else:
            self.battle[seat].append(strength)
            events.append(Event("battle_card", {"seat": seat, "card": strength}))
            if not pending:
                self._settle_war(events)

    def _resolve_reveals(self, events: list[Event]) -> None:
        """The unique highest card takes every revealed card; a tie for highest starts a War."""
        seats = self.in_round
        cards = self.round_card
        top = 0
        tied: list[Seat] = []
        for seat in seats:
            card = cards[seat]
            if card > top:
                top, tied = card, [seat]
            elif card == top:
                tied.append(seat)
        if len(tied) > 1:
            self._start_war(tied, top, events)
            return
        winner = tied[0]
        won = self.won[winner]
        for seat in seats:
            won[cards[seat]] += 1
            cards[seat] = 0
        self.won_count[winner] += len(seats)
        self.last = {"round": self.round, "winner": winner, "cards": len(seats), "war": False}
        events.append(ROUND_WON_EVENTS[winner][len(seats)])
        self._end_round(events)

    def _end_round(self, events: list[Event]) -> None:
        """P-14: a seat left with no cards at all is out; then the game ends or goes on."""
        for seat in self.in_round:
            if not self.eliminated[seat] and not self.draw_count[seat] and not self.won_count[seat]:
                self._eliminate(seat, "has no cards left", events)
        if len(self.active) == 1:
            self._total_control(self.active[0], events)
        elif self.time_up:
            self._score(events)
        elif self.rules.round_limit and self.round >= self.rules.round_limit:
            self._round_limit_reached(events)
        else:
            self._start_round(events)

    def _eliminate(self, seat: Seat, why: str, events: list[Event]) -> None:
        self.eliminated[seat] = True
        self.active.remove(seat)
        events.append(Event("eliminated", {"seat": seat, "why": why}))

    # -- cards in play ----------------------------------------------------------------------------

    def _clear_slots(self, seat: Seat) -> list[int]:
        """Every card of the seat in play, taken out of its slots: round card first, then face-down."""
        cards = [self.round_card[seat], *self.face_down[seat], self.sacrifice[seat], *self.battle[seat],
                 *self.spent[seat]]
        self.round_card[seat] = self.sacrifice[seat] = 0
        self.face_down[seat].clear()
        self.battle[seat].clear()
        self.spent[seat].clear()
        return [card for card in cards if card]

    def in_play(self) -> int:
        """How many cards are in the centre now."""
        return sum((1 if self.round_card[seat] else 0) + len(self.face_down[seat])
                   + (1 if self.sacrifice[seat] else 0) + len(self.battle[seat]) + len(self.spent[seat])
                   for seat in range(1, self.players + 1))

    def _give(self, seat: Seat, cards: list[int]) -> None:
        won = self.won[seat]
        for card in cards:
            won[card] += 1
        self.won_count[seat] += len(cards)

    # -- the end of the game ----------------------------------------------------------------------

    def _game_over(self, outcome: Outcome, events: list[Event]) -> None:
        self.result = outcome
        self.phase = OVER
        self.pending = []
        self._to_act = ()
        events.append(Event("game_over", outcome.to_json()))

    def _total_control(self, winner: Seat, events: list[Event]) -> None:
        scores = tuple(1.0 if seat == winner else 0.0 for seat in range(1, self.players + 1))
        self._game_over(Outcome((winner,), scores, f"seat {winner} holds every card (Total Control)"), events)

    def _time_is_up(self, events: list[Event]) -> None:
        """chance:time-up: scored now between rounds, else once the round in progress resolves."""
        self.time_up = True
        events.append(Event("time_up", {}))
        if self.phase == REVEAL and not self.round_started:
            self._score(events)

    def _round_limit_reached(self, events: list[Event]) -> None:
        if self.rules.victory != "total_control":
            self._score(events)
            return
        scores = tuple(float(self.owned(seat)) for seat in range(1, self.players + 1))
        reason = (f"unfinished: the round limit ({self.rules.round_limit}) came before anyone held every "
                  "card; scores are card counts")
        self._game_over(Outcome((), scores, reason), events)

    def _score(self, events: list[Event]) -> None:
        """Time Limit: most cards wins. Power Score: highest strength total, after every unseen dealt
        card is tallied (chance:tally). Ties share the win (P-16)."""
        seats = range(1, self.players + 1)
        if self.rules.victory == "time_limit":
            self._game_over(_best([self.owned(seat) for seat in seats], "most cards (Time Limit)"), events)
            return
        unseen = [seat for seat in self.active if self.draw_kind[seat] == DEALT and self.draw_count[seat]]
        if unseen and self.tallied is None:
            self.tallied = [[0] * 7 for _ in range(self.players + 1)]
            self.untallied = self.draw_count[:]
            self.phase = TALLY
            self.pending = unseen
            self._to_act = CHANCE_ONLY
            events.append(Event("tally", {"seats": tuple(unseen)}))
            return
        tallied = self.tallied
        totals = [self.strength_owned(seat, tallied[seat] if tallied else None) for seat in seats]
        self._game_over(_best(totals, "highest strength total (Power Score)"), events)

    def _tally(self, seat: Seat, strength: int, events: list[Event]) -> None:
        assert self.tallied is not None and self.untallied is not None
        self.pool[strength] -= 1
        self.pool_total -= 1
        self.tallied[seat][strength] += 1
        self.untallied[seat] -= 1
        events.append(Event("tallied", {"seat": seat, "card": strength}))
        if not self.untallied[seat]:
            self.pending.remove(seat)
            if not self.pending:
                self._score(events)

    # -- the War, in war.py -----------------------------------------------------------------------

    def _start_war(self, tied: list[Seat], top: int, events: list[Event]) -> None:
        raise NotImplementedError

    def _after_face_down(self, events: list[Event]) -> None:
        raise NotImplementedError

    def _settle_war(self, events: list[Event]) -> None:
        raise NotImplementedError


def _best(totals: list[int], what: str) -> Outcome:
    top = max(totals)
    winners = tuple(seat for seat, total in enumerate(totals, start=1) if total == top)
    shared = "; a shared win" if len(winners) > 1 else ""
    return Outcome(winners, tuple(float(total) for total in totals), f"{what}: {top}{shared}")
