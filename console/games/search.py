"""The hard bot: information-set Monte Carlo tree search over determinizations, for every game.

It is given its seat's view, its legal actions and a sampler (``State.determinize`` for its seat),
never the state: each iteration samples a world consistent with what the seat sees, walks one tree
keyed by action notation (single-observer IS-MCTS: a child counts as available only in the
worlds where it is legal), plays a short rollout (the game's heuristic bot, or random) and scores the
end with the game's evaluation.
Chance is sampled, not branched on. Budgets are iterations (reproducible) and optionally seconds.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from console.games.core import CHANCE, JSON, Action, Bot, Seat, State
from console.games.observe import choose_in

Sampler = Callable[[random.Random], State]
# Per-seat rewards in [0, 1] for an unfinished state, index seat - 1.
Evaluation = Callable[[State], list[float]]
# Nodes with more legal actions than this expand the policy's pick first (Wisteria's two choices,
# Battle or Retreat, are left to the search alone: its hard bot did worse with the policy first).
WIDE = 2


def outcome_rewards(state: State) -> list[float] | None:
    """1 for a sole winner, shared for a draw, 0 for the others; None while the game goes on."""
    outcome = state.outcome()
    if outcome is None:
        return None
    if not outcome.winners:
        return [0.5] * state.players
    share = 1.0 / len(outcome.winners)
    return [share if seat in outcome.winners else 0.0 for seat in range(1, state.players + 1)]


def even(state: State) -> list[float]:
    """The evaluation of a game with none of its own: nobody is ahead."""
    return [0.5] * state.players


class _Node:
    __slots__ = ("available", "children", "reward", "seat", "visits")

    def __init__(self, seat: Seat) -> None:
        self.seat = seat  # the seat whose action led here; its rewards are summed
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


class SearchBot(Bot):
    """IS-MCTS within ``iterations`` (and ``seconds`` if given, whichever ends first)."""

    name = "hard"

    def __init__(
        self,
        evaluate: Evaluation = even,
        iterations: int = 200,
        seconds: float | None = None,
        rollout: int = 12,
        exploration: float = 0.25,
        policy: Bot | None = None,
    ) -> None:
        self.evaluate = evaluate
        self.policy = policy  # the rollouts' player (the heuristic bot), else random
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        # Low: the rewards of a truncated rollout sit close together (an evaluation near 0.5), so a
        # larger constant spreads the visits nearly evenly; 0.25 beat 0.7 by 73% to 63% against the
        # normal Wheels bot on the same 60 games.
        self.exploration = exploration

    def choose(self, view: JSON, legal: Sequence[Action], rng: random.Random) -> Action:
        """Without a sampler there is nothing to search: a random legal action (``decide`` searches)."""
        return legal[rng.randrange(len(legal))]

    def decide(self, view: JSON, legal: Sequence[Action], rng: random.Random, sample: Sampler) -> Action:
        if len(legal) == 1:
            return legal[0]
        root = _Node(CHANCE)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for done in range(self.iterations):
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            self._iterate(root, sample(rng), rng)
        # Most visited first; among equals the child expanded first, the policy's pick (below).
        order = {key: number for number, key in enumerate(root.children)}
        by_key = {str(action): action for action in legal}
        ranked = sorted(
            by_key,
            key=lambda key: (
                -(root.children[key].visits if key in root.children else 0),
                order.get(key, len(order)),
                key,
            ),
        )
        return by_key[ranked[0]]

    def _iterate(self, root: _Node, state: State, rng: random.Random) -> None:
        path = [root]
        node = root
        expanded = False
        while not expanded and not state.is_over:
            seats = state.to_act
            if seats == (CHANCE,):
                state.apply(state.sample_chance(rng))
                continue
            mover = seats[0]
            legal = state.legal_actions(mover)
            untried = []
            for action in legal:
                child = node.children.get(str(action))
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                # Among many actions (a Watch turn's roads and card targets, more than a budget can
                # try) the policy's pick is expanded first if untried, so the search refines its
                # choice instead of ranking a random sample of actions visited once each.
                action = untried[rng.randrange(len(untried))]
                if self.policy is not None and len(untried) > 1 and len(legal) > WIDE:
                    pick = choose_in(self.policy, state, mover, legal, rng)
                    action = pick if str(pick) not in node.children else action
                child = node.children[str(action)] = _Node(mover)
                child.available = 1
                expanded = True
            else:
                action, child = self._select(node, legal)
            state.apply(action)
            path.append(child)
            node = child
        rewards = self._rollout(state, rng)
        for visited in path:
            visited.visits += 1
            if visited.seat != CHANCE:
                visited.reward += rewards[visited.seat - 1]

    def _select(self, node: _Node, legal: Sequence[Action]) -> tuple[Action, _Node]:
        best: tuple[float, Action, _Node] | None = None
        for action in legal:
            child = node.children[str(action)]
            score = child.reward / child.visits + self.exploration * math.sqrt(
                math.log(child.available) / child.visits
            )
            if best is None or score > best[0]:
                best = (score, action, child)
        assert best is not None
        return best[1], best[2]

    def _rollout(self, state: State, rng: random.Random) -> list[float]:
        for _ in range(self.rollout):
            seats = state.to_act
            if not seats:
                break
            if seats == (CHANCE,):
                state.apply(state.sample_chance(rng))
            else:
                seat = seats[0]
                legal = state.legal_actions(seat)
                if self.policy is None or len(legal) == 1:
                    state.apply(legal[rng.randrange(len(legal))])
                else:
                    state.apply(choose_in(self.policy, state, seat, legal, rng))
        return outcome_rewards(state) or self.evaluate(state)
