"""Rules editions: a catalog's numbers changed and cards stood in for, played by name or by the lab."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from console.games import find_game
from console.games.core import CHANCE, BadOptions, State
from console.games.editions import Edition, load_edition, save_edition
from console.games.wheels.catalog import CraftCard
from console.games.wheels.game import WheelsGame

WHEELS = WheelsGame()


def edited(edition: Edition) -> WheelsGame:
    game = WHEELS.edited(edition)
    assert isinstance(game, WheelsGame)
    return game


def play_out(state: State, seed: int) -> list[str]:
    rng = random.Random(seed)
    log: list[str] = []
    while not state.is_over:
        seat = state.to_act[0]
        if seat == CHANCE:
            action = state.sample_chance(rng)
        else:
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
        log.append(str(action))
        state.apply(action)
    return log


def test_an_edition_changes_the_numbers_it_names_and_no_other() -> None:
    edition = Edition().number("cart-wheel", "value", 9).number("brine-rub", "effect1.amount", 3)
    game = edited(edition)
    assert game.cards.wheel("cart-wheel").value == 9
    brine_rub = game.cards.cards["brine-rub"]
    assert isinstance(brine_rub, CraftCard) and brine_rub.effects[0].amount == 3
    book = {card.id: card for card in WHEELS.cards.cards.values()}
    changed = {card.id for card in game.cards.cards.values() if book.get(card.id) != card}
    assert changed == {"cart-wheel", "brine-rub"}  # the lab's stand-ins join only an edition that uses them
    assert WHEELS.cards.wheel("cart-wheel").value == 8  # the book is untouched


def test_every_tunable_number_is_within_its_bounds_and_names_a_real_figure() -> None:
    tunables = WHEELS.tunables()
    keys = {tunable.key for tunable in tunables}
    assert keys >= {"cart-wheel.value", "cave-elder.peak", "fen-mist.effect1.turns"}
    for tunable in tunables:
        assert tunable.low <= tunable.value <= tunable.high
        same = edited(Edition().number(tunable.card, tunable.field, tunable.value))
        assert same.cards.cards[tunable.card] == WHEELS.cards.cards[tunable.card]
        other = tunable.value + 1 if tunable.value + 1 not in (0, tunable.high + 1) else tunable.value - 1
        if other != 0:
            changed = edited(Edition().number(tunable.card, tunable.field, other))
            assert changed.cards.cards[tunable.card] != WHEELS.cards.cards[tunable.card], tunable


@pytest.mark.parametrize(
    ("edition", "words"),
    [
        (Edition().number("cart-wheel", "colour", 3), "no tunable number cart-wheel.colour"),
        (Edition().number("cart-wheel", "value", 40), "cart-wheel.value may be 1 to 16, not 40"),
        (Edition().number("brine-rub", "effect1.amount", 0), "a value change of 0 does nothing"),
        (Edition().stand_in("fen-matriarch", 1), "no stand-in for 'fen-matriarch'"),
        (Edition().stand_in("cart-wheel", 3), "seat 1 or 2"),
    ],
)
def test_an_edition_the_catalog_refuses_is_one_line_naming_it(edition: Edition, words: str) -> None:
    with pytest.raises(BadOptions) as refused:
        edited(edition).new(2, 0)
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_a_stand_in_replaces_every_copy_in_that_seat_s_deck_only() -> None:
    state = edited(Edition().stand_in("cart-wheel", 1)).new(2, 0)
    first, second = (player.deck.middle for player in state.seats)
    assert "cart-wheel" not in first and first["cart-wheel~stand-in-wheel"] == 3
    assert second["cart-wheel"] == 3 and "cart-wheel~stand-in-wheel" not in second
    # in the card's place in card-id order, so the twin games draw alike but for it
    assert sorted(first).index("cart-wheel~stand-in-wheel") == sorted(second).index("cart-wheel")
    assert sum(first.values()) == sum(second.values()) == 24


def test_a_blank_craft_stands_in_for_a_craft_and_is_played() -> None:
    state = edited(Edition().stand_in("ward-rounds", 0)).new(2, 4)
    log = play_out(state, 4)
    assert any("blank-craft" in line for line in log)


def test_a_named_edition_is_played_by_the_option_and_replays_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLETOP_EDITIONS", str(tmp_path))
    edition = Edition().number("cave-elder", "value", 11)
    path = save_edition("wheels", "softer-elder", edition, "Wheels of War: a test edition")
    assert path == tmp_path / "wheels" / "softer-elder.toml"
    assert load_edition("wheels", "softer-elder") == edition
    state = WHEELS.new(2, 0, {"edition": "softer-elder"})
    assert state.catalog.wheel("cave-elder").value == 11
    log = play_out(state, 9)
    again = WHEELS.replay(2, 0, {"edition": "softer-elder"}, log)
    assert again.outcome() == state.outcome() and again.view(None) == state.view(None)


def test_a_missing_or_broken_edition_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_EDITIONS", str(tmp_path))
    with pytest.raises(BadOptions, match="there is no wheels edition 'nowhere'"):
        WHEELS.new(2, 0, {"edition": "nowhere"})
    (tmp_path / "wheels").mkdir()
    (tmp_path / "wheels" / "broken.toml").write_text("[[number]\n")
    with pytest.raises(BadOptions, match="cannot be read") as refused:
        WHEELS.new(2, 0, {"edition": "broken"})
    assert "\n" not in str(refused.value)
    with pytest.raises(BadOptions, match="lower-case words"):
        WHEELS.new(2, 0, {"edition": "../../etc/passwd"})


def test_a_game_without_editions_refuses_one() -> None:
    with pytest.raises(BadOptions, match="declares no numbers"):
        find_game("wisteria").edited(Edition().number("1", "strength", 2))
    assert find_game("wisteria").edited(Edition()) is find_game("wisteria")
