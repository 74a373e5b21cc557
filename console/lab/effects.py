"""What a card or a rule does, by intervention rather than correlation.

"Win rate when drawn" compares games that differ in more than the card: a seat that drew more
cards drew this one more often, and was often winning already. Here the same seeds are played
again with one thing changed, and each game is compared with its own twin:

- a card is replaced by the neutral stand-in its catalog declares (or removed, where the rules
  allow). Where each seat has its own deck the stand-in goes into one seat's deck, and the effect
  is on that seat: what the card is worth to its holder. Where the decks are shared it goes into
  them, and the effect is read on every seat;
- a rule option is given each value it may take besides the run's own (true or false, a choice).

An effect is the mean paired difference in a seat's wins (with the thing minus without), with
its 95 % interval; it is *clear* when the interval leaves out zero. With the interval comes the
number of games that would make it ±5 points, from the spread of the differences seen.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from console.games.core import JSON
from console.lab.compare import paired
from console.lab.figures import Z, sole_winner
from console.lab.runs import RunSpec

Run = Callable[[RunSpec], list[JSON]]
TARGET_HALF_WIDTH = 0.05  # ±5 points: what a designer can act on


def _won(record: JSON, seat: int) -> float:
    return float(sole_winner(record) == seat)


def effect(pairs: Iterable[tuple[JSON, JSON, int]]) -> JSON:
    """Each pair's seat's wins with the thing minus without (game and twin on one seed), their
    mean with its interval, and the games a ±5 point interval would need."""
    found = paired([_won(one, seat) - _won(other, seat) for one, other, seat in pairs])
    half = (found["high"] - found["low"]) / 2 if found["n"] > 1 else 0.0
    if half > 0:  # none when no game changed: there is no spread to size a run by
        spread = half / Z * math.sqrt(found["n"])  # the differences' standard deviation
        found["games_for_5_points"] = max(2, math.ceil((Z * spread / TARGET_HALF_WIDTH) ** 2))
    return found


def twins(with_it: Sequence[JSON], without: Sequence[JSON], seat: int) -> list[tuple[JSON, JSON, int]]:
    return [(one, other, seat) for one, other in zip(with_it, without, strict=True)]


def card_effects(spec: RunSpec, base: Sequence[JSON], run: Run, cards: Sequence[str] | None = None) -> JSON:
    """Each card's effect (all the game can stand in for, or ``cards``), on the seats of ``spec``;
    ``base`` is the run of ``spec`` itself, the twin of every game."""
    game = spec.rules()
    players = spec.seat_players()
    found: JSON = {}
    for card in cards if cards is not None else game.stand_ins():
        seats = range(1, players + 1) if game.stand_in_by_seat else (0,)
        without = {
            seat: run(dataclasses.replace(spec, edition=spec.edition.stand_in(card, seat))) for seat in seats
        }
        if all(list(games) == list(base) for games in without.values()):
            found[card] = {"unchanged": True}  # never drawn, and every game went the same without it
        elif game.stand_in_by_seat:
            pairs = {seat: twins(base, games, seat) for seat, games in without.items()}
            found[card] = {
                "where": "its holder's deck",
                "holder": effect(pair for seat_pairs in pairs.values() for pair in seat_pairs),
                "by_seat": {str(seat): effect(seat_pairs) for seat, seat_pairs in pairs.items()},
            }
        else:
            found[card] = {
                "where": "the shared decks",
                "by_seat": {
                    str(seat): effect(twins(base, without[0], seat)) for seat in range(1, players + 1)
                },
            }
    return found


def option_changes(spec: RunSpec) -> Iterator[tuple[str, Any]]:
    """Every other value of every true-or-false or chosen-word option of the game."""
    game = spec.rules()
    merged = game.merge_options(spec.options)
    for option in game.option_specs:
        now = merged[option.name]
        if isinstance(option.default, bool):
            yield option.name, not now
        elif option.choices:
            yield from ((option.name, value) for value in option.choices if value != now)


def option_effects(spec: RunSpec, base: Sequence[JSON], run: Run) -> JSON:
    """Each option value's effect on every seat's wins, against the run's own options."""
    players = spec.seat_players()
    found: JSON = {}
    for name, value in option_changes(spec):
        changed = run(dataclasses.replace(spec, options={**spec.options, name: value}))
        found[f"{name}={value}"] = {
            "by_seat": {str(seat): effect(twins(changed, base, seat)) for seat in range(1, players + 1)},
            "unfinished": sum(1 for record in changed if not record["finished"]),
        }
    return found


def measured(entry: JSON) -> list[tuple[str, JSON]]:
    """(on whom, effect) of one card or option: its holder's, where it has one, and each seat's."""
    holder = [("its holder", entry["holder"])] if "holder" in entry else []
    return holder + [(f"seat {seat}", found) for seat, found in entry.get("by_seat", {}).items()]


def clear_effects(effects: JSON, group: str) -> list[tuple[str, str, JSON]]:
    """(thing, on whom, effect) for each card or option of ``group`` with an effect clear of
    zero (its largest), the largest first: what a report's headline says, read from the same
    figures its tables show."""
    clear: list[tuple[str, str, JSON]] = []
    for thing, entry in effects.get(group, {}).items():
        found = [row for row in measured(entry) if row[1].get("significant")]
        if found:
            who, largest = max(found, key=lambda row: abs(row[1]["diff"]))
            clear.append((thing, who, largest))
    return sorted(clear, key=lambda row: -abs(row[2]["diff"]))


def causal_effects(spec: RunSpec, base: Sequence[JSON], run: Run) -> JSON:
    """The lab's answer to "what does this card, this rule, do?": every card and option effect,
    and the games a ±5 point interval needs (the median over the effects measured)."""
    found: JSON = {
        "games": len(base),
        "cards": card_effects(spec, base, run),
        "options": option_effects(spec, base, run),
    }
    needed = sorted(
        entry["games_for_5_points"]
        for group in ("cards", "options")
        for item in found[group].values()
        for _, entry in measured(item)
        if "games_for_5_points" in entry
    )
    found["games_for_5_points"] = needed[len(needed) // 2] if needed else None
    return found
