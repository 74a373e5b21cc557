"""Each request's language, for every web app of the console (the hub's site, console/web; the
venue's board, console/venue): a browser's chosen language (the cookie ``tt_lang``, set by the
hub's chooser; a cookie is the host's, not the port's, so the venue's pages on the same machine
follow it too), else the first of its Accept-Language the console speaks, else the app's own (the
host's, the venue's). ``install_gettext`` gives an app's templates ``_()`` and ``ngettext()`` in the
request's language (Jinja's new-style gettext: ``%(name)s`` placeholders, values escaped), and
``js_catalog`` the part of the catalog an app's scripts say, which ``static/i18n.js`` reads.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from flask import Flask, Response, request

from console import i18n
from console.http.errors import HttpError
from console.http.static import StaticFiles

COOKIE = "tt_lang"
# The language a page's scripts ask the app's answers in (the hub's static/i18n.js sends it with a
# call): a refusal comes back in the page's words, the table screen's in the host's whatever its
# browser asks for.
PAGE_HEADER = "X-Tabletop-Language"
# The pages' own gettext (``_()``, ``ngettext()``), reading the catalog a page loads before it.
SCRIPTS = Path(__file__).resolve().parent / "static"
SCRIPT = "i18n.js"


def browser_language(default: str) -> str:
    """This browser's language: its chosen cookie, its Accept-Language, else ``default``."""
    chosen = request.cookies.get(COOKIE, "")
    if i18n.is_known(chosen):
        return chosen
    return i18n.negotiate(request.headers.get("Accept-Language"), default=default)


def page_language(default: str) -> str:
    """The language of an answer to a page's script: the page's own (``PAGE_HEADER``), else this
    browser's, else ``default``."""
    asked = request.headers.get(PAGE_HEADER, "")
    return asked if i18n.is_known(asked) else browser_language(default)


def known(code: str) -> str:
    """A language of a catalog's address: one the console speaks, else a 404 saying which it speaks."""
    try:
        return i18n.choose(code)
    except i18n.UnknownLanguage as unknown:
        raise HttpError(404, str(unknown)) from None


def js_catalog(
    language: str,
    wanted: Callable[[str], bool] = lambda path: path.endswith(".js"),
    package: str | None = None,
) -> dict[str, Any]:
    """What static/i18n.js needs: each message said where ``wanted`` holds for one of its places
    (a source path as the catalog keeps it), or with ``package`` all of a game's, each id -> its
    translation (a list of plural forms for a plural), and the plural rule."""
    translated = language in i18n.TRANSLATED or language == i18n.PSEUDO
    if not translated or (package is not None and not i18n.has_catalog(package)):
        return {"language": language, "plural": "(n != 1)", "messages": {}}
    catalog = i18n.catalog(language, package)
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or not message.string or message.fuzzy:
            continue
        if package is None and not any(wanted(path) for path, _line in message.locations):
            continue
        if isinstance(message.id, tuple | list):
            messages[message.id[0]] = list(message.string)
        else:
            messages[message.id] = message.string
    plural = catalog.plural_expr if language != i18n.PSEUDO else "(n != 1)"
    return {"language": language, "plural": plural, "messages": messages}


def catalog_script(catalog: dict[str, Any], name: str = "TABLETOP_CATALOG") -> Response:
    """A catalog as a script that sets ``self.NAME``, so a page has it before its own scripts run
    (the Content-Security-Policy allows no inline script)."""
    body = f"self.{name} = {json.dumps(catalog, ensure_ascii=False)};\n"
    return Response(body, mimetype="text/javascript")


def install_gettext(app: Flask, language: Callable[[], str]) -> None:
    """``_`` and ``ngettext`` in every template of ``app``, said in ``language()`` (the request's),
    and the page's language for ``<html lang>``; ``/i18n.js`` serves the pages' gettext."""
    app.jinja_env.add_extension("jinja2.ext.i18n")
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        lambda message: i18n.gettext(language(), message),
        lambda singular, plural, count: i18n.ngettext(language(), singular, plural, count),
        newstyle=True,
    )

    @app.context_processor
    def _language() -> dict[str, Any]:
        code = language()
        return {"page_language": code, "html_lang": i18n.html_lang(code), "catalog_url": f"/i18n/{code}.js"}

    scripts = StaticFiles(SCRIPTS)
    app.add_url_rule("/i18n.js", "i18n_script", lambda: scripts.view(SCRIPT))
