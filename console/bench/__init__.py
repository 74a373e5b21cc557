"""Benchmarks, not timed tests: ``tabletop bench`` measures and prints, it never fails a build.

Every built game gets ``<game>.us_per_action`` (microseconds per applied action in random
playouts, chance included) and ``<game>.games_per_s``. The other groups are the modules of this
package, listed in ``GROUPS``: each has a ``benchmarks() -> list[dict]`` of figures named
``<group>.<figure>``, imported only when its group runs (``tabletop bench hub`` starts no broker).
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from console.games import find_game, game_names
from console.games.core import CHANCE, Game


@dataclass(frozen=True)
class Figure:
    name: str
    value: float
    unit: str

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "value": round(self.value, 3), "unit": self.unit}


def random_playouts(game: Game, players: int, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """Play random games for about ``seconds``; return (games, actions, elapsed seconds)."""
    rng = random.Random(seed)
    games = actions = 0
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        state = game.new(players, seed + games)
        started = time.perf_counter()
        while True:
            seats = state.to_act
            if not seats:
                break
            if seats == (CHANCE,):
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions(seats[0])
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
            actions += 1
        elapsed += time.perf_counter() - started
        games += 1
    return games, actions, elapsed


def game_figures(name: str, seconds: float = 2.0) -> list[Figure]:
    game = find_game(name)
    players = game.facts.typical_players or game.min_players  # the seats its figures were set for
    games, actions, elapsed = random_playouts(game, players, seconds)
    return [
        Figure(f"{name}.us_per_action", 1e6 * elapsed / max(1, actions), "us"),
        Figure(f"{name}.games_per_s", games / elapsed, "games/s"),
    ]


def _pods() -> list[dict[str, Any]]:
    from console.bench import pods

    return pods.benchmarks()


def _hub() -> list[dict[str, Any]]:
    # hub_flood and hub_hardening build on hub's rig, so hub never imports them
    from console.bench import hub, hub_flood, hub_hardening

    return [*hub_flood.benchmarks(), *hub_hardening.benchmarks(), *hub.benchmarks()]


def _journal() -> list[dict[str, Any]]:
    from console.bench import journal

    return journal.benchmarks()


def _venue() -> list[dict[str, Any]]:
    from console.bench import venue

    return venue.benchmarks()


def _lab() -> list[dict[str, Any]]:
    from console.bench import lab, lab_design

    return [*lab.benchmarks(), *lab_design.benchmarks()]


def _bots() -> list[dict[str, Any]]:
    from console.bench import bots

    return bots.benchmarks()


def _cards() -> list[dict[str, Any]]:
    from console.bench import cards

    return cards.benchmarks()


def _corrections() -> list[dict[str, Any]]:
    from console.bench import corrections

    return corrections.benchmarks()


def _ux() -> list[dict[str, Any]]:
    from console.bench import ux

    return ux.benchmarks()


# Every group beside the games': its name (the prefix of its figures) and its module's figures.
GROUPS: dict[str, Callable[[], list[dict[str, Any]]]] = {
    "pods": _pods,
    "cards": _cards,
    "hub": _hub,
    "journal": _journal,
    "venue": _venue,
    "lab": _lab,
    "bots": _bots,
    "ux": _ux,
    "corrections": _corrections,
}


def group_figures(benchmarks: Callable[[], list[dict[str, Any]]]) -> list[Figure]:
    return [Figure(**figure) for figure in benchmarks()]


def available(seconds: float = 2.0) -> dict[str, Callable[[], list[Figure]]]:
    """Benchmark groups by name: one per built game, then those of ``GROUPS``."""
    groups: dict[str, Callable[[], list[Figure]]] = {
        name: functools.partial(game_figures, name, seconds) for name in game_names()
    }
    for name, benchmarks in GROUPS.items():
        groups[name] = functools.partial(group_figures, benchmarks)
    return groups


def run(selected: list[str], seconds: float = 2.0) -> list[Figure]:
    """Run the named groups (``hub``, a game's name) or figures (``hub.scan_to_phone_p50_ms``); all
    by default. ``seconds`` is how long each game's random playouts run."""
    groups = available(seconds)
    wanted = selected or sorted(groups)
    figures: list[Figure] = []
    for name in wanted:
        group = name.partition(".")[0]
        if group not in groups:
            raise KeyError(f"there is no benchmark {name!r}; benchmarks: {', '.join(sorted(groups))}")
        figures.extend(f for f in groups[group]() if f.name == name or name == group)
    return figures
