"""The catalogs are whole and in step: every message the sources say is in messages.pot, every
message of messages.pot has a German and a Spanish translation (each plural form, no fuzzy guess),
a translation keeps its message's placeholders, and the pages' script knows each catalog's plural
rule. A stale catalog fails with the pybabel commands that bring it into step (README.md,
"Development")."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from console import i18n
from console.games import find_game, game_names
from console.i18n.pseudo import PLACEHOLDER
from console.i18n.said import KEYWORDS
from console.web.language import js_catalog

ROOT = Path(__file__).resolve().parent.parent
I18N = ROOT / "console" / "i18n"
KEY_ARGS = [arg for keyword in KEYWORDS for arg in ("-k", keyword)]
# the sentences' keywords (console.i18n.said) beside pybabel's own
KEYS = " ".join(f"-k {keyword}" for keyword in KEYWORDS)
EXTRACT = (
    f"pybabel extract -F babel.cfg {KEYS} --sort-by-file --project tabletop-console "
    "-o console/i18n/messages.pot ."
)
UPDATE = "pybabel update -i console/i18n/messages.pot -d console/i18n/locale --no-fuzzy-matching"
GAME_EXTRACT = f"pybabel extract -F babel.cfg {KEYS} --sort-by-file --project tabletop-console -o game.pot ."
GAME_UPDATE = "pybabel update -D game -i game.pot -d locale --no-fuzzy-matching"
# Every catalog: the console's own (None) and each game's that ships one (its package).
GAMES = [p for p in (find_game(name).catalog_package() for name in game_names()) if i18n.has_catalog(p)]
CATALOGS: list[str | None] = [None, *GAMES]


def extract(into: Path) -> None:
    """`pybabel extract` as README.md says it, in the current folder."""
    CommandLineInterface().run(
        ["pybabel", "-q", "extract", "-F", "babel.cfg", *KEY_ARGS, "-o", str(into), "."]
    )


def ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {
        message.id if isinstance(message.id, str) else tuple(message.id) for message in catalog if message.id
    }


def forms(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, tuple | list) else [message.string or ""]


def test_messages_pot_holds_what_the_sources_say(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # babel.cfg's paths are the repository's
    fresh = tmp_path / "fresh.pot"
    CommandLineInterface().run(
        ["pybabel", "-q", "extract", "-F", "babel.cfg", *KEY_ARGS, "-o", str(fresh), "."]
    )
    with fresh.open("rb") as handle:
        said = ids(read_po(handle))
    shipped = ids(i18n.template())
    assert said == shipped, (
        f"messages.pot is stale: {len(said - shipped)} new, {len(shipped - said)} gone "
        f"(e.g. {sorted(map(str, said ^ shipped))[:3]}); run `{EXTRACT}` then `{UPDATE}` and translate"
    )


def test_each_games_pot_holds_what_its_script_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for package in GAMES:
        folder = Path(str(resources.files(package)))
        monkeypatch.chdir(folder)  # a game's babel.cfg reads its own folder
        fresh = tmp_path / f"{package}.pot"
        CommandLineInterface().run(
            ["pybabel", "-q", "extract", "-F", "babel.cfg", *KEY_ARGS, "-o", str(fresh), "."]
        )
        with fresh.open("rb") as handle:
            said = ids(read_po(handle))
        shipped = ids(i18n.template(package))
        assert said == shipped, (
            f"{package}'s game.pot is stale ({sorted(map(str, said ^ shipped))[:3]}): in its folder, run "
            f"`{GAME_EXTRACT}` then `{GAME_UPDATE}` and translate"
        )


@pytest.mark.parametrize("package", CATALOGS)
@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_each_catalog_is_in_step_with_its_template(language: str, package: str | None) -> None:
    catalog = i18n.catalog(language, package)
    template = ids(i18n.template(package))
    assert ids(catalog) == template, (
        f"{package or 'console'}'s {language} catalog is out of step with its template "
        f"(missing {sorted(map(str, template - ids(catalog)))[:3]}, obsolete "
        f"{sorted(map(str, ids(catalog) - template))[:3]}): run `{UPDATE}` and translate"
    )


@pytest.mark.parametrize("package", CATALOGS)
@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_every_message_is_translated(language: str, package: str | None) -> None:
    catalog = i18n.catalog(language, package)
    untranslated = [
        message.id
        for message in catalog
        if message.id
        and (
            message.fuzzy
            or len(forms(message)) != (catalog.num_plurals if message.pluralizable else 1)
            or not all(form.strip() for form in forms(message))
        )
    ]
    assert not untranslated, f"{len(untranslated)} untranslated or fuzzy in {language}: {untranslated[:5]}"


@pytest.mark.parametrize("package", CATALOGS)
@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_a_translation_keeps_its_placeholders(language: str, package: str | None) -> None:
    wrong = []
    for message in i18n.catalog(language, package):
        if not message.id:
            continue
        wanted = {
            found
            for said in ([message.id] if isinstance(message.id, str) else message.id)
            for found in PLACEHOLDER.findall(said)
        }
        for form in forms(message):
            if set(PLACEHOLDER.findall(form)) - wanted or (
                not message.pluralizable and set(PLACEHOLDER.findall(form)) != wanted
            ):
                wrong.append((message.id, form))
    assert not wrong, f"placeholders changed in {language}: {wrong[:3]}"


def test_the_pages_script_knows_every_catalogs_plural_rule() -> None:
    script = (ROOT / "console" / "http" / "static" / "i18n.js").read_text(encoding="utf-8")
    for language in i18n.TRANSLATED:
        rule = i18n.catalog(language).plural_expr
        assert f'"{rule}"' in script, (
            f"static/i18n.js has no plural rule for {language}'s {rule!r}: add it to RULES"
        )


@pytest.mark.parametrize("name", game_names())
def test_every_cards_printed_name_and_text_is_in_its_games_catalog(name: str) -> None:
    """A card's printed English is its message id (console/i18n/extract.py reads cards.toml), so each
    page says the card in its language."""
    game = find_game(name)
    shipped = ids(i18n.template(game.catalog_package()))
    details = game.card_details()
    printed = {
        *game.catalog().values(),
        *(str(d["text"]) for d in details.values() if isinstance(d.get("text"), str)),
    }
    missing = sorted(printed - shipped)
    assert not missing, (
        f"{name}: {len(missing)} cards' words not in game.pot (e.g. {missing[:3]}): run `{GAME_EXTRACT}`"
    )


@pytest.mark.parametrize("package", GAMES)
@pytest.mark.parametrize("language", i18n.TRANSLATED)
def test_a_message_the_pages_and_a_game_both_hold_is_said_alike(language: str, package: str) -> None:
    """A game's page joins its catalog to the pages' (console/http/static/i18n.js) and Python's
    ``Speaker`` reads the game's first: a message in both must say the same, or one screen would
    word it otherwise than another (German "der Geber" where the game's sentence needs "den")."""
    pages = js_catalog(language)["messages"]
    game = js_catalog(language, package=package)["messages"]
    differ = {
        message: (pages[message], said) for message, said in game.items() if pages.get(message, said) != said
    }
    assert not differ, (
        f"{package} in {language} says {len(differ)} of the pages' messages otherwise: {differ}"
    )


@pytest.mark.parametrize("package", CATALOGS)
def test_spanish_says_a_million_things_with_de(package: str | None) -> None:
    """Spanish's second plural form is for millions ("1000000 de cartas"), its third for every
    other count ("5 cartas"): a form swapped, or a 'many' form without its "de", is read at the
    table as "tienes 5 de ciudades"."""
    wrong = []
    for message in i18n.catalog("es", package):
        if not message.id or not message.pluralizable or len(forms(message)) != 3:
            continue
        _one, many, other = forms(message)
        counted = re.search(r"%\(num\)s (?!de )[a-záéíóúñ]", other)
        swapped = "%(num)s de " in other and "%(num)s de " not in many
        if (counted and "%(num)s de " not in many) or swapped:
            wrong.append((message.id[0], many, other))
    assert not wrong, f"{package or 'console'}: {len(wrong)} Spanish plurals read wrong: {wrong[:3]}"
