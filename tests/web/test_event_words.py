"""Every kind of event each game makes reads as a sentence in the game's own words
(``Game.describe``, which the pages' log and the terminal both print): the cards' printed names,
never a field dump, JSON bits or a raw card id. The pages' scripts (run in node) label the choices
in words, and put the seats' names into the sentences the hub sends.

The events come from random games of each engine (fixed seeds), private ones included, so a new
kind of event an engine starts to send without words of its own fails here."""

from __future__ import annotations

import json
import random
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from console.games import find_game
from console.games.core import CHANCE, Event
from console.hub.views import event_json
from console.i18n.said import Said
from console.table import LoggedEvent
from console.web import page_data
from tests.helpers.log_words import is_dump, raw_ids

STATIC = Path(__file__).resolve().parents[2] / "console" / "web" / "static"
HERE = Path(__file__).resolve().parent
# (players, seeds, options): enough play to meet every kind of event, bounded to stay quick.
PLAYS: dict[str, list[tuple[int, range, dict[str, Any]]]] = {
    "wisteria": [(2, range(12), {"round_limit": 300}), (3, range(4), {"round_limit": 200})],
    "wheels": [(2, range(25), {})],
    "watch": [(4, range(6), {"max_rounds": 30}), (2, range(3), {"max_rounds": 30})],
}


def sample_play(game_name: str) -> tuple[list[Event], list[dict[str, Any]]]:
    """Up to three events of each kind and shape (audience and fields: a sealed wheel's twin for
    the table lacks its card and numbers) from random games, and up to three choices of each verb
    with the view of the seat that had them."""
    game = find_game(game_name)
    found: dict[tuple[str, bool, tuple[str, ...]], list[Event]] = {}
    choices: dict[str, list[dict[str, Any]]] = {}
    for players, seeds, options in PLAYS[game_name]:
        for seed in seeds:
            state = game.new(players, seed=seed, options=options)
            rng = random.Random(seed)
            for _ in range(4000):
                if state.is_over:
                    break
                seat = state.to_act[0]
                if seat == CHANCE:
                    action = state.sample_chance(rng)
                else:
                    legal = state.legal_actions(seat)
                    for choice in legal:
                        kept_choices = choices.setdefault(str(choice).split(":", 1)[1].split(" ")[0], [])
                        if len(kept_choices) < 3 and rng.random() < 0.2:
                            kept_choices.append({"notation": str(choice), "view": state.view(seat)})
                    action = rng.choice(legal)
                for event in state.apply(action):
                    kept = found.setdefault(
                        (event.kind, event.audience is None, tuple(sorted(event.data))), []
                    )
                    if len(kept) < 3:
                        kept.append(event)
    return [event for events in found.values() for event in events], [
        c for kept in choices.values() for c in kept
    ]


@pytest.fixture(scope="module")
def samples() -> dict[str, tuple[list[Event], list[dict[str, Any]]]]:
    return {name: sample_play(name) for name in PLAYS}


def said(game: str, event: Event) -> dict[str, Any]:
    """The event as the hub sends it to a page: its fields and its sentence."""
    return event_json(1, LoggedEvent(1, "", event), find_game(game))


# Sentences the hub sends, each with the seats' names a page knows, and what the page shows.
NAMED: list[tuple[str, Event, dict[str, str], dict[str, str], str]] = [
    ("wisteria", Event("chosen", {"seat": 2}), {"2": "Bo"}, {}, "Bo has chosen"),
    (
        "wisteria",
        Event("choices", {"battle": (1, 2), "retreat": ()}),
        {"2": "Bo"},
        {},
        "Battle: seat 1 and Bo · Retreat: nobody",
    ),
    ("wheels", Event("damp", {"seat": 1, "turns": 2}), {}, {}, "Seat 1's cellar is damp for 2 ending turns"),
    # a ruler is said by its page's ruler(): the player's name first, a bot's ruler alone
    (
        "watch",
        Event("stolen", {"seat": 2, "from": 1}),
        {"1": "Bot 1 (normal)", "2": "Bo"},
        {"1": "bot", "2": "phone"},
        "Bo · Ruler 2 steals a card from Ruler 1",
    ),
    # a player's quoted words stay as typed
    (
        "watch",
        Event("message", {"from": 2, "to": 1, "text": "seat 1 and ruler 3 lie"}),
        {"1": "Al", "2": "Bo", "3": "Cy"},
        {},
        "Bo · Ruler 2 to Al · Ruler 1: “seat 1 and ruler 3 lie”",
    ),
]


