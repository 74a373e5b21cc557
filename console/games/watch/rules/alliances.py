"""The Forging of Alliances: offers, oaths, breaking, the Alliance Trophy and the private channel.

A channel is part of the game state: its messages are journalled ``say`` actions, shown only to
the two allies, and sealed (still readable by the two, closed to new words) when the alliance ends.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from console.games.core import JSON, Event
from console.games.watch.actions import (
    MAX_MESSAGE,
    MAX_SEAT,
    Accept,
    Break,
    Decline,
    Offer,
    Say,
    WatchAction,
    make,
)
from console.games.watch.refusal import refused
from console.games.watch.rules import network
from console.games.watch.rules.board import TOPOLOGY
from console.games.watch.rules.ledger import STACK_CAP
from console.games.watch.rules.work import Decision
from console.i18n.said import Said, say, say_n

if TYPE_CHECKING:
    from console.games.watch.state import WatchState

MAX_ALLIANCES = 2
TROPHY_ROUNDS = 5
TROPHY_VP = 2


@dataclass
class Alliance:
    pair: tuple[int, int]
    formed: int  # the round it was sworn in
    full_rounds: int = 0  # rounds it stood through from first turn to close
    trophy: bool = False
    messages: list[tuple[int, str]] = field(default_factory=list)

    def copy(self) -> Alliance:
        return Alliance(self.pair, self.formed, self.full_rounds, self.trophy, list(self.messages))


@dataclass(frozen=True)
class Archive:
    """A sealed channel: what two former allies wrote, readable by them alone."""

    pair: tuple[int, int]
    formed: int
    ended: int
    reason: str
    messages: tuple[tuple[int, str], ...]


def pair_of(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def count(state: WatchState, seat: int) -> int:
    return sum(1 for pair in state.alliances if seat in pair)


def offer_error(state: WatchState, seat: int, target: int) -> Said | None:
    if target == seat or not 1 <= target <= state.players:
        return say("an alliance is offered to another ruler at this table")
    if pair_of(seat, target) in state.alliances:
        return say("you are already allied with that ruler")
    if seat in state.pariahs:
        return say("you are a Pariah and may never form alliances again")
    if target in state.pariahs:
        return say("that ruler is a Pariah and may never form alliances again")
    if count(state, seat) >= MAX_ALLIANCES:
        return say_n(
            "you already hold %(num)s alliance, the most allowed",
            "you already hold %(num)s alliances, the most allowed",
            MAX_ALLIANCES,
        )
    if count(state, target) >= MAX_ALLIANCES:
        return say_n(
            "that ruler already holds %(num)s alliance, the most allowed",
            "that ruler already holds %(num)s alliances, the most allowed",
            MAX_ALLIANCES,
        )
    if target in state.offered:
        return say("you have already offered that ruler an alliance this turn")
    return None


def legal(state: WatchState, seat: int) -> list[WatchAction]:
    alliances, pariahs, offered = state.alliances, state.pariahs, state.offered
    if not alliances:  # nobody holds an alliance: every ruler not offered and no pariah may be
        if seat in pariahs:
            return []
        return [
            offer
            for target, _, offer in offers(state.players, seat)
            if target not in offered and target not in pariahs
        ]
    actions = []
    held = [0] * (state.players + 1)
    breaks = seat_actions(Break, seat)
    for a, b in alliances:
        held[a] += 1
        held[b] += 1
        if seat == a:
            actions.append(breaks[b])
        elif seat == b:
            actions.append(breaks[a])
    if held[seat] >= MAX_ALLIANCES or seat in pariahs:
        return actions
    for target, pair, offer in offers(state.players, seat):
        if held[target] >= MAX_ALLIANCES or target in pariahs or target in offered:
            continue
        if pair not in alliances:
            actions.append(offer)
    return actions


@cache
def offers(players: int, seat: int) -> tuple[tuple[int, tuple[int, int], WatchAction], ...]:
    """Each other ruler at a table of ``players``: (seat, their pair with ``seat``, the offer to them)."""
    return tuple(
        (target, pair_of(seat, target), make(Offer, seat, target))
        for target in range(1, players + 1)
        if target != seat
    )


def _seat_actions(cls: type[WatchAction], seat: int) -> dict[int, WatchAction]:
    """``cls`` by ``seat`` toward each other ruler, by seat number."""
    return {other: make(cls, seat, other) for other in range(1, 5) if other != seat}


# Cached by (class, seat); typed as a plain callable since mypy does not see classes as hashable.
seat_actions: Callable[..., dict[int, WatchAction]] = cache(_seat_actions)


def do_offer(state: WatchState, action: Offer) -> list[Event]:
    seat, target = action.seat, action.to
    error = offer_error(state, seat, target)
    if error:
        raise refused(error)
    state.offered.add(target)
    state.pending.insert(0, Answer(target, seat))
    return [Event("offered", {"seat": seat, "to": target})]


@dataclass(frozen=True, slots=True)
class Answer(Decision):
    """Ruler ``seat`` answers ``offerer``'s offer of alliance at once: accept or decline (P-23)."""

    offerer: int
    name: ClassVar[str] = "answer"
    first: ClassVar[Said] = say("answer the offer of alliance first: accept or decline")
    self_resolving: ClassVar[bool] = False

    def choices(self, state: WatchState) -> list[WatchAction]:
        return list(ANSWERS[self.seat])

    def resolve(self, state: WatchState, action: WatchAction) -> list[Event]:
        state.pending.pop(0)
        target, offerer = self.seat, self.offerer
        if type(action) is Decline:
            return [Event("declined", {"seat": target, "offer_of": offerer})]
        pair = pair_of(offerer, target)
        state.alliances[pair] = Alliance(pair, state.round)
        return [Event("allied", {"pair": list(pair), "round": state.round})]

    def view(self) -> JSON:
        return {"for": self.name, "seat": self.seat, "offer_of": self.offerer}


