"""rulings.md: every ruling names a test or golden scenario, and every name it gives exists."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

HERE = Path(__file__).parent
# Rulings about the console's buttons and readers are pinned by the input and hub tests.
TEST_FOLDERS = (HERE, HERE.parents[1] / "inputs", HERE.parents[1] / "hub")
SCENARIOS = HERE.parents[1] / "scenarios" / "wheels"
RULINGS = resources.files("console.games.wheels").joinpath("rulings.md").read_text("utf-8")


def defined_test_names() -> set[str]:
    paths = [path for folder in TEST_FOLDERS for path in folder.glob("test_*.py")]
    source = "\n".join(path.read_text("utf-8") for path in paths)
    return set(re.findall(r"^def (test_\w+)", source, re.MULTILINE))


def test_every_ruling_names_a_test_or_scenario() -> None:
    rulings = re.split(r"\n(?=\*\*\d+\. )", RULINGS)[1:]
    assert len(rulings) >= 40
    for ruling in rulings:
        number = ruling.split(".")[0]
        if "Concession" in ruling:
            continue  # a ruling that the engine has no such rule: nothing to pin
        assert re.search(r"`test_\w+", ruling) or "scenario `" in ruling, f"ruling {number} names no test"


def test_every_test_a_ruling_names_exists() -> None:
    defined = defined_test_names()
    named = set(re.findall(r"`(test_\w+)(?:\[[^\]]*\])?`", RULINGS))
    missing = named - defined
    assert not missing, f"rulings.md names tests that do not exist: {sorted(missing)}"


def test_every_scenario_a_ruling_names_exists() -> None:
    named = set(re.findall(r"scenarios? `(\w+)`", RULINGS))
    assert named
    for name in named:
        assert (SCENARIOS / f"{name}.toml").exists(), f"no scenario {name}.toml"
