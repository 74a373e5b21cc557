"""The Watch in every language its catalog holds: each kind of event the rules make, each choice's
note, each card's facts and each ending's reason is a sentence of message ids found in the Watch's
own catalog (game.pot), said in German and Spanish with no English message left and no placeholder
unfilled; the English stays as the log has said it.

The events come from random games (fixed seeds) and, for what random play rarely reaches (a
walled city struck, Treason, a message between allies), from events written here with the fields
the rules give them."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from console import i18n
from console.games.core import CHANCE, Event
from console.games.watch import GAME, words
from console.games.watch.rules import horde
from console.games.watch.state import WatchState
from console.i18n.said import Said, Seat
from tests.games.watch.watch_table import Table
from tests.helpers.sentences import message_ids

PACKAGE = GAME.catalog_package()
RULES = Path(__file__).resolve().parents[3] / "console" / "games" / "watch" / "rules"
LANGUAGES = ("de", "es")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]")

# Events random play seldom makes, with the fields the rules give them.
WRITTEN = (
    [
        Event("built", {"seat": 1, "work": work, "at": at})
        for work, at in (("settlement", "i18"), ("city", "i14"))
    ]
    + [
        Event("built", {"seat": 2, "work": "walls", "at": "i26"}),
        Event("built", {"seat": 2, "work": "mill", "at": "h7", "city": "i26"}),
        Event("founded", {"seat": 3, "work": "settlement", "at": "i8"}),
        Event("activated", {"seat": 1, "at": ["i14", "i19"], "paid": "card"}),
        Event("activated", {"seat": 1, "at": ["i14"], "paid": "card"}),
        Event("taken", {"seat": 2, "from": "every opponent", "resource": "stone", "amount": 7}),
        Event("taken", {"seat": 2, "from": 1, "resources": []}),
        Event("card", {"seat": 1, "from": 2, "card": "p-spy", "how": "spy"}, frozenset((1, 2))),
        Event("card", {"seat": 2, "card": "w-intrigue", "how": "black plot"}, frozenset((2,))),
        Event("free_card", {"seat": 3, "deck": "growth"}),
        Event("alliance_trophy", {"pair": [1, 3]}),
        Event("alliance_ended", {"pair": [1, 3], "reason": "broken by 3", "trophy_lost": True}),
        Event("alliance_ended", {"pair": [1, 2], "reason": "treason", "trophy_lost": False}),
        Event("alliance_ended", {"pair": [2, 4], "reason": "pariah", "trophy_lost": True}),
        Event("held", {"at": "i19"}),
        Event("turncoat", {"from": "i26", "to": "i14", "owner": 2}),
        Event("piece_destroyed", {"at": "i26", "owner": 2, "piece": "city"}),
        Event("improvement_destroyed", {"at": "h4", "owner": 1, "kind": "mill"}),
        Event("city_fell", {"at": "i26", "owner": 2, "fate": "destroyed", "why": "forfeit"}),
        Event("city_fell", {"at": "i26", "owner": 2, "fate": "destroyed"}),
        Event("retreated", {"seat": 1, "from": "i25", "to": "i14", "lost": 2}),
        Event("retreated", {"seat": 1, "from": "i25", "to": None, "lost": 3}),
        Event("message", {"from": 2, "to": 1, "text": "%(seat)s and ruler 3"}, frozenset((1, 2))),
        Event(
            "watch_ends", {"reason": "Ulgareth broke the wall three times: the Watch ends in pyrrhic ruin"}
        ),
    ]
    + [
        Event(
            "combat",
            {
                "seat": 1,
                "defender": 2,
                "from": "i19",
                "at": "i25",
                "terrain": terrain,
                "attack": 3,
                "defence": 3 if held else 1,
                "winner": 2 if held else 1,
                "attacker_loss": 1,
                "defender_loss": 1,
                "piece": None,
            },
        )
        for terrain in ("settlement", "city", "walled city", "field")
        for held in (True, False)
    ]
)

# The English as the log says it: unchanged from before the catalog, or better where a count
# takes its plural, a list is joined with "and", or a sentence now says what the rules did.
ENGLISH = [
    (Event("founded", {"seat": 1, "work": "road", "at": "e1"}), "Ruler 1 founds a road at e1 (i1–i4)"),
    (Event("offered", {"seat": 1, "to": 3}), "Ruler 1 offers an alliance to ruler 3"),
    (Event("allied", {"pair": [2, 3], "round": 1}), "Ruler 2 and ruler 3 are allies"),
    (
        Event("alliance_ended", {"pair": [2, 3], "reason": "broken by 2", "trophy_lost": False}),
        "The alliance of ruler 2 and ruler 3 ends (broken by ruler 2)",
    ),
    (
        Event("alliance_ended", {"pair": [1, 2], "reason": "treason", "trophy_lost": True}),
        "The alliance of ruler 1 and ruler 2 ends (treason); its trophy is lost",
    ),
    (
        Event("drew", {"seat": 4, "deck": "politics", "paid": "gold"}),
        "Ruler 4 draws a Politics card, paying Gold",
    ),
    (Event("card", {"seat": 1, "card": "w-forge-the-edge", "how": "draw"}), "You draw Forge the Edge"),
    (Event("played", {"seat": 4, "card": "p-revolt", "args": ["i53"]}), "Ruler 4 plays Revolt (i53)"),
    (
        Event("played", {"seat": 1, "card": "p-favor", "args": ["2", "grain"]}),
        "Ruler 1 plays Favor (ruler 2 and Grain)",
    ),
    (
        Event("produced", {"seat": 1, "grain": 0, "wood": 2, "stone": 1, "gold": 0}),
        "Ruler 1 produces 2 Wood and 1 Stone",
    ),
    (
        Event("produced", {"seat": 1, "grain": 0, "wood": 0, "stone": 0, "gold": 0}),
        "Ruler 1 produces nothing",
    ),
    (Event("taken", {"seat": 2, "from": 1, "resources": []}), "Ruler 2 takes nothing from ruler 1"),
    (
        Event("taken", {"seat": 3, "from": 4, "resources": ["wood", "gold", "stone", "gold"]}),
        "Ruler 3 takes 1 Wood, 1 Stone and 2 Gold from ruler 4",
    ),
    (Event("exchanged", {"seat": 4, "gold": 2, "for": "grain"}), "Ruler 4 exchanges 2 Gold for 1 Grain"),
    (
        Event("recruited", {"seat": 3, "at": "i22", "units": 3}),
        "Ruler 3 recruits an army unit at i22 (3 units there)",
    ),
    (
        Event("activated", {"seat": 3, "at": "i30", "paid": "grain"}),
        "Ruler 3 wakes the army at i30, paying Grain",
    ),
    (
        Event("activated", {"seat": 1, "at": ["i14", "i19"], "paid": "card"}),
        "Ruler 1 wakes the armies at i14 and i19 with a card",
    ),
    (
        Event("retreated", {"seat": 3, "from": "i48", "to": None, "lost": 1}),
        "Ruler 3 retreats from i48 with nowhere to go, losing 1 unit",
    ),
    (
        Event(
            "combat",
            {
                "seat": 3,
                "defender": 2,
                "from": "i17",
                "at": "i12",
                "terrain": "settlement",
                "attack": 2,
                "defence": 0,
                "winner": 3,
                "attacker_loss": 1,
                "defender_loss": 0,
                "piece": "destroyed",
            },
        ),
        "Ruler 3 strikes ruler 2's settlement at i12 from i17: 2 against 0, ruler 3 wins",
    ),
    (
        Event(
            "combat",
            {
                "seat": 1,
                "defender": 2,
                "from": "i21",
                "at": "i26",
                "terrain": "walled city",
                "attack": 5,
                "defence": 5,
                "winner": 2,
                "attacker_loss": 5,
                "defender_loss": 5,
                "piece": "stands",
            },
        ),
        "Ruler 1 strikes ruler 2's walled city at i26 from i21: 5 against 5, ruler 2 holds",
    ),
    (
        Event("stack_destroyed", {"at": "i40", "owner": 1, "units": 1}),
        "Ruler 1's army of 1 at i40 is destroyed",
    ),
    (
        Event("improvement_destroyed", {"at": "h5", "owner": 3, "kind": "granary"}),
        "Ruler 3's Granary on h5 is destroyed",
    ),
    (
        Event("city_fell", {"at": "i39", "owner": 1, "fate": "demoted", "why": "forfeit"}),
        "Ruler 1's city at i39 falls (given up to the Horde): demoted to a settlement",
    ),
    (Event("desert", {"at": "h13", "was": "grain"}), "h13 (Grain) turns to desert"),
    (Event("harrow", {"card": "x-black-lung", "name": "The Black Lung"}), "A Harrow lands: The Black Lung"),
    (
        Event(
            "landfall",
            {"strength": 4, "defence": 0, "committed": [0, 0], "result": "broke", "forfeit": [1, 2]},
        ),
        "Landfall: the Horde's strength 4 against 0; the wall breaks",
    ),
    (Event("message", {"from": 2, "to": 1, "text": "seat 1 lies"}), "Ruler 2 to ruler 1: “seat 1 lies”"),
    (Event("watch_ends", {"reason": "time"}), "The Watch ends (its rounds are over)"),
    (Event("victory", {"seat": 1, "vp": 15}), "Ruler 1 wins with 15 VP"),
]


@cache
def sampled() -> tuple[list[Event], list[Said]]:
    """Up to two events of each kind and shape, and up to two notes of each verb, from random
    games of 2 and 4 rulers."""
    events: dict[tuple[str, tuple[str, ...]], list[Event]] = {}
    notes: dict[str, list[Said]] = {}
    for players, seeds in ((4, range(5)), (2, range(3))):
        for seed in seeds:
            state = GAME.new(players, seed, {"max_rounds": 30})
            assert isinstance(state, WatchState)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.to_act[0]
                if seat == CHANCE:
                    action = state.sample_chance(rng)
                else:
                    legal = state.legal_actions(seat)
                    if rng.random() < 0.3:
                        for notation, note in GAME.choice_notes(state, seat, legal).items():
                            kept = notes.setdefault(notation.split(":", 1)[1].split(" ")[0], [])
                            if len(kept) < 2:
                                assert isinstance(note, Said), note
                                kept.append(note)
                    war = [a for a in legal if a.verb in ("recruit", "activate", "move", "strike", "play")]
                    action = rng.choice(war if war and rng.random() < 0.5 else legal)
                for event in state.apply(action):
                    kept_events = events.setdefault((event.kind, tuple(sorted(event.data))), [])
                    if len(kept_events) < 2:
                        kept_events.append(event)
    return [event for kept in events.values() for event in kept], [
        note for kept in notes.values() for note in kept
    ]


def every_event() -> list[Event]:
    return [*sampled()[0], *WRITTEN, *(event for event, _ in ENGLISH)]


def translated(catalog: Catalog, message: str) -> bool:
    found = catalog.get(message)
    if found is None:
        return False
    forms = found.string if isinstance(found.string, tuple | list) else (found.string,)
    return all(form and form.strip() for form in forms)


def test_the_rules_make_no_kind_of_event_without_words() -> None:
    """Every kind the rules write (Event("kind", ...) in rules/) is met here, and worded."""
    written = {
        kind for path in RULES.glob("*.py") for kind in re.findall(r'Event\(\s*"(\w+)"', path.read_text())
    }
    met = {event.kind for event in every_event()}
    assert written <= met, sorted(written - met)
    for event in every_event():
        assert words.words(event) is not None, event


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_is_said_from_the_catalog(language: str) -> None:
    catalog = i18n.catalog(language, PACKAGE)
    speaker = GAME.speaker(language)
    english = GAME.speaker()
    for event in every_event():
        said = GAME.words(event)
        for message in message_ids(said, GAME.card_name):
            assert translated(catalog, message), (event, message)
        line = speaker.render(said)
        assert not PLACEHOLDER.search(line.replace(str(event.data.get("text")), "")), (event, line)
        if event.kind != "message":  # a player's words stay as typed, the sentence around them not
            assert line != english.render(said), (event, line)
    # the seats in the game's own word for one, in each language
    assert (
        speaker.render(GAME.words(Event("turn_ended", {"seat": 2}))).split(" ")[:2]
        == {
            "de": ["Herrscher", "2"],
            "es": ["Soberano", "2"],
        }[language]
    )


@pytest.mark.parametrize(("event", "english"), ENGLISH, ids=[event.kind for event, _ in ENGLISH])
def test_the_english_is_the_logs(event: Event, english: str) -> None:
    assert GAME.describe(event) == english


def test_a_players_message_is_said_as_typed_in_every_language() -> None:
    event = Event("message", {"from": 2, "to": 1, "text": "%(seat)s and ruler 3 lie"})
    assert (
        GAME.speaker("de").render(GAME.words(event))
        == "Herrscher 2 an Herrscher 1: „%(seat)s and ruler 3 lie“"
    )
    assert (
        GAME.speaker("es").render(GAME.words(event)) == "Soberano 2 a soberano 1: «%(seat)s and ruler 3 lie»"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_choice_note_is_said_from_the_catalog(language: str) -> None:
    catalog = i18n.catalog(language, PACKAGE)
    notes = sampled()[1]
    assert len({note.id for note in notes}) >= 8
    for note in notes:
        for message in message_ids(note, GAME.card_name):
            assert translated(catalog, message), (note, message)
        assert not PLACEHOLDER.search(GAME.speaker(language).render(note)), note


def test_a_note_reads_in_german_and_spanish() -> None:
    table = Table(2)
    table.army(1, "i19", 4, active=True)
    table.road(1, "i19", "i25")
    table.army(2, "i25", 2)
    note = GAME.choice_notes(table.state, 1, table.state.legal_actions(1))["1:strike i19 i25"]
    assert isinstance(note, Said)
    assert GAME.speaker().render(note) == (
        "your 4 against 2 (their 2 in the field): you win; you lose 2, they lose 2"
    )
    assert GAME.speaker("de").render(note) == (
        "deine 4 gegen 2 (ihre 2 im offenen Feld): du gewinnst; du verlierst 2, sie verlieren 2"
    )
    assert GAME.speaker("es").render(note) == (
        "tus 4 contra 2 (sus 2 en campo abierto): ganas; pierdes 2, ellos pierden 2"
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_cards_name_text_and_facts_are_in_the_catalog(language: str) -> None:
    catalog = i18n.catalog(language, PACKAGE)
    names = GAME.catalog()
    for card, detail in GAME.card_details().items():
        assert translated(catalog, names[card]), card
        assert translated(catalog, str(detail["text"])), card
        facts = detail.get("facts")
        if facts is not None:
            assert isinstance(facts, Said)
            assert all(translated(catalog, message) for message in message_ids(facts, GAME.card_name)), card
    assert (
        GAME.card_words(GAME.card_details()["w-burn-the-ford"]["facts"], "de") == "Kriegsführung · gewöhnlich"
    )
    assert GAME.card_words(GAME.card_details()["w-burn-the-ford"]["facts"]) == "Warfare · common"


def _reasons() -> list[str]:
    """The reason of each way a Watch ends, as the rules write it into its outcome."""
    reasons = []
    declared = Table(2, {"victory_points": 3})
    declared.do("1:declare")
    reasons.append(declared.state.result.reason if declared.state.result else "")
    timed = GAME.new(2, 1, {"max_rounds": 1})
    rng = random.Random(1)
    while not timed.is_over:
        seat = timed.to_act[0]
        timed.apply(timed.sample_chance(rng) if seat == CHANCE else rng.choice(timed.legal_actions(seat)))
    reasons.append(timed.outcome().reason)  # type: ignore[union-attr]
    ruined = Table(2)
    ruined.state.breaks = horde.BREAKS_TO_RUIN
    horde.end_landfall(ruined.state)
    reasons.append(ruined.state.result.reason if ruined.state.result else "")
    return reasons


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_endings_reason_is_taken_back_to_the_catalogs_messages(language: str) -> None:
    catalog = i18n.catalog(language, PACKAGE)
    reasons = _reasons()
    assert reasons == [
        "ruler 1 declared victory with 3 VP",
        "the round limit (1) was reached: the highest visible VP wins",
        "Ulgareth broke the wall three times: the Watch ends in pyrrhic ruin",
    ]
    for reason in reasons:
        said = GAME.phrase(reason)
        # the English is the outcome's, byte for byte, said within a sentence as the pages say it
        assert GAME.speaker().render(said, at_start=False) == reason
        messages = list(message_ids(said, GAME.card_name))
        assert messages and all(translated(catalog, message) for message in messages), (reason, messages)
    assert GAME.speaker("de").render(GAME.phrase(reasons[0])) == "Herrscher 1 hat mit 3 SP den Sieg erklärt"
    # the winner is a seat the pages say by its player's name
    assert GAME.phrase(reasons[0]).values["seat"] == Seat(1)
