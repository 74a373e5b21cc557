"""The composer while chance acts: a scan that fits two outcomes lets the seat pick one, and
outcomes no seat's reader can supply (a coin toss, a card off a shared deck) are the table's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from console.games.core import CHANCE, JSON, Action, Game, GameFacts, NotationError, Seat, State
from console.inputs.events import Key
from console.physical.composer import Committed, Composer, CursorMoved, Outcome, Refusal


def english(outcome: object) -> object:
    """A refusal as its seat and its English (a refusal is a sentence, said in each language)."""
    return (outcome.seat, outcome.message) if isinstance(outcome, Refusal) else outcome


@dataclass(frozen=True)
class Reveal(Action):
    """Chance: ``owner`` shows ``card``, face up or face down: two outcomes that use one card."""

    verb: ClassVar[str] = "reveal"
    owner: int = 0
    card: str = ""
    face: str = "up"

    def args(self) -> tuple[str, ...]:
        return (str(self.owner), self.card, self.face)

    def cards(self) -> tuple[str, ...]:
        return (self.card,)

    def supplier(self) -> Seat | None:
        return self.owner


@dataclass(frozen=True)
class OneCard(Action):
    """An action whose one word is a card."""

    card: str = ""

    def args(self) -> tuple[str, ...]:
        return (self.card,)

    def cards(self) -> tuple[str, ...]:
        return (self.card,)


@dataclass(frozen=True)
class Turn(OneCard):
    """Chance: the top card of the shared deck, which no seat's reader sees."""

    verb: ClassVar[str] = "turn"


@dataclass(frozen=True)
class Toss(Action):
    verb: ClassVar[str] = "toss"
    side: str = ""

    def args(self) -> tuple[str, ...]:
        return (self.side,)


@dataclass(frozen=True)
class Play(OneCard):
    verb: ClassVar[str] = "play"


class RevealState(State):
    """Chance acts once with the given outcomes; then seat 2 plays its card, and the game ends."""

    def __init__(self, game: Game, outcomes: list[Action]) -> None:
        self.game, self.players = game, 2
        self.outcomes = sorted(outcomes, key=str)
        self.log: list[Action] = []

    @property
    def to_act(self) -> tuple[Seat, ...]:
        return ((CHANCE,), (2,), ())[min(len(self.log), 2)]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act:
            return []
        return list(self.outcomes) if seat == CHANCE else [Play(2, "b")]

    def _apply(self, action: Action) -> list:
        self.log.append(action)
        return []

    def view(self, seat: Seat | None) -> JSON:
        return {"acted": len(self.log)}

    def outcome(self) -> None:
        return None

    def copy(self) -> State:
        raise NotImplementedError


class RevealGame(Game):
    name, title = "reveal", "Reveal"
    facts = GameFacts(
        min_players=2,
        max_players=2,
        simultaneous=False,
        hidden_information=True,
        chance_kinds=("reveal", "turn", "toss"),
    )

    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        decks: Mapping[Seat, Sequence[str]] | None = None,
    ) -> State:
        return RevealState(self, [])

    def parse_notation(self, text: str) -> Action:
        raise NotationError("these tests never parse text")

    def catalog(self) -> dict[str, str]:
        return {"a": "Ace", "b": "Bee", "c": "Cee"}


GAME = RevealGame()
TWO_WAYS = [Reveal(CHANCE, 1, "a", face) for face in ("down", "up")]


def table(*outcomes: Action) -> RevealState:
    return RevealState(GAME, list(outcomes))


def answer(outcome: object) -> Outcome:
    """Every answer of the composer is one of the kinds it declares."""
    assert isinstance(outcome, Outcome), outcome
    return outcome


# -- a scan that fits two outcomes ------------------------------------------------------------------


def test_a_scan_that_fits_two_outcomes_lets_the_seat_pick_with_the_arrows_then_ok() -> None:
    composer, state = Composer(GAME), table(*TWO_WAYS, Reveal(CHANCE, 2, "b"))
    moved = answer(composer.scan(1, "a", state))
    assert isinstance(moved, CursorMoved)
    cursor = moved.cursor
    assert (cursor.choices, cursor.index, cursor.cards) == (tuple(TWO_WAYS), 0, ("a",))
    assert cursor.prompt == "choose, then OK"
    down = answer(composer.press(1, Key.DOWN, state))
    assert isinstance(down, CursorMoved) and down.cursor.highlighted == TWO_WAYS[1]
    assert answer(composer.press(1, Key.OK, state)) == Committed(1, TWO_WAYS[1])


def test_once_ok_commits_a_pick_the_seat_starts_again_if_the_table_has_not_applied_it() -> None:
    composer, state = Composer(GAME), table(*TWO_WAYS)
    composer.scan(1, "a", state)
    composer.press(1, Key.DOWN, state)
    composer.press(1, Key.OK, state)
    cursor = composer.cursor(1, state)
    assert (cursor.choices, cursor.cards, cursor.prompt) == ((), (), "scan your card")


def test_a_card_with_one_outcome_scanned_during_a_pick_commits_and_voids_the_pick() -> None:
    composer, state = Composer(GAME), table(*TWO_WAYS, Reveal(CHANCE, 1, "c"))
    composer.scan(1, "a", state)
    assert answer(composer.scan(1, "c", state)) == Committed(1, Reveal(CHANCE, 1, "c"))
    cursor = composer.cursor(1, state)
    assert (cursor.choices, cursor.cards, cursor.prompt) == ((), (), "scan your card")


def test_a_pick_left_when_the_table_moves_on_is_void_and_back_has_nothing_to_drop() -> None:
    composer, state = Composer(GAME), table(*TWO_WAYS, Reveal(CHANCE, 2, "b"))
    composer.scan(1, "a", state)
    state.apply(Reveal(CHANCE, 2, "b"))  # seat 2's reveal, resolved elsewhere (its phone)
    cursor = composer.cursor(1, state)
    assert (cursor.choices, cursor.cards, cursor.prompt) == ((), (), "waiting for seat 2")
    assert answer(composer.press(1, Key.BACK, state)) is None


# -- who supplies what ------------------------------------------------------------------------------


def test_while_chance_waits_for_one_seat_the_other_is_told_whom_the_table_waits_for() -> None:
    composer, state = Composer(GAME), table(Reveal(CHANCE, 2, "b"))
    assert composer.cursor(2, state).prompt == "scan your card"
    assert composer.cursor(1, state).prompt == "waiting for a card from seat 2"
    assert (composer.supplies(2, state), composer.supplies(1, state)) == (True, False)
    assert composer.waits_for_scan(state)


def test_a_coin_toss_is_the_tables_to_resolve_and_a_scan_meanwhile_is_refused() -> None:
    composer, state = Composer(GAME), table(Toss(CHANCE, "heads"), Toss(CHANCE, "tails"))
    assert not composer.waits_for_scan(state)
    assert composer.cursor(1, state).prompt == "waiting for the table"
    assert english(answer(composer.scan(1, "a", state))) == (
        1,
        "seat 1 has no card to reveal now; waiting for the table",
    )


def test_a_card_no_seat_supplies_or_a_mix_with_a_toss_is_the_tables_to_resolve() -> None:
    composer = Composer(GAME)
    assert not composer.waits_for_scan(table(Turn(CHANCE, "a"), Turn(CHANCE, "b")))
    assert not composer.waits_for_scan(table(Reveal(CHANCE, 1, "a"), Toss(CHANCE, "heads")))
    assert composer.waits_for_scan(table(*TWO_WAYS, Reveal(CHANCE, 2, "b")))
