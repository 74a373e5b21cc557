"""A seat's decision in steps (console/games/steps.py), over random states of every built game:
every legal action reachable exactly once, a short first look, card steps only where a subject
repeats (and then exactly what a scan of the card offers), the terminal's headings, the same steps
whatever order the actions come in, and nothing in them but the seat's own legal actions."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

import pytest

from console.games import find_game
from console.games.checks import random_action
from console.games.core import CHANCE, Action, Game, State
from console.games.steps import FOLD_OVER, CardStep, Choice, Steps, steps_for
from console.play_text import choice_groups

TABLES = (("wisteria", 2), ("wheels", 2), ("watch", 3), ("watch", 4))


def decisions(game: Game, players: int, games: int = 4, limit: int = 300) -> Iterator[tuple[State, int]]:
    """Every decision of a seat in a few random games (short ones: the game's short options)."""
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new(players, seed, dict(game.facts.short_options))
        for _ in range(limit):
            if state.is_over:
                break
            for seat in state.to_act:
                if seat != CHANCE:
                    yield state, seat
            state.apply(random_action(state, rng))


def first_look(steps: Steps) -> int:
    return len(steps.first())


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_every_legal_action_is_reachable_exactly_once_and_the_first_look_is_short(
    name: str, players: int
) -> None:
    game = find_game(name)
    seen = 0
    for state, seat in decisions(game, players):
        legal = state.legal_actions(seat)
        steps = steps_for(game, legal, state.view(seat))
        assert Counter(steps.actions()) == Counter(legal)
        open_lists = [
            group
            for group in steps.groups
            if not group.folded and len(group.steps) > 1 and all(isinstance(s, Choice) for s in group.steps)
        ]
        # a dozen controls at most, or nothing left that may fold (the cards in hand never do)
        assert first_look(steps) <= FOLD_OVER or not open_lists, [g.heading for g in steps.groups]
        seen += 1
    assert seen > 20


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_a_card_step_is_what_a_scan_of_its_card_offers(name: str, players: int) -> None:
    """A card step's uses repeat one verb and subject, and for a card they are exactly the legal
    actions that use it: the phone's second step and a pod's scan (or its OK on the card) agree."""
    game = find_game(name)
    for state, seat in decisions(game, players):
        legal = state.legal_actions(seat)
        for group in steps_for(game, legal, state.view(seat)).groups:
            for step in group.steps:
                if not isinstance(step, CardStep):
                    continue
                assert {(a.verb, a.args()[0]) for a in step.actions()} == {(step.verb, step.subject)}
                if step.subject in game.catalog():
                    assert set(step.actions()) == {a for a in legal if step.subject in a.cards()}


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_headings_are_the_terminals_and_the_steps_do_not_depend_on_the_order_given(
    name: str, players: int
) -> None:
    game = find_game(name)
    rng = random.Random(7)
    for state, seat in decisions(game, players, games=2):
        legal, view = state.legal_actions(seat), state.view(seat)
        steps = steps_for(game, legal, view)
        terminal = [group.label or group.items[0][0] for group in choice_groups(game, legal, view)]
        assert [group.heading for group in steps.groups] == terminal
        shuffled = list(legal)
        rng.shuffle(shuffled)
        assert steps_for(game, shuffled, view) == steps


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_steps_sent_name_only_the_seats_own_legal_actions(name: str, players: int) -> None:
    game = find_game(name)
    for state, seat in decisions(game, players, games=2):
        legal = {str(action) for action in state.legal_actions(seat)}
        sent = steps_for(game, state.legal_actions(seat), state.view(seat)).to_json()
        named = [
            use["action"] for group in sent for step in group["steps"] for use in step.get("uses", [step])
        ]
        assert sorted(named) == sorted(legal)
        json.dumps(sent)  # plain JSON for the seat's payload


def test_battle_or_retreat_is_one_open_group() -> None:
    game = find_game("wisteria")
    state, seat = next(decisions(game, 2))
    steps = steps_for(game, state.legal_actions(seat), state.view(seat))
    (group,) = steps.groups
    assert group.heading == "Battle or Retreat" and not group.folded and not group.alone
    assert [step.action.verb for step in group.steps if isinstance(step, Choice)] == ["battle", "retreat"]


# -- the rules on a game of plain verbs (no words of its own) -----------------------------------


@dataclass(frozen=True)
class Go(Action):
    verb: ClassVar[str] = "go"
    to: str = ""
    how: str = ""

    def args(self) -> tuple[str, ...]:
        return (self.to, self.how) if self.how else (self.to,)


@dataclass(frozen=True)
class Stay(Action):
    verb: ClassVar[str] = "stay"


class Plain(Game):
    """Only what steps_for reads: no label, no catalog, no verb order."""

    name, title = "plain", "Plain"

    def new(self, *args: object, **kwargs: object) -> State:
        raise NotImplementedError

    def parse_notation(self, text: str) -> Action:
        raise NotImplementedError


PLAIN = Plain()


def test_a_game_without_words_is_grouped_by_verb_and_a_choice_without_arguments_stands_alone() -> None:
    steps = steps_for(PLAIN, [Stay(1), Go(1, "a"), Go(1, "b")], {})
    assert [(group.heading, group.alone) for group in steps.groups] == [("Go", False), ("Stay", True)]
    assert [step.words for step in steps.groups[0].steps] == ["a", "b"]
    assert steps.line(steps.groups[0].steps[0]) == "Go: a" and steps.line(steps.groups[1].steps[0]) == "Stay"


def test_a_subject_that_repeats_makes_card_steps() -> None:
    legal = [Go(1, "a", "fast"), Go(1, "a", "slow"), Go(1, "b"), Stay(1)]
    (go, _) = steps_for(PLAIN, legal, {}).groups
    card, single = go.steps
    assert isinstance(card, CardStep) and (card.key, card.words) == ("go a", "a (2 ways)")
    assert isinstance(single, CardStep) and single.words == "b"  # one way, still a card: chosen alike
    assert [use.words for use in card.uses] == ["a fast", "a slow"]


def test_a_long_list_folds_and_a_long_first_look_folds_its_lists_longest_first() -> None:
    def places(count: int) -> list[Action]:
        return [Go(1, f"i{n}") for n in range(1, count + 1)]

    assert not steps_for(PLAIN, places(FOLD_OVER), {}).groups[0].folded
    (folded,) = steps_for(PLAIN, places(FOLD_OVER + 1), {}).groups
    assert folded.folded and folded.key == "group Go" and folded.words == "Go: 13 choices"
    assert [step.words for step in folded.steps][:3] == ["i1", "i2", "i3"]  # natural order
    assert steps_for(PLAIN, places(FOLD_OVER + 1), {}).first() == (folded,)

    # a subject that repeats makes every subject of the group a card: cards in hand never fold
    mixed = [*places(FOLD_OVER + 1), Go(1, "x", "by"), Go(1, "x", "sea"), Stay(1)]
    groups = steps_for(PLAIN, mixed, {}).groups
    assert [(g.heading, g.folded) for g in groups] == [("Go", False), ("Stay", False)]
    assert all(isinstance(step, CardStep) for step in groups[0].steps)

    def verb(word: str) -> type[Go]:
        return dataclass(frozen=True)(type(word.title(), (Go,), {"__annotations__": {}, "verb": word}))

    # five short lists, 15 controls: the longest fold first (the first of equals), until 12 or fewer
    lists = [verb(word)(1, f"i{n}") for word in ("a", "b", "c", "d", "e") for n in range(1, 4)]
    folds = [group.folded for group in steps_for(PLAIN, lists, {}).groups]
    assert folds == [True, True, False, False, False]
    assert len(steps_for(PLAIN, lists, {}).first()) == 1 + 1 + 3 + 3 + 3
