"""Every Wheels of War event said in German and Spanish: each sentence words.py says, met in
sample games (random play over each deck list, with and without Archaffineurs) or built here where
random play seldom goes, is a message of the game's catalog with a translation, and so is every
phrase within it (an engine's reason, "a sealed wheel"); nothing is left in English but the cards'
printed names. The English is the sentences the logs read before they were messages, but where it
was improved; a sealed wheel's sentence for the table names no card and no figure."""

from __future__ import annotations

import random

import pytest

from console import i18n
from console.games.core import CHANCE, Event
from console.games.wheels import GAME
from console.games.wheels.actions import Read
from console.games.wheels.state import WheelsState
from console.i18n.said import Said, Seat, Speaker
from tests.helpers.sentences import cards_in, has_words, phrases, translations

PACKAGE = GAME.catalog_package()
OPTIONS: tuple[dict[str, object], ...] = (
    {},
    {"archaffineur_1": "none", "first_seat": 2},
    {"deck_1": "saboteurs", "deck_2": "cellar-keepers"},
    {"deck_1": "cellar-keepers", "deck_2": "saboteurs"},
)
SEEDS = range(10)
# What random play seldom meets: a drawn match, a sealed wheel's worth changed (its twin for the
# table), an Archaffineur that chooses no wheel, a craft on one's own shelf, a wheel's change these
# words do not know yet.
BUILT = [
    Event("over", {"winners": [1, 2], "scores": [9.0, 9.0], "reason": "a draw: both banked 9 Renown"}),
    Event("value", {"seat": 2, "shelf": 1, "age": 3, "sealed": True, "soured": False}),
    Event("ripen", {"seat": 1, "shelf": 3, "age": 4, "sealed": True, "soured": False}),
    Event("invoke", {"seat": 1, "archaffineur": "fen-matriarch", "shelf": 0}),
    Event("play", {"seat": 2, "card": "bloom", "shelf": 1, "on": "own", "free": True}),
    Event("play", {"seat": 2, "card": "fen-poultice", "shelf": 1, "on": "own", "free": False}),
    Event("play", {"seat": 1, "card": "the-souring", "shelf": 2, "on": "rival", "free": False}),
    Event("play", {"seat": 1, "card": "affineurs-nose", "shelf": 2, "on": "rival", "free": True}),
    Event("play", {"seat": 1, "card": "fen-mist", "shelf": 0, "on": "own", "free": False}),
    Event("play", {"seat": 1, "card": "cellarhand", "shelf": 0, "on": "own", "free": True}),
    Event("read", {"seat": 1, "shelf": 2, "card": "fresh-curd", "age": 3, "soured": True, "renown": 0,
                   "banked": 4, "by": "read"}),
    Event("ending", {"seat": 2, "aged": 2, "soured": [1, 3], "turns_left": 1, "damp": 1, "chill": 2}),
    Event("age", {"seat": 1, "shelf": 1, "card": "cart-wheel", "age": 7, "value": 8, "hold": 2,
                  "sealed": False, "soured": True}),
    Event("archaffineurs", {"1": "fen-matriarch", "2": None}),
    Event("crumble", {"seat": 1, "shelf": 2, "card": "cart-wheel"}),
]  # fmt: skip


def sample_events() -> list[Event]:
    """Every shape of event random games make (kind, audience, fields and sentence), two of each,
    and the built ones."""
    found: dict[tuple[object, ...], list[Event]] = {}
    for options in OPTIONS:
        for seed in SEEDS:
            state = GAME.new(2, seed=seed, options=options)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.to_act[0]
                legal = state.legal_actions(seat) if seat != CHANCE else []
                action = state.sample_chance(rng) if seat == CHANCE else rng.choice(legal)
                for event in state.apply(action):
                    shape = (event.kind, event.audience, tuple(sorted(event.data)), GAME.words(event).id)
                    kept = found.setdefault(shape, [])
                    if len(kept) < 2:
                        kept.append(event)
    return [event for kept in found.values() for event in kept] + BUILT


@pytest.fixture(scope="module")
def events() -> list[Event]:
    return sample_events()


def test_the_samples_say_every_sentence_words_py_has(events: list[Event]) -> None:
    """So the tests below say every kind of event there is in each language."""
    written = {
        message.id if isinstance(message.id, str) else message.id[0]
        for message in i18n.template(PACKAGE)
        if message.id and any(path == "words.py" for path, _ in message.locations)
    }
    said = {phrase.id for event in events for phrase in phrases(GAME.words(event))}
    assert written - said == set(), "no sample event says these: add one to BUILT"


@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_every_event_is_said_in_the_language(events: list[Event], language: str) -> None:
    catalog = translations(language, PACKAGE)
    speaker = GAME.speaker(language)
    for event in events:
        said = GAME.words(event)
        assert said.id != "%(seat)s: %(what)s", f"words.py does not word a {event.kind!r} event"
        for phrase in phrases(said):
            if has_words(phrase.id):
                assert catalog.get(phrase.id), f"{language}: no translation of {phrase.id!r}"
        for card in cards_in(said):
            assert card in GAME.catalog(), (event, card)
        english, words = GAME.speaker().render(said), speaker.render(said)
        assert "%(" not in words and words != english, (language, event, words)


