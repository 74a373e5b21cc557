"""Every golden scenario in tests/scenarios/ runs and gives exactly its expected results."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.scenario import check_expectations, load_scenario, run_scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").rglob("*.toml"))


def test_there_are_golden_scenarios() -> None:
    assert len(SCENARIOS) >= 10


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SCENARIOS])
def test_golden_scenario(path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.expect, f"{path.name} expects nothing"
    failures = check_expectations(scenario, run_scenario(scenario))
    assert not failures, "\n".join(failures)
