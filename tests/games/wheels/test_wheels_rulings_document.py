"""rulings.md in the one rulings format: per chapter a table of rows ``| R-n | sentence | decision |
tests |``, ids unique, every row naming tests or golden scenarios that exist."""

from __future__ import annotations

import re
from importlib import resources

RULINGS = resources.files("console.games.wheels").joinpath("rulings.md").read_text("utf-8")
ROW = re.compile(r"^\| ([PR]-\d+) \| (.+?) \| (.+?) \| (.+?) \|$")


def rows() -> list[tuple[str, str, str, str]]:
    found = []
    for line in RULINGS.splitlines():
        if line.startswith("| P-") or line.startswith("| R-"):
            match = ROW.match(line)
            assert match, f"a ruling row without its four cells: {line[:60]}"
            found.append((match[1], match[2], match[3], match[4]))
    return found


def test_every_ruling_keeps_its_number_and_ids_are_unique() -> None:
    ids = [row[0] for row in rows()]
    assert len(ids) == len(set(ids))
    assert ids == [f"R-{n}" for n in range(1, 43)]


def test_every_ruling_a_ruling_refers_to_exists() -> None:
    ids = {row[0] for row in rows()}
    referred = set(re.findall(r"\bR-\d+\b", "\n".join(row[2] for row in rows())))
    assert referred and referred <= ids
