"""The whole-game figures of ``tabletop bench lab`` compare like with like: the engine's loop plays
the very games the lab's easy bots play, and a missing Catanatron is a sentence, not a failure."""

from __future__ import annotations

import sys

import pytest

from console.bench import lab
from console.games import find_game
from console.games.core import Action, State
from console.lab.runs import RunSpec, play_game


@pytest.mark.parametrize(("name", "players"), [("wheels", 2), ("wisteria", 3), ("watch", 4)])
def test_the_engine_loop_plays_the_games_of_the_easy_bots(
    name: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = find_game(name)
    played: list[list[Action]] = []
    new = type(game).new

    def recording_new(self: object, *args: object, **kwargs: object) -> State:
        state = new(self, *args, **kwargs)  # type: ignore[arg-type]
        log: list[Action] = []
        played.append(log)
        apply = state.apply

        def logged(action: Action) -> object:
            log.append(action)
            return apply(action)

        state.apply = logged  # type: ignore[method-assign,assignment]
        return state

    monkeypatch.setattr(type(game), "new", recording_new)
    seed = 3
    lab._engine_game(game, players)(seed)
    record = play_game(RunSpec(name, 1, players=players, bots=("easy",)), seed, 0)
    assert len(played) == 2 and played[0] == played[1]
    assert record["actions"] == len(played[0])


def test_a_missing_catanatron_is_reported_in_words(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "catanatron", None)  # its import now raises ImportError
    reason = lab._catanatron_game()
    assert isinstance(reason, str) and "pip install catanatron" in reason


def test_every_measure_plays_the_same_seeds(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    assert lab._games_per_s(seen.append, 3) > 0
    assert seen == [0, 1, 2]
    monkeypatch.setattr(lab, "SECONDS", 0.0)
    assert lab._games(lambda seed: None) == 2
