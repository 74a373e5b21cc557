"""Every built-in engine has the same inner skeleton (docs/adding-a-game.md): one dispatch table,
``RULES`` in state.py, read by the base ``State._apply``; one ``parse`` in actions.py; one cached,
checked ``catalog()`` in catalog.py; actions as typed frozen values."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import random
import re
from types import ModuleType

import pytest

from console.games import find_game, game_names
from console.games.core import CHANCE, Action, CatalogError, IllegalAction, State

BUILT_IN = [name for name in game_names() if type(find_game(name)).__module__.startswith("console.games.")]


def part(name: str, module: str) -> ModuleType:
    return importlib.import_module(f"{type(find_game(name)).__module__.rpartition('.')[0]}.{module}")


def action_classes(name: str) -> set[type[Action]]:
    """The engine's concrete action classes: those of its actions.py with a verb."""
    actions = part(name, "actions")
    return {
        cls
        for _, cls in inspect.getmembers(actions, inspect.isclass)
        if issubclass(cls, Action) and cls.__module__ == actions.__name__ and cls.verb
    }


@pytest.mark.parametrize("name", BUILT_IN)
def test_one_dispatch_table_named_rules_has_a_rule_for_every_action_class(name: str) -> None:
    state = part(name, "state")
    state_class = type(find_game(name).new(find_game(name).min_players))
    assert state_class.rules is state.RULES
    assert set(state.RULES) == action_classes(name)
    assert "_apply" not in vars(state_class) and "apply" not in vars(state_class)


@pytest.mark.parametrize("name", BUILT_IN)
def test_the_base_apply_refuses_another_class_of_action_and_changes_nothing(name: str) -> None:
    @dataclasses.dataclass(frozen=True)
    class Stranger(Action):
        verb = "stranger"
        out_of_turn = True

    game = find_game(name)
    state = game.new(game.min_players)
    before = state.view(None)
    with pytest.raises(IllegalAction, match=re.escape(f"is not an action of {game.title}")):
        state.apply(Stranger(CHANCE))
    assert state.view(None) == before


def play(name: str, actions: int, seed: int = 7) -> list[Action]:
    game = find_game(name)
    state: State = game.new(game.min_players)
    rng = random.Random(seed)
    log: list[Action] = []
    while len(log) < actions and state.to_act:
        seat = state.to_act[0]
        action = state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions(seat))
        log.append(action)
        state.apply(action)
    return log


@pytest.mark.parametrize("name", BUILT_IN)
def test_one_parse_entry_the_game_parses_through(name: str) -> None:
    parse = part(name, "actions").parse
    for action in play(name, 200):
        assert parse(str(action)) == action == find_game(name).parse_action(str(action))


@pytest.mark.parametrize("name", BUILT_IN)
def test_one_catalog_loader_read_once_and_checked(name: str) -> None:
    catalog = part(name, "catalog")
    assert catalog.catalog() is catalog.catalog()
    assert catalog.load_catalog() == catalog.catalog()
    with pytest.raises(CatalogError, match=r"broken\.toml"):
        catalog.load_catalog("[[card]\nid=", source="broken.toml")
    assert set(find_game(name).catalog()) >= {card for action in play(name, 300) for card in action.cards()}


@pytest.mark.parametrize("name", BUILT_IN)
def test_actions_are_frozen_values_with_named_fields(name: str) -> None:
    for cls in action_classes(name):
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        assert "words" not in {field.name for field in dataclasses.fields(cls)}, cls


def test_the_watch_reads_its_words_into_typed_fields() -> None:
    from console.games.watch.actions import Lose, Move, Offer, Play, Say, parse

    move = parse("1:move i19 i31")
    assert move == Move(1, "i19", "i31") and (move.start, move.end) == ("i19", "i31")
    assert move is parse("1:move i19 i31")  # one shared value
    assert parse("2:offer 3") == Offer(2, 3) and str(Offer(2, 3)) == "2:offer 3"
    lose = parse("chance:lose 2 p-spy")
    assert isinstance(lose, Lose) and (lose.victim, lose.card, lose.supplier()) == (2, "p-spy", 2)
    crowns = parse("1:play g-crowns-due 3 wood gold")
    assert crowns == Play(1, "g-crowns-due", ("3", "wood", "gold")) and crowns.cards() == ("g-crowns-due",)
    said = Say(1, 2, 'meet "at" the ford')
    assert parse(str(said)) == said and str(said) == '1:say 2 "meet \\"at\\" the ford"'
