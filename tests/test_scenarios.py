"""Every golden scenario in tests/scenarios/ runs and gives exactly its expected results."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.games.core import Action, Event, State
from console.games.wisteria.state import WisteriaState
from console.scenario import check_expectations, load_scenario, run_scenario
from tests.helpers.wisteria_table import check_action

SCENARIOS = sorted((Path(__file__).parent / "scenarios").rglob("*.toml"))


def test_there_are_golden_scenarios() -> None:
    assert len(SCENARIOS) >= 10


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SCENARIOS])
def test_golden_scenario(path: Path) -> None:
    scenario = load_scenario(path)
    assert scenario.expect, f"{path.name} expects nothing"
    checked: list[Action] = []

    def whole_table(before: State, action: Action, events: list[Event], after: State) -> None:
        # Wisteria's whole-table invariants after every action (tests/helpers/wisteria_table.py).
        if isinstance(before, WisteriaState) and isinstance(after, WisteriaState):
            check_action(before, action, events, after)
            checked.append(action)

    failures = check_expectations(scenario, run_scenario(scenario, whole_table))
    assert not failures, "\n".join(failures)
    # Every Wisteria scenario that applies an action was checked (a setup-only one applies none).
    applies = scenario.actions and scenario.expect.get("error_index") != 0
    assert checked or scenario.game != "wisteria" or not applies
