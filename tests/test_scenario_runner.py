"""The scenario runner's own checks: an expectation that does not hold is reported, never ignored."""

from __future__ import annotations

from console.scenario import check_expectations, parse_scenario, run_scenario

BASE = {
    "game": "wisteria",
    "players": 2,
    "seed": 1,
    "decks": {"1": ["5", "4"], "2": ["3", "4"]},
    "actions": ["chance:draw 1 5", "chance:draw 2 3"],
}


def failures(expect: dict[str, object], actions: list[str] | None = None) -> list[str]:
    scenario = parse_scenario({**BASE, "actions": actions or BASE["actions"], "expect": expect})
    return check_expectations(scenario, run_scenario(scenario))


def test_matching_expectations_pass() -> None:
    assert failures({"seats.1.won": 2, "is_null": ["outcome"], "is_missing": ["seats.1.hand"]}) == []


def test_a_wrong_value_a_non_null_and_a_present_field_are_each_reported() -> None:
    found = failures({"seats.1.won": 3, "is_null": ["seats.1"], "is_missing": ["seats.1.won"]})
    assert len(found) == 3
    assert any("expected 3, got 2" in line for line in found)


def test_an_unexpected_refusal_is_reported_and_an_expected_one_must_match() -> None:
    assert any("unexpected error" in line for line in failures({}, ["chance:draw 1 6"]))
    refused = {"error_index": 0, "error_contains": "has a 5 on top, not a 6"}
    assert failures(refused, ["chance:draw 1 6"]) == []
    assert failures({"error_index": 1}, ["chance:draw 1 6"]) != []
