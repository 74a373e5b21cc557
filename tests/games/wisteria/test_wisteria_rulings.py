"""rulings.md is in the one rulings format: chapters of the book, one table each, every proposal
P-1..P-23 decided, ids unique, a sentence or a silence quoted, and tests named that exist."""

from __future__ import annotations

import re
from pathlib import Path

import console.games.wisteria as wisteria

RULINGS = Path(wisteria.__file__).with_name("rulings.md").read_text()
ROW = re.compile(r"^\| ([PR]-\d+) \| (.+?) \| (.+?) \| (.+) \|$", flags=re.MULTILINE)


def rows() -> list[tuple[str, str, str, str]]:
    return ROW.findall(RULINGS)


def test_every_proposed_ruling_is_decided_and_every_id_is_unique() -> None:
    ids = [ruling for ruling, *_ in rows()]
    assert len(ids) == len(set(ids))
    assert {ruling for ruling in ids if ruling.startswith("P-")} == {f"P-{n}" for n in range(1, 24)}
    assert {ruling for ruling in ids if ruling.startswith("R-")} == {f"R-{n}" for n in range(1, 12)}


def test_every_ruling_quotes_the_book_or_says_what_it_is_silent_on() -> None:
    for ruling, sentence, _, _ in rows():
        assert sentence.startswith('"') or sentence.startswith("(silent: "), ruling
