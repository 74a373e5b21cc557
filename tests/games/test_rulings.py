"""Every engine's rulings.md in the one format: chapters of rows ``| id | sentence | decision |
tests |``, ids unique, and every test or scenario a ruling names exists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from console.games import find_game, game_names

TESTS = Path(__file__).resolve().parents[1]
HEADER = "| Ruling | Sentence | Decision | Tests |"
ROW = re.compile(r"^\| ([PR]-\d+) \| (.+?) \| (.+?) \| (.+) \|$")
NAMED = re.compile(r"`([^`]+)`")


def _rulings(name: str) -> str:
    module = __import__(f"console.games.{name}", fromlist=["GAME"])
    assert module.__file__ is not None
    return Path(module.__file__).with_name("rulings.md").read_text()


def _rows(text: str) -> list[re.Match[str]]:
    return [match for line in text.splitlines() if (match := ROW.match(line))]


def _defined_tests() -> dict[str, set[str]]:
    """Every test function defined under tests/, by name, with the files that define it."""
    found: dict[str, set[str]] = {}
    for path in TESTS.rglob("test_*.py"):
        for name in re.findall(r"^\s*def (test_\w+)\(", path.read_text(), flags=re.MULTILINE):
            found.setdefault(name, set()).add(path.name)
    return found


@pytest.mark.parametrize("name", game_names())
def test_rulings_are_chapters_of_rows_in_one_format(name: str) -> None:
    text = _rulings(name)
    assert text.startswith(f"# {find_game(name).title}: rulings\n"), "the title line"
    assert "## " in text, "rulings are grouped by the book's chapters"
    table_lines = [line for line in text.splitlines() if line.startswith("|")]
    for line in table_lines:
        assert line == HEADER or line.startswith("|---") or ROW.match(line), f"not a ruling row: {line[:80]}"
    assert text.count(HEADER) == text.count("\n## "), "each chapter has one table"
    ids = [row.group(1) for row in _rows(text)]
    assert ids and len(ids) == len(set(ids)), "ruling ids are unique"
    assert "shared/" not in text, "the repository stands alone"


@pytest.mark.parametrize("name", game_names())
def test_every_ruling_names_tests_that_exist(name: str) -> None:
    defined = _defined_tests()
    scenarios = {path.name for path in (TESTS / "scenarios" / name).glob("*.toml")}
    missing = []
    for row in _rows(_rulings(name)):
        named = NAMED.findall(row.group(4))
        assert named, f"{row.group(1)} names no test"
        for word in named:
            file_part, _, test = word.rpartition("::")
            if word.endswith(".toml"):
                ok = word in scenarios or any(Path(s).match(word) for s in scenarios)
            elif test.startswith("test_"):
                files = defined.get(test, set())
                stems = {Path(file).stem for file in files}
                ok = bool(files) and (not file_part or Path(file_part).stem in stems)
            else:
                ok = False
            if not ok:
                missing.append(f"{row.group(1)}: {word}")
    assert not missing, missing
