"""The War: Rule 1 (face-down card), the battle cards and sacrifices after Rule 2 (choices.py),
repeats of a tied battle, and running out of cards in a War (P-12). Rulings in rulings.md.

Steps that need cards first find who has none (after a lazy reshuffle): those seats are out at
once, together, before anybody supplies a card (R-3). Then:
no contender left -> the round is re-evaluated among the remaining seats; one left -> it wins
every card in play ("the opponent wins all cards in play"); else the War goes on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.games.core import CHANCE, Event, Outcome, Seat
from console.games.wisteria.rules.piles import take
from console.games.wisteria.rules.rounds import eliminate, reshuffle_pile
from console.games.wisteria.rules.scoring import game_over
from console.games.wisteria.rules.spoils import no_central_winner, war_won
from console.games.wisteria.rules.steps import DECLARE, FACE_DOWN, RETREAT, WAR, Step
from console.i18n import N_

if TYPE_CHECKING:
    from console.games.wisteria.state import WisteriaState


def bonus(seat: Seat, strength: int) -> int:
    """P-4: "Apply bonuses if active". No bonus is defined, so 0: the hook for a variant."""
    return 0


def start_war(state: WisteriaState, tied: list[Seat], top: int, events: list[Event]) -> None:
    """Only the tied seats enter the War; the others' revealed cards stay in the prize."""
    state.wars += 1
    for seat in tied:
        # Only after a re-evaluation can a tied seat already hold War cards: they stay in play.
        state.spent[seat] += [*state.face_down[seat], *state.battle[seat]]
        state.face_down[seat].clear()
        state.battle[seat].clear()
        state.choice[seat] = 0
    state.members = tied
    state.battlers, state.retreaters = [], []
    state.declared = False
    state.first_tie = True
    events.append(Event("war", {"seats": tuple(tied), "strength": top}))
    begin_face_down(state, tied, events)


def need_cards(state: WisteriaState, seats: list[Seat], events: list[Event]) -> bool:
    """Each seat must supply a card now: reshuffle an empty draw pile; a seat with no cards at
    all is out (it cannot do what the War needs). True if anybody went out."""
    out = [seat for seat in seats if not state.draw_count[seat] and not state.won_count[seat]]
    for seat in seats:
        if not state.draw_count[seat] and state.won_count[seat]:
            reshuffle_pile(state, seat, events)
    if not out:
        return False
    for seat in out:
        eliminate(state, seat, N_("ran out of cards in a War"), events)
    state.last_out = out
    eliminated = state.eliminated
    state.members = [seat for seat in state.members if not eliminated[seat]]
    state.battlers = [seat for seat in state.battlers if not eliminated[seat]]
    state.retreaters = [seat for seat in state.retreaters if not eliminated[seat]]
    return True


def ended_by_running_out(state: WisteriaState, events: list[Event]) -> bool:
    if not state.members:
        reevaluate(state, events)
        return True
    if len(state.members) == 1:
        war_won(state, state.members[0], events)
        return True
    return False


def ask_for_cards(state: WisteriaState, seats: list[Seat], step: Step) -> None:
    state.step = step
    state.pending = sorted(seats)
    state.acting = (CHANCE,)


# -- Rule 1, then the cards the choices call for ------------------------------------------------


def begin_face_down(state: WisteriaState, seats: list[Seat], events: list[Event]) -> None:
    """Rule 1: each tied seat places one card face down (a repeat too, if repeat_face_down)."""
    if need_cards(state, seats, events) and ended_by_running_out(state, events):
        return
    contenders = state.members if state.first_tie else state.battlers
    if len(contenders) >= 2:
        ask_for_cards(state, contenders, FACE_DOWN)
    else:
        settle_war(state, events)


def placed_face_down(state: WisteriaState, seat: Seat, strength: int, events: list[Event]) -> None:
    """chance:facedown: the seat's war card, known to the engine and named in no event (R-10)."""
    take(state, seat, strength)
    state.pending.remove(seat)
    state.face_down[seat].append(strength)
    events.append(Event("face_down", {"seat": seat}))
    if state.pending:
        return
    if state.first_tie:
        # Rule 2 on the first tie: every tied seat chooses, all at once (choices.py).
        state.step = DECLARE
        state.acting = tuple(state.members)
    else:
        begin_battle(state, events)  # a repeat is Battle only


