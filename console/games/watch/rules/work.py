"""The work queue's values: what the rules have queued and who must settle it, as typed values.

The State keeps a queue, ``pending``, first item first. Each item is one of three kinds, each a
frozen dataclass saying who acts, what may be chosen and how it resolves: a ``Decision`` waits for
one ruler's choice, a ``ChanceWork`` for chance's (a card, a target), and a ``Step`` (the round's
close, a landfall) runs by itself as soon as it reaches the head of the queue.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from console.games.core import CHANCE, JSON, Event, Seat
from console.games.watch.refusal import either, refused
from console.i18n.said import Said, say

if TYPE_CHECKING:
    from console.games.watch.actions import WatchAction
    from console.games.watch.state import WatchState


@dataclass(frozen=True, slots=True)
class Work:
    """One item of the queue. ``name`` is how the public view calls what the table waits for."""

    name: ClassVar[str] = ""

    def actor(self) -> Seat:
        """The seat that must act on it (chance for chance work and steps)."""
        return CHANCE

    def advance(self, state: WatchState) -> list[Event] | None:
        """At the head of the queue with nobody acting: settle what needs nobody (popping this
        item) and return its events, or return None to wait for ``actor``."""
        raise NotImplementedError

    def view(self) -> JSON:
        return {"for": "chance", "what": self.name}


@dataclass(frozen=True, slots=True)
class Decision(Work):
    """A choice only ``seat`` makes. With ``self_resolving``, a choice of one is made for the
    ruler, and a choice of none drops the decision (a ruler with one city forfeits it)."""

    seat: int
    self_resolving: ClassVar[bool] = True
    # Why any other action is refused while this decision waits.
    first: ClassVar[Said] = say("answer the decision that waits for you first")

    def actor(self) -> Seat:
        return self.seat

    def choices(self, state: WatchState) -> list[WatchAction]:
        raise NotImplementedError

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        """Apply one of ``choices`` (already checked); pops this item from the queue."""
        raise NotImplementedError

    def wrong_choice(self, state: WatchState, action: WatchAction) -> Said | None:
        """Why ``action``, of the kind this decision asks for, is not among its choices."""
        return None

    def decide(self, state: WatchState, action: WatchAction) -> list[Event]:
        if action not in self.choices(state):
            raise refused(self.wrong_choice(state, action) or self.first)
        return self.resolve(state, action)

    def advance(self, state: WatchState) -> list[Event] | None:
        if not self.self_resolving:
            return None
        choices = self.choices(state)
        if not choices:
            state.pending.pop(0)
            return []
        if len(choices) == 1:
            return self.decide(state, choices[0])
        return None

    def view(self) -> JSON:
        return {"for": self.name, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class ChanceWork(Work):
    """A choice chance makes (weighted outcomes); when there are none, it is dropped."""

    # Why an outcome of this work's verb is not among those its rules allow now (``refusal``),
    # each work's in a sentence of its own.
    unlisted: ClassVar[Said] = say("the table's choice must be one of the outcomes its rules allow now")

    def outcomes(self, state: WatchState) -> list[tuple[WatchAction, int]]:
        raise NotImplementedError

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        """Apply one of ``outcomes`` (already checked); pops this item from the queue."""
        raise NotImplementedError

    def refusal(self, state: WatchState, action: WatchAction) -> Said:
        """Why ``action`` is not one of the outcomes now, in words any seat may read: what the
        table waits for, never the outcomes themselves (a hand's cards can be among them)."""
        verbs = sorted({outcome.verb for outcome, _ in self.outcomes(state)})
        if action.verb not in verbs:
            waited = either(["chance:" + verb for verb in verbs or [self.name]])
            return say(
                "the table is waiting for %(waited)s, not %(verb)s",
                waited=waited,
                verb="chance:" + action.verb,
            )
        return self.unlisted

    def advance(self, state: WatchState) -> list[Event] | None:
        outcomes = self.outcomes(state)
        if outcomes:
            state.listed_outcomes = (self, outcomes)  # what the table samples or checks next
            return None
        state.pending.pop(0)
        return []


@dataclass(frozen=True, slots=True)
class Step(Work):
    """Rules that run by themselves once everything queued before them is settled."""

    def run(self, state: WatchState) -> list[Event]:
        raise NotImplementedError

    def advance(self, state: WatchState) -> list[Event] | None:
        state.pending.pop(0)
        return self.run(state)
