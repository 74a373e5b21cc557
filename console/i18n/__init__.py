"""Every word a person reads, in their language: the catalogs (en, de, es and the pseudo-locale
``qps``), gettext and ngettext per language, and the negotiation of a language from a browser's
Accept-Language.

The catalogs are the ``.po`` files shipped in this package (``locale/LANG/LC_MESSAGES/messages.po``),
compiled in memory the first time a language is asked for: no ``.mo`` file to build, ship or let go
stale beside its ``.po`` (README.md, "Development", says how the catalogs are made and updated).
English is the message ids themselves. It sits in the bottom layer, beside console.paths, so the
engines and every app can say their words through it.
"""

from __future__ import annotations

import gettext as _gettext
import io
import os
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

# Babel is imported where a catalog is read, not here: the engines import N_ from this package,
# and a game played in the terminal or a bench's thousands of games need no catalog.
PSEUDO = "qps"  # console.i18n.pseudo's

DEFAULT = "en"
# The languages a person may choose, each named in its own words (the seat page's chooser).
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "es": "Español"}
# The languages with a catalog file; English is the ids.
TRANSLATED = ("de", "es")
DOMAIN = "messages"

__all__ = [
    "DEFAULT",
    "GAME_DOMAIN",
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "TRANSLATED",
    "UnknownLanguage",
    "catalog",
    "choose",
    "gettext",
    "has_catalog",
    "html_lang",
    "is_known",
    "negotiate",
    "ngettext",
    "system_language",
    "template",
    "translations",
]


class UnknownLanguage(ValueError):
    """A language the console has no catalog for; its message is the one line a person reads."""


def N_(message: str) -> str:
    """Marks a message for ``pybabel extract`` where it is written; it is translated where it is said."""
    return message


def is_known(language: str) -> bool:
    return language in LANGUAGES or language == PSEUDO


def choose(language: str) -> str:
    """``language`` if the console speaks it, else UnknownLanguage with one line to say so."""
    if not is_known(language):
        raise UnknownLanguage(
            f"unknown language {language[:16]!r}: choose one of {', '.join(LANGUAGES)} (English is used)"
        )
    return language


def html_lang(language: str) -> str:
    """The page's ``<html lang>``: the pseudo-locale is English made long (Android's en-XA)."""
    return "en-XA" if language == PSEUDO else language


# A game ships its own catalog in its package (per-game words stay with the game):
# ``game.pot`` and ``locale/LANG/LC_MESSAGES/game.po`` beside its page.js (docs/design.md, "Languages").
GAME_DOMAIN = "game"


def _read(package: str, path: str) -> Catalog:
    from babel.messages.pofile import read_po

    source = resources.files(package).joinpath(path)
    with source.open("rb") as handle:
        return read_po(handle)


@cache
def has_catalog(package: str) -> bool:
    """Whether ``package`` (a game's) ships a catalog of its own."""
    try:
        return resources.files(package).joinpath(f"{GAME_DOMAIN}.pot").is_file()
    except ModuleNotFoundError:
        return False


def _where(package: str | None) -> tuple[str, str]:
    return (__package__, DOMAIN) if package is None else (package, GAME_DOMAIN)


@cache
def template(package: str | None = None) -> Catalog:
    """``messages.pot`` (or a game package's ``game.pot``): every message id its sources say."""
    where, domain = _where(package)
    return _read(where, f"{domain}.pot")


@cache
def catalog(language: str, package: str | None = None) -> Catalog:
    """A translated language's catalog (``de``, ``es``), or the pseudo-locale's, made from the
    template: the console's own, or with ``package`` a game's."""
    if language == PSEUDO:
        from console.i18n.pseudo import pseudo_catalog

        return pseudo_catalog(template(package))
    if language not in TRANSLATED:
        raise UnknownLanguage(f"no catalog for {language[:16]!r}: {', '.join(TRANSLATED)} have one")
    where, domain = _where(package)
    return _read(where, f"locale/{language}/LC_MESSAGES/{domain}.po")


@cache
def translations(language: str, package: str | None = None) -> _gettext.NullTranslations:
    """gettext's translations for ``language``: English (or an unknown language) is the ids as written."""
    if language not in TRANSLATED and language != PSEUDO:
        return _gettext.NullTranslations()
    from babel.messages.mofile import write_mo

    compiled = io.BytesIO()
    write_mo(compiled, catalog(language, package))  # fuzzy entries are left out, as msgfmt leaves them
    compiled.seek(0)
    return _gettext.GNUTranslations(compiled)


def gettext(language: str, message: str) -> str:
    return translations(language).gettext(message)


def ngettext(language: str, singular: str, plural: str, count: int) -> str:
    return translations(language).ngettext(singular, plural, count)


def negotiate(accept_language: str | None, default: str = DEFAULT) -> str:
    """The first language of an Accept-Language header (by its q values) that the console speaks:
    ``de-AT;q=0.9, es;q=0.8`` is ``de``. The pseudo-locale is never chosen this way."""
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        primary = tag.strip().lower().split("-")[0]
        if primary in LANGUAGES and quality > 0:
            wanted.append((-quality, index, primary))
    return min(wanted)[2] if wanted else default


def system_language() -> str:
    """This machine's language ($LC_ALL, $LC_MESSAGES, $LANG: ``de_DE.UTF-8`` is ``de``), else English."""
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            primary = value.split(".")[0].split("_")[0].lower()
            return primary if primary in LANGUAGES else DEFAULT
    return DEFAULT
