"""The console's languages (console/i18n): gettext and ngettext per language with each language's
own plural forms, the negotiation of a browser's Accept-Language, and the pseudo-locale that keeps
every placeholder while it wraps and lengthens the words."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from console import i18n
from console.i18n.pseudo import PLACEHOLDER, pseudo
from console.i18n.pseudo import PSEUDO as PSEUDO_OF_THE_MODULE


def test_english_is_the_ids_and_german_and_spanish_are_translated() -> None:
    assert i18n.gettext("en", "Your move:") == "Your move:"
    assert i18n.gettext("de", "Your move:") == "Dein Zug:"
    assert i18n.gettext("es", "Your move:") == "Tu jugada:"
    # a message no catalog has is said as written, in any language
    assert i18n.gettext("de", "no such message") == "no such message"


@pytest.mark.parametrize(
    ("language", "count", "said"),
    [
        ("en", 1, "%(num)s minute"),
        ("en", 2, "%(num)s minutes"),
        ("de", 1, "%(num)s Minute"),
        ("de", 0, "%(num)s Minuten"),
        ("de", 5, "%(num)s Minuten"),
        ("es", 1, "%(num)s minuto"),
        ("es", 0, "%(num)s minutos"),
        ("es", 3, "%(num)s minutos"),
        ("es", 1_000_000, "%(num)s de minutos"),  # Spanish's "many" form, for millions: "de"
    ],
)
def test_plural_forms_follow_each_language(language: str, count: int, said: str) -> None:
    assert i18n.ngettext(language, "%(num)s minute", "%(num)s minutes", count) == said


def test_spanish_has_three_plural_forms_and_german_two() -> None:
    assert i18n.catalog("es").num_plurals == 3
    assert i18n.catalog("de").num_plurals == 2


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("es-419, en;q=0.5", "es"),
        ("fr-FR, es;q=0.4, de;q=0.6", "de"),  # by quality, not by order
        ("en-GB", "en"),
        ("fr, it", "en"),  # none spoken: the default
        ("", "en"),
        ("de;q=0, es;q=0.1", "es"),  # q=0 is "not this one"
        ("de;q=abc, es", "es"),  # a malformed quality counts as 0
        ("qps", "en"),  # the pseudo-locale is chosen only on purpose, never negotiated
    ],
)
def test_negotiation_from_accept_language(header: str, language: str) -> None:
    assert i18n.negotiate(header) == language


def test_negotiation_falls_back_to_the_given_default() -> None:
    assert i18n.negotiate("fr", default="es") == "es"
    assert i18n.negotiate(None, default="de") == "de"


def test_an_unknown_language_is_one_line_naming_the_known_ones() -> None:
    with pytest.raises(i18n.UnknownLanguage) as refused:
        i18n.choose("klingon\nmore")
    said = str(refused.value)
    assert "\n" not in said and "en, de, es" in said and "English" in said
    assert i18n.choose("de") == "de" and i18n.choose(i18n.PSEUDO) == i18n.PSEUDO
    assert i18n.gettext("xx", "Your move:") == "Your move:"  # said in English


def test_the_pseudo_locale_wraps_lengthens_and_keeps_placeholders() -> None:
    message = "Seat %(seat)s concedes? The other seats win and the game is over; it cannot be taken back."
    said = pseudo(message)
    assert said.startswith("⟦") and said.endswith("⟧")
    assert PLACEHOLDER.findall(said) == PLACEHOLDER.findall(message) == ["%(seat)s"]
    assert said % {"seat": 3}  # still a format string with the same names
    assert len(said) >= len(message) * 1.4
    # long filler breaks between words, as a real language's words do
    assert max(len(word) for word in said.split()) < 20


def test_the_pseudo_catalog_translates_every_message_of_the_template() -> None:
    assert i18n.gettext(i18n.PSEUDO, "Your move:").startswith("⟦Y")
    singular = i18n.ngettext(i18n.PSEUDO, "%(num)s minute", "%(num)s minutes", 1)
    plural = i18n.ngettext(i18n.PSEUDO, "%(num)s minute", "%(num)s minutes", 4)
    assert re.fullmatch(r"⟦%\(num\)s m[^⟧]*⟧", singular) and singular != plural
    assert "4" in plural % {"num": 4}


def test_the_system_language_is_taken_from_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    assert i18n.system_language() == "en"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "de"
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")  # first set wins; one not spoken is English
    assert i18n.system_language() == "en"


def test_the_engines_import_the_marker_without_babel() -> None:
    """A game's terminal.py marks its headings with N_: importing it reads no catalog (a bench's
    thousands of games, the terminal's start)."""
    probe = subprocess.run(
        [sys.executable, "-c", "import sys, console.games.wheels.terminal; print('babel' in sys.modules)"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert probe.stdout.strip() == "False"
    assert i18n.PSEUDO == PSEUDO_OF_THE_MODULE
