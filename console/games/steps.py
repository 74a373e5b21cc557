"""A seat's decision in steps: the one grouping of its legal actions that the phone's buttons,
the pod's UP/DOWN cursor and the terminal's list all read, so a phone and a pod offer the same
first steps for the same state.

The steps are built from the seat's own legal actions and its own view only (``Game.label``
words them), so they may go wherever that seat's legal actions go, and nowhere else.

- **Groups.** Actions are grouped under ``Game.label``'s group, groups in the order a turn reads
  (``Game.verb_order``), actions in natural order (i2 before i10). A choice the game words with
  no group stands alone: its heading is its own words.
- **Card first.** In a group, a verb whose first argument (its subject: a card, a stack) comes up
  more than once is chosen in two steps: the subject, then one of its uses (``CardStep``). The
  first step offers a handful of cards, not every card times every target.
- **Folding.** A group of more than ``FOLD_OVER`` one-tap choices (a map's places) folds behind
  its heading; when the first look would show more than ``FOLD_OVER`` controls, groups of one-tap
  choices fold until it does not (``_folded``). A folded group is one control until opened.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from console.games.core import JSON, Action, ChoiceLabel, Game, MissingHook, natural_key

FOLD_OVER = 12  # a first look of more controls than this is a wall of buttons
FOLD_SMALL = 3  # lists this short stay open whatever else folds: Battle or Retreat is never hidden


def choice_label(game: Game, action: Action, view: Mapping[str, Any]) -> ChoiceLabel:
    """The group and the words of one action (``("Build a road", "e7 (i4 to i8)")``): the game's
    ``label``, or for a game (or an action's shape) it does not word, the verb as the heading and
    the arguments, card ids by their printed names, as the words."""
    try:
        return game.label(action, dict(view))
    except (IndexError, KeyError, MissingHook):
        names = game.catalog()
        verb = action.verb.replace("-", " ").capitalize()
        args = " ".join(names.get(arg, arg) for arg in action.args())
        return ChoiceLabel(verb, args) if args else ChoiceLabel("", verb)


@dataclass(frozen=True)
class Choice:
    """One legal action, taken with one tap: the action and its words (``Game.label``'s)."""

    action: Action
    words: str

    def actions(self) -> tuple[Action, ...]:
        return (self.action,)

    def to_json(self) -> JSON:
        return {"action": str(self.action), "words": self.words}


@dataclass(frozen=True)
class CardStep:
    """A subject chosen first (a card in hand, a stack on the map), then one of its ``uses``."""

    verb: str
    subject: str  # the action's first argument: a card id, a place id
    name: str  # the subject in words: a card's printed name, else its id
    uses: tuple[Choice, ...]

    @property
    def key(self) -> str:
        """What names this step among the seat's steps ("set brine-wash")."""
        return f"{self.verb} {self.subject}"

    @property
    def words(self) -> str:
        return f"{self.name} ({len(self.uses)} ways)" if len(self.uses) > 1 else self.name

    def actions(self) -> tuple[Action, ...]:
        return tuple(use.action for use in self.uses)

    def to_json(self) -> JSON:
        return {
            "card": self.key,
            "subject": self.subject,
            "words": self.words,
            "uses": [use.to_json() for use in self.uses],
        }


Step = Choice | CardStep


@dataclass(frozen=True)
class StepGroup:
    """Steps under one heading in the game's words. ``alone``: the game gave the choice no group
    (its heading is its own words); ``folded``: shown as one control until opened."""

    heading: str
    steps: tuple[Step, ...]
    alone: bool = False
    folded: bool = False

    @property
    def key(self) -> str:
        """What names a folded group among the seat's steps."""
        return f"group {self.heading}"

    @property
    def words(self) -> str:
        return f"{self.heading}: {len(self.actions())} choices"

    def actions(self) -> tuple[Action, ...]:
        return tuple(action for step in self.steps for action in step.actions())

    def to_json(self) -> JSON:
        return {
            "heading": self.heading,
            "alone": self.alone,
            "folded": self.folded,
            "steps": [step.to_json() for step in self.steps],
        }


FirstStep = Step | StepGroup  # what the first look shows as one control


@dataclass(frozen=True)
class Steps:
    """A seat's whole decision, grouped: see the module's docstring."""

    groups: tuple[StepGroup, ...] = ()

    def first(self) -> tuple[FirstStep, ...]:
        """The controls of the first look, in order: a folded group is one, an open group's steps each."""
        return tuple(
            control for group in self.groups for control in ((group,) if group.folded else group.steps)
        )

    def actions(self) -> tuple[Action, ...]:
        return tuple(action for group in self.groups for action in group.actions())

    def opened(self, key: str) -> CardStep | StepGroup | None:
        """The card step or folded group named ``key``, if the decision still has it."""
        for group in self.groups:
            if group.folded and group.key == key:
                return group
            for step in group.steps:
                if isinstance(step, CardStep) and step.key == key:
                    return step
        return None

    @cached_property
    def _groups_by_step(self) -> dict[Step, StepGroup]:
        found: dict[Step, StepGroup] = {}
        for group in self.groups:
            for step in group.steps:
                found[step] = group
                if isinstance(step, CardStep):
                    found.update(dict.fromkeys(step.uses, group))
        return found

    def choices(self) -> dict[Action, Choice]:
        """Every action's one-tap choice, wherever it sits (in a group, or among a card's uses)."""
        return {step.action: step for step in self._groups_by_step if isinstance(step, Choice)}

    def line(self, step: FirstStep) -> str:
        """A step in words that stand without its group around them (a pod's cursor shows one line
        at a time): its heading, then its words ("Build a road: e7 (i4 to i8)")."""
        if isinstance(step, StepGroup):
            return step.words
        group = self._groups_by_step[step]
        return step.words if group.alone else f"{group.heading}: {step.words}"

    def title(self, opened: CardStep | StepGroup) -> str:
        """What an opened step is called once open: a list's heading, a card's heading and name."""
        if isinstance(opened, StepGroup):
            return opened.heading
        group = self._groups_by_step[opened]
        return opened.name if group.alone else f"{group.heading}: {opened.name}"

    def to_json(self) -> list[JSON]:
        return [group.to_json() for group in self.groups]


@dataclass(frozen=True)
class Heading:
    """A group's heading: the game's group, or (``alone``) the words of a choice it gave none."""

    words: str
    alone: bool


def labelled_groups(
    game: Game, legal: Sequence[Action], view: Mapping[str, Any]
) -> list[tuple[Heading, list[tuple[str, Action]]]]:
    """The legal actions grouped and ordered for reading: each group's heading and its (words,
    action) items, groups in ``verb_order``, actions in natural order. The terminal numbers these."""
    order = game.verb_order
    keyed = []
    for action in legal:
        group, words = choice_label(game, action, view)
        rank = order.index(action.verb) if action.verb in order else len(order)
        keyed.append(((rank, natural_key(str(action))), group, words, action))
    groups: dict[str, tuple[Heading, list[tuple[str, Action]]]] = {}
    for _, group, words, action in sorted(keyed, key=lambda item: item[0]):
        heading = Heading(group or words, alone=not group)
        groups.setdefault(heading.words, (heading, []))[1].append((words, action))
    return list(groups.values())


def _subject(action: Action) -> str:
    args = action.args()
    return args[0] if args else ""


def _steps(items: list[tuple[str, Action]], names: Mapping[str, str]) -> tuple[Step, ...]:
    """One group's steps: card steps when a subject repeats, else one-tap choices."""
    by_key: dict[tuple[str, str], list[Choice]] = {}
    for words, action in items:
        by_key.setdefault((action.verb, _subject(action)), []).append(Choice(action, words))
    if all(len(uses) == 1 or not subject for (_, subject), uses in by_key.items()):
        return tuple(Choice(action, words) for words, action in items)
    steps: list[Step] = []
    for (verb, subject), uses in by_key.items():
        if subject:
            steps.append(CardStep(verb, subject, names.get(subject, subject), tuple(uses)))
        else:  # a choice of the verb that names nothing (a pass) is still one tap
            steps.extend(uses)
    return tuple(steps)


def _one_taps(group: StepGroup) -> bool:
    return all(isinstance(step, Choice) for step in group.steps)


def _folded(groups: list[StepGroup]) -> tuple[StepGroup, ...]:
    """The fold rule: a long list of one-tap choices folds; when the first look is long, every list
    of more than ``FOLD_SMALL`` does; if it is still long, the longest lists left fold, one by one,
    until it is short (card steps never fold: the cards in hand are the decision)."""
    look = sum(len(group.steps) for group in groups)
    fold = {
        index
        for index, group in enumerate(groups)
        if _one_taps(group)
        and (len(group.steps) > FOLD_OVER or (look > FOLD_OVER and len(group.steps) > FOLD_SMALL))
    }
    look = sum(1 if index in fold else len(group.steps) for index, group in enumerate(groups))
    longest_first = sorted(range(len(groups)), key=lambda index: (-len(groups[index].steps), index))
    for index in longest_first:
        group = groups[index]
        if look <= FOLD_OVER or len(group.steps) < 2:
            break
        if index not in fold and _one_taps(group):
            fold.add(index)
            look -= len(group.steps) - 1
    return tuple(
        StepGroup(group.heading, group.steps, group.alone, folded=index in fold)
        for index, group in enumerate(groups)
    )


def steps_for(game: Game, legal: Sequence[Action], view: Mapping[str, Any]) -> Steps:
    """The seat's decision in steps, from its own ``legal`` actions and its own ``view``."""
    names = game.catalog()
    groups = [
        StepGroup(heading.words, _steps(items, names), heading.alone)
        for heading, items in labelled_groups(game, legal, view)
    ]
    return Steps(_folded(groups))
