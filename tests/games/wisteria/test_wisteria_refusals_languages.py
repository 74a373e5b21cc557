"""Every refusal of the Wizard of Wisteria said in German and Spanish (issue 26): each one the
notation, the options and the rules make, provoked here from stacked games, is a sentence
(``GameError.said``) whose every message is in the game's catalog with a translation; its English
(``str``) reads as it always has, but where a plural or a list was wrong. Why a seat may not choose,
or chance may bring no card, is also ``why_not_now``'s text, which the contract refuses with through
``phrase``: the rules build those sentences of the very clauses ``phrase`` finds, so both ways meet
the same messages. And a refusal reaches a phone in the phone's language, through the hub's API."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from console import i18n
from console.games.core import CHANCE, Action, GameError
from console.games.wisteria import GAME
from console.games.wisteria.actions import Draw, TimeUp
from console.games.wisteria.state import WisteriaState
from console.hub.service import Hub
from console.web import create_app
from tests.games.wisteria.conftest import Play
from tests.helpers.sentences import phrases, unsaid
from tests.web.conftest import ORIGIN, hub_config, join

PACKAGE = GAME.catalog_package()
# The sources whose say(), say_n() and N_() are refusals (rules/ also words outcomes' reasons).
REFUSING = ("actions.py", "state.py", "rules/")
# What those sources say that is no refusal: the reasons of an outcome and of an elimination.
NOT_REFUSALS = {
    "has no cards left",
    "%(seat)s holds every card (Total Control)",
    "the round limit (%(num)s) came before anyone held every card",
    "unfinished",
    "scores are card counts",
    "most cards (Time Limit)",
    "highest strength total (Power Score)",
    "a shared win",
    "ran out of cards in a War",
    "every remaining player ran out of cards at the same moment",
    "a shared result",
}
TIED = {1: ["5", "1", "6"], 2: ["5", "2", "4"], 3: ["5", "4", "1"], 4: ["5", "3", "2"]}


def table(players: int, decks: dict[int, list[str]] | None = None, **options: Any) -> Play:
    return Play(GAME, players, decks, options or None)


def parse(text: str) -> Callable[[], object]:
    return lambda: GAME.parse_action(text)


def new(players: int, decks: dict[int, Sequence[str]] | None = None, **options: Any) -> Callable[[], object]:
    return lambda: GAME.new(players, 0, options or None, decks)


def do(made: Callable[[], Play], *texts: str) -> Callable[[], object]:
    """``texts`` applied to ``made``'s game as the contract applies them (a seat's action after the
    forced chance before it)."""
    return lambda: made().do(*texts)


def tied(players: int, *chosen: str) -> Callable[[], Play]:
    """``players`` seats tied on a 5 in the first round, choosing; ``chosen`` applied."""
    return lambda: table(players, {seat: TIED[seat] for seat in range(1, players + 1)}).settle().do(*chosen)


def apply_to(made: Callable[[], Play], action: Action) -> Callable[[], object]:
    return lambda: made().state.apply(action)


def rule(made: Callable[[], Play], action: Action) -> Callable[[], object]:
    """``action`` put to its rule alone, past the contract's turn check."""
    return lambda: made().state._apply(action)


def repeat_war() -> Play:
    """Both seats battled and tied again: the War repeats, Battle only."""
    return table(2, {1: ["4", "2", "5", "1"], 2: ["4", "6", "5", "3"]}).do(
        "1:battle", "2:battle", "chance:draw 1 5", "chance:draw 2 5"
    )


def over() -> Play:
    return table(2, {1: ["5"], 2: ["3"]}).do("chance:draw 1 5", "chance:draw 2 3")


def sampled_while_choosing() -> object:
    return tied(2)().state.sample_chance(random.Random(1))


