"""The takeback policy's property, checked over a random game (tests and ``tabletop bench``).

After every action of a random playout, each seat's allowance (``Takebacks.point``) is held to
an oracle that reads views, not events, so it does not share the policy's reasoning:

- every action a seat may withdraw is its own, after which nobody else acted, and none of them
  showed any viewer (a seat or the public table) a word only another seat could see before;
- the action just before the allowance is another seat's or chance's, or did show one, or the
  game is over: a refusal would have crossed chance, another seat or hidden information;
- at one point a game, the largest allowed withdrawal is made by replaying the game without
  those actions, and every seat's view and legal actions, and who acts, are the same as they
  were before the withdrawn actions were made; no view gains a secret by it.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from console.games.checks import random_action
from console.games.core import CHANCE, Action, Event, Game, Seat, State
from console.games.takeback import Takebacks


@dataclass
class TakebackCounts:
    """What a run of checked games saw: actions, allowances offered and refusals justified."""

    games: int = 0
    actions: int = 0
    allowed: int = 0  # seat actions that were withdrawable right after they were made
    refused_chance_or_seat: int = 0  # an allowance stopped by chance or another seat acting
    refused_hidden: int = 0  # an allowance stopped by an action that showed hidden information
    refused_over: int = 0  # nothing to take back in a finished game
    withdrawals: int = 0  # withdrawals replayed and compared
    withdrawn_actions: int = 0
    reasons: Counter[str] = field(default_factory=Counter)

    def add(self, other: TakebackCounts) -> None:
        for name in (
            "games",
            "actions",
            "allowed",
            "refused_chance_or_seat",
            "refused_hidden",
            "refused_over",
            "withdrawals",
            "withdrawn_actions",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.reasons.update(other.reasons)

    def to_json(self) -> dict[str, Any]:
        figures = {key: value for key, value in vars(self).items() if key != "reasons"}
        return {**figures, "reasons": dict(self.reasons.most_common())}


def _words(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for item in value.values():  # keys are field names: a seat's own view has more of them
            yield from _words(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _words(item)


# Every JSON string in turn, with the colon after it when it is a key: a view's words, found in C.
_JSON_STRING = re.compile(r'"([^"\\]*(?:\\.[^"\\]*)*)"(\s*:)?')


def string_values(text: str) -> list[str]:
    """Every string value (not key) in JSON ``text``, as written there (escapes kept)."""
    return [word for word, colon in _JSON_STRING.findall(text) if not colon]


class _WordCounts:
    """A view's parts as JSON text with their words counted, each part written and read once
    while it stays the same: most of a view (a board, a seat's panel) is the same for every
    viewer and after most actions, and writing and reading it again was most of a check's time
    in a game with a large board. A part is matched by equality with a copy parsed back from its
    own text (so a part the state later changes in place is never matched by its old self)."""

    RECENT = 8  # texts kept per part: one per viewer of a part that differs by viewer

    def __init__(self) -> None:
        self._recent: dict[str, list[tuple[Any, str, Counter[str]]]] = {}

    def of(self, view: Mapping[str, Any]) -> tuple[tuple[str, ...], Counter[str]]:
        """The view as the JSON text of each top-level part, and its words counted."""
        texts: list[str] = []
        total: Counter[str] = Counter()
        for key, value in sorted(view.items()):
            recent = self._recent.setdefault(key, [])
            known = next((entry for entry in recent if entry[0] == value), None)
            if known is None:
                text = json.dumps(value, sort_keys=True)
                known = (json.loads(text), text, Counter(string_values(text)))
                recent.insert(0, known)
                del recent[self.RECENT :]
            texts.append(known[1])
            total.update(known[2])
        return tuple(texts), total


class _Seen:
    """Everything each viewer saw at one moment: views as text and their words counted; the
    legal actions and who acts, asked of a copy only when a withdrawal is compared."""

    def __init__(self, state: State, counts: _WordCounts) -> None:
        viewers: list[Seat | None] = [None, *range(1, state.players + 1)]
        read = [counts.of(state.view(viewer)) for viewer in viewers]
        self.views = tuple(texts for texts, _ in read)
        self.words = tuple(words for _, words in read)  # 0: public, N: seat N
        self._state = state.copy()

    def legal(self) -> tuple[tuple[str, ...], ...]:
        seats = range(self._state.players + 1)
        return tuple(tuple(map(str, self._state.legal_actions(seat))) for seat in seats)

    def to_act(self) -> tuple[Seat, ...]:
        return self._state.to_act


def showed_secret(before: _Seen, after: _Seen, actor: Seat, events: Sequence[Event]) -> bool:
    """Whether a secret crossed: some viewer's view gained a word (counted: a second copy of a
    card counts) that, before, another seat's view held more of than the public table did; or a
    public event told a viewer other than the actor a word the actor's view held more of than the
    viewer's (a card shown from its hand or a face-down place, though a twin may lie face up). An
    event told to some seats only is judged by what it leaves in their views."""
    public = before.words[0]
    for viewer, seen in enumerate(after.words):
        for word in seen - before.words[viewer]:
            for seat in range(1, len(before.words)):
                if seat != viewer and before.words[seat][word] > public[word]:
                    return True
        if viewer != actor:
            told = {word for event in events if event.audience is None for word in _words(event.data)}
            if any(before.words[actor][word] > before.words[viewer][word] for word in told):
                return True
    return False


def check_takebacks(
    game: Game, players: int, seed: int, options: Mapping[str, Any] | None = None, max_actions: int = 5_000
) -> TakebackCounts:
    """One random game with the module's checks at every action; AssertionError names a breach."""
    rng = random.Random(seed)
    state = game.new(players, seed, options)
    takebacks = Takebacks()
    history: list[Action] = []
    words = _WordCounts()
    rebuild = functools.partial(game.replay, players, seed, options)
    seen = [_Seen(state, words)]
    crossed: list[bool] = []  # per action: chance, or a secret shown (the oracle)
    counts = TakebackCounts(games=1)
    withdraw_at = rng.randrange(1, 200)  # the action count at which one withdrawal is replayed
    while state.to_act and len(history) < max_actions:
        action = random_action(state, rng)
        events = takebacks.apply(state, action)
        history.append(action)
        seen.append(_Seen(state, words))
        crossed.append(action.seat == CHANCE or showed_secret(seen[-2], seen[-1], action.seat, events))
        counts.actions += 1
        _check_allowances(state, takebacks, history, crossed, counts)
        if len(history) >= withdraw_at and _withdraw(rebuild, history, takebacks, seen, words):
            counts.withdrawals += 1
            counts.withdrawn_actions += takebacks.point(history[-1].seat).count
            withdraw_at = len(history) + rng.randrange(20, 200)
    return counts


