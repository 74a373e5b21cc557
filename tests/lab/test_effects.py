"""Causal effects: the same seeds again with a card stood in for or an option changed, each game
paired with its twin; the report's headline read from the figures its tables show."""

from __future__ import annotations

import dataclasses
import html
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from console.bots import decide, make_bot
from console.cli import main
from console.games.core import CHANCE, JSON
from console.games.editions import Edition
from console.lab.effects import card_effects, causal_effects, clear_effects, effect, option_changes, twins
from console.lab.execute import run_local
from console.lab.runs import RunSpec

STRONG_ELDER = (
    Edition()
    .number("cave-elder", "value", 16)
    .number("cave-elder", "peak", 1)
    .number("cave-elder", "hold", 5)
)


def record(winner: int | None, seat_count: int = 2) -> JSON:
    return {"finished": True, "winners": [winner] if winner else list(range(1, seat_count + 1)), "scores": []}


def test_an_effect_is_the_mean_paired_difference_of_one_seat_s_wins() -> None:
    with_it = [record(1), record(1), record(2), record(1)]
    without = [record(2), record(1), record(2), record(2)]
    found = effect(twins(with_it, without, 1))
    assert (found["n"], found["diff"]) == (4, 0.5)
    assert found["low"] < 0.5 < found["high"] and found["games_for_5_points"] > 4
    unchanged = effect(twins(with_it, with_it, 1))
    assert unchanged["diff"] == 0 and not unchanged["significant"] and "games_for_5_points" not in unchanged


def test_a_card_made_far_stronger_is_worth_its_holder_more_than_an_ordinary_one() -> None:
    spec = RunSpec("wheels", 60, edition=STRONG_ELDER)
    base = run_local(spec, 2)
    found = card_effects(spec, base, lambda other: run_local(other, 2), ["cave-elder", "fresh-curd"])
    elder, curd = found["cave-elder"], found["fresh-curd"]
    assert elder["where"] == "its holder's deck" and elder["holder"]["n"] == 120
    assert elder["holder"]["significant"] and elder["holder"]["diff"] > 0.08
    assert elder["holder"]["diff"] > curd["holder"]["diff"]
    assert [name for name, _, _ in clear_effects({"cards": found}, "cards")] == ["cave-elder"]


def test_a_card_in_no_deck_played_is_said_to_change_no_game_not_measured_as_nothing() -> None:
    spec = RunSpec("wheels", 6)  # both seats play the standard deck, which has no Cheese Mites
    found = card_effects(spec, run_local(spec, 1), lambda other: run_local(other, 1), ["cheese-mites"])
    assert found == {"cheese-mites": {"unchanged": True}}


def test_shared_decks_take_the_card_out_for_every_seat() -> None:
    spec = RunSpec("watch", 4)
    base = run_local(spec, 1)
    found = card_effects(spec, base, lambda other: run_local(other, 1), ["w-forge-the-edge"])
    entry = found["w-forge-the-edge"]
    assert entry["where"] == "the shared decks" and "holder" not in entry
    assert set(entry["by_seat"]) == {"1", "2"} and entry["by_seat"]["1"]["n"] == 4


def test_every_other_value_of_every_word_or_true_false_option_is_tried() -> None:
    changes = dict.fromkeys(name for name, _ in option_changes(RunSpec("wisteria", 1)))
    assert set(changes) == {"victory", "repeat_face_down"}
    assert ("repeat_face_down", True) in set(option_changes(RunSpec("wisteria", 1)))
    assert ("layout", "reference") in set(option_changes(RunSpec("watch", 1)))


def test_effects_are_the_same_on_one_worker_and_two() -> None:
    spec = RunSpec("wisteria", 30, seed=5)

    def measured(workers: int) -> JSON:
        return causal_effects(spec, run_local(spec, workers), lambda other: run_local(other, workers))

    assert measured(1) == measured(2)


@pytest.mark.slow
def test_the_headline_names_exactly_the_effects_the_tables_mark_clear(
    tmp_path: Path, require_module: Callable[[str], None], capsys: pytest.CaptureFixture[str]
) -> None:
    require_module("matplotlib")
    out = tmp_path / "effects.html"
    argv = [
        "simulate",
        "wheels",
        "--games",
        "40",
        "--effects",
        "--workers",
        "2",
        "--report",
        str(out),
        "--json",
    ]
    assert main(argv) == 0
    capsys.readouterr()
    page = out.read_text(encoding="utf-8")
    answers = page.split("<h2>What each card does (causal)</h2>")[0]
    named = set(re.findall(r"<li><b>([^<]+)</b>", answers))
    tables = page.split("<h2>What each card does (causal)</h2>")[1].split("<h2>Seats and bots</h2>")[0]
    marked = {
        html.unescape(row.split("</td>")[0])
        for row in re.findall(r"<tr><td>(.*?)</tr>", tables)
        if "<span class=clear>" in row
    }
    assert named == marked
    assert "When drawn" in page and "correlation" in page


def test_a_run_with_effects_counts_its_games_as_plays() -> None:
    spec = dataclasses.replace(RunSpec("wisteria", 7, bots=("normal", "easy")), seed=2)
    base = run_local(spec, 1)
    found = causal_effects(spec, base, lambda other: run_local(other, 1))
    assert found["games"] == 7 == len(base)
    assert all(entry["by_seat"]["1"]["n"] == 7 for entry in found["options"].values())


def test_a_game_and_its_twin_draw_alike_until_the_stood_in_card_is_drawn() -> None:
    """Common random numbers: the stand-in sorts where its card did, so the twins part only there."""
    spec = RunSpec("wheels", 1, seed=7)
    twin = dataclasses.replace(spec, edition=Edition().stand_in("cart-wheel", 1))
    base, other = (replay_history(one) for one in (spec, twin))
    first = next(i for i, action in enumerate(base) if action.startswith("chance:draw 1 cart-wheel"))
    assert base[:first] == other[:first]
    assert other[first] == base[first].replace("cart-wheel", "cart-wheel~stand-in-wheel")


def replay_history(spec: RunSpec) -> list[str]:
    state = spec.rules().new(2, spec.seed, spec.options)
    chance = random.Random(f"{spec.seed}:chance")
    rngs = {seat: random.Random(f"{spec.seed}:seat:{seat}") for seat in (1, 2)}
    bot = make_bot(state.game, "normal")
    history: list[str] = []
    while state.to_act:
        seat = state.to_act[0]
        action = state.sample_chance(chance) if seat == CHANCE else decide(bot, state, seat, rngs[seat])
        history.append(str(action))
        state.apply(action)
    return history