# (what, how it is provoked, its English)
CASES: list[tuple[str, Callable[[], object], str]] = [
    # the notation (actions.py)
    (
        "chance chooses",
        parse("chance:battle"),
        "'chance:battle': only a seat chooses to battle, like 2:battle",
    ),
    (
        "a word after a choice",
        parse("1:retreat now"),
        "'1:retreat now': retreat takes nothing after it, like 1:retreat",
    ),
    (
        "a seat's card",
        parse("1:draw 1 5"),
        "'1:draw 1 5': a card comes from chance, like chance:draw SEAT STRENGTH",
    ),
    ("seat 0", parse("chance:draw 0 5"), "'chance:draw 0 5': seats are numbered from 1"),
    ("a seat in words", parse("chance:draw x 5"), "'chance:draw': the seat must be a whole number, not 'x'"),
    (
        "a strength in words",
        parse("chance:draw 1 five"),
        "'chance:draw': the strength must be a whole number, not 'five'",
    ),
    (
        "strength 7",
        parse("chance:draw 1 7"),
        "'chance:draw 1 7': strength 7 is not a card; strengths run from 1 to 6",
    ),
    ("a seat's clock", parse("1:time-up"), "'1:time-up': the clock is the table's, written chance:time-up"),
    (
        "no such verb",
        parse("1:fight"),
        "'1:fight': Wisteria has no action 'fight'; its verbs are "
        "battle, retreat, draw, facedown, tally, time-up",
    ),
    # the options (rules/deal.py)
    (
        "a deck too long",
        new(2, deck=" ".join(["1"] * 601)),
        "option 'deck' lists more than 600 cards, the most a custom deck holds "
        "(combine decks with combined_decks)",
    ),
    (
        "a deck's strength 7",
        new(2, deck="1 7"),
        "option 'deck': '7' is not a card; strengths run from 1 (weakest) to 6 (strongest)",
    ),
    (
        "a stacked '²'",
        new(2, {1: ["²"]}),
        "seat 1's stacked deck: '²' is not a card; strengths run from 1 to 6",
    ),
    ("a stack empty", new(2, {1: []}), "seat 1's stacked deck is empty; every seat starts with a card"),
    ("a third seat's stack", new(2, {3: ["1"]}), "a stacked deck for seat 3, but the seats are 1 to 2"),
    (
        "seven 6s stacked",
        new(2, {1: ["6"] * 7}),
        "the stacked decks hold 7 cards of strength 6, but the deck has only 6",
    ),
    (
        "one 6 stacked",
        new(2, {1: ["6"]}, copies=0, deck=""),
        "the stacked decks hold 1 card of strength 6, but the deck has only 0",
    ),
    (
        "a deck of one card",
        new(3, deck="1"),
        "a deck of 1 card cannot give each of 3 players a card; "
        "combine more decks (combined_decks) or add copies",
    ),
    # the clock (rules/rounds.py)
    (
        "a seat's time-up",
        apply_to(lambda: table(2), TimeUp(1)),
        "time-up is the table's clock speaking, written chance:time-up",
    ),
    (
        "no clock",
        do(lambda: table(2), "chance:time-up"),
        "this game is played to Total Control: it has no time limit",
    ),
    (
        "time up twice",
        do(lambda: table(2, victory="time_limit"), "chance:draw 1 3", "chance:time-up", "chance:time-up"),
        "time is already up: the round in progress finishes, then the game is scored",
    ),
    # a card (rules/supply.py, rules/piles.py)
    ("idle chance", sampled_while_choosing, "chance has nothing to resolve now"),
    (
        "a seat's draw",
        apply_to(tied(2), Draw(1, 1, 5)),
        "a card comes from a draw pile: it is chance's action, not a seat's",
    ),
    (
        "the wrong kind",
        do(lambda: table(2), "chance:facedown 1 5"),
        "the table needs a face-up card (chance:draw) now, not a face-down war card (chance:facedown)",
    ),
    (
        "a tally too soon",
        do(lambda: table(2), "chance:tally 1 5"),
        "the table needs a face-up card (chance:draw) now, "
        "not a card counted for the Power Score (chance:tally)",
    ),
    (
        "a card for seat 3",
        do(lambda: table(2), "chance:draw 3 5"),
        "there is no seat 3: the seats are 1 to 2",
    ),
    (
        "seat 1 again",
        do(lambda: table(3), "chance:draw 1 5", "chance:draw 1 5"),
        "seat 1 does not supply a card now; waiting for seat 2 and seat 3",
    ),
    (
        "no 5s",
        do(lambda: table(2, deck="6 1 1"), "chance:draw 1 5"),
        "seat 1 cannot have a 5: this deck has no 5s",
    ),
    (
        "the only 6",
        do(lambda: table(2, deck="6 1 2 2"), "chance:draw 1 6", "chance:draw 2 6"),
        "seat 2 cannot have a 6: the only 6 is accounted for",
    ),
    (
        "both 6s",
        do(lambda: table(3, deck="6 6 1 1 2 2"), "chance:draw 1 6", "chance:draw 2 6", "chance:draw 3 6"),
        "seat 3 cannot have a 6: both 6s are accounted for",
    ),
    (
        "all three 6s",
        do(lambda: table(4, deck="6 6 6 1 1 2 2 3"), *(f"chance:draw {seat} 6" for seat in (1, 2, 3, 4))),
        "seat 4 cannot have a 6: all three 6s are accounted for",
    ),
    (
        "a stack's top",
        do(lambda: table(2, {1: ["5", "2"], 2: ["3"]}), "chance:draw 1 2"),
        "seat 1's stacked deck has a 5 on top, not a 2",
    ),
    (
        "a reshuffled pile",
        lambda: over_once().state.apply(Draw(CHANCE, 1, 6)),
        "seat 1 cannot have a 6: its draw pile is its reshuffled won pile, which holds no 6",
    ),
    # chance while seats choose (why_not_now, through phrase)
    (
        "two seats choose",
        do(tied(2), "chance:draw 1 3"),
        "no card is needed now: seat 1 and seat 2 must first choose Battle or Retreat",
    ),
    (
        "one seat chooses",
        do(tied(2, "1:battle"), "chance:draw 1 3"),
        "no card is needed now: seat 2 must first choose Battle or Retreat",
    ),
    (
        "three seats choose",
        do(tied(3), "chance:draw 1 3"),
        "no card is needed now: seat 1, seat 2 and seat 3 must first choose Battle or Retreat",
    ),
    (
        "four seats choose",
        rule(tied(4), Draw(CHANCE, 1, 3)),
        "no card is needed now: seat 1, seat 2, seat 3 and seat 4 must first choose Battle or Retreat",
    ),
    ("the game over", rule(over, Draw(CHANCE, 1, 3)), "no card is needed now"),
    # a seat's choice out of turn (why_not_now, through phrase)
    (
        "chosen already",
        do(tied(3, "2:retreat"), "2:battle"),
        "seat 2 has already chosen; choices cannot be changed",
    ),
    (
        "not in the War",
        do(lambda: table(3, {1: ["5", "1", "6"], 2: ["5", "2", "4"], 3: ["3", "4"]}), "3:battle"),
        "seat 3 is not in this War: only the tied seats choose Battle or Retreat",
    ),
    ("no seat 4", do(tied(3), "4:battle"), "there is no seat 4: the seats are 1 to 3"),
    (
        "a repeat War",
        lambda: repeat_war().state.apply(GAME.parse_action("1:retreat")),
        "seat 1 has no choice to make now: Retreat can only be done on the first card tie, and this War is a "
        "repeat, so seat 1 battles on",
    ),
    (
        "no tie",
        do(lambda: table(2), "1:battle"),
        "seat 1 has no choice to make now: Battle or Retreat is chosen only after a tie",
    ),
]


