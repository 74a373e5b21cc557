"""The generic engine checks catch the faults they exist for: each is shown failing on a broken game."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from console.games.checks import check_engine
from console.games.core import (
    CHANCE,
    JSON,
    Action,
    CardInPlay,
    ChoiceLabel,
    Event,
    Game,
    GameFacts,
    IllegalAction,
    MissingHook,
    NotationError,
    OptionSpec,
    Outcome,
    Seat,
    State,
    parse_int,
    required_hooks,
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
    shared_copy = False
    offers_after_end = False

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
        if self.offers_after_end and self.winner is not None and seat != CHANCE:
            return [Pick(seat, n) for n in (1, 2, 3)]  # a fault: the game is over
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

    def why_not_now(self, seat: Seat) -> str:
        if self.sloppy_refusal:
            self.refusals += 1  # a fault: changes the state, then refuses
        return super().why_not_now(seat)

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
        other.picks = self.picks if self.shared_copy else dict(self.picks)
        other.winner, other.refusals = self.winner, self.refusals
        return other

    def hidden_strings(self, seat: Seat) -> Iterable[str]:
        if seat in self.picks and len(self.picks) < 2:
            return (f'"my_pick": {self.picks[seat]}',)
        return ()

    def cards_in_play(self) -> list[CardInPlay]:
        return []  # picks are said, not laid

    def cards_in_hand(self, seat: Seat) -> Counter[str] | None:
        return None


class GuessGame(Game):
    name = "guess"
    title = "Guess"
    facts = GameFacts(
        min_players=2, max_players=2, simultaneous=True, hidden_information=True, chance_kinds=("flip",)
    )
    option_specs = (
        OptionSpec("rounds", 1, "rounds to play", minimum=1, maximum=3),
        OptionSpec("style", "plain", "how picks are shown", choices=("plain", "fancy")),
    )
    state_type: type[GuessState] = GuessState

    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        decks: Mapping[Seat, Sequence[str]] | None = None,
    ) -> State:
        self.check_players(players)
        return self.state_type(self)

    def parse_notation(self, text: str) -> Action:
        seat, verb, args = split_notation(text)
        if verb == "pick" and len(args) == 1:
            return Pick(seat, parse_int(args[0], "the pick", text))
        if verb == "flip" and len(args) == 1 and args[0] in ("1", "2"):
            return Flip(seat, int(args[0]))
        raise NotationError(f"{text!r} is not an action of Guess")

    def evaluate(self, state: State) -> list[float]:
        return [0.5, 0.5]

    def standing(self, state: State) -> list[float]:
        return [0.0, 0.0]

    def board_lines(self, view: JSON) -> list[str]:
        return [f"chosen: {view['chosen']}"]

    def label(self, action: Action, view: JSON) -> ChoiceLabel:
        return ChoiceLabel("Pick", str(action).split(" ")[-1])

    def page_script(self) -> str:
        return "Games.renderers.guess = (state, kit) => kit.generic(state.view);"

    def public_scores(self, view: JSON) -> dict[str, float]:
        return {}


def broken(**faults: bool) -> GuessGame:
    state_type = type("BrokenGuess", (GuessState,), faults)
    game = GuessGame()
    game.state_type = state_type
    return game


class LenientGuess(GuessGame):
    """A fault: its own parse_action forgives spaces and case, so two spellings of one action."""

    def parse_action(self, text: str) -> Action:
        return self.parse_notation(text.strip().lower())


class SlippingGuess(GuessGame):
    """A fault: a parser that reads its words unchecked, so cut-off or junk text escapes as a
    bare IndexError or ValueError."""

    def parse_notation(self, text: str) -> Action:
        seat, verb, args = split_notation(text)
        if verb == "pick":
            return Pick(seat, int(args[0]))
        return super().parse_notation(text)


class OverridingGuess(GuessState):
    """A fault: an engine that lets actions past the turn check by overriding apply."""

    def apply(self, action: Action) -> list[Event]:
        return self._apply(action)


@dataclass(frozen=True)
class SuppliedFlip(Flip):
    """A fault: a coin flip (no card) that claims seat 1 must scan it."""

    def supplier(self) -> Seat | None:
        return 1


class SuppliedGuess(GuessState):
    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat == CHANCE and seat in self.to_act:
            return [SuppliedFlip(CHANCE, 1), SuppliedFlip(CHANCE, 2)]
        return super().legal_actions(seat)


class SuppliedGame(GuessGame):
    state_type = SuppliedGuess

    def parse_notation(self, text: str) -> Action:
        action = super().parse_notation(text)
        return SuppliedFlip(action.seat, action.winner) if isinstance(action, Flip) else action


class UnboundedGuess(GuessGame):
    """A fault: options merged without their specs (a round limit of 10**30 accepted)."""

    def merge_options(self, options: Mapping[str, Any] | None) -> JSON:
        return {**self.default_options(), **(options or {})}


class SoloFactsGuess(GuessGame):
    """A fault: facts that deny simultaneous choices the game makes."""

    facts = GameFacts(
        min_players=2, max_players=2, simultaneous=False, hidden_information=True, chance_kinds=("flip",)
    )


class ScriptlessGuess(GuessGame):
    """A fault: a game that gives no page script (the base's, which only raises)."""

    page_script = Game.page_script


class NoRecheckGuess(GuessState):
    """A fault: a state that does not say which cards are in play."""

    cards_in_play = State.cards_in_play


class StrayCardGuess(GuessState):
    """A fault: a card in play that is not one of the game's cards."""

    def cards_in_play(self) -> list[CardInPlay]:
        return [CardInPlay(1, "no-such-card")] if self.picks else []


def test_a_game_that_lacks_a_required_hook_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"lacks the hook Game\.page_script"):
        check_engine(ScriptlessGuess(), players=2, games=1, seed=1)
    game = GuessGame()
    game.state_type = NoRecheckGuess
    with pytest.raises(AssertionError, match=r"lacks the hook State\.cards_in_play"):
        check_engine(game, players=2, games=1, seed=1)


