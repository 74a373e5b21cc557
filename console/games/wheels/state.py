"""One match of Wheels of War in progress: the phases, who acts, and how each action applies.

Phases: the coin toss for the first seat (chance), the secret choice of Archaffineurs, the deal of
six cards each (chance), the opening swaps, then play: alternating turns, each ended by one
turn-spending action and its ending step, until both seats have spent twelve turns. Every draw is a
chance action, so the same engine deals from a seeded deck or learns a scanned card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from console.games.core import CHANCE, JSON, Action, Event, IllegalAction, Outcome, Seat, State
from console.games.wheels import legal, view
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
from console.games.wheels.catalog import Archaffineur, Catalog, CraftCard, Target
from console.games.wheels.cellar import ShelvedWheel
from console.games.wheels.effects import read_wheel, resolve
from console.games.wheels.events import private, public
from console.games.wheels.player import HAND_LIMIT, OPENING_HAND, OPENING_SWAPS, Player
from console.games.wheels.targets import target_problem

TOSS, ARCHAFFINEURS, DEAL, OPENING, PLAY, OVER = "toss", "archaffineurs", "deal", "opening", "play", "over"


class WheelsState(State):
    players = 2

    def __init__(self, game: Any, catalog: Catalog, players: tuple[Player, Player], first_seat: Seat) -> None:
        self.game = game
        self.catalog = catalog
        self.seats = players
        self.first_seat = first_seat  # 0 until the coin toss
        self.phase = TOSS
        self.current: Seat = 0  # the seat whose turn it is, in play
        self.draws_due: list[Seat] = []  # seats owed a card, in order; chance resolves the first
        self.swapping: list[str | None] = [None, None]  # the card each seat is swapping away
        self.history: list[Action] = []
        self._outcome: Outcome | None = None
        self._to_act: tuple[Seat, ...] = ()
        self._advance_setup()

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

    def sample_chance(self, rng: Any) -> Action:
        return legal.sample_chance(self, rng)

    def view(self, seat: Seat | None) -> JSON:
        return view.build(self, seat)

    def hidden_strings(self, seat: Seat) -> Iterable[str]:
        return view.hidden_strings(self, seat)

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
        twin.swapping = self.swapping.copy()
        twin.history = self.history.copy()
        twin._outcome = self._outcome
        twin._to_act = self._to_act
        return twin

    def _apply(self, action: Action) -> list[Event]:
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise IllegalAction(f"{action} is not a Wheels of War action")
        phase = _PHASE_OF.get(type(action))
        if phase is not None and phase != self.phase:
            raise IllegalAction(f"you cannot {action.verb} now: {_PHASE_NOW[self.phase]}")
        events: list[Event] = []
        handler(self, action, events)  # checks everything before it changes anything
        self.history.append(action)
        self._settle()
        return events

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

    def _advance_setup(self) -> None:
        """Move through the setup phases that need no one's choice, then work out who acts."""
        if self.phase == TOSS and self.first_seat:
            self.phase = ARCHAFFINEURS
        if self.phase == ARCHAFFINEURS and all(p.archaffineur is not None for p in self.seats):
            self.phase = DEAL
            for seat in (1, 2):
                self.draws_due.extend([seat] * OPENING_HAND)
        self._settle()

    def _settle(self) -> None:
        """Drop draws nobody can take, then work out who acts next."""
        due = self.draws_due
        # (A swap's replacement is never dropped: a swap needs a card in the deck.)
        while due and not len(self.seats[due[0] - 1].deck):
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

    # ------------------------------------------------------------------ chance

    def _toss(self, action: ChooseFirst, events: list[Event]) -> None:
        if self.phase != TOSS:
            raise IllegalAction("the first seat has already been chosen")
        self.first_seat = action.first
        events.append(public("first", seat=action.first))
        self.phase = ARCHAFFINEURS
        self._advance_setup()

    def _draw(self, action: Draw, events: list[Event]) -> None:
        if not self.draws_due:
            raise IllegalAction("no one is due to draw a card now")
        drawer = self.draws_due[0]
        if action.drawer != drawer:
            raise IllegalAction(f"seat {drawer} draws next, not seat {action.drawer}")
        player = self.seats[drawer - 1]
        if not player.deck.can_draw(action.card):
            raise IllegalAction(self._undrawable(drawer, action.card))
        self.draws_due.pop(0)
        player.deck.draw(action.card)
        player.take_into_hand(action.card)
        events.extend(private(drawer, "draw", {"seat": drawer, "card": action.card}, {"seat": drawer}))
        swapped = self.swapping[drawer - 1]
        if swapped is not None:
            # "A swapped card goes to the bottom of your deck after its replacement is drawn."
            self.swapping[drawer - 1] = None
            player.take_from_hand(swapped)
            player.deck.put_under(swapped)
            player.swaps += 1
            if player.swaps == OPENING_SWAPS:
                player.kept = True
                events.append(public("opening-done", seat=drawer))

    def _undrawable(self, seat: Seat, card: str) -> str:
        """Why a scanned card cannot be seat's next draw, saying nothing the rival may not know."""
        name = self.catalog.name(card)
        player = self.seats[seat - 1]
        if player.deck.holds(card):
            return f"{name} is not next in seat {seat}'s deck (swapped cards lie at the bottom)"
        on_shelves = any(wheel is not None and wheel.card.id == card for wheel in player.shelves)
        if card in player.hand or card in player.discard or on_shelves:
            return f"{name} cannot be drawn by seat {seat}: the ledger has every copy of it elsewhere"
        return f"{name} is not in seat {seat}'s deck"

    # ------------------------------------------------------------------ setup choices

    def _choose(self, action: ChooseArchaffineur, events: list[Event]) -> None:
        player = self.seats[action.seat - 1]
        if self.phase != ARCHAFFINEURS or player.archaffineur is not None:
            raise IllegalAction("your Archaffineur has already been chosen")
        player.archaffineur = action.archaffineur
        name = self.catalog.name(action.archaffineur)
        events.extend(
            private(
                action.seat,
                "chose",
                {"seat": action.seat, "archaffineur": action.archaffineur, "name": name},
                {"seat": action.seat},
            )
        )
        if all(p.archaffineur is not None for p in self.seats):
            chosen = {str(s): self.seats[s - 1].archaffineur or None for s in (1, 2)}
            events.append(public("archaffineurs", **chosen))
        self._advance_setup()

    def _swap(self, action: Swap, events: list[Event]) -> None:
        player = self.seats[action.seat - 1]
        if player.hand.get(action.card, 0) == 0:
            raise IllegalAction(f"you have no {self.catalog.name(action.card)} in hand to swap")
        if player.swaps >= OPENING_SWAPS:
            raise IllegalAction(f"you may swap at most {OPENING_SWAPS} opening cards")
        if not len(player.deck):
            raise IllegalAction("your deck is empty: there is nothing to swap for")
        self.swapping[action.seat - 1] = action.card
        self.draws_due.append(action.seat)
        events.extend(
            private(action.seat, "swap", {"seat": action.seat, "card": action.card}, {"seat": action.seat})
        )

    def _keep(self, action: Keep, events: list[Event]) -> None:
        self.seats[action.seat - 1].kept = True
        events.extend(private(action.seat, "keep", {"seat": action.seat}, {"seat": action.seat}))

    # ------------------------------------------------------------------ turns

    def _set(self, action: SetWheel, events: list[Event]) -> None:
        player = self.seats[action.seat - 1]
        card = self.catalog.wheel(action.card)
        if player.hand.get(action.card, 0) == 0:
            raise IllegalAction(f"you have no {card.name} in hand")
        occupant = player.shelves[action.shelf - 1]
        if occupant is not None:
            if occupant.soured:
                raise IllegalAction(
                    f"shelf {action.shelf} holds a soured wheel: read it for 0 to clear it first"
                )
            raise IllegalAction(f"shelf {action.shelf} is not empty: a wheel is set on an empty shelf")
        player.take_from_hand(action.card)
        wheel = ShelvedWheel(card, action.sealed)
        player.shelves[action.shelf - 1] = wheel
        full = {
            "seat": action.seat,
            "shelf": action.shelf,
            "card": card.id,
            "sealed": action.sealed,
            "value": wheel.value,
            "peak": card.peak,
            "hold": wheel.hold,
        }
        if action.sealed:
            events.extend(
                private(
                    action.seat, "set", full, {"seat": action.seat, "shelf": action.shelf, "sealed": True}
                )
            )
        else:
            events.append(public("set", **full))
        self._end_turn(action.seat, events)

    def _read(self, action: Read, events: list[Event]) -> None:
        player = self.seats[action.seat - 1]
        if player.shelves[action.shelf - 1] is None:
            raise IllegalAction(f"your shelf {action.shelf} is empty: there is nothing to read")
        read_wheel(player, action.seat, action.shelf, events)
        self._end_turn(action.seat, events)

    def _play(self, action: PlayCraft, events: list[Event]) -> None:
        player = self.seats[action.seat - 1]
        card = self.catalog.cards[action.card]
        assert isinstance(card, CraftCard)
        if player.hand.get(action.card, 0) == 0:
            raise IllegalAction(f"you have no {card.name} in hand")
        self._check_target(action.seat, card, action.shelf)
        player.take_from_hand(action.card)  # the card leaves the hand before it acts (Riftstone)
        player.discard.append(action.card)
        events.append(
            public(
                "play",
                seat=action.seat,
                card=card.id,
                shelf=action.shelf,
                on="rival" if card.target.on_rival else "own",
                free=card.free,
            )
        )
        resolve(card, action.seat, self.seats, action.shelf, events)
        if not card.free:
            self._end_turn(action.seat, events)

    def _invoke(self, action: Invoke, events: list[Event]) -> None:
        player = self.seats[action.seat - 1]
        if not player.archaffineur:
            raise IllegalAction("you play this match without an Archaffineur")
        if player.archaffineur != action.archaffineur:
            raise IllegalAction(f"your Archaffineur is not the {self.catalog.name(action.archaffineur)}")
        if player.archaffineur_used:
            raise IllegalAction("your Archaffineur has already been used this match")
        leader = self.catalog.cards[action.archaffineur]
        assert isinstance(leader, Archaffineur)
        self._check_target(action.seat, leader, action.shelf)
        player.archaffineur_used = True
        events.append(public("invoke", seat=action.seat, archaffineur=leader.id, shelf=action.shelf))
        resolve(leader, action.seat, self.seats, action.shelf, events)

    def _wait(self, action: Wait, events: list[Event]) -> None:
        events.append(public("wait", seat=action.seat))
        self._end_turn(action.seat, events)

    def _check_target(self, seat: Seat, card: CraftCard | Archaffineur, shelf: int) -> None:
        if card.target is not Target.NONE and not shelf:
            raise IllegalAction(f"{card.name} needs a target: name a shelf")
        if card.target is Target.NONE:
            if shelf:
                raise IllegalAction(f"{card.name} chooses no wheel: name no shelf")
            return
        owner = self.seats[2 - seat] if card.target.on_rival else self.seats[seat - 1]
        problem = target_problem(card.target, owner.shelves[shelf - 1], shelf, card.name)
        if problem:
            raise IllegalAction(problem)

    def _end_turn(self, seat: Seat, events: list[Event]) -> None:
        """The ending step of a turn-spending action: only this seat's cellar ages, its conditions
        count down, its turn count falls, and it draws if it can; then the other seat plays."""
        player = self.seats[seat - 1]
        gain = player.ageing()
        soured = []
        if gain:
            for index, wheel in enumerate(player.shelves):
                if wheel is not None:
                    was = wheel.soured
                    wheel.add_age(gain)
                    if wheel.soured and not was:
                        soured.append(index + 1)
        if player.damp:
            player.damp -= 1
        if player.chill:
            player.chill -= 1
        player.turns_left -= 1
        # A seat with no turns left draws nothing: the card could never be used (rulings.md).
        if player.turns_left and player.hand_size < HAND_LIMIT and len(player.deck):
            self.draws_due.append(seat)
        events.append(
            public(
                "ending",
                seat=seat,
                aged=gain,
                soured=soured,
                turns_left=player.turns_left,
                damp=player.damp,
                chill=player.chill,
            )
        )
        rival = self.seats[2 - seat]
        if rival.turns_left:
            self.current = 3 - seat
        elif not player.turns_left:
            self.phase = OVER
            self.current = 0
            self._outcome = _final_outcome(self.seats)
            events.append(public("over", **self._outcome.to_json()))


