"""Scenario files: a game's setup and a list of notated actions, with the results they must give.

A scenario runs on a real ``Table`` over an in-memory journal, so it exercises the same path as
the hub. Pending chance is resolved from the seeded RNG before each player action (stacked decks
force it), which keeps golden files short.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from console.games.core import CHANCE, JSON, Action, BadOptions, Event, State, UnknownGame
from console.journal import Journal
from console.table import Table

# Called after every action a scenario applies (chance included): the state before it, the action,
# its events and the state after; a test passes one to check a game's invariants at every step.
Observer = Callable[[State, Action, list[Event], State], None]
KNOWN_KEYS = {"game", "players", "seed", "options", "decks", "actions", "finish_chance", "expect", "title"}


class ScenarioError(ValueError):
    """The scenario file itself is malformed (not an action in it)."""


@dataclass(frozen=True)
class Scenario:
    path: str
    game: str
    players: int
    seed: int
    actions: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    decks: dict[int, list[str]] = field(default_factory=dict)
    finish_chance: bool = False
    expect: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ScenarioResult:
    result: JSON
    error_index: int | None = None
    error: str | None = None


def load_scenario(path: str | Path) -> Scenario:
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except OSError as error:
        raise ScenarioError(f"{path}: cannot read it ({error.strerror})") from None
    except tomllib.TOMLDecodeError as error:
        raise ScenarioError(f"{path}: not valid TOML ({error})") from None
    return parse_scenario(data, str(path))


def parse_scenario(data: Mapping[str, Any], path: str = "<scenario>") -> Scenario:
    unknown = set(data) - KNOWN_KEYS
    if unknown:
        raise ScenarioError(f"{path}: unknown key(s) {', '.join(sorted(unknown))}")

    def need(key: str, kind: type, default: Any = None) -> Any:
        value = data.get(key, default)
        if value is None:
            raise ScenarioError(f"{path}: {key!r} is missing")
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ScenarioError(f"{path}: {key!r} must be {kind.__name__}")
        return value

    actions = need("actions", list, [])
    if not all(isinstance(action, str) for action in actions):
        raise ScenarioError(f"{path}: every action must be a string of notation")
    decks = need("decks", dict, {})
    try:
        stacked = {int(seat): [str(card) for card in cards] for seat, cards in decks.items()}
    except (TypeError, ValueError):
        raise ScenarioError(f"{path}: decks must map seat numbers to lists of card ids") from None
    return Scenario(
        path=path,
        game=need("game", str),
        players=need("players", int),
        seed=need("seed", int, 0),
        actions=actions,
        options=need("options", dict, {}),
        decks=stacked,
        finish_chance=need("finish_chance", bool, False),
        expect=need("expect", dict, {}),
    )


def run_scenario(scenario: Scenario, observe: Observer | None = None) -> ScenarioResult:
    """Play the scenario. Setup problems raise ScenarioError; a bad action stops the run and is
    reported in the result with its index. ``observe`` sees every action applied."""
    journal = Journal(":memory:")
    try:
        table = Table.start(
            journal,
            scenario.game,
            scenario.players,
            scenario.seed,
            scenario.options,
            scenario.decks or None,
            clock=lambda: 0.0,
        )
    except (UnknownGame, BadOptions) as error:
        raise ScenarioError(f"{scenario.path}: {error}") from None
    for index, text in enumerate(scenario.actions):
        try:
            action = table.game.parse_action(text)
            if action.seat != CHANCE:
                _resolve_chance(table, observe)
            _submit(table, action, observe)
        except ValueError as error:  # NotationError and IllegalAction alike
            return ScenarioResult(result_json(table), index, f"action {index} {text!r}: {error}")
    if scenario.finish_chance:
        _resolve_chance(table, observe)
    return ScenarioResult(result_json(table))


def _submit(table: Table, action: Action, observe: Observer | None) -> None:
    before = table.state.copy() if observe is not None else None
    events = table.submit(action)
    if observe is not None and before is not None:
        observe(before, action, events, table.state)


def _resolve_chance(table: Table, observe: Observer | None) -> None:
    while table.state.to_act == (CHANCE,):
        _submit(table, table.chance_action(), observe)


def result_json(table: Table) -> JSON:
    state = table.state
    outcome = state.outcome()
    return {
        "game": table.game.name,
        "players": state.players,
        "actions": list(table.history),
        "to_act": list(state.to_act),
        "public": state.view(None),
        "seats": {str(seat): state.view(seat) for seat in range(1, state.players + 1)},
        "outcome": outcome.to_json() if outcome else None,
    }


def check_expectations(scenario: Scenario, run: ScenarioResult) -> list[str]:
    """Every way the run differs from the scenario's [expect] table; [] when it matches."""
    failures = []
    expect = dict(scenario.expect)
    error_index = expect.pop("error_index", None)
    error_contains = expect.pop("error_contains", None)
    # TOML has no null: paths that must be null, or absent, are listed instead.
    for path in expect.pop("is_null", []):
        if lookup(run.result, path) is not None:
            failures.append(f"{path}: expected null, got {lookup(run.result, path)!r}")
    for path in expect.pop("is_missing", []):
        if lookup(run.result, path) is not _MISSING:
            failures.append(f"{path}: expected no such field, got {lookup(run.result, path)!r}")
    if error_index is None and run.error is not None:
        failures.append(f"unexpected error: {run.error}")
    if error_index is not None and run.error_index != error_index:
        failures.append(f"expected action {error_index} to be refused, got {run.error or 'no error'}")
    if error_contains is not None and (run.error is None or error_contains not in run.error):
        failures.append(f"expected an error containing {error_contains!r}, got {run.error!r}")
    for path, wanted in expect.items():
        found = lookup(run.result, path)
        if found != wanted:
            failures.append(f"{path}: expected {wanted!r}, got {found!r}")
    return failures


_MISSING = "<missing>"


def lookup(data: Any, path: str) -> Any:
    """Follow a dotted path (``seats.2.won``) through dicts and lists."""
    for part in path.split("."):
        if isinstance(data, Mapping) and part in data:
            data = data[part]
        elif isinstance(data, list) and part.lstrip("-").isdigit() and -len(data) <= int(part) < len(data):
            data = data[int(part)]
        else:
            return _MISSING
    return data