def begin_war_cards(state: WisteriaState, events: list[Event]) -> None:
    """Retreaters place their sacrificed card; with two or more battlers each reveals a battle
    card. A lone battler reveals nothing: it wins uncontested (P-9)."""
    needers = state.retreaters + (state.battlers if len(state.battlers) >= 2 else [])
    if need_cards(state, needers, events) and ended_by_running_out(state, events):
        return
    suppliers = state.retreaters + (state.battlers if len(state.battlers) >= 2 else [])
    if suppliers:
        ask_for_cards(state, suppliers, WAR)
    else:
        settle_war(state, events)


def begin_battle(state: WisteriaState, events: list[Event]) -> None:
    """A repeated War: the battlers still tied reveal one more card each (P-5, P-11)."""
    if need_cards(state, state.battlers, events) and ended_by_running_out(state, events):
        return
    if len(state.battlers) >= 2:
        ask_for_cards(state, state.battlers, WAR)
    else:
        settle_war(state, events)


def war_card(state: WisteriaState, seat: Seat, strength: int, events: list[Event]) -> None:
    """chance:draw in a War: a retreater's sacrificed card or a battler's battle card."""
    take(state, seat, strength)
    state.pending.remove(seat)
    if state.choice[seat] == RETREAT:
        state.sacrifice[seat] = strength
        events.append(Event("sacrifice", {"seat": seat, "card": strength}))
    else:
        state.battle[seat].append(strength)
        events.append(Event("battle_card", {"seat": seat, "card": strength}))
    if not state.pending:
        settle_war(state, events)


# -- outcomes -------------------------------------------------------------------------------------


def settle_war(state: WisteriaState, events: list[Event]) -> None:
    """Every card the War needed is down: the highest battle card wins, a tie repeats at Rule 2,
    a lone battler wins uncontested, and with no battler nobody wins the centre."""
    battlers = state.battlers
    if not battlers:
        no_central_winner(state, events)
        return
    if len(battlers) == 1:
        war_won(state, battlers[0], events)
        return
    top = -1
    best: list[Seat] = []
    for seat in battlers:
        card = state.battle[seat][-1]
        value = card + bonus(seat, card)
        if value > top:
            top, best = value, [seat]
        elif value == top:
            best.append(seat)
    if len(best) == 1:
        war_won(state, best[0], events)
        return
    state.battlers = best
    state.members = sorted(best + state.retreaters)
    state.first_tie = False
    events.append(Event("war_again", {"seats": tuple(best), "strength": top}))
    if state.options.repeat_face_down:
        begin_face_down(state, best, events)
    else:
        begin_battle(state, events)


def reevaluate(state: WisteriaState, events: list[Event]) -> None:
    """P-12: every War contender ran out at once. The round is decided again among the seats
    left, with every card in play as the prize; nobody left ends the game, shared (R-5)."""
    left = [seat for seat in state.in_round if not state.eliminated[seat]]
    if not left:
        out = tuple(state.last_out)
        scores = tuple(1.0 / len(out) if seat in out else 0.0 for seat in range(1, state.players + 1))
        # each part a message of its own (console.i18n.said.phrase says a reason in any language)
        everyone, shared = (
            N_("every remaining player ran out of cards at the same moment"),
            N_("a shared result"),
        )
        reason = f"{everyone}: {shared}"
        game_over(state, Outcome(out, scores, reason), events)
        return
    top = max(state.round_card[seat] for seat in left)
    best = [seat for seat in left if state.round_card[seat] == top]
    events.append(Event("reevaluated", {"seats": tuple(left), "strength": top}))
    state.battlers, state.retreaters = [], []
    if len(best) == 1:
        war_won(state, best[0], events)
    else:
        start_war(state, best, top, events)
