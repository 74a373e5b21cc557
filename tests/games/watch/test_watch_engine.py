"""The generic engine invariants for 2, 3 and 4 rulers, notation, and what no view may leak."""

import json
import random

import pytest

from console.games.checks import check_engine
from console.games.core import CHANCE, IllegalAction, NotationError
from console.games.watch import GAME
from console.games.watch.actions import Say
from console.games.watch.state import WatchState
from tests.games.watch.watch_table import Table


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_generic_engine_checks(players: int) -> None:
    finals = check_engine(GAME, players, games=2, seed=100 * players, options={"max_rounds": 12})
    assert all(final.outcome() is not None for final in finals)


def test_random_games_end_with_default_options() -> None:
    from console.games.checks import play_random

    state = play_random(GAME, 4, seed=3)
    assert state.outcome() is not None


@pytest.mark.parametrize(
    "text",
    [
        "1:settle i12",
        "2:road e40",
        "1:improve h5 i14",
        "3:draw warfare goods",
        "1:activate i14 gold",
        "1:play w-drill-sergeant i1 i3",
        "2:play g-crowns-due 1 grain grain stone gold",
        "chance:deal growth g-gold-rush",
        "chance:take 2 wood",
        '4:say 2 "meet at \\"the ford\\""',
    ],
)
def test_notation_round_trips(text: str) -> None:
    action = GAME.parse_action(text)
    assert str(action) == text
    assert GAME.parse_action(str(action)) == action


def test_a_seat_that_is_no_number_is_refused_naming_the_action_and_the_word() -> None:
    for text, word in (
        ("1:offer x", "x"),
        ("1:play g-crowns-due x wood", "x"),
        ("1:break 1234567890", "1234567890"),
    ):
        with pytest.raises(NotationError) as caught:
            GAME.parse_action(text)
        assert str(caught.value) == f"{text.split()[0]!r}: a seat must be a whole number, not {word!r}"


def test_play_arguments_have_one_canonical_order_and_another_order_is_refused_naming_it() -> None:
    with pytest.raises(NotationError, match="'1:play w-drill-sergeant i1 i3'"):
        GAME.parse_action("1:play w-drill-sergeant i3 i1")
    with pytest.raises(NotationError, match="'1:play g-crowns-due 2 grain gold'"):
        GAME.parse_action("1:play g-crowns-due 2 gold grain")


