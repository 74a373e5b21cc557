"""The hub's venue routes: its link to the venue's broker (for the host page's badge) and the
seating the venue's pairing sent, which the host accepts with the PIN to start that table.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, jsonify

from console.http import security
from console.hub.errors import Refused
from console.hub.service import table_spec
from console.venue.publisher import SeatingGone

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
