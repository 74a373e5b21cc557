"""Bots that read less than the JSON view: each says what it needs to see, and gets just that.

A seat's JSON view is made for a phone (every hex, edge, name and text), and a simulation asks a
bot for hundreds of decisions a game: building views was most of the lab's time. An
``ObservingBot`` names its observation instead: ``observe(state, seat)`` builds it straight from
the state, cheaply, and ``from_view(view)`` builds the same from the seat's JSON view, so a caller
holding only a view (the tests, a bot given views) gets the same decision. ``choose_in`` is the one
call that asks a bot for its pick in a state: the table's, the lab's and the hard bot's rollouts.

The two must agree on every state, and that is the fairness rule: an observation that equals one
read from the seat's view holds nothing the view does not (``tests/bots/test_observations.py``
checks both over seeded games, and that states hiding different cards observe the same).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Sequence
from typing import Generic, TypeVar, cast

from console.games.core import JSON, Action, Bot, RandomBot, Seat, State

Seen = TypeVar("Seen")


class ObservingBot(Bot, Generic[Seen]):
    """A bot that chooses from its own small observation of what its seat may see."""

    @abstractmethod
    def observe(self, state: State, seat: Seat) -> Seen:
        """What this bot reads of ``seat``'s view, built from ``state``; must equal
        ``from_view(state.view(seat))``."""

    @abstractmethod
    def from_view(self, view: JSON) -> Seen:
        """The same observation, read from the seat's JSON view."""

    @abstractmethod
    def choose_seen(self, seen: Seen, legal: Sequence[Action], rng: random.Random) -> Action:
        """Pick one of ``legal`` (never empty) from the observation alone."""

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        return self.choose_seen(self.from_view(view), legal, rng)


class BlindRandomBot(RandomBot, ObservingBot[None]):
    """The easy bot: a uniformly random legal action, which needs nothing of the view at all."""

    def observe(self, state: State, seat: Seat) -> None:
        return None

    def from_view(self, view: JSON) -> None:
        return None

    def choose_seen(self, seen: None, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


def choose_in(bot: Bot, state: State, seat: Seat, legal: Sequence[Action], rng: random.Random) -> Action:
    """``bot``'s pick of ``legal`` for ``seat`` in ``state``: from its observation if it names one,
    else from the seat's JSON view."""
    # The class's own ancestry rather than isinstance, whose check on an ABC runs a Python
    # method: this is once a decision, and no bot is an ObservingBot by registration.
    if ObservingBot in type(bot).__mro__:
        observer = cast("ObservingBot[object]", bot)
        return observer.choose_seen(observer.observe(state, seat), legal, rng)
    return bot.choose(state.view(seat), legal, rng)
