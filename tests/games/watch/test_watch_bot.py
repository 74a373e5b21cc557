"""The Watch's heuristic (normal) bot: it beats random play, saves for its next victory point,
stands its army on a landfall and aims its cards at rivals, reading only its view."""

from __future__ import annotations

import random

import pytest

from console.games.watch.bot import WatchBot
from console.lab.execute import run_local
from console.lab.figures import sole_winner
from console.lab.runs import RunSpec
from tests.games.watch.watch_table import Table

pytestmark = pytest.mark.slow

FREE = {"1:end", "1:offer 2"}  # what costs nothing


def choice(table: Table, seat: int = 1) -> str:
    state = table.state
    return str(WatchBot().choose(state.view(seat), state.legal_actions(seat), random.Random(0)))


def test_the_normal_bot_beats_random_play_in_four_seeded_games_of_five() -> None:
    spec = RunSpec("watch", 40, seed=300, players=2, bots=("normal", "easy"))  # 20 seeds, seats alternated
    records = run_local(spec, 1)
    wins = sum(1 for r in records if (w := sole_winner(r)) and r["bots"][w - 1] == "normal")
    assert len(records) == 40 and wins >= 32, wins


def test_it_declares_when_it_can() -> None:
    table = Table(options={"victory_points": 3})
    assert choice(table) == "1:declare"


def test_it_raises_a_city_before_anything_else() -> None:
    table = Table()
    table.give(1, grain=6, wood=6, stone=6, gold=4)
    assert choice(table) == "1:city i18"


def test_it_keeps_what_the_city_needs_instead_of_drawing() -> None:
    table = Table()
    table.give(1, grain=3, wood=2, stone=4, gold=0)  # a politics draw (1 grain, 2 stone) is affordable
    assert "1:draw politics goods" in table.legal(1)
    assert choice(table) in FREE  # nothing spent


def test_it_exchanges_gold_for_the_last_grain_of_a_city() -> None:
    table = Table()
    table.give(1, grain=3, wood=2, stone=4, gold=2)
    assert choice(table) == "1:exchange grain"


def test_it_wakes_its_army_in_the_round_of_a_landfall_paying_gold_first() -> None:
    table = Table()
    table.empty(1)
    table.give(1, grain=1, gold=1)
    table.army(1, "i14", 3)
    assert choice(table) in FREE  # no landfall this round: the grain and gold are kept
    table.state.moons = 1
    assert choice(table) == "1:activate i14 gold"


def test_it_burns_only_a_rivals_road() -> None:
    table = Table()
    table.empty(1)
    table.hand(1, "w-burn-the-ford")
    played = choice(table)
    rivals = {entry["id"] for entry in table.state.view(1)["board"]["edges"] if entry.get("road") == 2}
    assert played.startswith("1:play w-burn-the-ford ") and played.split()[-1] in rivals
