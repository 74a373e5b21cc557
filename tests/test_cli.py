"""The tabletop command: each command works, and each user mistake is one line and exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from console.cli import main

SCENARIO = """
game = "wisteria"
players = 2
seed = 1
actions = {actions}
[decks]
1 = ["5", "4", "4", "2"]
2 = ["3", "4", "4", "1"]
[options]
victory = "total_control"
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "scenario.toml"
    path.write_text(text)
    return path


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def test_scenario_prints_every_view_and_the_outcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, SCENARIO.format(actions='["chance:draw 1 5", "chance:draw 2 3"]'))
    status, out, _ = run(["scenario", str(path)], capsys)
    assert status == 0
    assert "Public view:" in out and "Seat 1 sees:" in out and "Seat 2 sees:" in out and "Outcome:" in out
    status, out, _ = run(["scenario", str(path), "--json"], capsys)
    result = json.loads(out)
    assert status == 0 and result["actions"][:2] == ["chance:draw 1 5", "chance:draw 2 3"]
    assert set(result["seats"]) == {"1", "2"}


def test_an_illegal_action_stops_the_scenario_naming_its_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 5 beats 3, then 4 ties 4: the War. Seat 1 may choose once; "choices cannot be changed".
    actions = '["chance:draw 1 5", "chance:draw 2 3", "1:retreat", "1:battle"]'
    status, _, err = run(["scenario", str(write(tmp_path, SCENARIO.format(actions=actions)))], capsys)
    assert status == 2
    assert err.startswith("tabletop: action 3 '1:battle':") and err.count("\n") == 1


def test_malformed_notation_stops_the_scenario_naming_its_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, SCENARIO.format(actions='["chance:draw 1 5", "one battle"]'))
    status, _, err = run(["scenario", str(path)], capsys)
    assert status == 2 and "action 1 'one battle'" in err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("game = [", "not valid TOML"),
        ('game = "chess"\nplayers = 2\nactions = []', "there is no game 'chess'"),
        ('game = "wisteria"\nactions = []', "'players' is missing"),
        ('game = "wisteria"\nplayers = 1\nactions = []', "not 1"),
        ('game = "wisteria"\nplayers = 2\nactions = [3]', "notation"),
        ('game = "wisteria"\nplayers = 2\nactions = []\ncolour = "red"', "unknown key"),
    ],
)
def test_a_malformed_scenario_file_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, message: str
) -> None:
    status, out, err = run(["scenario", str(write(tmp_path, text))], capsys)
    assert status == 2 and message in err and err.count("\n") == 1 and out == ""


def test_an_unknown_game_is_one_clear_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(["simulate", "chess", "--games", "1"], capsys)
    assert status == 2 and "there is no game 'chess'" in err


def test_a_journal_that_is_not_ours_is_refused_and_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "photo.jpg"
    path.write_bytes(b"\xff\xd8\xff\xe0 not a database" * 50)
    status, _, err = run(["--journal", str(path), "games"], capsys)
    assert status == 2 and "not a tabletop journal" in err
    assert path.read_bytes() == b"\xff\xd8\xff\xe0 not a database" * 50


def test_simulate_json_has_the_shared_fields_and_the_same_seed_gives_the_same_report(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["simulate", "wisteria", "--games", "20", "--seed", "9", "--players", "3", "--json"]
    _, first, _ = run(args, capsys)
    _, second, _ = run(args, capsys)
    one, two = json.loads(first), json.loads(second)
    for key in ("game", "games", "seed", "wins_by_seat", "draws", "unfinished", "mean_length", "games_per_s"):
        assert key in one
    assert len(one["wins_by_seat"]) == 3
    assert sum(one["wins_by_seat"]) + one["draws"] + one["unfinished"] == 20
    one.pop("games_per_s"), two.pop("games_per_s")
    assert one == two


def test_bench_json_lists_named_figures(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["bench", "wisteria", "--json", "--seconds", "0.2"], capsys)
    figures = {figure["name"]: figure for figure in json.loads(out)}
    assert status == 0
    assert set(figures) == {"wisteria.us_per_action", "wisteria.games_per_s"}
    per_action = figures["wisteria.us_per_action"]
    assert per_action["unit"] == "us" and per_action["value"] > 0


@pytest.mark.slow
def test_play_then_games_and_replay_show_the_journalled_game(tmp_path: Path) -> None:
    journal = tmp_path / "journal.db"
    answers = "1\n" * 400 + "q\n"
    played = subprocess.run(
        [
            sys.executable,
            "-m",
            "console.cli",
            "--journal",
            str(journal),
            "play",
            "wisteria",
            "--players",
            "2",
            "--bots",
            "0",
            "--seed",
            "4",
        ],
        input=answers,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert played.returncode == 0, played.stderr
    assert "Table 1: Wizard of Wisteria" in played.stdout
    listed = subprocess.run(
        [sys.executable, "-m", "console.cli", "--journal", str(journal), "games"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert listed.returncode == 0 and "wisteria" in listed.stdout
    replay = subprocess.run(
        [sys.executable, "-m", "console.cli", "--journal", str(journal), "replay", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert replay.returncode == 0
    moves = [line.split(None, 1)[1] for line in replay.stdout.splitlines()[1:] if line[:5].strip().isdigit()]
    assert moves and all(":" in move for move in moves)


def test_every_command_module_is_listed_once_and_adds_the_command_it_is_named_after() -> None:
    import argparse
    import pkgutil

    import console.cli
    from console.cli import COMMANDS, build_parser

    shared = {"common", "__main__"}
    modules = {info.name for info in pkgutil.iter_modules(console.cli.__path__)} - shared
    listed = [command.__name__.rpartition(".")[2] for command in COMMANDS]  # type: ignore[attr-defined]
    assert sorted(listed) == sorted(modules)
    subparsers = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert list(subparsers.choices) == listed


def test_version_is_the_installed_distributions(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as stopped:
        main(["--version"])
    assert stopped.value.code == 0
    assert capsys.readouterr().out == f"tabletop {version('tabletop-console')}\n"


def test_every_benchmark_module_is_a_listed_group_or_a_helper_of_one() -> None:
    import pkgutil

    import console.bench
    from console.bench import GROUPS, available

    # the hub group's pretend pods and phones, and its flood figures; the corrections' hub figures;
    # the lab's search and effects
    helpers = {"rig", "hub_flood", "hub_hardening", "takeback_hub", "lab_design"}
    modules = {info.name for info in pkgutil.iter_modules(console.bench.__path__)}
    assert modules - helpers == set(GROUPS)
    assert set(GROUPS) <= set(available())