def test_every_required_hook_of_the_base_names_itself_when_asked() -> None:
    state = GuessState(ScriptlessGuess())
    with pytest.raises(MissingHook, match=r"'guess' does not give Game\.page_script"):
        Game.page_script(state.game)
    with pytest.raises(MissingHook, match=r"State\.cards_in_play"):
        State.cards_in_play(state)
    assert set(required_hooks(Game)) == {
        "evaluate",
        "standing",
        "board_lines",
        "label",
        "page_script",
        "public_scores",
    }
    assert set(required_hooks(State)) == {"cards_in_play", "cards_in_hand"}


def test_a_card_in_play_that_is_no_card_of_the_game_is_caught() -> None:
    game = GuessGame()
    game.state_type = StrayCardGuess
    with pytest.raises(AssertionError, match="not a catalog card"):
        check_engine(game, players=2, games=3, seed=1)


def test_a_sound_game_passes_every_check() -> None:
    finals = check_engine(GuessGame(), players=2, games=30, seed=1)
    assert all(state.outcome() is not None for state in finals)


def test_a_view_that_shows_a_secret_pick_is_caught() -> None:
    with pytest.raises(AssertionError, match="secret"):
        check_engine(broken(leak=True), players=2, games=30, seed=1)


def test_unsorted_legal_actions_are_caught() -> None:
    with pytest.raises(AssertionError, match="not sorted"):
        check_engine(broken(unsorted=True), players=2, games=5, seed=1)


def test_a_finished_game_that_still_offers_a_seat_an_action_is_caught() -> None:
    with pytest.raises(AssertionError, match="the game is over, yet seat 1 may act"):
        check_engine(broken(offers_after_end=True), players=2, games=5, seed=1)


def test_a_refusal_that_changes_the_state_is_caught() -> None:
    with pytest.raises(AssertionError, match="changed the state"):
        check_engine(broken(sloppy_refusal=True), players=2, games=5, seed=1)


def test_a_copy_that_shares_its_original_parts_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"changed the original|changed its copy|differs"):
        check_engine(broken(shared_copy=True), players=2, games=20, seed=1)


def test_a_parser_that_forgives_spaces_or_case_is_caught() -> None:
    with pytest.raises(AssertionError, match="mangled"):
        check_engine(LenientGuess(), players=2, games=3, seed=1)


def test_a_parser_that_lets_a_bare_error_escape_is_caught() -> None:
    with pytest.raises(AssertionError, match=r"raised (IndexError|ValueError), not NotationError"):
        check_engine(SlippingGuess(), players=2, games=30, seed=1)


def test_an_engine_that_overrides_apply_is_caught() -> None:
    game = GuessGame()
    game.state_type = OverridingGuess
    with pytest.raises(AssertionError, match=r"overrides State\.apply"):
        check_engine(game, players=2, games=1, seed=1)


def test_a_chance_action_that_names_a_supplier_but_no_card_is_caught() -> None:
    with pytest.raises(AssertionError, match="no card to scan"):
        check_engine(SuppliedGame(), players=2, games=30, seed=1)


def test_options_merged_without_their_specs_are_caught() -> None:
    with pytest.raises(AssertionError, match="accepts option"):
        check_engine(UnboundedGuess(), players=2, games=1, seed=1)


def test_facts_that_deny_simultaneous_choices_are_caught() -> None:
    with pytest.raises(AssertionError, match="several seats act at once"):
        check_engine(SoloFactsGuess(), players=2, games=1, seed=1)


def test_an_option_out_of_its_range_is_refused_naming_it() -> None:
    game = GuessGame()
    assert game.merge_options({"rounds": 3}) == {"rounds": 3, "style": "plain"}
    for bad in ({"rounds": 4}, {"rounds": 0}, {"rounds": True}, {"rounds": 10**30}, {"style": "loud"}):
        with pytest.raises(ValueError, match=r"option '(rounds|style)'"):
            game.merge_options(bad)
