"""rulings.md in the one rulings format: per chapter a table of rows ``| R-n | sentence | decision |
tests |``, ids unique, every row naming tests or golden scenarios that exist."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

HERE = Path(__file__).parent
# Rulings about the console's buttons and readers are pinned by the input and hub tests.
TEST_FOLDERS = (HERE, HERE.parents[1] / "inputs", HERE.parents[1] / "hub")
SCENARIOS = HERE.parents[1] / "scenarios" / "wheels"
RULINGS = resources.files("console.games.wheels").joinpath("rulings.md").read_text("utf-8")
HEADER = "| Ruling | Sentence | Decision | Tests |"
ROW = re.compile(r"^\| ([PR]-\d+) \| (.+?) \| (.+?) \| (.+?) \|$")


def rows() -> list[tuple[str, str, str, str]]:
    found = []
    for line in RULINGS.splitlines():
        if line.startswith("| P-") or line.startswith("| R-"):
            match = ROW.match(line)
            assert match, f"a ruling row without its four cells: {line[:60]}"
            found.append((match[1], match[2], match[3], match[4]))
    return found


def test_the_document_is_a_title_a_paragraph_and_one_table_per_chapter() -> None:
    lines = RULINGS.splitlines()
    assert lines[0] == "# Wheels of War: rulings"
    chapters = [n for n, line in enumerate(lines) if line.startswith("## ")]
    assert len(chapters) == 8
    for n in chapters:
        assert lines[n + 1 : n + 4] == ["", HEADER, "|---|---|---|---|"], lines[n]
    assert not re.search(r"^\*\*\d+\.", RULINGS, re.MULTILINE), "a ruling left as a numbered paragraph"
    assert "shared/" not in RULINGS


def test_every_ruling_keeps_its_number_and_ids_are_unique() -> None:
    ids = [row[0] for row in rows()]
    assert len(ids) == len(set(ids))
    assert ids == [f"R-{n}" for n in range(1, 43)]


def test_every_ruling_names_a_test_or_scenario_that_exists() -> None:
    defined: dict[str, set[str]] = {}
    for folder in TEST_FOLDERS:
        for path in folder.glob("test_*.py"):
            defined[path.name] = set(re.findall(r"^def (test_\w+)", path.read_text("utf-8"), re.MULTILINE))
    everywhere = set().union(*defined.values())
    for ruling, _, _, tests in rows():
        names = re.findall(r"`([^`]+)`", tests)
        assert names, f"{ruling} names no test"
        for name in names:
            if name.endswith(".toml"):
                assert (SCENARIOS / name).exists(), f"{ruling}: no scenario {name}"
                continue
            file, _, test = name.rpartition("::")
            assert re.fullmatch(r"test_\w+", test), f"{ruling}: {name!r} is not a test name"
            known = defined.get(file, set()) if file else everywhere
            assert test in known, f"{ruling} names {name}, which does not exist"


def test_every_ruling_a_ruling_refers_to_exists() -> None:
    ids = {row[0] for row in rows()}
    referred = set(re.findall(r"\bR-\d+\b", "\n".join(row[2] for row in rows())))
    assert referred and referred <= ids
