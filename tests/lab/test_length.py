"""A game's length before it is played (console/lab/length.py): decisions measured by the normal
bot on seeded games, shipped as each game's length.toml, reproducible from the seeds it names,
and turned into minutes at a person's, a bot's and the dealer's pace."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.cli import main
from console.games import find_game, game_names
from console.games.core import BadOptions, UnknownGame
from console.hub.pace import MIN_GAMES
from console.journal import Journal
from console.lab.length import (
    Length,
    Pace,
    about_minutes,
    lengths_of,
    measure,
    minutes_by_people,
    parse,
    seconds,
    to_toml,
)
from tests.helpers.timed_games import timed_game

PACE = Pace(person_s=10.0, bot_s=0.8, dealer_s=0.4)


def test_every_built_game_ships_its_lengths_for_every_player_count_it_allows() -> None:
    for name in game_names():
        game = find_game(name)
        if type(game).__module__.startswith("console.games."):  # a plugin may ship none
            table = lengths_of(name)
            assert table is not None, f"{name} ships no length.toml: tabletop lengths {name}"
            assert table.game == name and table.bot == "normal" and table.games >= 100
            assert sorted(table.lengths) == list(range(game.min_players, game.max_players + 1))
            for length in table.lengths.values():
                assert length.unfinished == 0, f"{name}: a measured game hit the action cap"
                low, high = length.decisions_p10, length.decisions_p90
                assert low <= length.decisions <= high or not length.decisions


def test_a_shipped_table_is_what_its_seeds_give_again() -> None:
    # The file says how it was made; made again, it is the same to the last digit (the Wheels:
    # the one quick enough to play 200 games in a test). A changed engine fails here: measure again.
    table = lengths_of("wheels")
    assert table is not None
    again = measure("wheels", table.games, table.seed)
    assert to_toml(again) == to_toml(table), (
        "console/games/wheels/length.toml is stale: "
        "tabletop lengths wheels > console/games/wheels/length.toml"
    )


def test_a_measured_table_reads_back_as_written() -> None:
    table = measure("watch", games=3, seed=5, players=[2, 4])
    assert sorted(table.lengths) == [2, 4]
    back = parse(to_toml(table), "here")
    assert back.seed == 5 and back.games == 3
    for count, length in table.lengths.items():
        assert back.lengths[count].decisions == pytest.approx(length.decisions, abs=0.05)
        assert back.lengths[count].chance == pytest.approx(length.chance, abs=0.05)
    # four rulers decide more than two: each has its own turns
    assert table.lengths[4].decisions > table.lengths[2].decisions


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("not toml at all [", "is not a length table"),
        ('game = "wheels"\nbot = "normal"\nseed = 0\ngames = 2\n', "'players'"),
        (
            'game = "wheels"\nbot = "normal"\nseed = 0\ngames = 2\n[players.2]\ndecisions = -1\n'
            "decisions_p10 = 0\ndecisions_p90 = 0\nchance = 1\n",
            "below zero",
        ),
    ],
)
def test_a_damaged_table_is_one_line_naming_its_file(text: str, says: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse(text, "wheels's length.toml")
    message = str(refused.value)
    assert "\n" not in message and message.startswith("wheels's length.toml") and says in message


def test_measuring_refuses_what_cannot_be_played_in_one_line() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        measure("wheels", games=0)
    with pytest.raises(BadOptions, match="is for 2 players, not 3"):
        measure("wheels", games=1, players=[3])
    with pytest.raises(UnknownGame):
        measure("chess", games=1)


def test_people_bots_and_the_dealer_each_take_their_own_time() -> None:
    length = Length(players=4, decisions=200.0, decisions_p10=150, decisions_p90=250, chance=40.0)
    # 50 decisions a seat; chance dealt at the hub's pause
    assert seconds(length, 4, False, PACE) == pytest.approx(200 * 10 + 40 * 0.4)
    assert seconds(length, 1, False, PACE) == pytest.approx(50 * 10 + 150 * 0.8 + 40 * 0.4)
    assert seconds(length, 0, False, PACE) == pytest.approx(200 * 0.8 + 40 * 0.4)
    # physical chance: every card is scanned by a person
    assert seconds(length, 4, True, PACE) == pytest.approx(200 * 10 + 40 * 10)
    assert minutes_by_people(length, False, PACE) == [3, 11, 20, 25, 35]
    with pytest.raises(ValueError, match="5 people cannot sit at 4 seats"):
        seconds(length, 5, False, PACE)


@pytest.mark.parametrize(
    ("seconds_", "minutes"),
    [(5, 1), (89, 1), (91, 2), (689, 11), (12 * 60, 10), (23 * 60, 25), (49 * 60, 50), (97 * 60, 95)],
)
def test_minutes_are_said_as_a_person_says_them(seconds_: float, minutes: int) -> None:
    assert about_minutes(seconds_) == minutes


def test_the_lengths_command_prints_the_table_a_game_ships(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lengths", "wheels", "--games", "3", "--seed", "9"]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("# How many actions a game of Wheels of War takes")
    assert "tabletop lengths wheels --games 3 --seed 9" in printed
    assert parse(printed, "stdout").lengths[2].decisions > 0
    assert main(["lengths", "chess"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "chess" in error


def test_a_journals_finished_games_are_set_beside_their_estimates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "no-config"))  # the hub's default pauses
    path = tmp_path / "journal.db"
    assert main(["--journal", str(path), "lengths", "--compare"]) == 0
    assert "nothing to compare" in capsys.readouterr().out
    with Journal(path) as journal:
        for seed in range(MIN_GAMES):
            timed_game(journal, "watch", {1: "phone", 2: "phone"}, 12.0, seed=seed)
    assert main(["--journal", str(path), "lengths", "--compare", "watch"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == MIN_GAMES
    table = lengths_of("watch")
    assert table is not None
    learned_at = about_minutes(seconds(table.lengths[2], 2, False, Pace(12.0, 0.8, 0.4)))
    default_at = about_minutes(seconds(table.lengths[2], 2, False, Pace(10.0, 0.8, 0.4)))
    for line in lines:
        # the Watch's phones took 12 s an action and the dealer 0.4 s a card
        assert line.startswith("table ") and "Rules of the Watch: 2 rulers (2 people), cards dealt" in line
        assert (
            f"estimated {learned_at} minutes at 12.0 s a person's action (this hub's, from 3 games)" in line
        )
        assert line.endswith(f", {default_at} minutes at 10.0 s a person's action (the default)"), line
    assert main(["--journal", str(path), "lengths", "--compare", "wheels"]) == 0
    assert "nothing to compare" in capsys.readouterr().out
    assert main(["lengths"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