def test_a_sealed_wheels_sentence_for_the_table_names_no_card_and_no_figure(events: list[Event]) -> None:
    twins = [
        event
        for event in events
        if event.audience is None and event.data.get("sealed") and "card" not in event.data
    ]
    assert any(event.kind == "set" for event in twins) and any(event.kind == "hold" for event in twins)
    for event in twins:
        said = GAME.words(event)
        assert not cards_in(said), event
        for phrase in phrases(said):
            assert not set(phrase.values) & {"value", "hold", "peak", "renown"}, event


# (event, English, German, Spanish): the English as the logs read it before it was a message.
EXAMPLES = [
    (
        Event("read", {"seat": 1, "shelf": 2, "card": "cart-wheel", "age": 4, "soured": False, "renown": 8,
                       "banked": 8, "by": "read"}),
        "Seat 1 reads Cart Wheel on shelf 2 at age 4: 8 Renown (banked 8)",
        "Platz 1 schneidet Cart Wheel auf Regal 2 im Alter 4 an: 8 Ruhm (gesichert 8)",
        "Asiento 1 cata Cart Wheel en el estante 2 a la edad 4: 8 de Renombre (acumulado 8)",
    ),
    (
        Event("play", {"seat": 2, "card": "the-souring", "shelf": 1, "on": "rival", "free": False}),
        "Seat 2 plays The Souring on seat 1's shelf 1",
        "Platz 2 spielt The Souring auf Regal 1 von Platz 1",
        "Asiento 2 juega The Souring sobre el estante 1 de asiento 1",
    ),
    (
        Event("ending", {"seat": 1, "aged": 1, "soured": [2], "turns_left": 1, "damp": 0, "chill": 1}),
        "Seat 1 ends the turn: wheels age, shelf 2 soured; 1 turn left · chill 1",
        "Platz 1 beendet den Zug: Die Laibe altern, Regal 2 verdorben; 1 Zug übrig · Kälte 1",
        "Asiento 1 termina el turno: las ruedas envejecen y se agria el estante 2; queda 1 turno · frío 1",
    ),
    (
        Event("damp", {"seat": 2, "turns": 2}),
        "Seat 2's cellar is damp for 2 ending turns",
        "Der Keller von Platz 2 ist für 2 Zugenden feucht",
        "La bodega de asiento 2 está húmeda durante 2 finales de turno",
    ),
    (
        Event("sour", {"seat": 2, "shelf": 3, "age": 5, "sealed": True, "soured": True}),
        "A sealed wheel on seat 2's shelf 3 sours",
        "Ein versiegelter Laib auf Regal 3 von Platz 2 verdirbt",
        "Una rueda sellada del estante 3 de asiento 2 se agria",
    ),
    (
        Event("draw", {"seat": 2, "card": "bloom"}, frozenset({2})),
        "You draw Bloom",
        "Du ziehst Bloom",
        "Robas Bloom",
    ),
    (
        Event("over", {"winners": [1, 2], "scores": [9.0, 9.0], "reason": "a draw: both banked 9 Renown"}),
        "Game over: a draw: both banked 9 Renown",
        "Partie vorbei: ein Unentschieden: beide haben 9 Ruhm gesichert",
        "Fin de la partida: un empate: ambos acumularon 9 de Renombre",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("event", "english", "german", "spanish"), EXAMPLES)
def test_the_english_is_kept_and_each_language_reads_it(
    event: Event, english: str, german: str, spanish: str
) -> None:
    said = GAME.words(event)
    assert GAME.describe(event) == english
    assert GAME.speaker("de").render(said) == german
    assert GAME.speaker("es").render(said) == spanish


def test_a_reads_note_is_said_in_each_language() -> None:
    state = GAME.new(2, 0, {"archaffineur_1": "none", "archaffineur_2": "none", "first_seat": 1})
    assert isinstance(state, WheelsState)
    rng = random.Random(1)
    while not any(isinstance(action, Read) for action in state.legal_actions(1)):
        seat = state.to_act[0]
        state.apply(state.sample_chance(rng) if seat == CHANCE else rng.choice(state.legal_actions(seat)))
    notes = GAME.choice_notes(state, 1, state.legal_actions(1))
    note = next(iter(notes.values()))
    assert isinstance(note, Said)
    renown = note.values["renown"]
    assert GAME.speaker().render(note) == f"banks {renown} Renown now"
    assert GAME.speaker("de").render(note) == f"sichert jetzt {renown} Ruhm"
    assert GAME.speaker("es").render(note) == f"acumula ahora {renown} de Renombre"


def test_an_archaffineur_that_chooses_a_wheel_names_the_rivals_shelf() -> None:
    """An Archaffineur's power chooses none or a rival's wheel (catalog.py): its shelf is the rival's."""
    said = GAME.words(Event("invoke", {"seat": 1, "archaffineur": "rindbreaker-archaffineur", "shelf": 2}))
    assert said.values["rival"] == Seat(2)
    assert GAME.describe(
        Event("invoke", {"seat": 1, "archaffineur": "rindbreaker-archaffineur", "shelf": 2})
    ) == ("Seat 1 invokes Rindbreaker Archaffineur on seat 2's shelf 2")
    names = {1: "Ana", 2: "Bo"}
    named = Speaker("de", PACKAGE, lambda seat, start: names[seat], GAME.speaker("de").card_name)
    assert named.render(said) == "Ana setzt Rindbreaker Archaffineur auf Regal 2 von Bo ein"
