"""Golden journals: games recorded from the engines as they were, replayed to the same states.

Each file in this folder holds games played by random and heuristic bots, with virtual chance
(sampled from the seed) and physical chance (any legal scan), alliance chat and a table clock
thrown in where the game has them. Every step's views, to-act seats and legal actions, and every
event with its audience, are folded into a digest; a refactor that changes any of them fails here.

Record anew only when a rule is deliberately changed (say why in the commit):
``python tests/golden/test_golden.py --record``.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from console.games import find_game
from console.games.core import CHANCE, Action, Bot, Event, IllegalAction, RandomBot, State

HERE = Path(__file__).parent
MAX_ACTIONS = 2500

# (game, players, options, bots, chance) for each recorded game; bots: "random", "heuristic" or
# "mixed" (heuristic at odd seats); chance: "virtual" (sample_chance) or "physical" (any legal scan).
SETUPS: list[tuple[str, int, dict[str, Any], str, str]] = [
    ("wisteria", 2, {}, "random", "virtual"),
    ("wisteria", 3, {}, "heuristic", "physical"),
    ("wisteria", 4, {"victory": "time_limit"}, "mixed", "virtual"),
    ("wisteria", 3, {"victory": "power_score"}, "random", "physical"),
    ("wisteria", 5, {"combined_decks": 2, "repeat_face_down": True}, "heuristic", "virtual"),
    ("wisteria", 2, {"round_limit": 40, "copies": 4}, "mixed", "physical"),
    ("wheels", 2, {}, "random", "virtual"),
    ("wheels", 2, {}, "heuristic", "physical"),
    ("wheels", 2, {"deck_1": "saboteurs", "deck_2": "cellar-keepers"}, "mixed", "virtual"),
    ("wheels", 2, {"archaffineur_1": "none", "first_seat": 2}, "random", "physical"),
    ("watch", 2, {}, "random", "virtual"),
    ("watch", 3, {"layout": "reference"}, "heuristic", "physical"),
    ("watch", 4, {}, "mixed", "virtual"),
    ("watch", 4, {"max_rounds": 30}, "heuristic", "virtual"),
    ("watch", 3, {"copies": "single", "empty_walls_bonus": 1}, "random", "physical"),
]
SEEDS = (1, 2, 3)


def _bots(game_name: str, players: int, kind: str) -> dict[int, Bot]:
    heuristic = find_game(game_name).heuristic_bot() or RandomBot()
    chosen: dict[int, Bot] = {}
    for seat in range(1, players + 1):
        use_heuristic = kind == "heuristic" or (kind == "mixed" and seat % 2 == 1)
        chosen[seat] = heuristic if use_heuristic else RandomBot()
    return chosen


def _extra(state: State, game_name: str, rng: random.Random, options: dict[str, Any]) -> str | None:
    """An out-of-turn action thrown in now and then: alliance chat, the table's clock."""
    if game_name == "watch" and rng.random() < 0.08:
        speaker, listener = rng.sample(range(1, state.players + 1), 2)
        return f'{speaker}:say {listener} "golden {rng.randrange(1000)} \\"quoted\\" é"'
    timed = options.get("victory") in ("time_limit", "power_score")
    if game_name == "wisteria" and timed and rng.random() < 0.01:
        return "chance:time-up"
    return None


def play(
    game_name: str, players: int, seed: int, options: dict[str, Any], bots: str, chance: str
) -> list[str]:
    """One game's notation, as the bots and chance played it."""
    game = find_game(game_name)
    state = game.new(players, seed, options)
    seats = _bots(game_name, players, bots)
    rng = random.Random(f"golden:{seed}")
    history: list[str] = []
    while state.to_act and len(history) < MAX_ACTIONS:
        extra = _extra(state, game_name, rng, options)
        if extra is not None:
            try:
                state.apply(game.parse_action(extra))
                history.append(extra)
            except IllegalAction:
                pass
            continue
        to_act = state.to_act
        seat = to_act[rng.randrange(len(to_act))]
        action: Action
        if seat == CHANCE:
            if chance == "virtual":
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions(CHANCE)
                action = legal[rng.randrange(len(legal))]
        else:
            action = seats[seat].choose(state.view(seat), state.legal_actions(seat), rng)
        state.apply(action)
        history.append(str(action))
    return history


