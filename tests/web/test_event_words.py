"""Every kind of event each game makes, worded by the pages' own scripts (run in node): a
sentence with the cards' printed names, never a field dump, JSON bits or a raw card id.

The events come from random games of each engine (fixed seeds), private ones included, so a new
kind of event an engine starts to send without words in its game-*.js fails here."""

from __future__ import annotations

import json
import random
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers.log_words import is_dump, raw_ids

from console.games import find_game
from console.games.core import CHANCE
from console.web import page_data

STATIC = Path(__file__).resolve().parents[2] / "console" / "web" / "static"
HERE = Path(__file__).resolve().parent
# (players, seeds, options): enough play to meet every kind of event, bounded to stay quick.
PLAYS: dict[str, list[tuple[int, range, dict[str, Any]]]] = {
    "wisteria": [(2, range(12), {"round_limit": 300}), (3, range(4), {"round_limit": 200})],
    "wheels": [(2, range(25), {})],
    "watch": [(4, range(6), {"max_rounds": 30}), (2, range(3), {"max_rounds": 30})],
}


def sample_events(game_name: str) -> list[dict[str, Any]]:
    """Up to three events of each kind (and of each audience) from random games."""
    game = find_game(game_name)
    found: dict[tuple[str, bool], list[dict[str, Any]]] = {}
    for players, seeds, options in PLAYS[game_name]:
        for seed in seeds:
            state = game.new(players, seed=seed, options=options)
            rng = random.Random(seed)
            for _ in range(4000):
                if state.is_over:
                    break
                seat = state.to_act[0]
                action = state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions(seat))
                for event in state.apply(action):
                    kept = found.setdefault((event.kind, event.audience is None), [])
                    if len(kept) < 3:
                        kept.append({"id": 1, "action": 1, **event.to_json()})
    return [event for events in found.values() for event in events]


@pytest.fixture(scope="module")
def worded(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[str, str, str]]:
    samples = {name: {"cards": page_data.cards(name), "events": sample_events(name)} for name in PLAYS}
    path = tmp_path_factory.mktemp("words") / "samples.json"
    path.write_text(json.dumps(samples))
    return [(str(game), str(kind), str(line)) for game, kind, line in _run_node(path)]


_node: list[str] = []


def _run_node(samples: Path) -> list[list[str]]:
    done = subprocess.run(
        [_node[0], str(HERE / "describe_events.js"), str(STATIC), str(samples)],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    lines: list[list[str]] = json.loads(done.stdout)
    return lines


@pytest.fixture(autouse=True)
def node(require_program: Callable[..., str]) -> None:
    if not _node:
        _node.append(require_program("node", "nodejs"))


def test_the_dump_check_catches_the_old_log_lines() -> None:
    assert is_dump("ending: seat 1, aged 1, soured [], turns left 8, damp 0, chill 0")
    assert is_dump("played: seat 4, card g-road-building, args []")
    assert not is_dump("War! seat 1, seat 2 tie on 1")
    assert not is_dump("Battle: seat 1, seat 2 · Retreat: nobody")


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_every_event_reads_as_a_sentence(worded: list[tuple[str, str, str]], game: str) -> None:
    lines = [(kind, line) for name, kind, line in worded if name == game]
    assert len({kind for kind, _ in lines}) >= {"wisteria": 12, "wheels": 20, "watch": 35}[game]
    ids = set(find_game(game).catalog())
    for kind, line in lines:
        assert line and not is_dump(line), (kind, line)
        assert not raw_ids(line, ids), (kind, line)
        # the generic fallback ("Seat 2: Damp") means the game has no words for this kind
        assert not re.fullmatch(r"(Seat \d+: )?[A-Z][a-z]+( [a-z]+)*", line), (kind, line)
