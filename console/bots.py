"""The bots a seat can be given by name, for every game: a level (``easy``, ``normal``, ``hard``,
and ``hard2x``/``hard4x`` for the skill ladder) or the older names ``random`` and ``heuristic``.

Used by the hub, the terminal game, the table and the simulator alike; ``decide`` is the one call
that asks a bot for an action, handing a searching bot its seat's sampler and never the state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from console.games.core import Action, Bot, Game, Seat, State
from console.games.observe import BlindRandomBot, choose_in
from console.games.search import SearchBot

# Iterations per decision of the hard bot and its stronger ladder rungs; iterations, not seconds,
# so a seeded simulation replays exactly whatever the machine's load.
HARD_ITERATIONS = {"hard": 150, "hard2x": 300, "hard4x": 600}
# At a table the hard bot also stops thinking after this long, so it answers within the delay.
TABLE_THINK_S = 0.45
BOT_KINDS = ("easy", "normal", *HARD_ITERATIONS, "heuristic", "random")
ALIASES = {"random": "easy", "heuristic": "normal"}


def make_bot(game: Game, kind: str, think_s: float | None = None) -> Bot:
    """One bot of ``kind``; ``think_s`` caps a hard bot's thinking time (tables, not simulations)."""
    if kind not in BOT_KINDS:
        raise ValueError(f"there is no bot {kind!r}; bots: {', '.join(BOT_KINDS)}")
    level = ALIASES.get(kind, kind)
    if level == "easy":
        return BlindRandomBot()
    if level == "normal":
        return game.heuristic_bot() or BlindRandomBot()
    budget = game.search_budget
    return SearchBot(
        game.evaluate,
        iterations=max(1, round(budget.iterations * HARD_ITERATIONS[level])),
        seconds=think_s,
        rollout=budget.rollout,
        policy=game.heuristic_bot(),
    )


def bots_for(game: Game, players: int, kind: str, think_s: float | None = TABLE_THINK_S) -> dict[int, Bot]:
    """One bot per seat, all of ``kind``."""
    return {seat: make_bot(game, kind, think_s) for seat in range(1, players + 1)}


def decide(bot: Bot, state: State, seat: Seat, rng: random.Random) -> Action:
    """Ask ``bot`` for ``seat``'s action: its view and legal actions, plus, for a searching bot,
    a sampler of worlds consistent with that view (``State.determinize``). A bot that says what
    it reads (``ObservingBot``) gets that observation of the seat's view, not the JSON view:
    building views was most of a simulation's time."""
    legal = state.legal_actions(seat)
    # The class's own ancestry rather than isinstance (an ABC's check runs a Python method).
    if SearchBot in type(bot).__mro__:
        sample: Callable[[random.Random], State] = lambda rng: state.determinize(seat, rng)  # noqa: E731
        return cast(SearchBot, bot).decide(state.view(seat), legal, rng, sample)
    return choose_in(bot, state, seat, legal, rng)
