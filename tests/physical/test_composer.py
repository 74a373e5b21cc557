"""The composer against a tiny fake game: scans narrow, UP/DOWN walk, OK commits, BACK cancels."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from console.games.core import (
    CHANCE,
    JSON,
    Action,
    Game,
    GameFacts,
    IllegalAction,
    NotationError,
    Outcome,
    Seat,
    State,
)
from console.inputs.events import ButtonPressed, ButtonReleased, CardScanned, Key
from console.physical.cardmap import CardMap
from console.physical.composer import Committed, Composer, CursorMoved, Refusal
from console.physical.tagstore import TagStore


def english(outcome: object) -> object:
    """A refusal as its seat and its English (a refusal is a sentence, said in each language)."""
    return (outcome.seat, outcome.message) if isinstance(outcome, Refusal) else outcome


# -- a tiny game: chance deals each seat one card, then seat 1 plays, then both seats choose ------


@dataclass(frozen=True)
class Deal(Action):
    verb: ClassVar[str] = "deal"
    owner: int = 0
    card: str = ""

    def args(self) -> tuple[str, ...]:
        return (str(self.owner), self.card)

    def cards(self) -> tuple[str, ...]:
        return (self.card,)

    def supplier(self) -> Seat | None:
        return self.owner


@dataclass(frozen=True)
class Play(Action):
    verb: ClassVar[str] = "play"
    card: str = ""
    slot: int = 1
    sealed: bool = False

    def args(self) -> tuple[str, ...]:
        return (self.card, str(self.slot), *(["sealed"] if self.sealed else []))

    def cards(self) -> tuple[str, ...]:
        return (self.card,)


@dataclass(frozen=True)
class Combine(Action):
    verb: ClassVar[str] = "combine"
    first: str = ""
    second: str = ""

    def args(self) -> tuple[str, ...]:
        return (self.first, self.second)

    def cards(self) -> tuple[str, ...]:
        return (self.first, self.second)


@dataclass(frozen=True)
class Pass(Action):
    verb: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Choose(Action):
    verb: ClassVar[str] = "choose"
    option: str = ""

    def args(self) -> tuple[str, ...]:
        return (self.option,)


class PickState(State):
    def __init__(self, game: Game) -> None:
        self.game, self.players = game, 2
        self.phase = "deal"
        self.hands: dict[int, list[str]] = {1: [], 2: []}
        self.chosen: dict[int, str] = {}
        self.log: list[Action] = []

    @property
    def to_act(self) -> tuple[Seat, ...]:
        choosing = tuple(seat for seat in (1, 2) if seat not in self.chosen)
        return {"deal": (CHANCE,), "play": (1,), "choose": choosing}.get(self.phase, ())

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.to_act:
            return []
        if self.phase == "deal":
            short = [owner for owner in (1, 2) if len(self.hands[owner]) < 2]
            return [Deal(CHANCE, owner, card) for owner in short for card in "ab"]
        if self.phase == "play":
            hand = self.hands[1]
            plays: list[Action] = [
                Play(1, card, slot, sealed)
                for card in sorted(set(hand))
                for slot in (1, 2)
                for sealed in (False, True)
            ]
            if len(set(hand)) == 2:
                plays.append(Combine(1, *sorted(hand)))
            return sorted([*plays, Pass(1)], key=str)
        return [Choose(seat, "battle"), Choose(seat, "retreat")]

    def _apply(self, action: Action) -> list:
        if action not in self.legal_actions(action.seat):
            raise IllegalAction(f"{action} is not allowed now")
        self.log.append(action)
        if isinstance(action, Deal):
            self.hands[action.owner].append(action.card)
            if all(len(hand) == 2 for hand in self.hands.values()):
                self.phase = "play"
        elif isinstance(action, Choose):
            self.chosen[action.seat] = action.option
            if len(self.chosen) == 2:
                self.phase = "over"
        else:
            self.phase = "choose"
        return []

    def view(self, seat: Seat | None) -> JSON:
        return {"phase": self.phase}

    def outcome(self) -> Outcome | None:
        return Outcome((1,), (1.0, 0.0), "done") if self.phase == "over" else None

    def copy(self) -> State:
        raise NotImplementedError


class PickGame(Game):
    name, title = "pick", "Pick"
    facts = GameFacts(
        min_players=2, max_players=2, simultaneous=True, hidden_information=True, chance_kinds=("deal",)
    )

    def new(
        self,
        players: int,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        decks: Mapping[Seat, Sequence[str]] | None = None,
    ) -> State:
        return PickState(self)

    def parse_notation(self, text: str) -> Action:
        raise NotationError("the composer's tests never parse text")

    def catalog(self) -> dict[str, str]:
        return {"a": "Ace", "b": "Bee", "c": "Cee"}


GAME = PickGame()


def other_games(name: str) -> Game:
    from console.games.core import UnknownGame

    if name == "pick":
        return GAME
    raise UnknownGame(name)


def scan(seat: int, card: str) -> CardScanned:
    return CardScanned(seat, text=f"card:pick:{card}")


def press(seat: int, key: Key, repeat: bool = False) -> ButtonPressed:
    return ButtonPressed(seat, key, repeat)


def moved(outcome: Committed | Refusal | CursorMoved | None) -> CursorMoved:
    assert isinstance(outcome, CursorMoved), outcome
    return outcome


@pytest.fixture
def composer() -> Composer:
    return Composer(GAME, CardMap(GAME, games=other_games))


def dealt(composer: Composer, hands: dict[int, str] | None = None) -> PickState:
    state = GAME.new(2)
    for seat, cards in (hands or {1: "ab", 2: "aa"}).items():
        for card in cards:
            outcome = composer.handle(scan(seat, card), state)
            assert isinstance(outcome, Committed)
            state.apply(outcome.action)
    assert isinstance(state, PickState)
    return state


# -- chance resolved by scans ---------------------------------------------------------------------


def test_a_scan_while_chance_acts_commits_the_chance_action_for_that_seat_and_card(
    composer: Composer,
) -> None:
    state = GAME.new(2)
    assert composer.handle(scan(2, "b"), state) == Committed(2, Deal(CHANCE, 2, "b"))


def test_a_scan_of_a_card_chance_cannot_give_that_seat_is_refused_without_naming_it(
    composer: Composer,
) -> None:
    state = GAME.new(2)
    outcome = composer.handle(scan(1, "c"), state)
    assert english(outcome) == (1, "seat 1: that card is not one you can reveal now")
    assert isinstance(outcome, Refusal)
    assert "Cee" not in outcome.message and "c" not in outcome.message.split()


def test_a_seat_with_nothing_to_reveal_is_told_whom_the_table_waits_for(composer: Composer) -> None:
    state = dealt(composer, {1: "ab", 2: "a"})
    assert english(composer.handle(scan(1, "a"), state)) == (
        1,
        "seat 1 has no card to reveal now; waiting for a card from seat 2",
    )


def test_a_scan_resolves_only_the_chance_action_the_scanning_seat_supplies(composer: Composer) -> None:
    """The contract says who supplies a card (``Action.supplier``); nothing reads field names."""

    @dataclass(frozen=True)
    class Handed(Deal):
        """A card dealt to ``owner`` but brought by the other seat (it changes hands)."""

        def supplier(self) -> Seat | None:
            return 3 - self.owner

    assert Handed(CHANCE, 2, "a").supplier() == 1
    assert Deal(CHANCE, 2, "a").supplier() == 2
    assert Pass(CHANCE).supplier() is None


def test_the_composer_waits_for_a_scan_only_when_every_chance_outcome_is_a_card(composer: Composer) -> None:
    assert composer.waits_for_scan(GAME.new(2))
    assert not composer.waits_for_scan(dealt(composer))


# -- scans narrow, buttons walk ---------------------------------------------------------------------


def test_a_scan_narrows_the_choices_to_the_actions_that_use_that_card(composer: Composer) -> None:
    state = dealt(composer)
    outcome = composer.handle(scan(1, "a"), state)
    assert isinstance(outcome, CursorMoved)
    assert [str(a) for a in outcome.cursor.choices] == [
        "1:combine a b",
        "1:play a 1",
        "1:play a 1 sealed",
        "1:play a 2",
        "1:play a 2 sealed",
    ]
    assert outcome.cursor.cards == ("a",)


def test_down_walks_to_the_next_choice_and_up_wraps_round_to_the_last(composer: Composer) -> None:
    state = dealt(composer)
    first = moved(composer.handle(scan(1, "a"), state)).cursor
    assert moved(composer.handle(press(1, Key.DOWN), state)).cursor.index == 1
    assert moved(composer.handle(press(1, Key.UP), state)).cursor.index == 0
    assert moved(composer.handle(press(1, Key.UP), state)).cursor.index == len(first.choices) - 1


def test_a_held_down_key_walks_on_repeat(composer: Composer) -> None:
    state = dealt(composer)
    composer.handle(scan(1, "a"), state)
    composer.handle(press(1, Key.DOWN), state)
    assert moved(composer.handle(press(1, Key.DOWN, repeat=True), state)).cursor.index == 2


def test_ok_commits_the_highlighted_action(composer: Composer) -> None:
    state = dealt(composer)
    composer.handle(scan(1, "a"), state)
    highlighted = moved(composer.handle(press(1, Key.DOWN), state)).cursor.highlighted
    assert highlighted is not None
    assert composer.handle(press(1, Key.OK), state) == Committed(1, highlighted)


def test_ok_without_a_scan_commits_from_every_legal_action(composer: Composer) -> None:
    state = dealt(composer)
    assert composer.handle(press(1, Key.OK), state) == Committed(1, state.legal_actions(1)[0])


def test_back_drops_the_scan_and_shows_every_choice_again(composer: Composer) -> None:
    state = dealt(composer)
    composer.handle(scan(1, "a"), state)
    cursor = moved(composer.handle(press(1, Key.BACK), state)).cursor
    assert cursor.cards == () and list(cursor.choices) == state.legal_actions(1)


def test_back_with_nothing_to_cancel_returns_the_cursor_to_the_top_then_does_nothing(
    composer: Composer,
) -> None:
    state = dealt(composer)
    composer.handle(press(1, Key.DOWN), state)
    assert moved(composer.handle(press(1, Key.BACK), state)).cursor.index == 0
    assert composer.handle(press(1, Key.BACK), state) is None


def test_a_second_scan_narrows_to_the_actions_using_both_cards(composer: Composer) -> None:
    state = dealt(composer)
    composer.handle(scan(1, "a"), state)
    cursor = moved(composer.handle(scan(1, "b"), state)).cursor
    assert [str(a) for a in cursor.choices] == ["1:combine a b"]
    assert cursor.cards == ("a", "b")


def test_a_second_scan_that_fits_no_action_with_the_first_replaces_it(composer: Composer) -> None:
    state = dealt(composer, {1: "aa", 2: "bb"})
    composer.handle(scan(1, "a"), state)
    cursor = moved(composer.handle(scan(1, "a"), state)).cursor
    assert cursor.cards == ("a",)


def test_a_scan_no_legal_action_uses_is_refused_and_keeps_the_cursor(composer: Composer) -> None:
    state = dealt(composer)
    composer.handle(scan(1, "a"), state)
    composer.handle(press(1, Key.DOWN), state)
    assert english(composer.handle(scan(1, "c"), state)) == (1, "seat 1: that card cannot be used now")
    cursor = composer.cursor(1, state)
    assert cursor.cards == ("a",) and cursor.index == 1


def test_buttons_of_a_seat_that_is_not_to_act_are_refused_with_whom_we_wait_for(composer: Composer) -> None:
    state = dealt(composer)
    assert english(composer.handle(press(2, Key.OK), state)) == (2, "seat 2: waiting for seat 1")
    assert english(composer.handle(scan(2, "a"), state)) == (2, "seat 2: waiting for seat 1")


def test_releases_and_other_events_mean_nothing(composer: Composer) -> None:
    state = dealt(composer)
    assert composer.handle(ButtonReleased(1, Key.OK), state) is None


def test_a_seat_that_does_not_exist_is_refused(composer: Composer) -> None:
    for seat, event in ((5, press(5, Key.OK)), (5, scan(5, "a")), (0, scan(0, "a")), (3, press(3, Key.OK))):
        assert english(composer.handle(event, GAME.new(2))) == (
            seat,
            f"there is no seat {seat} at this table (seats 1 to 2)",
        )


# -- card identity ------------------------------------------------------------------------------------


def test_a_card_of_another_game_is_refused_and_changes_nothing(composer: Composer) -> None:
    state = GAME.new(2)
    assert isinstance(state, PickState)
    outcome = composer.handle(CardScanned(1, text="card:wisteria:4"), state)
    assert isinstance(outcome, Refusal) and "belongs to" in outcome.message
    assert state.log == []


def test_an_unenrolled_tag_is_refused_with_how_to_enrol_it(composer: Composer) -> None:
    outcome = composer.handle(CardScanned(1, uid="04A1B2C3D4E5F6"), GAME.new(2))
    assert english(outcome) == (
        1,
        "this tag (04A1B2C3D4E5F6) is not enrolled: tag the deck with 'tabletop cards enrol pick'",
    )


def test_an_enrolled_tag_is_its_card() -> None:
    import sqlite3

    tags = TagStore(sqlite3.connect(":memory:"))
    tags.enrol("04a1b2c3", "pick", "b")
    composer = Composer(GAME, CardMap(GAME, tags, games=other_games))
    assert composer.handle(CardScanned(1, uid="04A1B2C3"), GAME.new(2)) == Committed(1, Deal(CHANCE, 1, "b"))


# -- simultaneous choices and the cursor on screens ---------------------------------------------------


def test_seats_choosing_at_once_each_walk_their_own_cursor(composer: Composer) -> None:
    state = dealt(composer)
    state.apply(Pass(1))
    composer.handle(press(2, Key.DOWN), state)
    assert composer.cursor(1, state).index == 0
    assert composer.handle(press(2, Key.OK), state) == Committed(2, Choose(2, "retreat"))
    assert composer.handle(press(1, Key.OK), state) == Committed(1, Choose(1, "battle"))


def test_only_the_seat_itself_sees_what_its_cursor_highlights(composer: Composer) -> None:
    state = dealt(composer)
    state.apply(Pass(1))
    composer.handle(press(2, Key.DOWN), state)
    cursor = composer.cursor(2, state)
    mine = cursor.to_json(2, GAME.catalog())
    theirs = cursor.to_json(1)
    public = cursor.to_json(None)
    assert mine["choices"][mine["index"]] == "2:choose retreat"
    asked = {"id": "scan a card or choose", "values": {}}  # said by each phone in its language
    assert (
        theirs
        == public
        == {"seat": 2, "choosing": True, "prompt": "scan a card or choose", "prompt_said": asked}
    )


def test_the_cursor_labels_choices_in_the_steps_words_with_cards_by_name(composer: Composer) -> None:
    state = dealt(composer)
    composer.handle(scan(1, "a"), state)
    shown = composer.cursor(1, state).to_json(1, GAME.catalog())
    assert shown["labels"][:2] == ["Combine: Ace Bee", "Play: Ace 1"]
    assert shown["cards"] == [{"id": "a", "name": "Ace"}]


def test_without_a_name_table_the_cursor_shows_scanned_card_ids(composer: Composer) -> None:
    state = dealt(composer)
    composer.handle(scan(1, "a"), state)
    shown = composer.cursor(1, state).to_json(1)
    assert shown["labels"][:2] == ["Combine: Ace Bee", "Play: Ace 1"]  # the game's own words
    assert shown["cards"] == [{"id": "a", "name": "a"}]


def test_a_cursor_never_goes_stale_when_the_state_moves_on(composer: Composer) -> None:
    state = dealt(composer)
    composer.handle(scan(1, "a"), state)
    composer.handle(press(1, Key.DOWN), state)
    state.apply(Pass(1))
    cursor = composer.cursor(1, state)
    assert cursor.cards == () and [str(a) for a in cursor.choices] == ["1:choose battle", "1:choose retreat"]
    assert cursor.index == 0


def test_a_seat_waiting_for_its_reveal_is_prompted_to_scan(composer: Composer) -> None:
    assert composer.cursor(1, GAME.new(2)).prompt == "scan your card"


def test_when_the_game_is_over_everything_is_refused(composer: Composer) -> None:
    state = dealt(composer)
    for action in (Pass(1), Choose(1, "battle"), Choose(2, "battle")):
        state.apply(action)
    assert english(composer.handle(press(1, Key.OK), state)) == (1, "the game is over")
    assert english(composer.handle(scan(1, "a"), state)) == (1, "the game is over")
