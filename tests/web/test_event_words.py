"""Every kind of event each game makes, worded by the pages' own scripts (run in node): a
sentence with the cards' printed names, never a field dump, JSON bits or a raw card id.

The events come from random games of each engine (fixed seeds), private ones included, so a new
kind of event an engine starts to send without words in its page script fails here."""

from __future__ import annotations

import json
import random
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from console.games import find_game
from console.games.core import CHANCE
from console.web import page_data
from tests.helpers.log_words import is_dump, raw_ids

STATIC = Path(__file__).resolve().parents[2] / "console" / "web" / "static"
HERE = Path(__file__).resolve().parent
# (players, seeds, options): enough play to meet every kind of event, bounded to stay quick.
PLAYS: dict[str, list[tuple[int, range, dict[str, Any]]]] = {
    "wisteria": [(2, range(12), {"round_limit": 300}), (3, range(4), {"round_limit": 200})],
    "wheels": [(2, range(25), {})],
    "watch": [(4, range(6), {"max_rounds": 30}), (2, range(3), {"max_rounds": 30})],
}


def sample_play(game_name: str) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Up to three events of each kind (and of each audience) from random games, and up to
    three choices of each verb with the view of the seat that had them."""
    game = find_game(game_name)
    found: dict[tuple[str, bool], list[dict[str, Any]]] = {}
    choices: dict[str, list[dict[str, Any]]] = {}
    for players, seeds, options in PLAYS[game_name]:
        for seed in seeds:
            state = game.new(players, seed=seed, options=options)
            rng = random.Random(seed)
            for _ in range(4000):
                if state.is_over:
                    break
                seat = state.to_act[0]
                if seat == CHANCE:
                    action = state.sample_chance(rng)
                else:
                    legal = state.legal_actions(seat)
                    for choice in legal:
                        kept_choices = choices.setdefault(str(choice).split(":", 1)[1].split(" ")[0], [])
                        if len(kept_choices) < 3 and rng.random() < 0.2:
                            kept_choices.append({"notation": str(choice), "view": state.view(seat)})
                    action = rng.choice(legal)
                for event in state.apply(action):
                    kept = found.setdefault((event.kind, event.audience is None), [])
                    if len(kept) < 3:
                        kept.append({"id": 1, "action": 1, **event.to_json()})
    return [event for events in found.values() for event in events], [
        c for kept in choices.values() for c in kept
    ]


@pytest.fixture(scope="module")
def words(
    tmp_path_factory: pytest.TempPathFactory, require_program: Callable[..., str]
) -> dict[str, list[list[str]]]:
    """{"lines": [[game, kind, line]], "labels": [[game, notation, label, detail]]}."""
    node = require_program("node", "nodejs")  # a module fixture: set up before the autouse one
    samples = {}
    for name in PLAYS:
        events, choices = sample_play(name)
        samples[name] = {"cards": page_data.cards(name), "events": events, "choices": choices}
    folder = tmp_path_factory.mktemp("words")
    path = folder / "samples.json"
    path.write_text(json.dumps(samples))
    scripts = []
    for name in PLAYS:  # each game's own drawing, as the hub serves it
        script = folder / f"{name}.js"
        script.write_text(find_game(name).page_script())
        scripts.append(str(script))
    done = subprocess.run(
        [node, str(HERE / "describe_events.js"), str(path), str(STATIC / "games.js"), *scripts],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    worded: dict[str, list[list[str]]] = json.loads(done.stdout)
    return worded


_node: list[str] = []


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
def test_every_event_reads_as_a_sentence(words: dict[str, list[list[str]]], game: str) -> None:
    lines = [(kind, line) for name, kind, line in words["lines"] if name == game]
    assert len({kind for kind, _ in lines}) >= {"wisteria": 12, "wheels": 20, "watch": 35}[game]
    ids = set(find_game(game).catalog())
    for kind, line in lines:
        assert line and not is_dump(line), (kind, line)
        assert not raw_ids(line, ids), (kind, line)
        # the generic fallback ("Seat 2: Damp") means the game has no words for this kind
        assert not re.fullmatch(r"(Seat \d+: )?[A-Z][a-z]+( [a-z]+)*", line), (kind, line)


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_every_choice_is_labelled_in_words(words: dict[str, list[list[str]]], game: str) -> None:
    labels = [(notation, label, detail) for name, notation, label, detail in words["labels"] if name == game]
    verbs = {notation.split(":", 1)[1].split(" ")[0] for notation, _, _ in labels}
    assert len(verbs) >= {"wisteria": 2, "wheels": 7, "watch": 15}[game], verbs
    ids = set(find_game(game).catalog())
    for notation, label, detail in labels:
        # not the notation itself, no card id, and capitalised like a button's words
        assert label != notation.split(":", 1)[1] and not label[0].islower(), (notation, label)
        assert not raw_ids(label, ids) and not is_dump(label), (notation, label)
        assert not re.search(r"\b[IEH]\d+\b", label), (notation, label)  # places are i14, e23, h5
        assert not is_dump(detail), (notation, detail)
    if game == "wheels":
        # a craft aimed at the rival names the rival's shelf, never "your"
        rival = {cid for cid, info in page_data.cards("wheels").items() if info.get("rival")}
        aimed = [
            (n, label)
            for n, label, _ in labels
            if n.split(" ")[0].endswith("play") and len(n.split(" ")) == 3
        ]
        for notation, label in aimed:
            whose = "seat" if notation.split(" ")[1] in rival else "your"
            assert f"on {whose}" in label, (notation, label)
