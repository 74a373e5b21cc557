"""``tabletop balance``: the fewest catalog edits that meet the targets, confirmed on fresh seeds and
written as an edition the game plays by name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.cli import main
from console.games import find_game
from console.games.editions import Edition, load_edition
from console.lab.balance import FRESH_SEEDS, Search, Target, judge
from console.lab.execute import run_local
from console.lab.runs import RunSpec

FIRST_PLAYER_IS_SEAT_1 = {"first_seat": 1}


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("first-seat=±2", Target("first-seat", 2)),
        ("cart-wheel=+-5", Target("cart-wheel", 5)),
        ("cave-elder=2.5", Target("cave-elder", 2.5)),
    ],
)
def test_a_target_is_a_figure_and_its_points(text: str, target: Target) -> None:
    assert Target.parse(text) == target


@pytest.mark.parametrize("text", ["first-seat", "first-seat=±0", "Cart Wheel=±5", "first-seat=±two"])
def test_a_malformed_target_is_refused_in_one_line(text: str) -> None:
    with pytest.raises(ValueError, match=r"FIGURE=±POINTS|more than 0") as refused:
        Target.parse(text)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--target", "queen-of-hearts=±5"], "neither first-seat nor a card Wheels of War can stand in for"),
        (["--target", "first-seat=±2", "--tune", "cave-eldr"], "no tunable number is named cave-eldr"),
        ([], "name at least one --target"),
    ],
)
def test_a_target_or_number_the_game_has_not_is_one_line_before_anything_is_played(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["balance", "wheels", "--games", "20", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert words in err and len(err.splitlines()) == 1


def test_a_game_without_tunable_numbers_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["balance", "watch", "--target", "first-seat=±2"]) == 2
    assert "declares no tunable numbers" in capsys.readouterr().err


@pytest.mark.slow
def test_a_search_writes_an_edition_whose_figures_meet_the_targets_on_fresh_seeds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("TABLETOP_EDITIONS", str(tmp_path))
    argv = [
        "balance",
        "wheels",
        "-o",
        "first_seat=1",
        "--target",
        "mountain-wheel=±3",
        "--tune",
        "mountain-wheel",
        "--games",
        "100",
        "--max-edits",
        "1",
        "--workers",
        "2",
        "--name",
        "gentler-mountain",
        "--json",
    ]
    assert main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert abs(report["book"]["mountain-wheel"]["points"]) > 3  # the book misses the target
    assert report["found"] and len(report["edits"]) == 1 and report["edits"][0]["card"] == "mountain-wheel"
    confirmed = report["confirmed"]["mountain-wheel"]
    assert abs(confirmed["points"]) <= 3 and confirmed["games"] == 400
    edition = load_edition("wheels", "gentler-mountain")
    edit = report["edits"][0]
    assert edition.numbers == (("mountain-wheel", edit["field"], edit["to"]),)
    # the edition plays by name, and its figures on the fresh seeds are the ones reported
    named = {**FIRST_PLAYER_IS_SEAT_1, "edition": "gentler-mountain"}
    spec = RunSpec("wheels", 400, seed=FRESH_SEEDS, options=named)
    again = judge(spec, Edition(), [Target("mountain-wheel", 3)], lambda other: run_local(other, 2))
    assert again.figures == report["confirmed"]
    assert find_game("wheels").new(2, 0, {"edition": "gentler-mountain"}) is not None


@pytest.mark.slow
def test_a_search_finds_the_same_edition_on_one_worker_and_two() -> None:
    spec = RunSpec("wheels", 40, options=FIRST_PLAYER_IS_SEAT_1)
    targets = [Target("first-seat", 4)]

    def found(workers: int) -> object:
        search = Search(spec, targets, lambda other: run_local(other, workers), 1, ["cave-elder"])
        return search.search(80)

    assert found(1) == found(2)
