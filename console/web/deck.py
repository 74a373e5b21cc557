"""The host's deck check (console/physical/deckcheck.py) on the hub: a page where the host, with
the PIN, starts a check of a game's deck; while it runs every scan on every pod's reader counts a
copy (no table hears it), and Finish shows the copies missing and doubled. What it found is kept
in the journal's file, so a check the hub stopped in is taken up again.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, render_template

from console.games import find_game
from console.games.core import UnknownGame
from console.http.security import hub, json_body, require_host
from console.i18n.said import Said, phrase, say
from console.physical.copies import CopyStore, DeckSession
from console.physical.tagstore import TagStore
from console.web import page_data
from console.web.language import say_here
from console.web.refusals import Refusal

deck_pages = Blueprint("deck", __name__)
MAX_COPIES = 20


def _router() -> Any:
    router = hub().router
    if router is None:
        raise Refusal(409, say("this hub runs no physical inputs: start it with pods (or --simulate)"))
    return router


def _stores() -> tuple[TagStore, CopyStore]:
    journal = hub().journal
    return TagStore(journal.connection, journal.lock), CopyStore(journal.connection, journal.lock)


@deck_pages.get("/deck-check")
def deck_page() -> str:
    return render_template("deck.html", games=page_data.start_form())


def _running(status: dict[str, Any] | None) -> dict[str, Any] | None:
    """How the check stands, its lines in this page's language (a card by its printed name in it)."""
    if status is None:
        return None
    game = find_game(str(status["game"]))
    lines = [say_here(Said.from_json(said), game) for said in status.get("lines_said", [])]
    return {**status, "lines": lines}


@deck_pages.get("/api/deck-check")
def deck_status() -> Response:
    require_host()
    return jsonify(running=_running(_router().deck_status()))


@deck_pages.post("/api/deck-check")
def start_deck_check() -> Response:
    require_host()
    body = json_body(required=("game",), optional=("copies",))
    copies = body.get("copies", 1)
    if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= MAX_COPIES:
        raise Refusal(400, say("copies must be a whole number from 1 to %(most)s", most=MAX_COPIES))
    try:
        game = find_game(str(body["game"]))
    except UnknownGame as error:
        raise Refusal(400, phrase(str(error))) from None
    router = _router()
    if router.deck_status() is not None:
        raise Refusal(409, say("a deck check is under way: finish it first"))
    router.start_deck_check(DeckSession(game, *_stores(), copies=copies))
    return jsonify(running=_running(router.deck_status()))


@deck_pages.post("/api/deck-check/finish")
def finish_deck_check() -> Response:
    require_host()
    router = _router()
    status = router.deck_status()
    report = router.finish_deck_check()
    if report is None or status is None:
        raise Refusal(409, say("no deck check is under way"))
    game = find_game(status["game"])
    return jsonify(report=report.to_json(), lines=[say_here(said, game) for said in report.said_lines()])
