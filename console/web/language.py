"""The language of each page: a phone's own, the table screen in the host's.

A phone's language is the one it chose on its seat page (a cookie kept as long as its seat's claim
cookie, so the phone that holds a seat keeps its words with it), else the first of its browser's
Accept-Language the console speaks, else the host's. The table screen, which the whole table reads,
is always in the host's language (``[server] language`` in hub.toml, ``tabletop serve --language``).
The templates say ``_()`` and ``ngettext()``; the pages' scripts get the same catalog as JSON
(``/i18n/LANG.json``; ``/i18n/LANG.js`` sets it for ``/i18n.js``, the pages' gettext that every app
serves from console/http/static, before the page's scripts run).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import replace
from typing import Any
from urllib.parse import urlsplit

from flask import Blueprint, Flask, Response, g, redirect, render_template, request
from werkzeug.wrappers import Response as WerkzeugResponse

from console import i18n
from console.games import find_game
from console.games.core import Game
from console.http import language as shared
from console.http.errors import HttpError
from console.http.language import COOKIE
from console.http.security import hub
from console.i18n.said import Said, Speaker

# As long as a seat's claim cookie (console/web/pages.py): the language goes with the seat.
COOKIE_MAX_AGE_S = 14 * 24 * 3600

language_pages = Blueprint("language", __name__)

# A table's status as the index page says it (console/hub/worker.py's words).
STATUS = {
    "waiting": i18n.N_("waiting"),
    "playing": i18n.N_("playing"),
    "paused": i18n.N_("paused"),
    "finished": i18n.N_("finished"),
    "ended": i18n.N_("ended"),
}


def host_language() -> str:
    """The hub's language (the table screen's); a language it does not speak was refused at start."""
    configured = hub().config.server.language
    return configured if i18n.is_known(configured) else i18n.DEFAULT


def phone_language() -> str:
    """This browser's language: its chosen cookie, its Accept-Language, else the host's."""
    return shared.browser_language(host_language())


def language() -> str:
    """The language of the page being drawn or the answer being made (set per request): the
    page's that asks (its scripts send ``X-Tabletop-Language``), else the phone's, unless a page
    says (``use_host_language``)."""
    found = g.get("language")
    if found is None:
        found = g.language = shared.page_language(host_language())
    return str(found)


def use_host_language() -> None:
    """The page being drawn is read by the whole table: the host's language, not this browser's."""
    g.language = host_language()


def say_here(said: Said, game: Game | None = None, names: Mapping[int, str] | None = None) -> str:
    """``said`` in the language of the page being drawn (or the answer being made): with the game's
    catalog and its word for a seat where there is a game, a seat by its player's name where it has
    one ("Seat 2 wins (Ana conceded)"), as the pages' scripts say it."""
    base = game.speaker(language()) if game is not None else Speaker(language())
    named = dict(names or {})

    def seat(number: int, at_start: bool) -> str:
        return named.get(number) or base.seat(number, at_start)

    return replace(base, seat_name=seat).render(said)


def status_words(status: str) -> str:
    return i18n.gettext(language(), STATUS.get(status) or status)


# Python that says sentences the pages render (console.i18n.said): the table's corrections, results
# and reasons, the words of an event a game does not word, the hub's problems, stalls and reasons
# (a full disk's among console/web/refusals.py's), and a pod's or button seat's prompts and
# refusals. Their messages go to the pages with the scripts' own.
SENTENCES = (
    "console/table.py",
    "console/games/core.py",
    "console/i18n/said.py",
    "console/hub/worker.py",
    "console/hub/stall.py",
    "console/hub/timecall.py",
    "console/physical/composer.py",
    "console/physical/seats.py",
    "console/web/refusals.py",
)


def _for_pages(path: str) -> bool:
    return path.endswith(".js") or path in SENTENCES


def js_catalog(language_code: str, package: str | None = None) -> dict[str, Any]:
    """What the pages' gettext (console/http/static/i18n.js) needs: the messages the pages' scripts
    say and the sentences the hub sends them (``SENTENCES``), or with ``package`` all of a game's."""
    return shared.js_catalog(language_code, _for_pages, package)


@language_pages.get("/i18n/<code>.json")
def catalog_json(code: str) -> Response:
    body = json.dumps(js_catalog(shared.known(code)), ensure_ascii=False)
    return Response(body, mimetype="application/json")


@language_pages.get("/i18n/<code>.js")
def catalog_script(code: str) -> Response:
    """The same catalog as a script, so the pages have it before their own scripts run."""
    return shared.catalog_script(js_catalog(shared.known(code)))


@language_pages.get("/games/<name>/i18n/<code>.js")
def game_catalog_script(name: str, code: str) -> Response:
    """A game's own words in a language, loaded before the pages' gettext, which adds them to the
    page's: {} for a game that ships no catalog (it is drawn in its own words)."""
    package = find_game(name).catalog_package()  # an unknown game: its one-line 404
    return shared.catalog_script(js_catalog(shared.known(code), package), "TABLETOP_GAME_CATALOG")


@language_pages.get("/language")
def language_page() -> str:
    """The chooser on a page of its own (a phone without a seat: the index, a spectator)."""
    return render_template("language.html")


@language_pages.post("/language")
def choose_language() -> WerkzeugResponse:
    """The seat page's chooser: the language goes in a cookie and the page comes back in it."""
    wanted = request.form.get("language", "")
    try:
        chosen = i18n.choose(wanted)
    except i18n.UnknownLanguage as unknown:
        raise HttpError(400, str(unknown)) from None
    back = request.form.get("next", "/")
    parts = urlsplit(back)
    if parts.scheme or parts.netloc or not back.startswith("/") or back.startswith("//"):
        back = "/"  # only a page of this hub: never a way to send a phone elsewhere
    response = redirect(back, code=303)
    response.set_cookie(
        COOKIE,
        chosen,
        max_age=COOKIE_MAX_AGE_S,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure,
    )
    return response


def install(app: Flask) -> None:
    """``_`` and ``ngettext`` in every template in the page's language, the pages' gettext at
    ``/i18n.js`` (console/http/language.py, every app's), the chooser's list, and the catalog and
    chooser routes."""
    shared.install_gettext(app, language)

    @app.context_processor
    def _language() -> dict[str, Any]:
        code = language()
        return {
            "languages": i18n.LANGUAGES,
            "game_catalog_url": lambda game: f"/games/{game}/i18n/{code}.js",
            "status_words": status_words,
        }

    app.register_blueprint(language_pages)
