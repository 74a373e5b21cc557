"""The contract every rules engine keeps: Game (rules and parameters) and State (one game in play).

Engines are pure: no I/O, no clock, no threads, no randomness of their own. Chance (shuffles,
draws, reveals) is an explicit actor, ``CHANCE``, whose actions the table resolves from a seeded
RNG in virtual play or from a scan in physical play; either way the outcome is journalled.

Seats are numbered from 1; seat 0 is chance. Every action has a text notation ``SEAT:VERB ARGS``
(``2:retreat``, ``chance:draw 1 5``) that round-trips through ``Game.parse_action`` and ``str``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

Seat = int
CHANCE: Seat = 0
JSON = dict[str, Any]


class NotationError(ValueError):
    """Text that is not an action of this game at all (a typo, an unknown verb)."""


class IllegalAction(ValueError):
    """A well-formed action the rules do not allow now. The state is unchanged."""


class BadOptions(ValueError):
    """Game options or a player count the game cannot be set up with."""


class UnknownGame(LookupError):
    """No game is registered under that name."""


def seat_text(seat: Seat) -> str:
    return "chance" if seat == CHANCE else str(seat)


def split_notation(text: str) -> tuple[Seat, str, list[str]]:
    """Split ``SEAT:VERB ARGS`` into its parts, checking only the shape."""
    head, sep, rest = text.strip().partition(":")
    if not sep:
        raise NotationError(f"{text!r} is not an action: expected SEAT:VERB, like 2:retreat")
    head = head.strip().lower()
    if head == "chance":
        seat = CHANCE
    elif head.isascii() and head.isdigit() and int(head) >= 1:
        seat = int(head)
    else:
        raise NotationError(f"{text!r}: the seat must be a number from 1 or 'chance'")
    words = rest.split()
    if not words:
        raise NotationError(f"{text!r}: the action has no verb")
    return seat, words[0].lower(), words[1:]


def parse_int(text: str, what: str, action_text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise NotationError(f"{action_text!r}: {what} must be a whole number, not {text!r}") from None


@dataclass(frozen=True)
class Action:
    """Base of every game's actions: small frozen values with a round-tripping notation.

    Subclasses set ``verb`` and implement ``args``; ``cards`` names the catalog cards the action
    uses, so a scan can narrow the choices to the actions that use the scanned card.
    """

    seat: Seat
    verb: ClassVar[str] = ""

    def args(self) -> tuple[str, ...]:
        return ()

    def cards(self) -> tuple[str, ...]:
        return ()

    def position(self) -> int | None:
        """The numbered table position the action puts a card on (a Wheels shelf), so a scan on
        that position's reader can choose it; None for an action that places no card."""
        return None

    def __str__(self) -> str:
        return " ".join((f"{seat_text(self.seat)}:{self.verb}", *self.args()))


@dataclass(frozen=True)
class Event:
    """Something that happened, for logs, screens and phones.

    ``audience`` is None when everyone may see it, else the seats that may. An event that
    reveals hidden information to some seats is paired with a redacted one for the rest.
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[Seat] | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> JSON:
        return {"kind": self.kind, **self.data}


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended. An empty ``winners`` with a reason is an abandoned game."""

    winners: tuple[Seat, ...]
    scores: tuple[float, ...]
    reason: str

    @property
    def is_draw(self) -> bool:
        return len(self.winners) != 1

    def to_json(self) -> JSON:
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}


