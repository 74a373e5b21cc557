"""rulings.md is in the one rulings format: chapters of the book, one table each, every proposal
P-1..P-23 decided, ids unique, a sentence or a silence quoted, and tests named that exist."""

from __future__ import annotations

import re
from pathlib import Path

import console.games.wisteria as wisteria

RULINGS = Path(wisteria.__file__).with_name("rulings.md").read_text()
HERE = Path(__file__).parent
SCENARIOS = HERE.parent.parent / "scenarios" / "wisteria"
HEADER = "| Ruling | Sentence | Decision | Tests |\n|---|---|---|---|"
ROW = re.compile(r"^\| ([PR]-\d+) \| (.+?) \| (.+?) \| (.+) \|$", flags=re.MULTILINE)


def rows() -> list[tuple[str, str, str, str]]:
    return ROW.findall(RULINGS)


def test_the_file_is_a_title_a_paragraph_and_one_table_per_chapter() -> None:
    assert RULINGS.startswith("# Wizard of Wisteria: Mix-Up: rulings\n\n")
    chapters = re.split(r"^## .+\n\n", RULINGS, flags=re.MULTILINE)[1:]
    assert len(chapters) >= 10
    for chapter in chapters:
        assert chapter.startswith(HEADER + "\n"), chapter[:80]
    table_lines = [line for line in RULINGS.splitlines() if line.startswith("| ") and "Ruling" not in line]
    assert len(table_lines) == len(rows())


def test_every_proposed_ruling_is_decided_and_every_id_is_unique() -> None:
    ids = [ruling for ruling, *_ in rows()]
    assert len(ids) == len(set(ids))
    assert {ruling for ruling in ids if ruling.startswith("P-")} == {f"P-{n}" for n in range(1, 24)}
    assert {ruling for ruling in ids if ruling.startswith("R-")} == {f"R-{n}" for n in range(1, 12)}


def test_every_ruling_quotes_the_book_or_says_what_it_is_silent_on() -> None:
    for ruling, sentence, _, _ in rows():
        assert sentence.startswith('"') or sentence.startswith("(silent: "), ruling


def test_every_test_a_ruling_names_exists() -> None:
    sources = {path.name: path.read_text() for path in HERE.glob("test_*.py")}
    everything = "\n".join(sources.values())
    for ruling, _, _, tests in rows():
        functions = re.findall(r"`(?:(test_\w+\.py)::)?(test_\w+)`", tests)
        scenarios = re.findall(r"`([\w]+\.toml)`", tests)
        assert functions or scenarios, f"{ruling} names no test"
        for file, name in functions:
            source = sources.get(file, "") if file else everything
            assert f"def {name}(" in source, f"{ruling} names {file}::{name}, which does not exist"
        for name in scenarios:
            assert (SCENARIOS / name).is_file(), f"{ruling} names {name}, which is not in {SCENARIOS}"
