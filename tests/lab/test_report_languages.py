"""The lab's report and the summary ``tabletop simulate`` prints, in the language they are given
(default: this machine's): every sentence from the console's catalog, plurals by ngettext, the
games' endings in their own catalogs' words."""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Callable, Iterator

import pytest

from console import i18n
from console.games.core import JSON
from console.i18n.pseudo import PLACEHOLDER
from console.lab.compare import compare
from console.lab.effects import causal_effects
from console.lab.execute import run_local
from console.lab.figures import rate
from console.lab.runs import RunSpec
from console.lab.simulate import format_report, report_of

GAME = "wheels"  # it has cards and leaders: every section of the report


@pytest.fixture(scope="module")
def report() -> JSON:
    """A small run with every section: bots rotated, cards and leaders, effects, a comparison and
    a ladder (its rung made by hand: a ladder plays the hard bot, minutes of games)."""
    spec = RunSpec(GAME, 4, bots=("normal", "easy"))
    base = run_local(spec, 1)

    def run(other: RunSpec) -> list[JSON]:
        return run_local(other, 1)

    found = report_of(spec, base, 1.0)
    found["compare"] = compare(spec, dataclasses.replace(spec, options={"first_seat": 1}), run)
    found["effects"] = causal_effects(spec, base, run)
    rung = {"upper": "normal", "lower": "easy", "upper_wins": rate(3, 4), "draws": 0, "games": 4}
    found["ladder"] = {"rungs": [{**rung, "upper_seats": 4}]}
    return found


@pytest.fixture
def english_machine(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    for variable in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield


def text_of(page: str) -> str:
    """What a person reads of a page: its text, without its style and charts."""
    page = re.sub(r"<style>.*?</style>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page))


def english_left(text: str, language: str) -> list[str]:
    """Every English phrase of the lab's messages (two words or more between placeholders) found in
    ``text`` where the message's translation does not say it too."""
    found = []
    catalog = i18n.catalog(language)
    for message in i18n.template():
        if not message.id or not any(path.startswith("console/lab/") for path, _ in message.locations):
            continue
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        said = catalog.get(message.id[0] if isinstance(message.id, tuple | list) else message.id)
        assert said is not None
        translated = " ".join(said.string if isinstance(said.string, tuple | list) else [str(said.string)])
        for english in ids:
            for piece in PLACEHOLDER.split(english):
                piece = piece.strip(" .,:;()")
                if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 2 and piece in text and piece not in translated:
                    found.append(piece)
    return found


def test_the_summary_is_said_in_the_language_given_with_plurals(report: JSON) -> None:
    german = format_report(report, "de")
    assert german.startswith(
        f"{GAME}: 4 Partien, 2 Spieler, Seed 0, Bots normal, leicht (durch jeden Platz rotiert)"
    )
    assert "  Platz 1 gewann " in german and "  Bot leicht   gewann " in german
    assert "hat den meisten Ruhm gesichert" in german, "the game's ending, from its own catalog"
    assert english_left(german, "de") == []
    one = format_report({**report, "games": 1}, "es")
    assert one.startswith(f"{GAME}: 1 partida, 2 jugadores"), one.splitlines()[0]


def test_the_summary_is_in_the_machines_language_unless_told(
    report: JSON, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert format_report(report).startswith(f"{GAME}: 4 partidas")
    assert format_report(report, "en").startswith(f"{GAME}: 4 games, 2 players, seed 0, bots normal, easy")
    with pytest.raises(i18n.UnknownLanguage):
        format_report(report, "xx")


@pytest.mark.slow  # charts drawn by matplotlib, in three languages
def test_the_report_in_german_has_german_headings_and_no_english_sentence(
    report: JSON, require_module: Callable[[str], None], english_machine: None
) -> None:
    require_module("matplotlib")
    from console.lab.report import build_html

    page = build_html(report, "de")
    assert page.startswith("<!doctype html><html lang=de>")
    assert f"<title>{GAME} – Laborbericht</title>" in page
    headings = re.findall(r"<h2>([^<]*)</h2>", page)
    assert headings == [
        "Was jede Karte bewirkt (kausal)",
        "Was jede Regeloption bewirkt (kausal)",
        "Plätze und Bots",
        "Punkte, Länge und wie Partien enden",
        "Spannung",
        "Karten",
        "Anführer (Archaffineure, Völker)",
        "Vergleich: B gegen A auf denselben Seeds",
        "Stärkeleiter",
    ]
    text = text_of(page)
    for german in (
        "Ist der erste Platz im Vorteil?",
        "Welche Karte verändert die Chancen ihres Besitzers?",
        "Welche Karte oder welcher Anführer geht mit Siegen einher?",
        "Siegquote (95 % Wilson)",
        "Platz N hat den meisten Ruhm gesichert",
    ):
        assert german in text, german
    assert english_left(text, "de") == []
    assert 'alt="Siegquote nach Platz"' in page, "a chart is named in the page's language"
    # English, the machine's language here, as the report has always read
    english = build_html(report)
    assert english.startswith("<!doctype html><html lang=en>")
    assert "Is the first seat favoured?" in english and "<h2>Seats and bots</h2>" in english
    spanish = text_of(build_html(report, "es"))
    assert "¿Tiene ventaja el primer asiento?" in spanish and english_left(spanish, "es") == []
