"""A table takes back a move as the policy allows: journalled as a correction, history kept, the
game rebuilt as if the move was never made, and a resumed table is the corrected one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.cli import main
from console.games.core import IllegalAction
from console.i18n.said import Speaker, say
from console.journal import Journal
from console.table import Table, correction_words


def views(table: Table) -> str:
    state = table.state
    return json.dumps([state.view(seat) for seat in range(state.players + 1)], sort_keys=True)


def declaring(tmp_path: Path) -> Table:
    """A two-seat game dealt up to a declaration both seats make at once."""
    table = Table.start(Journal(tmp_path / "j.db"), "wisteria", 2, seed=3)
    while table.state.to_act != (1, 2):
        table.submit(table.chance_action())
    return table


def test_a_takeback_is_journalled_and_the_game_is_as_if_the_move_was_never_made(tmp_path: Path) -> None:
    table = declaring(tmp_path)
    before, history, legal = views(table), list(table.history), table.state.legal_actions(1)
    table.submit("1:battle")
    assert table.takebacks.point(1).count == 1
    correction = table.take_back(1)
    assert views(table) == before and table.history == history
    assert table.state.legal_actions(1) == legal
    # History is never deleted: the action stays in the journal, the correction beside it.
    assert table.journal.actions(table.id) == [*history, "1:battle"]
    assert table.journal.corrections(table.id) == [correction]
    assert (correction.kind, correction.asked_by, correction.confirmed) == ("takeback", "seat 1", (1,))
    assert correction.withdrawn == (len(history),)
    # The log keeps the withdrawn move's events and says the takeback, naming no move.
    assert table.log[-1].event.kind == "takeback" and table.log[-1].action == ""
    assert Speaker().render(correction_words(table.log[-1].event) or say("")) == "Seat 1 took back 1 action"
    # The seat plays on, and a resumed table is the corrected one, with the same log.
    table.submit("1:retreat")
    resumed = Table.resume(table.journal, table.id)
    assert views(resumed) == views(table) and resumed.history == table.history
    assert [logged.event for logged in resumed.log] == [logged.event for logged in table.log]
    assert resumed.journalled == len(history) + 2


def test_a_refused_takeback_changes_nothing(tmp_path: Path) -> None:
    table = declaring(tmp_path)
    table.submit("1:battle")
    table.submit("2:retreat")  # the last choice shows both: nobody may take back now
    before = views(table)
    with pytest.raises(IllegalAction, match=r"^seat 1 cannot take back now: seat 2 has acted since$"):
        table.take_back(1)
    with pytest.raises(IllegalAction, match=r"^seat 2 cannot take back now: its last action showed hidden"):
        table.take_back(2)
    assert views(table) == before and table.journal.corrections(table.id) == []


def test_the_host_goes_back_further_and_replay_gives_the_corrected_game(tmp_path: Path) -> None:
    table = declaring(tmp_path)
    index = len(table.history)
    before = views(table)
    table.submit("1:battle")
    table.submit("2:battle")
    while table.state.to_act == (0,):
        table.submit(table.chance_action())
    assert table.seats_undone(index) == [1, 2]
    table.withdraw(len(table.history) - index, "host", "host", (1, 2))
    assert views(table) == before
    assert Speaker().render(correction_words(table.log[-1].event) or say("")).startswith("The host withdrew ")
    assert views(Table.resume(table.journal, table.id)) == before


def test_tabletop_replay_shows_the_correction_in_its_place(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = declaring(tmp_path)
    withdrawn = len(table.history)
    table.submit("1:battle")
    table.take_back(1)
    table.submit("1:retreat")
    table.journal.close()
    assert main(["--journal", str(tmp_path / "j.db"), "replay", str(table.id)]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = lines.index(f"{withdrawn:>5}  1:battle")
    assert lines[at + 1] == f"       takeback asked by seat 1, confirmed by seat 1: withdrew {withdrawn}"
    assert lines[at + 2] == f"{withdrawn + 1:>5}  1:retreat"
