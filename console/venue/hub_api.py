"""The hub's venue routes: its link to the venue's broker (for the host page's badge) and the
seating the venue's pairing sent, which the host accepts with the PIN to start that table.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, jsonify

from console.http import security
from console.hub.errors import Refused
from console.hub.service import table_spec
from console.venue.publisher import SeatingGone, VenuePublisher

blueprint = Blueprint("venue", __name__)


def install(app: Flask) -> None:
    """The web app's extension (entry point ``tabletop.web_extensions``): the venue's routes
    (docs/venue.md) and the host page's venue badge, so console/web imports no venue."""
    app.register_blueprint(blueprint, url_prefix="/api/venue")
    app.context_processor(lambda: {"venue": _status()})


def _status() -> dict[str, Any] | None:
    publisher = security.hub().venue
    return publisher.status() if publisher is not None else None


@blueprint.get("")
def venue_status() -> Response:
    publisher = security.hub().venue
    if publisher is None:
        return jsonify(enabled=False)
    return jsonify(enabled=True, **publisher.status(), offer=publisher.offer)


@blueprint.post("/accept")
def accept_seating() -> tuple[Response, int]:
    security.require_host()
    body = security.json_body(required=("seating_id",), optional=("seats",))
    hub = security.hub()
    if hub.venue is None:
        raise Refused("this hub is not publishing to a venue ([venue] broker in its configuration)")

    def start(offer: dict[str, object]) -> int:
        names = offer["names"]
        assert isinstance(names, dict)
        seats = body.get("seats") or ["phone"] * len(names)
        spec = table_spec({"game": offer["game"], "players": len(names), "seats": seats})
        return hub.start_table(spec).table.id

    try:
        table_id = hub.venue.accept(str(body["seating_id"]), start)
    except SeatingGone as error:
        raise Refused(str(error)) from None
    return jsonify(table=table_id), 201


@blueprint.get("/tables/<int:table_id>/seats/<int:seat>/judge")
def judge_call(table_id: int, seat: int) -> Response:
    """The seat's latest judge call and how it stands (its phone shows it)."""
    security.require_seat(table_id, seat)
    call = _publisher().calls.for_seat(table_id, seat)
    return jsonify(call=call, message=call_words(call) if call else "")


@blueprint.post("/tables/<int:table_id>/seats/<int:seat>/judge")
def call_judge(table_id: int, seat: int) -> tuple[Response, int]:
    """The seat calls a judge (its phone's button): kept, and sent to the venue's board."""
    security.require_seat(table_id, seat)
    security.hub().worker(table_id)  # an open table of this hub, or 404
    try:
        call = _publisher().raise_judge_call(table_id, seat)
    except LookupError as error:
        raise Refused(str(error)) from None
    return jsonify(call=call, message=call_words(call)), 201


def call_words(call: dict[str, Any]) -> str:
    if call["state"] == "open":
        return "A judge is called; stay at the table."
    if call["state"] == "acknowledged":
        return f"{call['judge']} is coming."
    return f"{call['judge']} closed the call."


def _publisher() -> VenuePublisher:
    publisher = security.hub().venue
    if publisher is None:
        raise Refused("this hub is not joined to a venue: there is no judge to call")
    return publisher
