"""rulings.md decides every proposal P-1..P-23 and names tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

import console.games.wisteria as wisteria

RULINGS = Path(wisteria.__file__).with_name("rulings.md").read_text()
HERE = Path(__file__).parent
SCENARIOS = HERE.parent.parent / "scenarios" / "wisteria"


def test_every_proposed_ruling_is_decided() -> None:
    decided = set(re.findall(r"^\| (P-\d+) \|", RULINGS, flags=re.MULTILINE))
    assert decided == {f"P-{n}" for n in range(1, 24)}


def test_every_test_a_ruling_names_exists() -> None:
    source = "\n".join(path.read_text() for path in HERE.glob("test_*.py"))
    named = set(re.findall(r"`(test_\w+)`", RULINGS))
    assert named and all(f"def {name}(" in source for name in named), sorted(
        name for name in named if f"def {name}(" not in source)


def test_every_scenario_a_ruling_names_exists() -> None:
    named = [name for name in re.findall(r"`([\w*]+\.toml)`", RULINGS) if name != "cards.toml"]
    assert named
    for name in named:
        assert list(SCENARIOS.glob(name)), f"rulings.md names {name}, which is not in {SCENARIOS}"