def _check_allowances(
    state: State, takebacks: Takebacks, history: list[Action], crossed: list[bool], counts: TakebackCounts
) -> None:
    for seat in range(1, state.players + 1):
        point = takebacks.point(seat)
        allowed = point.count
        for index in range(len(history) - allowed, len(history)):
            assert history[index].seat == seat, f"seat {seat} may take back action {index}, {history[index]}"
            assert not crossed[index], f"seat {seat} may take back {history[index]}, which showed a secret"
        if seat == history[-1].seat:
            counts.allowed += allowed > 0
            counts.reasons[point.why_not_more] += 1
        beyond = len(history) - allowed - 1
        if beyond < 0 or (seat != history[-1].seat and not state.is_over):
            continue  # nothing further back, or another seat's allowance: its own action came last
        if state.is_over:
            assert allowed == 0, f"seat {seat} may take back {allowed} actions of a finished game"
            counts.refused_over += seat == history[-1].seat
        elif history[beyond].seat != seat:
            counts.refused_chance_or_seat += 1
        else:
            assert crossed[beyond], (
                f"seat {seat} may not take back {history[beyond]} (action {beyond}), which crossed no "
                f"secret, chance or other seat ({point.why_not_more})"
            )
            counts.refused_hidden += 1


def _withdraw(
    rebuild: Callable[[list[Action]], State],
    history: list[Action],
    takebacks: Takebacks,
    seen: list[_Seen],
    counts: _WordCounts,
) -> bool:
    """Replay the game without the last seat's largest allowance and compare it with the game as
    it was before those actions; False when that seat may take back nothing."""
    count = takebacks.point(history[-1].seat).count
    if count == 0:
        return False
    kept = len(history) - count
    state = rebuild(history[:kept])
    after = _Seen(state, counts)
    before = seen[kept]
    assert after.to_act() == before.to_act(), f"after withdrawing {count} actions, {after.to_act()} act"
    for viewer, view in enumerate(after.views):
        assert view == before.views[viewer], f"after withdrawing {count} actions, view {viewer} differs"
    assert after.legal() == before.legal(), f"after withdrawing {count} actions, the legal actions differ"
    return True
