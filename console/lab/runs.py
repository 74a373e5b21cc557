"""One simulated game and one chunk of games: the unit of work a process or a cluster worker runs.

A run's ``games`` are plays. Game ``i`` uses seed ``S + i`` of a run with seed ``S``; when the
seats' bots differ, each seed is played once per rotation of the bot list (seat ``s`` gets bot
``(s - 1 + r) mod n``) until the run has its plays, so seat and bot effects separate on common
seeds (a run of 5 plays with two bots plays seeds 0, 1 and 2 with the bots in seats 1-2, 2-1,
1-2, 2-1 and 1-2). Chance and each seat's bot draw from their own RNGs, seeded
from the game's seed alone, so a record depends only on (spec, index, rotation), never on which
process played it or when.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from console.bots import decide, make_bot
from console.games import find_game
from console.games.core import CHANCE, JSON, Action, Bot, Game
from console.games.editions import Edition


@dataclass(frozen=True)
class RunSpec:
    """What to simulate: everything a worker needs, small enough to send to a cluster."""

    game: str
    games: int  # plays: seeds times rotations, the last seed's rotations cut where the plays end
    seed: int = 0
    players: int = 0  # 0: the game's fewest
    bots: tuple[str, ...] = ("normal",)  # one per seat, or one for every seat
    options: dict[str, Any] = field(default_factory=dict)
    max_actions: int = 20_000
    edition: Edition = field(default_factory=Edition)  # the book, or numbers changed and cards stood in for

    def rules(self) -> Game:
        """The game this run plays: the book, or the book in ``edition``."""
        return _edited(self.game, self.edition)

    def seat_players(self) -> int:
        return self.players or find_game(self.game).min_players

    def seat_bots(self) -> tuple[str, ...]:
        players = self.seat_players()
        if len(self.bots) == 1:
            return self.bots * players
        if len(self.bots) != players:
            raise ValueError(
                f"--bots names {len(self.bots)} bots for {players} seats: name one, or one per seat"
            )
        return self.bots

    def rotations(self) -> int:
        """How many times each seed is played: once per rotation when the bots differ."""
        return len(self.seat_bots()) if len(set(self.seat_bots())) > 1 else 1

    def seeds(self) -> int:
        return -(-self.games // self.rotations())

    def units(self) -> list[tuple[int, int]]:
        """Every (game index, rotation) of the run, in the order records are reported."""
        every = [(index, rotation) for index in range(self.seeds()) for rotation in range(self.rotations())]
        return every[: self.games]


@cache
def _edited(name: str, edition: Edition) -> Game:
    """Made once per process: an edited catalog is checked whole as it is made."""
    return find_game(name).edited(edition)


def rotated(bots: Sequence[str], rotation: int) -> list[str]:
    return [bots[(seat + rotation) % len(bots)] for seat in range(len(bots))]


def ending(reason: str) -> str:
    """A reason with its numbers and seats taken out, so like endings are counted together."""
    return re.sub(r"\d+(\.\d+)?", "N", reason)


def play_game(spec: RunSpec, index: int, rotation: int, bots: dict[str, Bot] | None = None) -> JSON:
    """Play one game; return its record (outcome, length, tension, card use)."""
    game = spec.rules()
    players = spec.seat_players()
    names = rotated(spec.seat_bots(), rotation)
    cache = bots if bots is not None else {}
    seed = spec.seed + index
    state = game.new(players, seed, spec.options)
    # the bots read the catalog of the game the state is played in: an edition named by the options
    seat_bots = {
        seat: cache.setdefault(name, make_bot(state.game, name, None))
        for seat, name in enumerate(names, start=1)
    }
    chance_rng = random.Random(f"{seed}:chance")
    bot_rngs = {seat: random.Random(f"{seed}:seat:{seat}") for seat in seat_bots}
    leader: int | None = None
    lead_changes = plies = applied = 0
    leaders: list[int | None] = []  # the sole leader after each seat action
    history: list[Action] = []
    # The loop runs once an action, so what it calls is looked up once (a long game has a thousand).
    apply, standing, max_actions = state.apply, game.standing, spec.max_actions
    scores: list[float] = []
    now: int | None = None
    while applied < max_actions:
        seats = state.to_act
        if not seats:
            break
        if seats == (CHANCE,):
            action = state.sample_chance(chance_rng)
            apply(action)
        else:
            seat = seats[0]
            action = decide(seat_bots[seat], state, seat, bot_rngs[seat])
            apply(action)
            plies += 1
            standing_now = standing(state)
            if standing_now != scores:  # most actions move no score: the same leader as before
                scores = standing_now
                top = max(scores)
                now = scores.index(top) + 1 if scores.count(top) == 1 else None
                if now is not None and leader is not None and now != leader:
                    lead_changes += 1
                if now is not None:
                    leader = now
            leaders.append(now)
        history.append(action)
        applied += 1
    outcome = state.outcome()
    record: JSON = {
        "index": index,
        "rotation": rotation,
        "seed": seed,
        "bots": names,
        "actions": applied,
        "plies": plies,
        "finished": outcome is not None,
    }
    if outcome is None:
        record.update(
            winners=[],
            scores=[],
            reason="unfinished: action limit reached",
            ending="unfinished: action limit reached",
        )
    else:
        record.update(
            winners=list(outcome.winners),
            scores=list(outcome.scores),
            reason=outcome.reason,
            ending=ending(outcome.reason) if outcome.winners else f"abandoned: {outcome.reason}",
        )
    record["lead_changes"] = lead_changes
    record["decided_at"] = _decided_at(leaders, outcome.winners if outcome else ())
    card_use = game.card_use(state, history)
    if card_use is not None:
        record["cards"] = {str(seat): use for seat, use in card_use.items()}
    return record


def _decided_at(leaders: list[int | None], winners: Sequence[int]) -> float | None:
    """The fraction of the game's seat actions after which a sole winner never trailed (led or
    tied from there on); None for a draw or an unfinished game."""
    if len(winners) != 1 or not leaders:
        return None
    winner = winners[0]
    last_behind = 0
    for ply, now in enumerate(leaders, start=1):
        if now is not None and now != winner:
            last_behind = ply
    return last_behind / len(leaders)


def run_chunk(spec: RunSpec, units: Sequence[tuple[int, int]]) -> list[JSON]:
    """Play ``units`` in order with one set of bots: what each worker process runs."""
    bots: dict[str, Bot] = {}
    return [play_game(spec, index, rotation, bots) for index, rotation in units]
