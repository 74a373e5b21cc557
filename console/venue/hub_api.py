"""The hub's venue routes: its link to the venue's broker (for the host page's badge) and the
seating the venue's pairing sent, which the host accepts with the PIN to start that table.

Their words are said in the reader's language: the badge, on the table screen the whole table
reads, in the host's (``[server] language``); a judge call's words and a refusal in the asking
page's (the language its script sends, else the phone's cookie or Accept-Language).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, g, jsonify

from console import i18n
from console.http import security
from console.http.language import page_language
from console.hub.errors import Refused
from console.hub.service import table_spec
from console.i18n.said import Said, say
from console.venue.publisher import SeatingGone, VenuePublisher
from console.venue.words import said_of, words

blueprint = Blueprint("venue", __name__)


def install(app: Flask) -> None:
    """The web app's extension (entry point ``tabletop.web_extensions``): the venue's routes
    (docs/venue.md) and the host page's venue badge, so console/web imports no venue."""
    app.register_blueprint(blueprint, url_prefix="/api/venue")
    app.context_processor(lambda: {"venue": _status()})


def host_language() -> str:
    """The hub's language (its table screen's); one it does not speak was refused at its start."""
    configured = security.hub().config.server.language
    return configured if i18n.is_known(configured) else i18n.DEFAULT


def language() -> str:
    """The language of this answer: the page's, where the hub's site chose one for this request
    or the page's script says it (``X-Tabletop-Language``), else this browser's (its chosen
    language, its Accept-Language), else the host's."""
    chosen = g.get("language")
    if isinstance(chosen, str) and i18n.is_known(chosen):
        return chosen
    return page_language(host_language())


def refused(said: Said) -> Refused:
    return Refused(words(said, language()))


def _status() -> dict[str, Any] | None:
    publisher = security.hub().venue
    return publisher.status(host_language()) if publisher is not None else None


@blueprint.get("")
def venue_status() -> Response:
    """The venue's link and round clock, and the seating on offer; the badge in the host's
    language, as the table screen that shows it (static/venue-offer.js) is drawn."""
    publisher = security.hub().venue
    if publisher is None:
        return jsonify(enabled=False)
    return jsonify(enabled=True, **publisher.status(host_language()), offer=publisher.offer)


@blueprint.post("/accept")
def accept_seating() -> tuple[Response, int]:
    security.require_host()
    body = security.json_body(required=("seating_id",), optional=("seats",))
    hub = security.hub()
    if hub.venue is None:
        raise refused(say("this hub is not publishing to a venue ([venue] broker in its configuration)"))

    def start(offer: dict[str, object]) -> int:
        names = offer["names"]
        assert isinstance(names, dict)
        seats = body.get("seats") or ["phone"] * len(names)
        spec = table_spec({"game": offer["game"], "players": len(names), "seats": seats})
        return hub.start_table(spec).table.id

    try:
        table_id = hub.venue.accept(str(body["seating_id"]), start)
    except SeatingGone as error:
        raise refused(said_of(error)) from None
    return jsonify(table=table_id), 201


@blueprint.get("/tables/<int:table_id>/seats/<int:seat>/judge")
def judge_call(table_id: int, seat: int) -> Response:
    """The seat's latest judge call and how it stands (its phone shows it)."""
    security.require_seat(table_id, seat)
    call = _publisher().calls.for_seat(table_id, seat)
    return jsonify(call=call, message=call_words(call, language()) if call else "")


@blueprint.post("/tables/<int:table_id>/seats/<int:seat>/judge")
def call_judge(table_id: int, seat: int) -> tuple[Response, int]:
    """The seat calls a judge (its phone's button): kept, and sent to the venue's board."""
    security.require_seat(table_id, seat)
    security.hub().worker(table_id)  # an open table of this hub, or 404
    try:
        call = _publisher().raise_judge_call(table_id, seat)
    except LookupError as error:
        raise refused(said_of(error)) from None
    return jsonify(call=call, message=call_words(call, language())), 201


def call_words(call: dict[str, Any], language: str = i18n.DEFAULT) -> str:
    """How a seat's judge call stands, as its phone says it."""
    if call["state"] == "open":
        said = say("A judge is called; stay at the table.")
    elif call["state"] == "acknowledged":
        said = say("%(judge)s is coming.", judge=call["judge"])
    else:
        said = say("%(judge)s closed the call.", judge=call["judge"])
    return words(said, language)


def _publisher() -> VenuePublisher:
    publisher = security.hub().venue
    if publisher is None:
        raise refused(say("this hub is not joined to a venue: there is no judge to call"))
    return publisher
