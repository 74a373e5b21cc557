"""The end of the game: Total Control, the round limit, and the scoring of Time Limit (most cards)
and Power Score (highest strength total, after the unseen dealt cards are tallied, R-8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.games.core import CHANCE, Event, Outcome, Seat
from console.games.wisteria.rules.piles import DEALT, owned, strength_owned
from console.games.wisteria.rules.steps import OVER, TALLY
from console.i18n import N_

if TYPE_CHECKING:
    from console.games.wisteria.state import WisteriaState


def game_over(state: WisteriaState, outcome: Outcome, events: list[Event]) -> None:
    state.result = outcome
    state.step = OVER
    state.pending = []
    state.acting = ()
    events.append(Event("game_over", outcome.to_json()))


def total_control(state: WisteriaState, winner: Seat, events: list[Event]) -> None:
    scores = tuple(1.0 if seat == winner else 0.0 for seat in range(1, state.players + 1))
    reason = N_("%(seat)s holds every card (Total Control)") % {"seat": f"seat {winner}"}
    game_over(state, Outcome((winner,), scores, reason), events)


def round_limit_reached(state: WisteriaState, events: list[Event]) -> None:
    """R-7: scored like time-up under a timed victory; unfinished under Total Control."""
    if state.options.victory != "total_control":
        score(state, events)
        return
    scores = tuple(float(owned(state, seat)) for seat in range(1, state.players + 1))
    # each part a message of its own (console.i18n.said.phrase says a reason in any language)
    limit = N_("the round limit (%(num)s) came before anyone held every card") % {
        "num": state.options.round_limit
    }
    unfinished, counts = N_("unfinished"), N_("scores are card counts")
    reason = f"{unfinished}: {limit}; {counts}"
    game_over(state, Outcome((), scores, reason), events)


def score(state: WisteriaState, events: list[Event]) -> None:
    """Time Limit: most cards wins. Power Score: highest strength total, after every unseen dealt
    card is tallied (chance:tally). Ties share the win (P-16)."""
    seats = range(1, state.players + 1)
    if state.options.victory == "time_limit":
        game_over(state, _best([owned(state, seat) for seat in seats], N_("most cards (Time Limit)")), events)
        return
    unseen = [seat for seat in state.active if state.draw_kind[seat] == DEALT and state.draw_count[seat]]
    if unseen and state.tallied is None:
        state.tallied = [[0] * 7 for _ in range(state.players + 1)]
        state.untallied = state.draw_count[:]
        state.step = TALLY
        state.pending = unseen
        state.acting = (CHANCE,)
        events.append(Event("tally", {"seats": tuple(unseen)}))
        return
    tallied = state.tallied
    totals = [strength_owned(state, seat, tallied[seat] if tallied else None) for seat in seats]
    game_over(state, _best(totals, N_("highest strength total (Power Score)")), events)


def tallied(state: WisteriaState, seat: Seat, strength: int, events: list[Event]) -> None:
    """chance:tally: one unseen card of the seat's dealt pile is counted (it stays in the pile)."""
    assert state.tallied is not None and state.untallied is not None
    state.pool[strength] -= 1
    state.pool_total -= 1
    state.tallied[seat][strength] += 1
    state.untallied[seat] -= 1
    events.append(Event("tallied", {"seat": seat, "card": strength}))
    if not state.untallied[seat]:
        state.pending.remove(seat)
        if not state.pending:
            score(state, events)


def _best(totals: list[int], what: str) -> Outcome:
    top = max(totals)
    winners = tuple(seat for seat, total in enumerate(totals, start=1) if total == top)
    shared = "; " + N_("a shared win") if len(winners) > 1 else ""
    return Outcome(winners, tuple(float(total) for total in totals), f"{what}: {top}{shared}")