@pytest.mark.parametrize(
    "text",
    [
        "²:end",
        "1:end ²",
        "1:offer ²",
        "1:offer ٣",
        "1:offer 5",
        "1:offer 02",
        "1:offer 99999999999999999999",
        '1:say ² "hi"',
        " 1:end",
        "1:end ",
        "1:move  i19 i31",
        "1:END",
        "1:End",
        "chance:deal warfare",
        'chance:say 2 "hi"',
        "1:say",
        "1:say 2",
        "",
        ":end",
    ],
)
def test_every_bad_text_is_a_notation_error_with_a_reason(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(text)
    assert str(caught.value)


def test_a_message_is_heard_out_of_turn_and_its_text_is_free_and_never_echoed() -> None:
    assert Say.out_of_turn and Say.free_text
    with pytest.raises(NotationError) as caught:
        GAME.parse_action('2:say 3 "secret\\u0020plan"')  # parses, but is not the one spelling
    assert "secret" not in str(caught.value) and "plan" not in str(caught.value)


def test_a_message_with_spaces_and_quotes_round_trips_as_one_json_string() -> None:
    action = GAME.parse_action('2:say 3 "hold the ford, \\"brother\\"  at dawn"')
    assert isinstance(action, Say) and action.message == 'hold the ford, "brother"  at dawn'
    assert str(action) == '2:say 3 "hold the ford, \\"brother\\"  at dawn"'


@pytest.mark.parametrize("text", ["2:say 3 hold the ford", '2:say 3 ""', '2:say x "hi"'])
def test_a_malformed_message_is_refused_without_echoing_it(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        GAME.parse_action(text)
    assert "ford" not in str(caught.value)


@pytest.mark.parametrize("text", ["1:build i12", "1 settle", "1:settle x9", "1:play nothing", "1:road e99"])
def test_text_that_is_no_action_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        GAME.parse_action(text)


@pytest.mark.slow
def test_no_view_holds_another_rulers_hand_or_another_alliances_messages() -> None:
    """Property over random games with chat injected: secrets stay with their owners."""
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new(4, seed, {"max_rounds": 10})
        assert isinstance(state, WatchState)
        said = 0
        while state.to_act and said < 4000:
            if state.alliances and rng.random() < 0.1:  # either ally, whoever is to act (ruling R-3)
                said += 1
                pair = rng.choice(sorted(state.alliances))
                writer = rng.choice(pair)
                reader = pair[0] if writer == pair[1] else pair[1]
                state.apply(Say(writer, reader, f"secret <{seed}.{said}> for allies"))
                _assert_no_leaks(state)
                continue
            seat = state.to_act[0]
            if seat == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            legal = state.legal_actions(seat)
            state.apply(legal[rng.randrange(len(legal))])
            _assert_no_leaks(state)
        assert state.outcome() is not None


def _assert_no_leaks(state: WatchState) -> None:
    views = {seat: json.dumps(state.view(seat)) for seat in range(1, state.players + 1)}
    public = json.dumps(state.view(None))
    for text, readers in state.private_strings().items():
        assert text not in public
        for seat, view in views.items():
            assert (text in view) == (seat in readers), (text, seat, readers)
    for seat in range(1, state.players + 1):
        for card in state.hidden_strings(seat):
            assert card not in public
            assert all(card not in view for other, view in views.items() if other != seat)


def test_a_message_to_a_non_ally_is_refused_without_echoing_it(table: Table) -> None:
    with pytest.raises(IllegalAction) as caught:
        table.state.apply(GAME.parse_action('1:say 2 "the password is swordfish"'))
    assert "swordfish" not in str(caught.value)


def test_the_catalog_lists_every_card_and_harrow() -> None:
    catalog = GAME.catalog()
    assert len(catalog) == 33 + 7
    assert catalog["w-forge-the-edge"] == "Forge the Edge"
    assert catalog["x-black-lung"] == "The Black Lung"


@pytest.mark.parametrize("players", [2, 4])
def test_the_indexes_of_pieces_roads_and_deck_sizes_follow_the_board(players: int) -> None:
    """The state keeps each ruler's pieces and roads, and each deck's size, in step with the board."""
    rng = random.Random(players)
    state = GAME.new(players, 5, {"max_rounds": 25})
    assert isinstance(state, WatchState)
    while state.to_act:
        seat = state.to_act[0]
        legal = state.legal_actions(seat) if seat != CHANCE else None
        state.apply(state.sample_chance(rng) if legal is None else legal[rng.randrange(len(legal))])
        for ruler in range(1, players + 1):
            assert state.owned[ruler] == [p for p, o in enumerate(state.piece_owner) if o == ruler]
            assert state.roads_of[ruler] == [e for e, o in enumerate(state.road_owner) if o == ruler]
        for deck in state.decks.values():
            assert deck.size == len(deck.top) + sum(deck.unseen.values()) + len(deck.bottom)


def test_the_work_queue_holds_frozen_typed_values_and_a_copy_is_independent(table: Table) -> None:
    import dataclasses

    from console.games.watch.rules.alliances import Answer
    from console.games.watch.rules.work import Decision

    table.do("1:offer 2")
    (work,) = table.state.pending
    assert isinstance(work, Answer) and isinstance(work, Decision)
    assert (work.actor(), work.offerer) == (2, 1) and table.state.to_act == (2,)
    with pytest.raises(dataclasses.FrozenInstanceError):
        work.offerer = 2  # type: ignore[misc]
    other = table.state.copy()
    other.apply(GAME.parse_action("2:accept"))
    assert other.pending == [] and other.alliances
    assert table.state.pending == [work] and not table.state.alliances
    assert table.state.view(None)["waiting"] == {"for": "answer", "seat": 2, "offer_of": 1}