def _final_outcome(seats: tuple[Player, Player]) -> Outcome:
    """ "The highest banked Renown wins, and equal scores draw. Wheels left on shelves add nothing."""
    first, second = seats[0].banked, seats[1].banked
    scores = (float(first), float(second))
    if first == second:
        return Outcome((1, 2), scores, f"a draw: both banked {first} Renown")
    winner = 1 if first > second else 2
    return Outcome(
        (winner,),
        scores,
        f"seat {winner} banked the most Renown ({max(first, second)} to {min(first, second)})",
    )


# The phase each seat action belongs to, and what is happening instead when it is refused.
_PHASE_OF: dict[type, str] = {
    ChooseFirst: TOSS,
    ChooseArchaffineur: ARCHAFFINEURS,
    Swap: OPENING,
    Keep: OPENING,
    SetWheel: PLAY,
    Read: PLAY,
    PlayCraft: PLAY,
    Invoke: PLAY,
    Wait: PLAY,
}
_PHASE_NOW = {
    TOSS: "the coin toss for the first seat comes first",
    ARCHAFFINEURS: "each seat is choosing its Archaffineur",
    DEAL: "the opening hands are being dealt",
    OPENING: "the opening hands are being chosen (swap a card or keep)",
    PLAY: "play has begun",
    OVER: "the match is over",
}

_HANDLERS: dict[type, Callable[[WheelsState, Any, list[Event]], None]] = {
    ChooseFirst: WheelsState._toss,
    Draw: WheelsState._draw,
    ChooseArchaffineur: WheelsState._choose,
    Swap: WheelsState._swap,
    Keep: WheelsState._keep,
    SetWheel: WheelsState._set,
    Read: WheelsState._read,
    PlayCraft: WheelsState._play,
    Invoke: WheelsState._invoke,
    Wait: WheelsState._wait,
}