@pytest.fixture(scope="module")
def words(
    tmp_path_factory: pytest.TempPathFactory,
    require_program: Callable[..., str],
    samples: dict[str, tuple[list[Event], list[dict[str, Any]]]],
) -> dict[str, list[list[str]]]:
    """{"labels": [[game, notation, label, detail]], "named": [line]}, from the pages' scripts."""
    node = require_program("node", "nodejs")  # a module fixture: set up before the autouse one
    data: dict[str, Any] = {
        name: {"cards": page_data.cards(find_game(name)), "choices": choices}
        for name, (_, choices) in samples.items()
    }
    data["named"] = [
        {"game": game, "names": names, "controllers": controllers, "event": said(game, event)}
        for game, event, names, controllers, _ in NAMED
    ]
    folder = tmp_path_factory.mktemp("words")
    path = folder / "samples.json"
    path.write_text(json.dumps(data))
    scripts = []
    for name in PLAYS:  # each game's own drawing, as the hub serves it
        script = folder / f"{name}.js"
        script.write_text(find_game(name).page_script())
        scripts.append(str(script))
    # i18n.js first: games.js says its words through it (no catalog outside a page: English)
    shared = [str(STATIC.parent.parent / "http" / "static" / "i18n.js"), str(STATIC / "games.js")]
    done = subprocess.run(
        [node, str(HERE / "describe_events.js"), str(path), *shared, *scripts],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    worded: dict[str, list[list[str]]] = json.loads(done.stdout)
    return worded


_node: list[str] = []


@pytest.fixture
def node(require_program: Callable[..., str]) -> None:
    if not _node:
        _node.append(require_program("node", "nodejs"))


def test_the_dump_check_catches_the_old_log_lines() -> None:
    assert is_dump("ending: seat 1, aged 1, soured [], turns left 8, damp 0, chill 0")
    assert is_dump("played: seat 4, card g-road-building, args []")
    assert not is_dump("War! seat 1, seat 2 tie on 1")
    assert not is_dump("Battle: seat 1, seat 2 · Retreat: nobody")


@pytest.mark.parametrize("game", sorted(PLAYS))
def test_every_event_reads_as_a_sentence(
    samples: dict[str, tuple[list[Event], list[dict[str, Any]]]], game: str
) -> None:
    events, _ = samples[game]
    lines = [(event.kind, find_game(game).describe(event)) for event in events]
    assert len({kind for kind, _ in lines}) >= {"wisteria": 12, "wheels": 20, "watch": 35}[game]
    ids = set(find_game(game).catalog())
    for kind, line in lines:
        assert line and not is_dump(line), (kind, line)
        assert not raw_ids(line, ids), (kind, line)
        # the generic fallback ("Seat 2: Damp") means the game has no words for this kind
        assert not re.fullmatch(r"(Seat \d+: )?[A-Z][a-z]+( [a-z]+)*", line), (kind, line)


def test_a_private_event_says_you_and_its_public_twin_does_not() -> None:
    wheels, wisteria = find_game("wheels"), find_game("wisteria")
    drawn = {"seat": 2, "card": "cart-wheel"}
    assert wheels.describe(Event("draw", drawn, frozenset({2}))) == "You draw Cart Wheel"
    assert wheels.describe(Event("draw", {"seat": 2})) == "Seat 2 draws a card"
    assert (
        wisteria.describe(Event("choice", {"seat": 1, "choice": "battle"}, frozenset({1})))
        == "You chose Battle"
    )
    assert wisteria.describe(Event("chosen", {"seat": 1})) == "Seat 1 has chosen"


def test_an_edge_is_said_with_the_intersections_it_joins() -> None:
    built = find_game("watch").describe(Event("built", {"seat": 3, "work": "road", "at": "e1"}))
    assert re.fullmatch(r"Ruler 3 builds a road at e1 \(i\d+–i\d+\)", built), built


def test_a_card_that_took_nothing_says_so() -> None:
    # a card naming resources a rival held none of (the random playouts met it)
    taken = find_game("watch").describe(Event("taken", {"seat": 2, "from": 1, "resources": []}))
    assert taken == "Ruler 2 takes nothing from ruler 1"


def test_an_event_without_words_says_its_name_and_whose_it_is() -> None:
    game = find_game("wisteria")
    assert game.describe(Event("kind_words", {"seat": 2})) == "Seat 2: Kind words"
    assert game.describe(Event("kind_words", {})) == "Kind words"


def test_words_that_fail_leave_the_event_said_as_any_games(caplog: pytest.LogCaptureFixture) -> None:
    class Broken(type(find_game("wisteria"))):  # type: ignore[misc]
        def words(self, event: Event) -> Said:
            raise KeyError("card")

    logged = LoggedEvent(0, "chance:draw", Event("draw", {"seat": 2, "card": 5}))
    assert event_json(1, logged, Broken())["text"] == "Seat 2: Draw"  # the table keeps publishing
    assert "the words for a 'draw' event failed" in caplog.text


@pytest.mark.usefixtures("node")
def test_the_pages_put_the_seats_names_in(words: dict[str, list[str]]) -> None:
    assert words["named"] == [shown for *_, shown in NAMED]


@pytest.mark.usefixtures("node")
@pytest.mark.parametrize("game", sorted(PLAYS))
def test_every_choice_is_labelled_in_words(words: dict[str, list[list[str]]], game: str) -> None:
    labels = [(notation, label, detail) for name, notation, label, detail in words["labels"] if name == game]
    verbs = {notation.split(":", 1)[1].split(" ")[0] for notation, _, _ in labels}
    assert len(verbs) >= {"wisteria": 2, "wheels": 7, "watch": 15}[game], verbs
    ids = set(find_game(game).catalog())
    for notation, label, detail in labels:
        # not the notation itself, no card id, and capitalised like a button's words
        assert label != notation.split(":", 1)[1] and not label[0].islower(), (notation, label)
        assert not raw_ids(label, ids) and not is_dump(label), (notation, label)
        assert not re.search(r"\b[IEH]\d+\b", label), (notation, label)  # places are i14, e23, h5
        assert not is_dump(detail), (notation, detail)
    if game == "wheels":
        # a craft aimed at the rival names the rival's shelf, never "your"
        rival = {cid for cid, info in page_data.cards(find_game("wheels")).items() if info.get("rival")}
        aimed = [
            (n, label)
            for n, label, _ in labels
            if n.split(" ")[0].endswith("play") and len(n.split(" ")) == 3
        ]
        for notation, label in aimed:
            whose = "seat" if notation.split(" ")[1] in rival else "your"
            assert f"on {whose}" in label, (notation, label)
