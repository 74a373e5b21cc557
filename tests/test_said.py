"""A sentence as a message id and values (console.i18n.said): said in each language from the same
values, seats and cards and lists in that language's words, plurals by its rule, and an engine's
English reason taken back to the messages it was made of."""

from __future__ import annotations

import pytest

from console.games import find_game
from console.games.core import Event
from console.i18n.said import Card, Said, Seat, Speaker, phrase, say, say_n
from console.table import result_said

WISTERIA = find_game("wisteria")


def test_a_sentence_goes_to_json_and_back_unchanged() -> None:
    said = say(
        "Battle: %(battle)s · Retreat: %(retreat)s",
        battle=(Seat(1), Seat(3)),
        retreat=say("nobody"),
    )
    counted = say_n(
        "%(seat)s keeps %(num)s card", "%(seat)s keeps %(num)s cards", 2, seat=Seat(2), c=Card("x")
    )
    for sentence in (said, counted):
        assert Said.from_json(sentence.to_json()) == sentence
    assert said.to_json()["values"]["battle"] == {"list": [{"seat": 1}, {"seat": 3}]}


def test_each_language_says_the_same_event_in_its_own_words() -> None:
    event = Event("choices", {"battle": (1, 2), "retreat": ()})
    said = WISTERIA.words(event)
    assert WISTERIA.speaker().render(said) == "Battle: seat 1 and seat 2 · Retreat: nobody"
    assert WISTERIA.speaker("de").render(said) == "Schlacht: Platz 1 und Platz 2 · Rückzug: niemand"
    assert WISTERIA.speaker("es").render(said).startswith("Batalla: ")


def test_a_seat_at_the_start_is_said_as_a_sentence_starts() -> None:
    said = WISTERIA.words(Event("war", {"seats": (2, 3), "strength": 5}))
    assert WISTERIA.speaker().render(said) == "War! seat 2 and seat 3 tie on 5"
    assert WISTERIA.speaker().render(WISTERIA.words(Event("chosen", {"seat": 2}))) == "Seat 2 has chosen"
    named = Speaker(seat_name=lambda seat, start: {2: "Ana"}[seat])
    assert named.render(say("%(seat)s has chosen", seat=Seat(2))) == "Ana has chosen"


@pytest.mark.parametrize(
    ("count", "english", "german"), [(1, "1 card", "1 Karte"), (3, "3 cards", "3 Karten")]
)
def test_a_count_takes_its_languages_plural_form(count: int, english: str, german: str) -> None:
    said = WISTERIA.words(Event("kept", {"seat": 1, "cards": count}))
    assert WISTERIA.speaker().render(said) == f"Seat 1 keeps {english}"
    assert WISTERIA.speaker("de").render(said) == f"Platz 1 behält {german}"


def test_an_engines_reason_is_taken_back_to_its_messages() -> None:
    reason = phrase("seat 3 holds every card (Total Control)")
    assert reason == Said("%(seat)s holds every card (Total Control)", {"seat": Seat(3)})
    shared = phrase("most cards (Time Limit): 14; a shared win")
    assert Speaker().render(shared) == "most cards (Time Limit): 14; a shared win"
    assert WISTERIA.speaker("de").render(shared) == "die meisten Karten (Zeitlimit): 14; ein geteilter Sieg"
    over = WISTERIA.words(Event("game_over", {"reason": "seat 3 holds every card (Total Control)"}))
    assert WISTERIA.speaker("de").render(over) == "Partie vorbei: Platz 3 hält alle Karten (Totale Kontrolle)"


def test_a_message_no_catalog_has_is_said_as_written() -> None:
    assert WISTERIA.speaker("de").render(say("%(seat)s: %(what)s", seat=Seat(2), what="Kind words")) == (
        "Platz 2: Kind words"
    )
    assert Speaker("de").render(Said("not a message anywhere")) == "not a message anywhere"


def test_a_value_no_sentence_holds_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError, match="not a value of a sentence"):
        Said.from_json({"id": "x %(v)s", "values": {"v": {"evil": 1}}})


def test_every_wisteria_ending_is_said_in_german() -> None:
    everyone = "every remaining player ran out of cards at the same moment: a shared result"
    said = WISTERIA.speaker("de").render(phrase(everyone))
    german = "alle verbliebenen Spieler hatten im selben Moment keine Karten mehr: ein geteiltes Ergebnis"
    assert said == german


def test_a_result_whose_reason_names_its_winner_in_the_games_word_names_it_once() -> None:
    watch = find_game("watch")
    said = result_said((1,), "ruler 1 declared victory with 15 VP", watch)
    assert watch.speaker().render(said) == "Ruler 1 declared victory with 15 VP"
    assert watch.speaker("de").render(said) == "Herrscher 1 hat mit 15 SP den Sieg erklärt"
    named = Speaker("de", watch.catalog_package(), lambda seat, start: {1: "Ana"}[seat])
    assert named.render(said) == "Ana hat mit 15 SP den Sieg erklärt"
