"""The scenario runner's own checks: an expectation that does not hold is reported, never ignored."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.cli import main
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


SCENARIO = """
game = "wisteria"
players = 2
seed = 1
actions = {actions}
[decks]
1 = ["5", "4"]
2 = ["3", "4"]
[expect]
{expect}
"""
DRAWS = '["chance:draw 1 5", "chance:draw 2 3"]'
REFUSED = '["chance:draw 1 6"]'  # seat 1 has a 5 on top
Capture = pytest.CaptureFixture[str]


def run_file(
    tmp_path: Path, capsys: Capture, expect: str, actions: str = DRAWS, *flags: str
) -> tuple[int, str, str]:
    """``tabletop scenario FILE``: its exit status, stdout and stderr."""
    path = tmp_path / "scenario.toml"
    path.write_text(SCENARIO.format(actions=actions, expect=expect))
    status = main(["scenario", str(path), *flags])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_exits_0_when_every_expectation_holds(tmp_path: Path, capsys: Capture) -> None:
    status, out, err = run_file(tmp_path, capsys, '"seats.1.won" = 2\nis_null = ["outcome"]')
    assert (status, err) == (0, "") and out.endswith("Expectations: all met\n")


def test_the_command_exits_1_listing_each_path_that_differs(tmp_path: Path, capsys: Capture) -> None:
    expect = "\n".join(
        [
            '"seats.1.won" = 3',
            '"seats.2.won" = 0',
            '"to_act" = [1, 2]',
            '"public.round" = 99',
            '"outcome.winners.0" = 1',
        ]
    )
    status, out, err = run_file(tmp_path, capsys, expect)
    assert status == 1, err
    assert err.splitlines() == [
        f"tabletop: {tmp_path / 'scenario.toml'}: 4 expectation(s) not met:",
        "  seats.1.won: expected 3, got 2",
        "  to_act: expected [1, 2], got [0]",
        "  public.round: expected 99, got 2",
        "  outcome.winners.0: expected 1, got '<missing>'",
    ]  # seats.2.won holds, so it is not listed
    assert "Public view:" in out  # the views are still printed, to see what went wrong


def test_json_output_carries_the_differences(tmp_path: Path, capsys: Capture) -> None:
    status, out, _ = run_file(tmp_path, capsys, '"seats.1.won" = 3', DRAWS, "--json")
    assert status == 1 and json.loads(out)["differences"] == ["seats.1.won: expected 3, got 2"]


def test_an_illegal_action_is_exit_2_and_an_expected_one_passes(tmp_path: Path, capsys: Capture) -> None:
    status, _, err = run_file(tmp_path, capsys, '"seats.1.won" = 2', REFUSED)
    assert status == 2 and err.count("\n") == 1 and "action 0 'chance:draw 1 6'" in err
    status, _, err = run_file(tmp_path, capsys, 'error_index = 0\nerror_contains = "not a 6"', REFUSED)
    assert (status, err) == (0, "")
    status, _, err = run_file(tmp_path, capsys, "error_index = 1", REFUSED)
    assert status == 1 and "expected action 1 to be refused" in err


def test_a_malformed_file_is_still_exit_2(tmp_path: Path, capsys: Capture) -> None:
    status, _, err = run_file(tmp_path, capsys, '"seats.1.won" = 2', '"not a list"')
    assert status == 2 and err.count("\n") == 1 and "'actions' must be list" in err
