"""The lab's words in one language: its HTML report (console/lab/report.py) and the summary
``tabletop simulate`` prints, each sentence a message of the console's catalog (English is the
ids), with plurals by ``ngettext`` and ``%(name)s`` values put in.

The report's figures stay as the run's JSON has them (a rate's warning there is English, for
scripts); the words are made here from the numbers. A game's own words (its endings, cards and
leaders) are said from the game's catalog, as its pages say them; a card is named by its id, as
the designer names it in ``--edition`` and ``tabletop balance``.
"""

from __future__ import annotations

import html
import re
from typing import Any

from console import i18n
from console.games import find_game
from console.games.core import JSON, UnknownGame
from console.i18n.said import SEAT_AT_START, SEAT_WITHIN, Said, Speaker, phrase

# A reason's numbers, as the lab counts like endings together (console/lab/runs.py's ``ending``).
COUNTED = re.compile(r"\bN\b")
# The measures a comparison reads (console/lab/compare.py), in words.
SEAT_MEASURE = re.compile(r"seat_(\d+)_(wins|score)")


class Words:
    """The lab's words in ``language`` (default: this machine's), for a run of ``game``."""

    def __init__(self, language: str | None = None, game: str | None = None) -> None:
        self.language = i18n.choose(language) if language else i18n.system_language()
        self.speaker = _speaker(game, self.language)

    def _(self, message: str, **values: Any) -> str:
        """``message`` in this language, its ``%(name)s`` filled in. A message with values writes a
        per cent sign ``%%``; one without is said as it is (its ``%`` signs are per cent signs)."""
        said = i18n.gettext(self.language, message)
        return said % values if values else said

    def ngettext(self, singular: str, plural: str, num: int, **values: Any) -> str:
        """The form of ``singular``/``plural`` this language gives ``num``, with ``%(num)s`` too."""
        return i18n.ngettext(self.language, singular, plural, num) % {"num": num, **values}

    def html(self, text: str) -> str:
        return html.escape(text, quote=False)

    def markup(self, said: str, **values: str) -> str:
        """``said`` (a message said already: ``w._(message)``, no values) as HTML: its words
        escaped, its values put in as the HTML they are."""
        return self.html(said) % values

    def warning(self, entry: JSON) -> str:
        """Why a rate's interval is too wide to conclude, and the games that would narrow it."""
        if "needed" not in entry:
            return str(entry.get("warning", ""))
        half = (entry["high"] - entry["low"]) / 2
        return self._(
            "too wide to conclude (±%(half)s): about %(needed)s needed",
            half=f"{half:.3f}",
            needed=entry["needed"],
        )

    def seat(self, number: int) -> str:
        return self._(SEAT_WITHIN, seat=number)

    def bot(self, name: str) -> str:
        """A bot's level ("easy", "normal", "hard") in words; a bot of another name as it is named."""
        return i18n.gettext(self.language, name)

    def printed(self, name: str) -> str:
        """A name the game prints (a leader, a people), in this language where its catalog has it."""
        return self.speaker.translate(name)

    def ending(self, ending: str) -> str:
        """How games ended, as the lab counts them ("seat N banked the most Renown (N to N)"), in
        this language: the game's reason taken back to its messages, each number still N."""
        said = _counted(phrase(COUNTED.sub("0", ending)))
        return self.speaker.render(said)

    def measure(self, key: str) -> str:
        """A comparison's measure in words."""
        found = SEAT_MEASURE.fullmatch(key)
        if found and found.group(2) == "wins":
            return self._("seat %(seat)s wins", seat=found.group(1))
        if found:
            return self._("seat %(seat)s score", seat=found.group(1))
        named = {
            "draw": i18n.N_("draws"),
            "length_actions": i18n.N_("length (actions)"),
            "lead_changes": i18n.N_("lead changes per game"),
        }
        return self._(named[key]) if key in named else key


def _speaker(game: str | None, language: str) -> Speaker:
    """The game's speaker (its catalog, its word for a seat) with every seat said as "seat N": the
    lab counts endings with their numbers taken out."""
    try:
        rules = find_game(game) if game else None
    except UnknownGame:
        rules = None

    def seat(number: int, at_start: bool) -> str:
        return i18n.gettext(language, SEAT_AT_START if at_start else SEAT_WITHIN) % {"seat": "N"}

    return Speaker(language, rules.catalog_package() if rules else None, seat)


def _counted(said: Said) -> Said:
    """``said`` with each number it holds said as N (a seat stays a seat, said "seat N")."""
    values: dict[str, Any] = {}
    for name, value in said.values.items():
        if isinstance(value, Said):
            values[name] = _counted(value)
        elif isinstance(value, int | float) and not isinstance(value, bool):
            values[name] = "N"
        else:
            values[name] = value
    return Said(said.id, values, said.plural)
