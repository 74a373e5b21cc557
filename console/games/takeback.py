"""Taking back a move: one policy for every game, computed from the contract alone.

A seat may take back its own last actions while nobody else has acted since (chance included),
none of them revealed hidden information to anyone, and the game is not over. No engine writes
an undo: a withdrawal replays the game from its seed with the withdrawn actions left out (engines
are deterministic), so the result is exactly the game in which they were never made.

An action revealed hidden information when one of its events says so, read the way the contract
pairs them (``Event.audience``):

- an event told some seats only (its ``audience``) something one of them did not know: a word
  in it that is neither in the action's notation (nor a card's printed name it names), nor in a
  public event of the same action, nor in that seat's own view before it (a card looked at, a
  card taken from a deck whose top it did not know, a private message). Telling a seat of its
  own face-down card ("your sealed wheel soured") tells it nothing new;
- an event everyone sees names a secret: a card the actor held in its hand (a card played face
  up) or a string some seat's ``hidden_strings`` guarded before the action;
- a seat's hidden string before the action is not one after it: the secret was shown (the last
  of a simultaneous choice shows them all) or spent, and cannot be unseen.

A face-down card set from the hand, or a secret choice, reveals nothing: the actor alone sees
its card or choice, the rest a redacted twin; those may be taken back. Numbers in events are not
read: they are counts and places (a shelf, an age) that follow from what the seat already sees.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from console.games.core import CHANCE, Action, Event, Game, IllegalAction, Seat, State


@dataclass(frozen=True)
class TakebackPoint:
    """How many of ``seat``'s last actions may be withdrawn now (0: none), and if that stops
    short of what a seat might ask, why, in words every seat may read."""

    seat: Seat
    count: int
    why_not_more: str


def _words(value: Any) -> Iterator[str]:
    """Every string inside an event's data (keys are the engine's field names, not read)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from _words(item)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _words(item)


def _hidden(state: State) -> set[tuple[Seat, str]]:
    return {(seat, word) for seat in range(1, state.players + 1) for word in state.hidden_strings(seat)}


class Before:
    """What the policy needs of the state just before a seat's action: the seats' hidden strings
    and the actor's hand at once, the views (costly to draw) only if an event asks about them."""

    def __init__(self, state: State, actor: Seat) -> None:
        self.actor = actor
        self.hidden = _hidden(state)
        self._secrets = set(state.cards_in_hand(actor) or ()) | {word for _, word in self.hidden}
        self._state = state.copy()
        self._views: dict[Seat | None, str] = {}

    def view(self, seat: Seat | None) -> str:
        """``seat``'s view before the action, as JSON text."""
        if seat not in self._views:
            self._views[seat] = json.dumps(self._state.view(seat))
        return self._views[seat]

    def _count(self, seat: Seat | None, written: str) -> int:
        """How many string values of ``seat``'s view are ``written`` (a JSON string, quotes
        included): its occurrences less those as a key (a key alone is followed by a colon; a
        quote inside a string is escaped, so no occurrence starts or ends inside another)."""
        text = self.view(seat)
        return text.count(written) - text.count(f"{written}:")

    def secret(self, word: str) -> bool:
        """Whether no public event may name ``word``: a card in the actor's hand, a hidden string,
        or a word the actor's view holds more copies of than the public view does (a face-down
        card whose twin lies face up, which ``hidden_strings`` leaves out: it cannot show a leak)."""
        if word in self._secrets:
            return True
        written = json.dumps(word)  # as the view's JSON text writes it
        return self._count(self.actor, written) > self._count(None, written)


def revealed(action: Action, events: Sequence[Event], before: Before, after: State) -> bool:
    """Whether ``action``'s ``events`` revealed hidden information to anyone (the module's rules),
    given what ``before`` held and the state ``after`` it."""
    public_words = {word for event in events if event.audience is None for word in _words(event.data)}
    notation = str(action).partition(":")[2].split(" ")
    # The action's own words, the printed names of the cards it names, and what everyone is told.
    said = {*notation, *(after.game.card_name(word) for word in notation), *public_words}
    for event in events:
        for seat in event.audience or ():
            for word in _words(event.data):
                if word not in said and json.dumps(word) not in before.view(seat):
                    return True
    # A secret that is no longer one was shown (a secret choice answered by the last chooser, a
    # card played face up), or at least spent: either way it cannot be taken back unseen.
    if not before.hidden <= _hidden(after):
        return True
    return any(before.secret(word) for word in public_words)


class Takebacks:
    """Follows one game action by action and says how many of a seat's last actions may be
    withdrawn. Feed it every action through ``apply`` (it applies it to the state)."""

    def __init__(self) -> None:
        self._seat: Seat | None = None  # whose run of actions ends the history (None: chance's, or none)
        self._count = 0  # how many of that run, from its end, may be withdrawn
        self._before = "it is the game's first action"  # why the run may go back no further
        self._since = "it has made no action yet"  # why any other seat may take back nothing

    def apply(self, state: State, action: Action) -> list[Event]:
        """Apply ``action`` to ``state`` (IllegalAction leaves both as they were) and record it."""
        seat = action.seat
        if seat == CHANCE:
            events = state.apply(action)
            self._seat, self._count = None, 0
            self._before = self._since = "chance has acted since"
            return events
        before = Before(state, seat)
        events = state.apply(action)
        if seat != self._seat:
            was = self._seat
            before_it = self._before.replace("since", "before it")
            self._before = f"seat {was} acted before it" if was else before_it
            self._seat, self._count = seat, 0
        self._since = f"seat {seat} has acted since"
        if state.is_over:
            self._seat, self._count = None, 0
            self._since = "the game is over"
        elif revealed(action, events, before, state):
            self._count = 0
            self._before = "its last action showed hidden information"
        else:
            self._count += 1
            if self._before == "its last action showed hidden information":
                self._before = "an earlier action of its showed hidden information"
        return events

    def point(self, seat: Seat) -> TakebackPoint:
        """What ``seat`` may take back now."""
        if seat == self._seat:
            return TakebackPoint(seat, self._count, self._before)
        return TakebackPoint(seat, 0, self._since)


def replay(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    actions: Iterable[Action | str],
    decks: Mapping[Seat, Sequence[str]] | None = None,
) -> tuple[State, Takebacks]:
    """A game rebuilt from its setup and actions, with what each seat may take back in it."""
    state = game.new(players, seed, options, decks)
    takebacks = Takebacks()
    for action in actions:
        takebacks.apply(state, game.parse_action(action) if isinstance(action, str) else action)
    return state, takebacks


def takeback_point(
    game: Game,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    actions: Sequence[Action | str],
    seat: Seat,
    decks: Mapping[Seat, Sequence[str]] | None = None,
) -> TakebackPoint:
    """How many of ``seat``'s last ``actions`` it may take back, from the game's history alone."""
    return replay(game, players, seed, options, actions, decks)[1].point(seat)


def check_takeback(point: TakebackPoint, count: int) -> None:
    """IllegalAction, in words for the seat, unless ``count`` of its last actions may be withdrawn."""
    if count < 1:
        raise IllegalAction("a takeback withdraws at least one action")
    if count > point.count:
        if point.count == 0:
            raise IllegalAction(f"seat {point.seat} cannot take back now: {point.why_not_more}")
        raise IllegalAction(
            f"seat {point.seat} may take back at most {point.count} action"
            f"{'' if point.count == 1 else 's'}: before that, {point.why_not_more}"
        )
