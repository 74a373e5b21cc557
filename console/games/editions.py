"""Rules editions: a game's catalog with some of its numbers changed, or a card stood in for.

An edition is what a designer tunes (``tabletop balance`` writes one) and what the lab plays to
measure what a card does: the same seeds with that card replaced by the neutral stand-in its
catalog declares. A game that declares tunable numbers (``Game.tunables``) or stand-ins
(``Game.stand_ins``) plays an edition through ``Game.edited``. A named edition is a TOML file in
the editions folder (``console.paths.editions_folder``), loaded when a game is set up with the
option ``edition = "NAME"``, so a journal that names it replays to the same state.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from console.games.core import BadOptions, OptionSpec, Seat
from console.paths import editions_folder

NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass(frozen=True, order=True)
class Tunable:
    """A number of the catalog ``tabletop balance`` may change: ``card``'s ``field``, now
    ``value``, within ``low``..``high`` (the catalog's declared bounds)."""

    card: str
    field: str
    value: int
    low: int
    high: int

    @property
    def key(self) -> str:
        return f"{self.card}.{self.field}"


@dataclass(frozen=True)
class Edition:
    """Changes to the book: ``numbers`` (card, field, value), and ``stand_ins`` (card, seat), the
    card replaced by its stand-in in that seat's cards, or in every seat's and the shared decks
    for seat 0. Both sorted, so equal editions are equal values (and hash alike, for caches)."""

    numbers: tuple[tuple[str, str, int], ...] = ()
    stand_ins: tuple[tuple[str, Seat], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.numbers or self.stand_ins)

    def merged(self, other: Edition) -> Edition:
        """This edition with ``other``'s changes on top (a number set twice keeps ``other``'s)."""
        numbers = {(card, name): value for card, name, value in self.numbers}
        numbers.update({(card, name): value for card, name, value in other.numbers})
        return Edition(
            numbers=tuple(sorted((card, name, value) for (card, name), value in numbers.items())),
            stand_ins=tuple(sorted(set(self.stand_ins) | set(other.stand_ins))),
        )

    def number(self, card: str, name: str, value: int) -> Edition:
        return self.merged(Edition(numbers=((card, name, value),)))

    def stand_in(self, card: str, seat: Seat = 0) -> Edition:
        return self.merged(Edition(stand_ins=((card, seat),)))

    def replaced(self, seat: Seat) -> frozenset[str]:
        """The cards stood in for in ``seat``'s cards (seat 0: the shared ones)."""
        return frozenset(card for card, at in self.stand_ins if at in (0, seat))


def edition_option() -> OptionSpec:
    """The option that names an edition to play (a game with editions lists it among its options)."""
    return OptionSpec(
        "edition", "", "a rules edition by name, as tabletop balance writes it; empty: the book"
    )


def check_name(name: str) -> str:
    if not NAME.match(name):
        raise BadOptions(
            f"an edition's name is lower-case words joined by '-', like fair-first, not {name!r}"
        )
    return name


def edition_path(game: str, name: str) -> Path:
    return editions_folder() / game / f"{check_name(name)}.toml"


def load_edition(game: str, name: str) -> Edition:
    """The edition ``name`` of ``game`` from the editions folder; BadOptions, in one line, when it
    is missing or malformed."""
    path = edition_path(game, name)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BadOptions(f"there is no {game} edition {name!r} (looked for {path})") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise BadOptions(f"the {game} edition {name!r} cannot be read ({path}): {error}") from None
    return parse_edition(data, f"{path}")


def parse_edition(data: dict[str, object], where: str) -> Edition:
    numbers: list[tuple[str, str, int]] = []
    stand_ins: list[tuple[str, Seat]] = []
    for entry in _tables(data, "number", where):
        card, name, value = entry.get("card"), entry.get("field"), entry.get("value")
        if not isinstance(card, str) or not isinstance(name, str) or type(value) is not int:
            raise BadOptions(f"{where}: a [[number]] needs card and field (text) and value (a whole number)")
        numbers.append((card, name, value))
    for entry in _tables(data, "stand_in", where):
        card, seat = entry.get("card"), entry.get("seat", 0)
        if not isinstance(card, str) or type(seat) is not int or seat < 0:
            raise BadOptions(f"{where}: a [[stand_in]] needs card (text) and seat (0 for every seat)")
        stand_ins.append((card, seat))
    return Edition(tuple(sorted(numbers)), tuple(sorted(stand_ins)))


def _tables(data: dict[str, object], key: str, where: str) -> list[dict[str, object]]:
    entries = data.get(key, [])
    if not isinstance(entries, list) or not all(isinstance(entry, dict) for entry in entries):
        raise BadOptions(f"{where}: {key} must be a list of [[{key}]] tables")
    return entries


def edition_text(game: str, edition: Edition, heading: str) -> str:
    """The TOML of ``edition``; ``heading`` is written as its opening comment."""
    lines = [f"# {line}".rstrip() for line in heading.splitlines()]
    lines += ["", f'game = "{game}"']
    for card, name, value in edition.numbers:
        lines += ["", "[[number]]", f'card = "{card}"', f'field = "{name}"', f"value = {value}"]
    for card, seat in edition.stand_ins:
        lines += ["", "[[stand_in]]", f'card = "{card}"', f"seat = {seat}"]
    return "\n".join(lines) + "\n"


def save_edition(game: str, name: str, edition: Edition, heading: str) -> Path:
    """Write ``edition`` as ``name``; the file is replaced whole (written aside, then renamed)."""
    path = edition_path(game, name)
    path.parent.mkdir(parents=True, exist_ok=True)
    aside = path.with_suffix(".toml.part")
    aside.write_text(edition_text(game, edition, heading), encoding="utf-8")
    aside.replace(path)
    return path
