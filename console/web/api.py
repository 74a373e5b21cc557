"""The JSON API (documented in API.md): state, legal actions, posting an action, the game log, the
live streams, and the host's commands. Public routes answer with what everyone may see; seat
routes need that seat's token; host routes need the host PIN.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Response, jsonify, request

from console.hub.channel import Audience
from console.hub.service import table_spec
from console.hub.worker import HOST_COMMANDS, Act, HostCommand, SetController, TableWorker
from console.web.security import (
    HubErrorWithStatus,
    event_id,
    hub,
    json_body,
    require_host,
    require_seat,
)
from console.web.sse import event_stream, last_event_id

blueprint = Blueprint("api", __name__)

# How long a post waits for the table's worker; a worker busy for longer answers 503.
COMMAND_TIMEOUT_S = 10.0


def _json(payload: str) -> Response:
    return Response(payload, mimetype="application/json")


def _seat_worker(table_id: int, seat: int) -> TableWorker:
    worker = hub().worker(table_id)
    require_seat(table_id, seat)
    return worker


def _wait(worker: TableWorker, command: Any) -> Any:
    future = worker.post(command)
    try:
        return future.result(timeout=COMMAND_TIMEOUT_S)
    except TimeoutError:
        if future.cancel():  # still queued: it will never run, so "nothing changed" holds
            raise HubErrorWithStatus(503, "the table is busy; nothing was done; try again") from None
    try:  # the worker took it up just as we gave up: its answer is normally moments away
        return future.result(timeout=COMMAND_TIMEOUT_S)
    except TimeoutError:
        raise HubErrorWithStatus(503, "the table is slow to answer; your request is under way") from None


def _log(worker: TableWorker, audience: Audience) -> Response:
    after = event_id(request.args.get("after", "0"), "after")
    snapshot = worker.channel.snapshot
    events = worker.channel.events_after(after, audience, upto=snapshot.last_id)
    body = ",".join(event.json for event in events)
    return _json(f'{{"last_id":{snapshot.last_id},"events":[{body}]}}')


@blueprint.get("/tables")
def tables() -> Response:
    return jsonify(tables=[
        {"id": w.table.id, "game": w.table.game.name, "title": w.table.game.title,
         "players": w.table.state.players, "status": w.channel.snapshot.status}
        for w in hub().tables()
    ])


@blueprint.post("/tables")
def start_table() -> tuple[Response, int]:
    require_host()
    spec = table_spec(json_body(optional=("game", "players", "seats", "options", "bot", "chance", "seed")),
                      hub().config.table)
    worker = hub().start_table(spec)
    return jsonify(id=worker.table.id, url=f"/tables/{worker.table.id}"), 201


@blueprint.get("/tables/<int:table_id>")
def public_state(table_id: int) -> Response:
    return _json(hub().worker(table_id).channel.snapshot.payloads[None])


@blueprint.get("/tables/<int:table_id>/log")
def public_log(table_id: int) -> Response:
    return _log(hub().worker(table_id), None)


@blueprint.get("/tables/<int:table_id>/events")
def public_events(table_id: int) -> Response:
    return event_stream(hub(), hub().worker(table_id), None, last_event_id())


@blueprint.get("/tables/<int:table_id>/seats/<int:seat>")
def seat_state(table_id: int, seat: int) -> Response:
    return _json(_seat_worker(table_id, seat).channel.snapshot.payloads[seat])


@blueprint.get("/tables/<int:table_id>/seats/<int:seat>/legal")
def seat_legal(table_id: int, seat: int) -> Response:
    payload = json.loads(_seat_worker(table_id, seat).channel.snapshot.payloads[seat])
    return jsonify(legal=payload["legal"], can_act=payload["can_act"], last_id=payload["last_id"])


@blueprint.post("/tables/<int:table_id>/seats/<int:seat>/actions")
def post_action(table_id: int, seat: int) -> Response:
    worker = _seat_worker(table_id, seat)
    action = json_body(required=("action",))["action"]
    if not isinstance(action, str) or not action.strip() or len(action) > 2000:
        raise HubErrorWithStatus(400, "action must be one action in notation, like \"1:battle\"")
    result = _wait(worker, Act(seat, action, "phone"))
    return jsonify(action=result.action, last_id=result.last_id)


@blueprint.get("/tables/<int:table_id>/seats/<int:seat>/log")
def seat_log(table_id: int, seat: int) -> Response:
    return _log(_seat_worker(table_id, seat), seat)


@blueprint.get("/tables/<int:table_id>/seats/<int:seat>/events")
def seat_events(table_id: int, seat: int) -> Response:
    worker = _seat_worker(table_id, seat)
    return event_stream(hub(), worker, seat, last_event_id())


@blueprint.post("/tables/<int:table_id>/host")
def host_command(table_id: int) -> Response:
    worker = hub().worker(table_id)
    require_host()
    body = json_body(required=("command",), optional=("seat", "minutes"))
    command, seat, minutes = body["command"], body.get("seat"), body.get("minutes")
    if command not in HOST_COMMANDS:
        known = ", ".join(HOST_COMMANDS)
        raise HubErrorWithStatus(400, f"there is no host command {command!r}; commands: {known}")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise HubErrorWithStatus(400, "seat must be a seat number")
    if minutes is not None and (not isinstance(minutes, int) or isinstance(minutes, bool)):
        raise HubErrorWithStatus(400, "minutes must be a whole number")
    return jsonify(status=_wait(worker, HostCommand(command, seat, minutes)))


@blueprint.post("/tables/<int:table_id>/seats/<int:seat>/controller")
def set_controller(table_id: int, seat: int) -> Response:
    worker = hub().worker(table_id)
    require_host()
    controller = json_body(required=("controller",))["controller"]
    if not isinstance(controller, str):
        raise HubErrorWithStatus(400, "controller must be one of phone, bot, buttons, pod")
    return jsonify(controller=_wait(worker, SetController(seat, controller)))


@blueprint.get("/tables/<int:table_id>/join")
def join_codes(table_id: int) -> Response:
    from console.web.join import join_links

    worker = hub().worker(table_id)
    require_host()
    return jsonify(seats=join_links(worker.table.id, hub().tokens(worker.table.id)))
