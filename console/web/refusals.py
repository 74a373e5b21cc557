"""Refusals in the language of whoever asked: a JSON answer's ``error`` and an error page's words.

A refusal answers one request, from one phone or screen, so it is said on the hub in that request's
language (console/web/language.py: the page's own, which its scripts send, else the phone's). The
hub's refusals are sentences (``HubError.said``, ``Refusal.said``), and so is a game's (an illegal
move, options a game cannot be set up with: ``GameError.said``, its English through ``phrase``
where the game gave text), said inside a frame of the console's ("Not taken: %(why)s"), so a
reason its game's catalog does not have yet still stands in translated words. Text another module
of the hub's says (console/http's PIN and seat-token refusals, the journal's full disk) is said
through ``phrase`` too, its parts marked below. The status and the Retry-After are
console/http/errors.py's, as for any other error.
"""

from __future__ import annotations

import json
from dataclasses import replace

from flask import Flask, Response, current_app, request
from werkzeug.exceptions import HTTPException

from console.games.core import BadOptions, Game, IllegalAction, NotationError, UnknownGame
from console.http.errors import HttpError, http_refusal, retry_after, status_of
from console.http.security import error_response, hub, with_retry_after
from console.hub.errors import HubError
from console.i18n import N_
from console.i18n.said import Said, Speaker, phrase, say
from console.web.language import language

ENGLISH = Speaker()

# The words console/http and the journal say to a person, as ``phrase`` takes them apart (each
# part between ": " and "; ", a seat as %(seat)s and any other number as %(num)s): the host PIN's
# refusals, a seat's token, the full disk. tests/web/test_web_refusals.py checks that every such
# text is made of these.
FOREIGN = (
    N_("this needs the host PIN"),
    N_(
        "the hub printed it when it started (on its console, or in journalctl -u tabletop when it runs "
        "as a service)"
    ),
    N_("too many wrong host PINs were tried on this hub"),
    N_("type the PIN on the hub's own display (or restart the hub) to let other devices use it again"),
    N_("too many wrong host PINs from this device"),
    N_("locked for %(num)s s"),
    N_("wrong host PINs"),
    N_("wait %(num)s s before the next try"),
    N_("too many wrong host PINs on this hub"),
    N_("wait %(num)s s"),
    N_("%(seat)s needs its seat token"),
    N_("scan the seat's code on the table screen"),
    N_("this phone does not hold %(seat)s of table %(num)s (the host may have given it to another phone)"),
    N_("open the seat's code again and ask the host to type the host PIN there"),
    N_("the hub's disk is full"),
    N_("nothing new can be saved, so play waits. Free some space on the hub (old logs, downloads)"),
    N_("the table goes on by itself with the next move"),
    # the takeback policy's (console/games/takeback.py): "seat 2 cannot take back now: seat 1 has
    # acted since", the one refusal a phone's Take back meets when the table moved meanwhile
    N_("%(seat)s cannot take back now"),
    N_("%(seat)s has acted since"),
    N_("chance has acted since"),
    N_("it has made no action yet"),
    N_("it is the game's first action"),
    N_("%(seat)s acted before it"),
    N_("chance has acted before it"),
    N_("its last action showed hidden information"),
    N_("an earlier action of its showed hidden information"),
)


class Refusal(HttpError):
    """A refusal the web layer makes (a body, a field, a hub with no pods), as a sentence."""

    def __init__(self, status: int, said: Said, retry_after_s: float | None = None) -> None:
        super().__init__(status, ENGLISH.render(said), retry_after_s)
        self.said = said


def said_of(error: BaseException) -> Said:
    """What ``error`` says, as a sentence to say in any language."""
    if isinstance(error, Refusal | HubError):
        return error.said
    if isinstance(error, IllegalAction | NotationError):
        return say("Not taken: %(why)s", why=error.said)
    if isinstance(error, BadOptions):
        return say("The game cannot be set up so: %(why)s", why=error.said)
    return phrase(str(error))


def speaker(language_code: str, game: Game | None = None) -> Speaker:
    """How a refusal is said in ``language_code``: with the game's catalog (and its word for a
    seat) where the request is about one table, else the console's."""
    found = game.speaker(language_code) if game is not None else Speaker(language_code)
    # A refusal is said as the hub's refusals are written, lower case ("seat 2 needs its seat
    # token"): a seat is never said as a sentence's start, in the English it always had.
    return replace(found, seat_name=lambda number, _start: found.seat(number, False))


def words(said: Said, language_code: str, game: Game | None = None) -> str:
    """``said`` in ``language_code``, a refusal's first letter as its sentence has it."""
    return speaker(language_code, game).render(said)


def _table_game() -> Game | None:
    """The game of the table the request names, if it names one that is open."""
    table_id = (request.view_args or {}).get("table_id")
    if not isinstance(table_id, int):
        return None
    try:
        return hub().worker(table_id).table.game
    except HubError:
        return None


def _answer(error: Exception) -> tuple[Response | str, int] | Response:
    status = status_of(error) or 500
    answer = error_response(status, words(said_of(error), language(), _table_game()))
    wait = retry_after(error)
    return answer if wait is None else with_retry_after(answer, wait)


def _http_answer(error: HTTPException) -> tuple[Response | str, int]:
    """Flask's own refusals (no such address, a method it does not take, too large a body)."""
    status = error.code or 500
    said = http_refusal(error, request.method, current_app.config["MAX_CONTENT_LENGTH"])
    return error_response(status, words(said, language()))


def replayed(body: str) -> str:
    """A refusal kept for a retried post (console/web/once.py), said again in this request's
    language: it was kept with its sentence."""
    try:
        kept = json.loads(body)
        said = Said.from_json(kept["said"])
    except (ValueError, KeyError, TypeError):
        return body
    return json.dumps({**kept, "error": words(said, language(), _table_game())}, ensure_ascii=False)


def install(app: Flask) -> None:
    """The refusals of the hub, the engines and the web in the asker's language, in place of
    console/http's English for these types (any other error is still its to answer)."""
    for kind in (HubError, HttpError, IllegalAction, NotationError, BadOptions, UnknownGame):
        app.register_error_handler(kind, _answer)
    app.register_error_handler(HTTPException, _http_answer)