def _event_json(event: Event) -> Any:
    audience = None if event.audience is None else sorted(event.audience)
    return [event.to_json(), audience]


def _step_json(state: State) -> Any:
    seats = range(1, state.players + 1)
    return {
        "views": [state.view(None), *[state.view(seat) for seat in seats]],
        "to_act": list(state.to_act),
        "legal": [[str(action) for action in state.legal_actions(seat)] for seat in state.to_act],
    }


def _text(value: Any) -> bytes:
    """What the digests fold in: ``json.dumps(value, sort_keys=True)``, byte for byte. Without the
    encoder's check for cycles (it keeps every list and dict it enters in a table), which cost a
    sixth of the encoding of every view at every step; a cycle still fails, by recursion."""
    return json.dumps(value, sort_keys=True, check_circular=False).encode()


def digests(
    game_name: str, players: int, seed: int, options: dict[str, Any], actions: list[str]
) -> dict[str, Any]:
    """Replay ``actions`` and fold every step's state and events into two digests."""
    game = find_game(game_name)
    state = game.new(players, seed, options)
    states, events = hashlib.sha256(), hashlib.sha256()
    states.update(_text(_step_json(state)))
    for text in actions:
        happened = state.apply(game.parse_action(text))
        events.update(_text([_event_json(e) for e in happened]))
        states.update(_text(_step_json(state)))
    outcome = state.outcome()
    return {
        "states": states.hexdigest(),
        "events": events.hexdigest(),
        "outcome": None if outcome is None else outcome.to_json(),
    }


def _file(game_name: str) -> Path:
    return HERE / f"{game_name}.json.gz"


def record() -> None:
    for game_name in sorted({setup[0] for setup in SETUPS}):
        games = []
        for name, players, options, bots, chance in SETUPS:
            if name != game_name:
                continue
            for seed in SEEDS:
                actions = play(name, players, seed, options, bots, chance)
                games.append(
                    {
                        "players": players,
                        "seed": seed,
                        "options": options,
                        "bots": bots,
                        "chance": chance,
                        "actions": actions,
                        **digests(name, players, seed, options, actions),
                    }
                )
        text = json.dumps({"game": game_name, "games": games}, indent=1, ensure_ascii=False)
        _file(game_name).write_bytes(gzip.compress(text.encode(), mtime=0))
        print(f"{game_name}: {len(games)} games, {sum(len(g['actions']) for g in games)} actions")


def _recorded() -> Iterator[Any]:
    for path in sorted(HERE.glob("*.json.gz")):
        data = json.loads(gzip.decompress(path.read_bytes()))
        for number, recorded in enumerate(data["games"]):
            # The Watch's searches, or a thousand actions: over a second each.
            slow = data["game"] == "watch" or len(recorded["actions"]) > 1000
            marks = [pytest.mark.slow] if slow else []
            yield pytest.param(data["game"], recorded, id=f"{data['game']}-{number}", marks=marks)


@pytest.mark.parametrize(("game_name", "recorded"), list(_recorded()))
def test_golden_journal_replays_identically(game_name: str, recorded: dict[str, Any]) -> None:
    got = digests(game_name, recorded["players"], recorded["seed"], recorded["options"], recorded["actions"])
    assert got["outcome"] == recorded["outcome"]
    assert got["events"] == recorded["events"], "the events of some step differ from the recording"
    assert got["states"] == recorded["states"], "a view, to-act or legal list differs from the recording"


def test_every_game_has_golden_journals_with_chat_and_physical_chance() -> None:
    seen = {(game, recorded["chance"]) for game, recorded in (p.values for p in _recorded())}
    for game_name in ("wisteria", "wheels", "watch"):
        assert {(game_name, "virtual"), (game_name, "physical")} <= seen
    watch = json.loads(gzip.decompress(_file("watch").read_bytes()))
    assert any(":say " in text for g in watch["games"] for text in g["actions"])
    wisteria = json.loads(gzip.decompress(_file("wisteria").read_bytes()))
    assert any(text == "chance:time-up" for g in wisteria["games"] for text in g["actions"])


if __name__ == "__main__" and sys.argv[1:] == ["--record"]:
    record()