# By seat: the two answers to an offer, made once.
ANSWERS = {seat: (make(Accept, seat), make(Decline, seat)) for seat in range(1, MAX_SEAT + 1)}


def do_break(state: WatchState, action: Break) -> list[Event]:
    seat, other = action.seat, action.ally
    pair = pair_of(seat, other)
    if pair not in state.alliances:
        raise refused(say("you are not allied with that ruler"))
    # words.py says this reason in a sentence of its own, with the breaker by name
    return end_alliance(state, pair, f"broken by {seat}")


def end_alliance(state: WatchState, pair: tuple[int, int], reason: str) -> list[Event]:
    """The alliance ends: its trophy is lost by both, the channel is sealed, stranded armies retreat.
    ``reason`` is English marked with N_ where it is written (a card's), so each log says it in its
    language (console.i18n.said.phrase), or "broken by N", which words.py says by the breaker's name."""
    alliance = state.alliances.pop(pair)
    state.archives.append(Archive(pair, alliance.formed, state.round, reason, tuple(alliance.messages)))
    events = [Event("alliance_ended", {"pair": list(pair), "reason": reason, "trophy_lost": alliance.trophy})]
    for seat in pair:
        events += retreat_stranded(state, seat)
    return events


def retreat_stranded(state: WatchState, seat: int) -> list[Event]:
    """Ruling P-25: a stack off its owner's network goes, inactive, to the nearest own city; units
    beyond 5 are lost; with no city to go to, the stack is lost."""
    events: list[Event] = []
    own = [p for p, stack in state.stacks.items() if stack.owner == seat]
    if not own:  # no armies: no need to find the network
        return events
    home = network.network(state, seat)
    for point in sorted(p for p in own if p not in home):
        stack = state.stacks.pop(point)
        city = network.nearest_city(state, seat, point)
        if city is None:
            events.append(
                Event(
                    "retreated",
                    {"seat": seat, "from": TOPOLOGY.point_ids[point], "to": None, "lost": stack.units},
                )
            )
            continue
        there = state.stacks.get(city)
        total = stack.units + (there.units if there else 0)
        kept = min(total, STACK_CAP)
        if there is None:
            there = state.stacks[city] = stack
        there.units = kept
        there.active = False
        events.append(
            Event(
                "retreated",
                {
                    "seat": seat,
                    "from": TOPOLOGY.point_ids[point],
                    "to": TOPOLOGY.point_ids[city],
                    "lost": total - kept,
                },
            )
        )
    return events


def say_error(state: WatchState, seat: int, other: int, message: str) -> Said | None:
    """Why ``seat`` may not send ``message`` to ``other`` now (None: it may). Never quotes the
    message: only the two allies may read it."""
    if not 1 <= seat <= state.players or other == seat or not 1 <= other <= state.players:
        return say("a message goes from one ruler at this table to another")
    if pair_of(seat, other) not in state.alliances:
        if any(pair_of(seat, other) == archive.pair for archive in state.archives):
            return say(
                "your alliance with that ruler has ended: its channel is sealed and takes no new words"
            )
        return say("messages go only to a ruler you are allied with")
    if not message.strip():
        return say("a message needs some words")
    if len(message) > MAX_MESSAGE:
        return say(
            "a message may hold at most %(max)s characters; yours has %(num)s",
            max=MAX_MESSAGE,
            num=len(message),
        )
    return None


def do_say(state: WatchState, action: Say) -> list[Event]:
    """Ruling R-3: either ally of an open channel may write at any time while the Watch goes on,
    whoever is to act (``Say.out_of_turn``); the words are journalled and reach only the two."""
    seat, other = action.seat, action.to
    message = action.message
    error = say_error(state, seat, other, message)
    if error:
        raise refused(error)
    pair = pair_of(seat, other)
    state.alliances[pair].messages.append((seat, message))
    return [Event("message", {"from": seat, "to": other, "text": message}, audience=frozenset(pair))]


def close_round(state: WatchState) -> list[Event]:
    """A round the alliance stood through from its first turn counts toward the trophy."""
    events = []
    for alliance in state.alliances.values():
        if alliance.formed < state.round:
            alliance.full_rounds += 1
            if alliance.full_rounds >= TROPHY_ROUNDS and not alliance.trophy:
                alliance.trophy = True
                events.append(Event("alliance_trophy", {"pair": list(alliance.pair)}))
    return events


def trophies(state: WatchState, seat: int) -> int:
    return sum(1 for pair, alliance in state.alliances.items() if seat in pair and alliance.trophy)
