"""A person's pace, learned from a real journal of timed games (console/hub/pace.py): only people's
actions count (a bot's, the dealer's and the clock's never), a break is not a decision, the median
of the finished games replaces the default once there are enough of them, and each finished game
is read once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from console.bots import bots_for
from console.hub.handovers import Handover
from console.hub.pace import BREAK_S, DEFAULT_PERSON_S, MIN_GAMES, finished_paces, game_pace, learned
from console.journal import Journal
from console.table import Table
from tests.helpers.timed_games import timed_game


@pytest.fixture
def journal(tmp_path: Path) -> Iterator[Journal]:
    with Journal(tmp_path / "journal.db") as opened:
        yield opened


def test_a_hub_without_finished_games_of_its_own_uses_the_default(journal: Journal) -> None:
    assert learned(journal, "wheels") == (DEFAULT_PERSON_S, 0)
    for seed in range(MIN_GAMES - 1):  # one game short
        timed_game(journal, "wheels", {1: "phone", 2: "bot"}, 12.0, seed=seed)
    assert learned(journal, "wheels").games == 0
    assert learned(journal, "wheels").person_s == DEFAULT_PERSON_S


def test_a_persons_actions_count_and_a_bots_and_the_dealers_do_not(journal: Journal) -> None:
    for seed in range(MIN_GAMES):
        timed_game(journal, "wheels", {1: "phone", 2: "bot"}, 12.0, seed=seed)
    found = learned(journal, "wheels")
    assert found.games == MIN_GAMES
    assert found.person_s == pytest.approx(12.0)
    # another title learns on its own: none of its games is finished here
    assert learned(journal, "watch") == (DEFAULT_PERSON_S, 0)


def test_the_median_game_sets_the_pace(journal: Journal) -> None:
    for seed, person_s in enumerate((6.0, 30.0, 14.0, 9.0, 20.0)):
        timed_game(journal, "wheels", {1: "phone", 2: "pod"}, person_s, seed=seed)
    assert learned(journal, "wheels") == pytest.approx((14.0, 5))


def test_a_break_is_not_a_decision(journal: Journal) -> None:
    table_id = timed_game(journal, "wheels", {1: "phone", 2: "phone"}, 12.0, pauses={20: BREAK_S + 1})
    pace = game_pace(journal, table_id)
    assert pace is not None and pace.per_action_s == pytest.approx(12.0)
    journalled = len(journal.actions(table_id))
    chance = sum(1 for notation in journal.actions(table_id) if notation.startswith("chance:"))
    assert pace.actions == journalled - chance - 1  # the action after the break is left out


def test_a_seat_handed_to_a_bot_counts_only_while_a_person_played_it(journal: Journal) -> None:
    # Both seats are people at first; from action 30 a bot plays seat 2 (its player left).
    handover = Handover(seat=2, before="phone", controller="bot", level="normal", at_action=30)
    table_id = timed_game(journal, "wheels", {1: "phone", 2: "phone"}, 15.0, handovers={30: handover})
    pace = game_pace(journal, table_id)
    assert pace is not None and pace.per_action_s == pytest.approx(15.0)
    actions = journal.actions(table_id)
    people = sum(
        1
        for seq, notation in enumerate(actions)
        if not notation.startswith("chance:") and (notation.startswith("1:") or seq < 30)
    )
    assert pace.actions == people


def test_a_scanned_card_is_a_persons_action(journal: Journal) -> None:
    table_id = timed_game(journal, "wheels", {1: "pod", 2: "bot"}, 9.0, chance="physical")
    pace = game_pace(journal, table_id)
    assert pace is not None and pace.per_action_s == pytest.approx(9.0)
    actions = journal.actions(table_id)
    assert pace.actions == sum(1 for notation in actions if notation.startswith(("1:", "chance:")))


def test_unfinished_ended_and_terminal_games_teach_nothing(journal: Journal) -> None:
    timed_game(journal, "wheels", {1: "phone", 2: "phone"}, 12.0, limit=20)  # still playing
    ended = timed_game(journal, "wheels", {1: "phone", 2: "phone"}, 12.0, seed=2, limit=20)
    Table.resume(journal, ended).end("the host ended it")
    terminal = Table.start(journal, "wheels", 2, 3)  # a terminal's game: who sat where is not kept
    terminal.advance(bots_for(terminal.game, 2, "normal"))
    assert terminal.state.outcome() is not None
    all_bots = timed_game(journal, "wheels", {1: "bot", 2: "bot"}, 12.0, seed=4)
    assert game_pace(journal, all_bots) is None
    assert finished_paces(journal) == []


def test_a_game_finished_later_is_learned_and_a_finished_one_is_read_once(
    journal: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    for seed in range(MIN_GAMES):
        timed_game(journal, "wheels", {1: "phone", 2: "bot"}, 12.0, seed=seed)
    assert learned(journal, "wheels") == pytest.approx((12.0, MIN_GAMES))
    read: list[int] = []
    original = game_pace

    def counting(journal_: Journal, table_id: int) -> object:
        read.append(table_id)
        return original(journal_, table_id)

    monkeypatch.setattr("console.hub.pace.game_pace", counting)
    for seed in range(9, 12):  # as many games again, at a slower pace: the median is between
        timed_game(journal, "wheels", {1: "phone", 2: "bot"}, 30.0, seed=seed)
    assert learned(journal, "wheels") == pytest.approx((21.0, 2 * MIN_GAMES))
    assert len(read) == 3  # only the three new games were read
