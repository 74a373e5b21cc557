"""``tabletop balance``: the fewest edits of a catalog's numbers that meet a designer's targets.

A target is a figure and how far from zero it may be, in points of win rate: ``first-seat=±2``
(seat 1's win rate against the even share, the report's "is the first seat favoured?") or
``CARD=±5`` (the card's causal effect on its holder, console/lab/effects.py).

The search goes by the number of numbers changed, fewest first. Each round it tries every tunable
number not yet changed one step either way (one and two), then follows the best few directions
further until two steps in a row fail to better them; the best edition of a round is where the
next round starts. Every candidate is judged on the same seeds (so two candidates differ by their
edits, not by their luck); one that meets every target is played again on fresh seeds, four times
as many, and is the answer only if it meets them there too. TAG's NTBEA tunes a game's parameters by a bandit
over the same kind of space; a designer's question here is "which few numbers", so the search
counts edits first and then shortfall.

Every choice depends on game records alone, so a search gives the same edition on 1 worker, on 2
and on a cluster.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from console.games.core import JSON
from console.games.editions import Edition, Tunable
from console.lab.effects import card_effects
from console.lab.figures import figures
from console.lab.runs import RunSpec

Run = Callable[[RunSpec], list[JSON]]
FIRST_SEAT = "first-seat"
STEPS = (1, 2)  # the steps a round tries each way before following the best directions further
FOLLOWED = 3  # how many of a round's best directions are followed further
PATIENCE = 2  # steps a followed direction may go without bettering its best
FRESH_SEEDS = 1_000_000  # confirmation seeds start this far from the search's
TARGET = re.compile(r"^(?P<name>[a-z0-9]+(-[a-z0-9]+)*)=(±|\+-|\+/-)?(?P<points>\d+(\.\d+)?)$")


@dataclass(frozen=True)
class Target:
    """A figure (``first-seat`` or a card id) and the points either side of zero it may be."""

    name: str
    points: float

    @classmethod
    def parse(cls, text: str) -> Target:
        match = TARGET.match(text.strip())
        if not match:
            raise ValueError(f"a target is FIGURE=±POINTS, like first-seat=±2 or cart-wheel=±5, not {text!r}")
        points = float(match["points"])
        if points <= 0:
            raise ValueError(f"a target's points must be more than 0, not {text!r}")
        return cls(match["name"], points)

    def __str__(self) -> str:
        return f"{self.name}=±{self.points:g}"


@dataclass(frozen=True)
class Judged:
    """An edition's figures for every target on one set of seeds (points, with the interval)."""

    edition: Edition
    figures: dict[str, JSON]
    targets: tuple[Target, ...]

    @property
    def shortfall(self) -> float:
        """How far the figures are outside their targets, each in units of its own band."""
        return sum(max(0.0, abs(self.figures[t.name]["points"]) - t.points) / t.points for t in self.targets)

    @property
    def meets(self) -> bool:
        return self.shortfall == 0

    @property
    def rank(self) -> tuple[float, int, float]:
        """Shortfall first, then fewer edits, then nearer zero."""
        nearness = sum(abs(self.figures[t.name]["points"]) / t.points for t in self.targets)
        return (round(self.shortfall, 9), len(self.edition.numbers), round(nearness, 9))


def check_targets(spec: RunSpec, targets: Sequence[Target]) -> None:
    """Refuse, before anything is played, a target that names no figure this game has."""
    game = spec.rules()
    if not targets:
        raise ValueError("name at least one --target, like first-seat=±2")
    if not game.tunables():
        raise ValueError(f"{game.title} declares no tunable numbers for tabletop balance")
    cards = set(game.stand_ins())
    for target in targets:
        if target.name != FIRST_SEAT and target.name not in cards:
            raise ValueError(
                f"{target.name!r} is neither first-seat nor a card {game.title} can stand in for"
            )


def tunables_named(spec: RunSpec, tune: Sequence[str] | None) -> list[Tunable]:
    """The game's tunable numbers, or those of the cards (``CARD``) and numbers (``CARD.FIELD``)
    ``tune`` names; a name that matches none is refused."""
    every = spec.rules().tunables()
    if not tune:
        return every
    chosen = [t for t in every if t.card in tune or t.key in tune]
    unknown = [name for name in tune if not any(t.card == name or t.key == name for t in every)]
    if unknown:
        raise ValueError(f"no tunable number is named {', '.join(unknown)} (see the catalog's [tunable])")
    return chosen


def judge(spec: RunSpec, edition: Edition, targets: Sequence[Target], run: Run) -> Judged:
    """``edition``'s figures on ``spec``'s seeds: the run itself, and a stand-in run per card target."""
    edited = dataclasses.replace(spec, edition=edition)
    base = run(edited)
    found: dict[str, JSON] = {}
    for target in targets:
        if target.name == FIRST_SEAT:
            entry = figures(base, spec.seat_players())["first_seat_favoured"]
            low, high, diff = entry["diff_low"], entry["diff_high"], entry["diff"]
        else:
            effect = card_effects(edited, base, run, [target.name])[target.name]
            entry = effect.get("holder") or max(effect["by_seat"].values(), key=lambda e: abs(e["diff"]))
            low, high, diff = entry["low"], entry["high"], entry["diff"]
        found[target.name] = {
            "points": round(100 * diff, 2),
            "low": round(100 * low, 2),
            "high": round(100 * high, 2),
            "games": len(base),
        }
    return Judged(edition, found, tuple(targets))


