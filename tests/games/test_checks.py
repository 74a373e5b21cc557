"""The generic engine checks catch the faults they exist for: each is shown failing on a broken game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from console.games.checks import check_engine
from console.games.core import (
    CHANCE,
    JSON,
    Action,
    Event,
    Game,
    IllegalAction,
    NotationError,
    Outcome,
    Seat,
    State,
    split_notation,
)


@dataclass(frozen=True)
class Pick(Action):
    """A secret pick of a number, made by both seats at once."""

    number: int = 0
    verb: ClassVar[str] = "pick"

    def args(self) -> tuple[str, ...]:
        return (str(self.number),)


@dataclass(frozen=True)
class Flip(Action):
    """Chance decides who wins a tie."""

    winner: int = 1
    verb: ClassVar[str] = "flip"

    def args(self) -> tuple[str, ...]:
        return (str(self.winner),)


class GuessState(State):
    """Two seats secretly pick 1-3; the higher pick wins; a tie is settled by a chance flip."""

    leak = False
    unsorted = False
    sloppy_refusal = False

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = 2
        self.picks: dict[Seat, int] = {}
        self.winner: Seat | None = None
        self.refusals = 0

    @property
    def to_act(self) -> tuple[Seat, ...]:
        if self.winner is not None:
            return ()
        if len(self.picks) == 2:
            return (CHANCE,)
        return tuple(seat for seat in (1, 2) if seat not in self.picks)

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act:
            return []
        if seat == CHANCE:
            return [Flip(CHANCE, 1), Flip(CHANCE, 2)]
        actions: list[Action] = [Pick(seat, n) for n in (1, 2, 3)]
        return actions[::-1] if self.unsorted else actions

    def _apply(self, action: Action) -> list[Event]:
        if isinstance(action, Pick):
            if action.number not in (1, 2, 3):
                raise IllegalAction("pick 1, 2 or 3")
            self.picks[action.seat] = action.number
            if len(self.picks) == 2 and self.picks[1] != self.picks[2]:
                self.winner = 1 if self.picks[1] > self.picks[2] else 2
            return [Event("picked", {"seat": action.seat})]
        if isinstance(action, Flip):
            self.winner = action.winner
            return [Event("flipped", {"winner": action.winner})]
        raise IllegalAction("not an action of this game")

    def apply(self, action: Action) -> list[Event]:
        if self.sloppy_refusal and action.seat not in self.to_act:
            self.refusals += 1  # a fault: changes the state, then refuses
        return super().apply(action)

    def view(self, seat: Seat | None) -> JSON:
        view: JSON = {"chosen": sorted(self.picks), "winner": self.winner, "refusals": self.refusals}
        if seat in self.picks:
            view["my_pick"] = self.picks[seat]
        if self.leak or len(self.picks) == 2:
            view["picks"] = {str(s): n for s, n in self.picks.items()}
        return view

    def outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome((self.winner,), tuple(1.0 if s == self.winner else 0.0 for s in (1, 2)), "higher pick")

    def copy(self) -> GuessState:
        other = type(self)(self.game)
        other.picks, other.winner, other.refusals = dict(self.picks), self.winner, self.refusals
        return other

    def hidden_strings(self, seat: Seat) -> Iterable[str]:
        if seat in self.picks and len(self.picks) < 2:
            return (f'"my_pick": {self.picks[seat]}',)
        return ()


class GuessGame(Game):
    name = "guess"
    title = "Guess"
    min_players = 2
    max_players = 2
    state_type: type[GuessState] = GuessState

    def new(self, players: int, seed: int = 0, options: Mapping[str, Any] | None = None,
            decks: Mapping[Seat, Sequence[str]] | None = None) -> State:
        self.check_players(players)
        return self.state_type(self)

    def parse_action(self, text: str) -> Action:
        seat, verb, args = split_notation(text)
        if verb == "pick" and len(args) == 1 and args[0].isdigit():
            return Pick(seat, int(args[0]))
        if verb == "flip" and len(args) == 1 and args[0] in ("1", "2"):
            return Flip(seat, int(args[0]))
        raise NotationError(f"{text!r} is not an action of Guess")


def broken(**faults: bool) -> GuessGame:
    state_type = type("BrokenGuess", (GuessState,), faults)
    game = GuessGame()
    game.state_type = state_type
    return game


def test_a_sound_game_passes_every_check() -> None:
    finals = check_engine(GuessGame(), players=2, games=30, seed=1)
    assert all(state.outcome() is not None for state in finals)


def test_a_view_that_shows_a_secret_pick_is_caught() -> None:
    with pytest.raises(AssertionError, match="secret"):
        check_engine(broken(leak=True), players=2, games=30, seed=1)


def test_unsorted_legal_actions_are_caught() -> None:
    with pytest.raises(AssertionError, match="not sorted"):
        check_engine(broken(unsorted=True), players=2, games=5, seed=1)


def test_a_refusal_that_changes_the_state_is_caught() -> None:
    with pytest.raises(AssertionError, match="changed the state"):
        check_engine(broken(sloppy_refusal=True), players=2, games=5, seed=1)
