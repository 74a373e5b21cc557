"""A phone's log says each event exactly as the hub's catalogs say it in the phone's language: the
pages' scripts (run in node with the catalogs the hub serves a page) and Python's ``Speaker`` give
the same words for every kind of event of every game, in English, German, Spanish and the
pseudo-locale, plurals, lists and nested phrases included. So what the catalog test checks (every
message translated) is what a phone shows."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from console import i18n
from console.games import find_game
from console.hub.views import event_json
from console.i18n.said import Speaker
from console.table import LoggedEvent
from console.web import page_data
from console.web.language import js_catalog
from tests.web.test_event_words import PLAYS, sample_play

STATIC = Path(__file__).resolve().parents[2] / "console" / "web" / "static"
HERE = Path(__file__).resolve().parent
LANGUAGES = ("en", *i18n.TRANSLATED, i18n.PSEUDO)


def python_words(game_name: str, language: str, events: list[Any]) -> list[str]:
    game = find_game(game_name)
    plain = game.speaker(language)
    speaker = Speaker(language, plain.package, lambda seat, _start: f"<seat {seat}>", plain.card_name)
    return [speaker.render(game.words(event)) for event in events]


@pytest.mark.parametrize("game_name", list(PLAYS))
def test_the_page_says_every_event_as_the_catalog_does(
    game_name: str, tmp_path: Path, require_program: Callable[..., str]
) -> None:
    node = require_program("node", "nodejs")
    game = find_game(game_name)
    events, _ = sample_play(game_name)
    sent = [event_json(number, LoggedEvent(number, "", event), game) for number, event in enumerate(events)]
    seats = sorted({seat for event in events for seat in _seats(event.data)} | {1, 2, 3, 4})
    samples = tmp_path / "samples.json"
    samples.write_text(
        json.dumps({"game": game_name, "cards": page_data.cards(game), "seats": seats, "events": sent})
    )
    script = tmp_path / "page.js"
    script.write_text(game.page_script())
    for language in LANGUAGES:
        catalogs = []
        for name, package in (("console", None), ("game", game.catalog_package())):
            path = tmp_path / f"{name}-{language}.json"
            path.write_text(json.dumps(js_catalog(language, package), ensure_ascii=False))
            catalogs.append(str(path))
        done = subprocess.run(
            [
                node,
                str(HERE / "say_events.js"),
                str(samples),
                *catalogs,
                str(STATIC.parent.parent / "http" / "static" / "i18n.js"),
                str(STATIC / "games.js"),
                str(script),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        on_page = json.loads(done.stdout)
        said = python_words(game_name, language, events)
        assert len(on_page) == len(events) > 10, on_page
        differ = [(p, s) for p, s in zip(on_page, said, strict=True) if p != s]
        assert not differ, f"{game_name} in {language}: {len(differ)} lines differ, e.g. {differ[:3]}"


def _seats(data: Mapping[str, Any]) -> set[int]:
    found: set[int] = set()
    for value in data.values():
        for item in value if isinstance(value, list | tuple) else [value]:
            if isinstance(item, int) and not isinstance(item, bool) and 0 < item < 9:
                found.add(item)
    return found
