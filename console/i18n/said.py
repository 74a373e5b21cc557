"""A sentence as a message id and its values, said in any language where it is read.

An engine says an event as ``say("%(seat)s turns a %(card)s", seat=Seat(2), card=Card("x"))``: no
English is fixed in it. The hub sends the id and the values beside the event (``Said.to_json``), and
each screen renders them in its own language (the pages' ``Games.describe``, the terminal's
``render``): a seat by its player's name or the game's word for a seat, a card by its name in that
language, a list as that language joins one. ``pybabel extract -k say -k say_n:1,2`` finds the ids
(README.md, "Development")."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

from console import i18n

# The keywords `pybabel extract` is given beside its defaults, so it finds these ids.
KEYWORDS = ("say", "say_n:1,2")
# A seat in a sentence, at its start and within it (the pages' ``who`` says the same messages).
SEAT_AT_START = i18n.N_("Seat %(seat)s")
SEAT_WITHIN = i18n.N_("seat %(seat)s")


@dataclass(frozen=True)
class Seat:
    """A seat in a sentence: each screen says it as its player's name or the game's word ("Ruler 2")."""

    number: int


@dataclass(frozen=True)
class Card:
    """A card in a sentence, by its id: each screen says it by its printed name in its language."""

    id: str


Value = Union[int, float, str, Seat, Card, "Said", tuple["Value", ...]]
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


@dataclass(frozen=True)
class Said:
    """A message id (``plural`` too for a count, with its ``num`` value) and the values put in it.
    A value that is a tuple is said as a list ("seat 1, seat 2 and seat 3"); a Said within one is
    a phrase said in the same language (a deck's name, "nobody")."""

    id: str
    values: Mapping[str, Value] = field(default_factory=dict)
    plural: str = ""

    def to_json(self) -> dict[str, Any]:
        """``{"id", "values"}`` and ``"plural"`` where there is one, each value as JSON: a seat
        ``{"seat": 2}``, a card ``{"card": id}``, a phrase ``{"said": ...}``, a list ``{"list": [...]}``."""
        out: dict[str, Any] = {
            "id": self.id,
            "values": {name: _json(value) for name, value in self.values.items()},
        }
        if self.plural:
            out["plural"] = self.plural
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Said:
        values = {name: _value(value) for name, value in dict(data.get("values") or {}).items()}
        return cls(str(data["id"]), values, str(data.get("plural") or ""))


def say(message: str, **values: Value) -> Said:
    return Said(message, values)


def say_n(singular: str, plural: str, num: int, **values: Value) -> Said:
    """A sentence with a count, said in the plural form its language gives ``num``."""
    return Said(singular, {"num": num, **values}, plural)


def _json(value: Value) -> Any:
    if isinstance(value, Seat):
        return {"seat": value.number}
    if isinstance(value, Card):
        return {"card": value.id}
    if isinstance(value, Said):
        return {"said": value.to_json()}
    if isinstance(value, tuple):
        return {"list": [_json(item) for item in value]}
    return value


def _value(data: Any) -> Value:
    if isinstance(data, dict):
        if "seat" in data:
            return Seat(int(data["seat"]))
        if "card" in data:
            return Card(str(data["card"]))
        if "said" in data:
            return Said.from_json(data["said"])
        if "list" in data:
            return tuple(_value(item) for item in data["list"])
    if isinstance(data, int | float | str):
        return data
    raise ValueError(f"not a value of a sentence: {str(data)[:40]!r}")


SeatName = Callable[[int, bool], str]  # (seat, at the sentence's start) -> its words
CardName = Callable[[str], str]  # card id -> its printed name, in the language rendered


@dataclass(frozen=True)
class Speaker:
    """How one screen says sentences: its language, the game's catalog (its package, or None for
    the console's alone), and how it names seats and cards."""

    language: str = i18n.DEFAULT
    package: str | None = None
    seat_name: SeatName | None = None
    card_name: CardName = str

    def translate(self, message: str) -> str:
        if self.package is not None and i18n.has_catalog(self.package):
            found = i18n.translations(self.language, self.package).gettext(message)
            if found != message:
                return found
        return i18n.gettext(self.language, message)

    def translate_n(self, singular: str, plural: str, num: int) -> str:
        if self.package is not None and i18n.has_catalog(self.package):
            found = i18n.translations(self.language, self.package).ngettext(singular, plural, num)
            if found not in (singular, plural) or self.language == i18n.DEFAULT:
                return found
        return i18n.ngettext(self.language, singular, plural, num)

    def seat(self, number: int, at_start: bool) -> str:
        if self.seat_name is not None:
            return self.seat_name(number, at_start)
        return self.translate(SEAT_AT_START if at_start else SEAT_WITHIN) % {"seat": number}

    def join(self, items: Sequence[str]) -> str:
        """A list as the language joins one: "a, b and c"."""
        if len(items) <= 1:
            return "".join(items)
        return self.translate("%(first)s and %(last)s") % {"first": ", ".join(items[:-1]), "last": items[-1]}

    def render(self, said: Said, at_start: bool = True) -> str:
        """``said`` in this speaker's words; ``at_start``: it begins a sentence (a phrase within one
        does not: "Game over: seat 2 banked..." says its seat as the middle of a sentence)."""
        if said.plural:
            num = said.values.get("num", 0)
            text = self.translate_n(said.id, said.plural, int(num) if isinstance(num, int | float) else 0)
        else:
            text = self.translate(said.id)
        start = PLACEHOLDER.match(text)
        first = start.group(1) if start else None
        words = {name: self._word(value, at_start and name == first) for name, value in said.values.items()}
        return PLACEHOLDER.sub(lambda found: words.get(found.group(1), found.group(0)), text)

    def _word(self, value: Value, at_start: bool) -> str:
        if isinstance(value, Seat):
            return self.seat(value.number, at_start)
        if isinstance(value, Card):
            return self.card_name(value.id)
        if isinstance(value, Said):
            return self.render(value, at_start)
        if isinstance(value, tuple):
            return self.join([self._word(item, at_start and not index) for index, item in enumerate(value)])
        return str(value)


SEAT_WORD = "seat"
NUMBER_IN_TEXT = re.compile(r"(?<![\w%])\d+(?![\w])")


SEPARATORS = re.compile(r"(: |; )")


def phrase(text: str, seat_word: str = SEAT_WORD) -> Said:
    """An engine's English reason (an outcome's, an elimination's) taken back to the messages it was
    made of, so a reason kept in a journal's English is said in every language. Each part between
    ": " and "; " is a message marked with ``N_`` where it is written, its "seat N" a ``%(seat)s``
    and any other number a ``%(num)s``: "seat 3 holds every card; a shared win" is the messages
    ``%(seat)s holds every card`` (with ``Seat(3)``) and ``a shared win``. A game whose rule book
    has its own word for a seat gives it (``seat_word``, "ruler"): "ruler 1 declared victory" is
    ``%(seat)s declared victory`` too (``Game.phrase``)."""
    seats = re.compile(rf"\b(?i:{re.escape(SEAT_WORD)}|{re.escape(seat_word)}) (\d+)\b")
    pieces = SEPARATORS.split(text)
    if len(pieces) == 1:
        return _part(text, seats)
    parts = {f"part{index}": _part(piece, seats) for index, piece in enumerate(pieces[::2])}
    template = "".join(
        f"%(part{index // 2})s" if index % 2 == 0 else piece for index, piece in enumerate(pieces)
    )
    return Said(template, parts)


def _part(text: str, seats: re.Pattern[str]) -> Said:
    values: dict[str, Value] = {}

    def named(base: str, value: Value) -> str:
        name = base if base not in values else f"{base}{sum(key.startswith(base) for key in values) + 1}"
        values[name] = value
        return f"%({name})s"

    template = seats.sub(lambda found: named("seat", Seat(int(found.group(1)))), text)
    template = NUMBER_IN_TEXT.sub(lambda found: named("num", int(found.group(0))), template)
    return Said(template, values)
