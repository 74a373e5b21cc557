"""Every refusal of Wheels of War said in German and Spanish (issue 26): each one the notation, the
options and the rules make, provoked here from a hand-made match, is a sentence (``GameError.said``)
whose every message is in the game's catalog with a translation, its cards said by name and its
seats by number; its English (``str``) reads as it always has, but where a plural or a list was
wrong. A seat that acts out of turn is told ``why_not_now``, which the contract refuses with as
text: each of its parts, as ``phrase`` finds them, is a message too. And a refusal reaches a phone
in the phone's language, through the hub's API."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from console import i18n
from console.games.core import GameError
from console.games.wheels import GAME
from console.games.wheels.state import WheelsState
from console.hub.service import Hub
from console.web import create_app
from tests.games.wheels.conftest import Kit
from tests.helpers.sentences import cards_in, phrases, unsaid
from tests.web.conftest import ORIGIN, hub_config, join

PACKAGE = GAME.catalog_package()
KIT = Kit()
# The sources whose say(), say_n() and N_() are refusals (rules/ also words outcomes' reasons).
REFUSING = ("actions.py", "state.py", "game.py", "rules/")
# What those sources say that is no refusal: an outcome's reasons, a read's note.
NOT_REFUSALS = {
    "a draw",
    "both banked %(num)s Renown",
    "%(seat)s banked the most Renown (%(num)s to %(num2)s)",
    "banks %(renown)s Renown now",
}


def parse(text: str) -> Callable[[], object]:
    return lambda: GAME.parse_action(text)


def apply(state: Callable[[], WheelsState], text: str) -> Callable[[], object]:
    """``text`` applied as the contract applies it (its turn checked first)."""
    return lambda: state().apply(GAME.parse_action(text))


def rule(state: Callable[[], WheelsState], text: str) -> Callable[[], object]:
    """``text`` put to its rule alone, past the contract's turn check: a refusal only a caller that
    skips the check can meet (each rule checks its action all the same)."""
    return lambda: state()._apply(GAME.parse_action(text))


def toss() -> WheelsState:
    return GAME.new(2)


def choosing() -> WheelsState:
    return GAME.new(2, options={"first_seat": 1})


def chosen() -> WheelsState:
    state = choosing()
    state.apply(GAME.parse_action("1:choose fen-matriarch"))
    return state


def dealing() -> WheelsState:
    return KIT.new()


HAND = ("bloom", "cart-wheel", "fen-mist", "wax-rind", "brine-rub", "cellarhand")


def opening(deck: tuple[str, ...] = (*HAND, "market-round", "fresh-curd")) -> WheelsState:
    """The opening, seat 1 holding ``HAND`` over the rest of ``deck``."""
    state = KIT.new(decks={1: list(deck), 2: ["bloom"]})
    KIT.chance(state)
    return state


def drawn_twice() -> object:
    state = dealing()
    state.apply(GAME.parse_action("chance:draw 1 cave-elder"))  # the deck's only Cave Elder
    return state.apply(GAME.parse_action("chance:draw 1 cave-elder"))


def swapped_twice() -> WheelsState:
    state = opening()
    KIT.act(state, "1:swap bloom", "1:swap fen-mist")
    return state


def kept() -> WheelsState:
    state = opening()
    KIT.act(state, "1:keep")
    return state


def playing(
    hand: tuple[str, ...] = (), leaders: tuple[str, str] = ("none", "none")
) -> Callable[[], WheelsState]:
    return lambda: KIT.begin(list(hand), [], leaders=leaders)


def placed(
    hand: tuple[str, ...], seat: int, card: str, age: int = 1, sealed: bool = False
) -> Callable[[], WheelsState]:
    def made() -> WheelsState:
        state = KIT.begin(list(hand), [])
        KIT.put(state, seat, 1, card, age=age, sealed=sealed)
        return state

    return made


def invoked() -> WheelsState:
    state = KIT.begin([], [], leaders=("fen-matriarch", "none"))
    KIT.act(state, "1:invoke fen-matriarch")
    return state


def waited(turns: int) -> WheelsState:
    """Both seats wait in turn (their decks empty) for ``turns`` turns in all."""
    state = KIT.begin([], [])
    for turn in range(turns):
        KIT.act(state, f"{1 + turn % 2}:wait")
    return state


def chance_in_play() -> object:
    return KIT.begin([], []).sample_chance(random.Random(0))


# (what, how it is provoked, its English)
CASES: list[tuple[str, Callable[[], object], str]] = [
    # the notation (actions.py)
    (
        "no such card",
        parse("1:set gouda 1"),
        "'1:set gouda 1': there is no card 'gouda' in the Wheels of War catalog",
    ),
    ("a craft, not a wheel", parse("1:set bloom 1"), "'1:set bloom 1': Bloom is a craft, not a wheel"),
    (
        "a wheel, not a craft",
        parse("1:play cart-wheel"),
        "'1:play cart-wheel': Cart Wheel is a wheel, not a craft",
    ),
    (
        "not an Archaffineur",
        parse("1:invoke bloom"),
        "'1:invoke bloom': Bloom is a craft, not an Archaffineur",
    ),
    (
        "no deck card",
        parse("chance:draw 1 gouda"),
        "'chance:draw 1 gouda': there is no deck card 'gouda' in the catalog",
    ),
    (
        "no deck card to swap",
        parse("1:swap fen-matriarch"),
        "'1:swap fen-matriarch': there is no deck card 'fen-matriarch' in the catalog",
    ),
    ("no such shelf", parse("1:set cart-wheel 4"), "'1:set cart-wheel 4': shelves are numbered 1 to 3"),
    ("a shelf in words", parse("1:read two"), "'1:read': the shelf must be a whole number, not 'two'"),
    (
        "a seat in words",
        parse("chance:first one"),
        "'chance:first': the seat must be a whole number, not 'one'",
    ),
    ("one word", parse("1:read"), "'1:read': read takes 1 word after it, not 0"),
    ("no word", parse("1:wait now"), "'1:wait now': wait takes 0 words after it, not 1"),
    (
        "two or three words",
        parse("1:set cart-wheel"),
        "'1:set cart-wheel': set takes 2 to 3 words after it, not 1",
    ),
    ("the first seat", parse("chance:first 3"), "'chance:first 3': the first seat is 1 or 2"),
    ("the drawing seat", parse("chance:draw 3 bloom"), "'chance:draw 3 bloom': the drawing seat is 1 or 2"),
    ("chance's verbs", parse("chance:wait"), "'chance:wait': chance only does 'first' and 'draw'"),
    (
        "sealed or nothing",
        parse("1:set cart-wheel 2 open"),
        "'1:set cart-wheel 2 open': the only word after the shelf is 'sealed'",
    ),
    (
        "no such verb",
        parse("1:bake"),
        "'1:bake': unknown verb 'bake'; Wheels of War knows "
        "choose, swap, keep, set, read, play, invoke, wait",
    ),
    # the options (game.py)
    (
        "a third seat's deck",
        lambda: GAME.new(2, decks={3: ["bloom"]}),
        "Wheels of War has seats 1 and 2, not seat 3",
    ),
    (
        "two seats' decks",
        lambda: GAME.new(2, decks={3: ["bloom"], 4: ["bloom"]}),
        "Wheels of War has seats 1 and 2, not seat 3 and seat 4",
    ),
    (
        "a leader stacked",
        lambda: GAME.new(2, decks={1: ["fen-matriarch"]}),
        "seat 1's stacked deck names 'fen-matriarch', which is no deck card",
    ),
    # chance and the opening (rules/opening.py, rules/legal.py)
    ("chance idle", chance_in_play, "chance has nothing to resolve now"),
    ("a toss again", rule(choosing, "chance:first 1"), "the first seat has already been chosen"),
    ("no draw due", apply(toss, "chance:draw 1 bloom"), "no one is due to draw a card now"),
    ("the other seat draws", apply(dealing, "chance:draw 2 bloom"), "seat 1 draws next, not seat 2"),
    (
        "not next",
        apply(lambda: KIT.new(decks={1: ["bloom", "cart-wheel"], 2: ["bloom"]}), "chance:draw 1 cart-wheel"),
        "Cart Wheel is not next in seat 1's deck (swapped cards lie at the bottom)",
    ),
    (
        "every copy elsewhere",
        drawn_twice,
        "Cave Elder cannot be drawn by seat 1: the ledger has every copy of it elsewhere",
    ),
    ("not in the deck", apply(dealing, "chance:draw 1 cheese-mites"), "Cheese Mites is not in seat 1's deck"),
    (
        "chosen already",
        rule(chosen, "1:choose verdenne-archaffineur"),
        "your Archaffineur has already been chosen",
    ),
    ("no card to swap", apply(opening, "1:swap fresh-curd"), "you have no Fresh Curd in hand to swap"),
    ("a third swap", rule(swapped_twice, "1:swap cart-wheel"), "you may swap at most 2 opening cards"),
    (
        "nothing to swap for",
        apply(lambda: opening(HAND), "1:swap bloom"),
        "your deck is empty: there is nothing to swap for",
    ),
    # the phases (state.py)
    ("choose in play", apply(playing(), "1:choose fen-matriarch"), "you cannot choose now: play has begun"),
    ("swap in play", apply(playing(), "1:swap bloom"), "you cannot swap now: play has begun"),
    (
        "keep while choosing",
        apply(choosing, "1:keep"),
        "you cannot keep now: each seat is choosing its Archaffineur",
    ),
    (
        "set in the opening",
        apply(opening, "1:set cart-wheel 1"),
        "you cannot set now: the opening hands are being chosen (swap a card or keep)",
    ),
    (
        "read while choosing",
        apply(choosing, "1:read 1"),
        "you cannot read now: each seat is choosing its Archaffineur",
    ),
    (
        "play while choosing",
        apply(choosing, "1:play bloom 1"),
        "you cannot play now: each seat is choosing its Archaffineur",
    ),
    (
        "invoke in the opening",
        apply(opening, "1:invoke fen-matriarch"),
        "you cannot invoke now: the opening hands are being chosen (swap a card or keep)",
    ),
    (
        "wait at the toss",
        rule(toss, "1:wait"),
        "you cannot wait now: the coin toss for the first seat comes first",
    ),
    ("keep in the deal", rule(dealing, "1:keep"), "you cannot keep now: the opening hands are being dealt"),
    ("wait when it is over", rule(lambda: waited(24), "1:wait"), "you cannot wait now: the match is over"),
    # a turn (rules/turns.py, rules/targets.py)
    ("no wheel in hand", apply(playing(), "1:set cave-elder 1"), "you have no Cave Elder in hand"),
    (
        "a soured wheel there",
        apply(placed(("cart-wheel",), 1, "cart-wheel", age=7), "1:set cart-wheel 1"),
        "shelf 1 holds a soured wheel: read it for 0 to clear it first",
    ),
    (
        "a wheel there",
        apply(placed(("cart-wheel",), 1, "cart-wheel"), "1:set cart-wheel 1"),
        "shelf 1 is not empty: a wheel is set on an empty shelf",
    ),
    ("nothing to read", apply(playing(), "1:read 2"), "your shelf 2 is empty: there is nothing to read"),
    ("no craft in hand", apply(playing(), "1:play bloom 1"), "you have no Bloom in hand"),
    (
        "no target",
        apply(playing(("brine-rub",)), "1:play brine-rub"),
        "Brine Rub needs a target: name a shelf",
    ),
    (
        "a target for none",
        apply(playing(("fen-mist",)), "1:play fen-mist 1"),
        "Fen Mist chooses no wheel: name no shelf",
    ),
    (
        "the rival's shelf empty",
        apply(playing(("the-souring",)), "1:play the-souring 1"),
        "The Souring needs a wheel, and your rival's shelf 1 is empty",
    ),
    (
        "your shelf empty",
        apply(playing(("brine-rub",)), "1:play brine-rub 1"),
        "Brine Rub needs a wheel, and your shelf 1 is empty",
    ),
    (
        "the rival's wheel sealed",
        apply(placed(("the-souring",), 2, "cart-wheel", sealed=True), "1:play the-souring 1"),
        "that wheel is sealed: The Souring cannot target it",
    ),
    (
        "your wheel sealed",
        apply(placed(("brine-rub",), 1, "cart-wheel", sealed=True), "1:play brine-rub 1"),
        "that wheel is sealed: your own crafts cannot target it (Brine Rub)",
    ),
    (
        "a soured wheel",
        apply(placed(("brine-rub",), 1, "cart-wheel", age=7), "1:play brine-rub 1"),
        "Brine Rub cannot target a soured wheel",
    ),
    (
        "a ripe wheel",
        apply(placed(("bloom",), 1, "cart-wheel", age=4), "1:play bloom 1"),
        "Bloom needs an unripe wheel",
    ),
    ("no leader", apply(playing(), "1:invoke fen-matriarch"), "you play this match without an Archaffineur"),
    (
        "another leader",
        apply(playing(leaders=("fen-matriarch", "none")), "1:invoke verdenne-archaffineur"),
        "your Archaffineur is not the Verdenne Archaffineur",
    ),
    (
        "a leader used",
        apply(invoked, "1:invoke fen-matriarch"),
        "your Archaffineur has already been used this match",
    ),
    # out of turn (why_not_now: text the contract refuses with)
    ("a third seat", apply(playing(), "3:wait"), "Wheels of War has seats 1 and 2, not seat 3"),
    ("before the toss", apply(toss, "1:wait"), "the coin toss for the first seat comes first"),
    ("while a card is drawn", apply(dealing, "1:keep"), "a card must be drawn first: seat 1 draws"),
    (
        "the rival still choosing",
        apply(chosen, "1:choose verdenne-archaffineur"),
        "you have chosen your Archaffineur; your rival is still choosing theirs",
    ),
    (
        "two swapped",
        apply(swapped_twice, "1:keep"),
        "you have swapped two cards and finished your opening choice; play begins when your rival has too",
    ),
    (
        "the hand kept",
        apply(kept, "1:keep"),
        "you have kept your hand and finished your opening choice; play begins when your rival has too",
    ),
    (
        "twelve turns spent",
        apply(lambda: waited(23), "1:wait"),
        "you have spent your twelve turns; the match ends when your rival has spent theirs",
    ),
    ("the rival's turn", apply(playing(), "2:wait"), "it is seat 1's turn, not yours"),
]


def settled(done: Callable[[], bool], timeout_s: float = 10.0) -> None:
    """Wait for the hub's table to reach ``done`` (its dealer draws on the worker's thread)."""
    deadline = time.monotonic() + timeout_s
    while not done():
        assert time.monotonic() < deadline, "the table did not get there"
        time.sleep(0.01)


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
        assert cards_in(error.said) <= set(GAME.catalog()), what


def test_the_cases_meet_every_refusal_the_catalog_has(refusals: dict[str, GameError]) -> None:
    """So a refusal added to the rules is added here, and said in each language."""
    written = {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in i18n.template(PACKAGE)
        if message.id and any(path.startswith(REFUSING) for path, _ in message.locations)
    }
    met = {phrase.id for error in refusals.values() for phrase in phrases(error.said)}
    # the start form's words for the options (game.py's option_specs), said on the home page
    options = {words for spec in GAME.option_specs for words in (spec.label, spec.help, *spec.choice_labels)}
    assert written - met - options == NOT_REFUSALS


def test_a_refusal_is_told_to_each_phone_in_its_language(tmp_path: Path) -> None:
    """A German phone (its page's header) and a Spanish one (its chosen language, the cookie) are
    told the rules' refusal, its card by its printed name, inside the hub's own words."""
    options = {"first_seat": 1, "archaffineur_1": "none", "archaffineur_2": "none"}
    config = hub_config(tmp_path)
    hub = Hub(replace(config, table=replace(config.table, options=options))).start(inputs=False)
    try:
        german, spanish = (create_app({"TESTING": True, "HUB": hub}).test_client() for _ in range(2))
        worker = hub.tables()[0]
        table = worker.table.id
        settled(lambda: worker.table.state.to_act == (1, 2))  # the opening hands are dealt
        for seat, client in ((1, german), (2, spanish)):
            assert join(client, f"/join/{table}/{seat}/{hub.tokens(table)[seat]}").status_code == 303
            answer = client.post(
                f"/api/tables/{table}/seats/{seat}/actions", json={"action": f"{seat}:keep"}, headers=ORIGIN
            )
            assert answer.status_code == 200, answer.get_json()
        settled(lambda: worker.table.state.to_act == (1,))  # play begins
        state = worker.table.state
        assert isinstance(state, WheelsState)
        hand = state.seats[0].hand
        missing = next(card for card in GAME.cards.ids_of("craft") if card not in hand)
        name = GAME.card_name(missing)
        url = f"/api/tables/{table}/seats/1/actions"
        answer = german.post(
            url, json={"action": f"1:play {missing}"}, headers={**ORIGIN, "X-Tabletop-Language": "de"}
        )
        assert answer.status_code == 409
        assert answer.get_json()["error"] == f"Nicht angenommen: du hast {name} nicht auf der Hand"
        english = german.post(url, json={"action": f"1:play {missing}"}, headers=ORIGIN)
        assert english.get_json()["error"] == f"Not taken: you have no {name} in hand"
        spanish.set_cookie("tt_lang", "es")
        answer = spanish.post(
            f"/api/tables/{table}/seats/2/actions", json={"action": "2:wait"}, headers=ORIGIN
        )
        assert answer.status_code == 409
        assert answer.get_json()["error"] == "No aceptado: es el turno de asiento 1, no el tuyo"
    finally:
        hub.stop()