def over_once() -> Play:
    """Seat 1 won the first round and turned its won pile into its draw pile (a 5 and a 3)."""
    return table(2, {1: ["5"], 2: ["3", "2"]}).do("chance:draw 1 5", "chance:draw 2 3")


def refusal_of(provoke: Callable[[], object]) -> GameError:
    with pytest.raises(GameError) as caught:
        provoke()
    return caught.value


@pytest.fixture(scope="module")
def refusals() -> dict[str, GameError]:
    return {what: refusal_of(provoke) for what, provoke, _ in CASES}


@pytest.mark.parametrize("what, english", [(what, english) for what, _, english in CASES])
def test_each_refusal_reads_in_english_as_it_did(
    refusals: dict[str, GameError], what: str, english: str
) -> None:
    assert str(refusals[what]) == english
    assert GAME.speaker().render(refusals[what].said, at_start=False) == english, "the game's own English"


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_each_refusal_is_said_in_the_language(refusals: dict[str, GameError], language: str) -> None:
    for what, error in refusals.items():
        assert not unsaid(GAME, error.said, language), (what, unsaid(GAME, error.said, language))


def test_the_cases_meet_every_refusal_the_catalog_has(refusals: dict[str, GameError]) -> None:
    """So a refusal added to the rules is added here, and said in each language; the counts
    three to twelve are said within 'all three 6s'."""
    written = {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in i18n.template(PACKAGE)
        if message.id and any(path.startswith(REFUSING) for path, _ in message.locations)
    }
    met = {said.id for error in refusals.values() for said in phrases(error.said)}
    counts = {"four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"}
    assert written - met == NOT_REFUSALS | counts


def test_a_refusal_is_told_to_each_phone_in_its_language(tmp_path: Path) -> None:
    """A German phone (its page's header) is told why it has no choice to make, the rules' own
    clauses through phrase; a Spanish one (its chosen language, the cookie) what is wrong with its
    notation. The table waits for its cards to be scanned, so it stands still meanwhile."""
    config = hub_config(tmp_path, game="wisteria")
    hub = Hub(replace(config, table=replace(config.table, chance="physical"))).start(inputs=False)
    try:
        german, spanish = (create_app({"TESTING": True, "HUB": hub}).test_client() for _ in range(2))
        table_id = hub.tables()[0].table.id
        for seat, client in ((1, german), (2, spanish)):
            assert join(client, f"/join/{table_id}/{seat}/{hub.tokens(table_id)[seat]}").status_code == 303
        state = hub.tables()[0].table.state
        assert isinstance(state, WisteriaState) and state.to_act == (CHANCE,)
        url = f"/api/tables/{table_id}/seats/1/actions"
        answer = german.post(
            url, json={"action": "1:battle"}, headers={**ORIGIN, "X-Tabletop-Language": "de"}
        )
        assert answer.status_code == 409
        assert answer.get_json()["error"] == (
            "Nicht angenommen: Platz 1 hat jetzt nichts zu wählen: "
            "Schlacht oder Rückzug wird erst nach einem Gleichstand gewählt"
        )
        spanish.set_cookie("tt_lang", "es")
        url = f"/api/tables/{table_id}/seats/2/actions"
        answer = spanish.post(url, json={"action": "2:battle now"}, headers=ORIGIN)
        assert answer.status_code == 400
        assert (
            answer.get_json()["error"]
            == "No aceptado: '2:battle now': battle no lleva nada detrás, como en 2:battle"
        )
    finally:
        hub.stop()