def _value(edition: Edition, tunable: Tunable) -> int:
    for card, name, value in edition.numbers:
        if (card, name) == (tunable.card, tunable.field):
            return value
    return tunable.value


def _stepped(edition: Edition, tunable: Tunable, step: int) -> Edition | None:
    """``edition`` with ``tunable`` moved by ``step``; None out of bounds or back to the book."""
    value = _value(edition, tunable) + step
    if not tunable.low <= value <= tunable.high:
        return None
    kept = tuple(number for number in edition.numbers if number[:2] != (tunable.card, tunable.field))
    if value == tunable.value:
        return Edition(numbers=kept)
    return Edition(numbers=kept).number(tunable.card, tunable.field, value)


class Search:
    """One balance search: judged editions are kept, so none is played twice."""

    def __init__(
        self,
        spec: RunSpec,
        targets: Sequence[Target],
        run: Run,
        max_edits: int = 3,
        tune: Sequence[str] | None = None,
    ) -> None:
        self.spec, self.targets, self.run, self.max_edits = spec, tuple(targets), run, max_edits
        self.tunables = tunables_named(spec, tune)
        self.judged: dict[Edition, Judged | None] = {}  # None: the catalog refuses the edition
        self.refused_on_fresh: dict[Edition, Judged] = {}  # met the targets, then not on fresh seeds

    def _judge(self, edition: Edition) -> Judged | None:
        if edition not in self.judged:
            try:
                self.judged[edition] = judge(self.spec, edition, self.targets, self.run)
            except ValueError:  # BadOptions: an edit the catalog's own checks refuse
                self.judged[edition] = None
        return self.judged[edition]

    def _round(self, start: Judged) -> list[Judged]:
        """Every edition one more number away from ``start`` (or the same numbers moved further)."""
        changed = {(card, name) for card, name, _ in start.edition.numbers}
        tried: list[tuple[Tunable, int, Judged]] = []
        for tunable in self.tunables:
            if (tunable.card, tunable.field) in changed:
                continue
            for step in (*STEPS, *(-s for s in STEPS)):
                edition = _stepped(start.edition, tunable, step)
                judged = self._judge(edition) if edition is not None else None
                if judged is not None:
                    tried.append((tunable, step, judged))
        tried.sort(key=lambda row: row[2].rank)
        for tunable, step, judged in tried[:FOLLOWED]:
            tried.extend(self._follow(tunable, step, judged))
        return sorted((judged for _, _, judged in tried), key=lambda judged: judged.rank)

    def _follow(self, tunable: Tunable, step: int, judged: Judged) -> list[tuple[Tunable, int, Judged]]:
        """Keep moving one number the same way until its figures meet the targets, or have not
        bettered the best for ``PATIENCE`` steps: a step's figures carry luck, so one worse step
        does not end the line (value 10, 9, 8 may read +5.5, +6.0, +2.5 points)."""
        found: list[tuple[Tunable, int, Judged]] = []
        best, here, worse = judged, judged, 0
        while not best.meets and worse < PATIENCE:
            further = _stepped(here.edition, tunable, 1 if step > 0 else -1)
            next_one = self._judge(further) if further is not None else None
            if next_one is None:
                break
            found.append((tunable, step, next_one))
            here = next_one
            worse = 0 if next_one.rank < best.rank else worse + 1
            best = min(best, next_one, key=lambda one: one.rank)
        return found

    def _confirmed(self, judged: Judged, confirm_games: int) -> Judged | None:
        if judged.edition in self.refused_on_fresh:
            return None
        fresh = dataclasses.replace(self.spec, games=confirm_games, seed=self.spec.seed + FRESH_SEEDS)
        again = judge(fresh, judged.edition, self.targets, self.run)
        if again.meets:
            return again
        self.refused_on_fresh[judged.edition] = again
        return None

    def search(self, confirm_games: int) -> JSON:
        book = self._judge(Edition())
        assert book is not None
        start, answer = book, None
        while True:
            ranked = self._round(start) if len(start.edition.numbers) < self.max_edits else []
            candidates = [judged for judged in [start, *ranked] if judged.meets]
            for candidate in sorted(candidates, key=lambda judged: judged.rank):
                confirmed = self._confirmed(candidate, confirm_games)
                if confirmed is not None:
                    answer = (candidate, confirmed)
                    break
            if answer or not ranked:
                break
            start = ranked[0]
        return {
            "book": book.figures,
            "candidates": sum(1 for judged in self.judged.values() if judged is not None),
            "refused_by_catalog": sum(1 for judged in self.judged.values() if judged is None),
            "refused_on_fresh_seeds": len(self.refused_on_fresh),
            "found": answer is not None,
            "edition": answer[0].edition if answer else None,
            "search": answer[0].figures if answer else None,
            "confirmed": answer[1].figures if answer else None,
        }
