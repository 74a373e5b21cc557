"""The designer's lab: the same seed gives the same records and report on 1 and 2 workers, the
figures' arithmetic (Wilson, spreads, per-card differences), comparisons and the ladder, the CLI."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest

from console.cli import main
from console.lab.compare import compare, ladder, paired
from console.lab.execute import run_local
from console.lab.figures import figures, games_needed, rate, spread, wilson
from console.lab.runs import RunSpec, play_game
from console.lab.simulate import progress_bar, simulate, without_timings

WHEELS = RunSpec("wheels", 6, seed=4, bots=("normal", "easy"))


def test_wilson_interval_matches_the_formula() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0 and wilson(0, 20)[1] == pytest.approx(0.1611, abs=1e-4)


def test_a_wide_interval_warns_with_the_games_needed() -> None:
    assert "warning" in rate(10, 20) and rate(10, 20)["needed"] == games_needed(0.5) == 385
    assert "warning" not in rate(500, 1000)


def test_spread_is_nearest_rank() -> None:
    figures_ = spread(list(range(1, 101)))
    assert (figures_["p5"], figures_["p50"], figures_["p95"], figures_["max"]) == (5, 50, 95, 100)


def test_same_seed_same_records_whatever_the_workers() -> None:
    one = run_local(WHEELS, 1)
    two = run_local(WHEELS, 2)
    assert one == two
    assert [(r["index"], r["rotation"]) for r in one] == WHEELS.units()
    assert without_timings(simulate(WHEELS, 1)) == without_timings(simulate(WHEELS, 2))


def test_bots_rotate_through_every_seat_on_common_seeds() -> None:
    records = run_local(WHEELS, 1)
    assert {tuple(r["bots"]) for r in records} == {("normal", "easy"), ("easy", "normal")}
    found = figures(records, 2)
    assert found["win_rate_by_bot"]["normal"]["all_seats"]["rate"] > 0.8
    assert set(found["win_rate_by_bot"]["normal"]["by_seat"]) == {"1", "2"}


def test_card_figures_compare_with_the_baseline() -> None:
    records = [
        {
            "winners": [1],
            "scores": [1, 0],
            "bots": ["a", "a"],
            "finished": True,
            "actions": 1,
            "plies": 1,
            "ending": "x",
            "cards": {
                "1": {"drawn": ["ace"], "played": {"ace": 3}, "leader": "L"},
                "2": {"drawn": ["ace", "two"], "played": {}, "leader": "M"},
            },
        },
    ] * 40
    found = figures(records, 2)
    ace = found["cards"]["ace"]
    assert ace["when_played"]["rate"] == 1.0 and ace["when_played"]["significant"]
    assert ace["when_never_played"]["rate"] == 0.0 and ace["use_rate"]["rate"] == 0.5
    assert ace["mean_turn_played"] == 3
    assert found["leaders"]["L"]["win"]["diff"] == 0.5


def test_tension_and_card_use_are_recorded() -> None:
    record = play_game(RunSpec("wheels", 1, seed=1), 0, 0)
    assert record["finished"] and record["lead_changes"] >= 0
    assert set(record["cards"]) == {"1", "2"} and record["cards"]["1"]["drawn"]


def test_a_shorter_round_limit_is_a_significant_paired_difference() -> None:
    base = RunSpec("wisteria", 12, seed=2, players=3)
    changed = dataclasses.replace(base, options={"round_limit": 5})
    result = compare(base, changed, lambda spec: run_local(spec, 1))
    assert result["differences"]["length_actions"]["diff"] < 0
    assert "length_actions" in result["significant"]
    assert paired([1.0, 1.0, 1.0])["significant"] and not paired([1.0, -1.0])["significant"]


def test_the_ladder_puts_normal_above_easy() -> None:
    result = ladder(RunSpec("wheels", 10, seed=3), lambda spec: run_local(spec, 1), levels=("easy", "normal"))
    rung = result["rungs"][0]
    assert (rung["upper"], rung["lower"], rung["games"]) == ("normal", "easy", 10)
    assert rung["upper_wins"]["rate"] >= 0.8


def test_progress_bar_only_on_a_terminal() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert progress_bar(io.StringIO()) is None
    screen = Terminal()
    bar = progress_bar(screen)
    assert bar is not None
    bar(5, 10)
    bar(10, 10)
    assert "5/10 games" in screen.getvalue() and screen.getvalue().endswith("\n")


def test_simulate_cli_json_and_no_bar_when_piped(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "wheels", "--games", "6", "--bots", "normal,easy", "--workers", "2", "--json"])
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert status == 0 and err == ""
    assert (report["games"], report["seeds"], report["bots"]) == (6, 3, ["normal", "easy"])
    assert sum(report["wins_by_seat"]) + report["draws"] + report["unfinished"] == report["games"]
    assert set(report["figures"]["win_rate_by_bot"]) == {"normal", "easy"}


def test_games_are_plays_and_an_odd_number_still_alternates_the_seats() -> None:
    spec = RunSpec("wheels", 5, bots=("normal", "easy"))
    assert spec.units() == [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)]
    records = run_local(spec, 1)
    assert [record["bots"][0] for record in records] == ["normal", "easy", "normal", "easy", "normal"]
    assert [record["seed"] for record in records] == [0, 0, 1, 1, 2]


def test_simulate_cli_refuses_bad_bots_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "wheels", "--games", "2", "--bots", "normal,normal,normal"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "one per seat" in err