class State(ABC):
    """One game in progress. Mutable; ``copy`` gives an independent game for bots."""

    game: Game
    players: int

    @property
    @abstractmethod
    def to_act(self) -> tuple[Seat, ...]:
        """The seats that must act now; several at once for simultaneous choices; (CHANCE,)
        when chance must resolve something; () once the game is over."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every action ``seat`` may take now, sorted by notation; [] if it may not act."""

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Check and apply ``action``. Must raise IllegalAction before changing anything."""

    @abstractmethod
    def view(self, seat: Seat | None) -> JSON:
        """What ``seat`` may see (None: the public table), ready for JSON."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on."""

    @abstractmethod
    def copy(self) -> State:
        """An independent copy, of the same type."""

    def apply(self, action: Action) -> list[Event]:
        """Apply one action; raise IllegalAction (state unchanged) if the rules forbid it."""
        if self.outcome() is not None:
            raise IllegalAction("the game is over")
        if action.seat not in self.to_act:
            who = "chance" if action.seat == CHANCE else f"seat {action.seat}"
            raise IllegalAction(f"it is not {who}'s turn to act")
        return self._apply(action)

    def chance_outcomes(self) -> list[tuple[Action, int]]:
        """The next chance action's possible outcomes with integer weights.

        Physical play may scan any legal chance action; this gives the one distribution the
        table samples from in virtual play, in a canonical order so a seed replays exactly."""
        return [(action, 1) for action in self.legal_actions(CHANCE)]

    def sample_chance(self, rng: random.Random) -> Action:
        """Pick a chance outcome with ``rng``. Engines may override this for speed, keeping
        the same distribution as ``chance_outcomes``."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction("chance has nothing to resolve now")
        total = sum(weight for _, weight in outcomes)
        pick = rng.randrange(total)
        for action, weight in outcomes:
            pick -= weight
            if pick < 0:
                return action
        raise AssertionError("unreachable: weights exhausted")

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    def hidden_strings(self, seat: Seat) -> Iterable[str]:
        """Strings that only ``seat`` may see right now (its hand's card ids, its secret choice),
        for property tests that no other view leaks them. Games with no secrets return ()."""
        return ()


class Game(ABC):
    """A game's rules and parameters. One instance per game, found with ``find_game``."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    @abstractmethod
    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        decks: Mapping[Seat, Sequence[str]] | None = None,
    ) -> State:
        """Set up a game. ``decks`` stacks chosen seats' decks (top first), for scenarios."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """Parse notation; raise NotationError if the text is not an action of this game."""

    def default_options(self) -> JSON:
        return {}

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}"
            )

    def merge_options(self, options: Mapping[str, Any] | None) -> JSON:
        """Defaults overlaid with ``options``; an unknown key or a wrongly typed value is refused."""
        merged = self.default_options()
        for key, value in (options or {}).items():
            if key not in merged:
                known = ", ".join(sorted(merged)) or "none"
                raise BadOptions(f"{self.title} has no option {key!r} (options: {known})")
            expected = type(merged[key])
            # bool is an int to Python, but `first_seat = true` is a mistake, not seat 1.
            wrong_kind = isinstance(value, bool) != (expected is bool)
            if merged[key] is not None and (wrong_kind or not isinstance(value, expected)):
                raise BadOptions(f"option {key!r} must be {expected.__name__}, not {value!r}")
            merged[key] = value
        return merged

    def replay(
        self,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None,
        actions: Iterable[Action | str],
        decks: Mapping[Seat, Sequence[str]] | None = None,
    ) -> State:
        """Rebuild a game from its setup and action log."""
        state = self.new(players, seed, options, decks)
        for action in actions:
            state.apply(self.parse_action(action) if isinstance(action, str) else action)
        return state

    def catalog(self) -> dict[str, str]:
        """Every card id of this game's physical cards with its display name, for scans,
        enrolment and print-and-play sheets. Card ids are what ``Action.cards`` names."""
        return {}

    def simulation_stats(self, finals: Sequence[State]) -> JSON:
        """Game-specific figures over finished simulated games (rounds, wars, cards used)."""
        return {}

    def heuristic_bot(self) -> Bot | None:
        """A simple rule-of-thumb bot for this game, if it has one."""
        return None

    def __repr__(self) -> str:
        return f"find_game({self.name!r})"


class Bot(ABC):
    """A player that chooses from its own view and legal actions, never the hidden state."""

    name: ClassVar[str] = "bot"

    @abstractmethod
    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` (never empty)."""


class RandomBot(Bot):
    name = "random"

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]
