"""The JSON API (documented in API.md): state, legal actions, posting an action, the game log, the
live streams, and the host's commands. Public routes answer with what everyone may see; seat
routes need that seat's token; host routes need the host PIN.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, request

from console.http.limits import PinGuard
from console.http.security import (
    PIN_HEADER,
    event_id,
    hub,
    json_body,
    require_host,
    require_seat,
)
from console.hub.channel import Audience
from console.hub.service import table_spec
from console.hub.worker import (
    HOST_COMMANDS,
    Act,
    ActionsSince,
    ActResult,
    CancelCorrection,
    Confirm,
    Correct,
    HostCommand,
    SetController,
    SetName,
    TableWorker,
    TakeBack,
)
from console.i18n.said import Said, phrase, say
from console.web import refusals
from console.web.language import say_here
from console.web.once import HEADER, Answer, AnswerPending, Once, check_key
from console.web.refusals import Refusal
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


def wait_for(
    worker: TableWorker, command: Any, late: Callable[[Future[Any]], Exception] | None = None
) -> Any:
    """The worker's answer to ``command``; a worker too busy to take it up in time is a 503."""
    future = worker.post(command)
    try:
        return future.result(timeout=COMMAND_TIMEOUT_S)
    except TimeoutError:
        if future.cancel():  # still queued: it will never run, so "nothing changed" holds
            raise Refusal(503, say("the table is busy; nothing was done; try again")) from None
    try:  # the worker took it up just as we gave up: its answer is normally moments away
        return future.result(timeout=COMMAND_TIMEOUT_S)
    except TimeoutError:
        if late is not None:
            raise late(future) from None
        raise Refusal(503, say("the table is slow to answer; your request is under way")) from None


def _once(
    scope: str,
    what: str,
    position: Callable[[], int],
    act: Callable[[], Answer],
    settle: Callable[[int], Answer | None],
) -> Response:
    """``act`` once per Idempotency-Key (console.web.once); without a key, just ``act``."""
    key = check_key(request.headers.get(HEADER))
    if key is None:
        answer = act()
    else:
        once: Once = current_app.extensions["once"]
        answer = once.run(f"{scope}/{key}", what, position, act, settle)
    body = refusals.replayed(answer.body) if answer.replayed and answer.status >= 400 else answer.body
    response = Response(body, status=answer.status, mimetype="application/json")
    if answer.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    return response


def canonical_action(worker: TableWorker, text: Any) -> str:
    """The action exactly as the game writes it; any other spelling (stray spaces, another case,
    other digits) is a 400 that names the exact form."""
    if not isinstance(text, str) or not text or len(text) > 2000:
        raise Refusal(400, say('action must be one action in notation, like "1:battle"'))
    game = worker.table.game
    try:
        return str(game.parse_action(text))
    except ValueError:
        pass
    # The engines take only the one spelling; if a tidied spelling is an action, name it.
    tidied = " ".join(unicodedata.normalize("NFKC", text).split())
    head, colon, rest = tidied.partition(":")
    verb, space, words = rest.strip().partition(" ")
    for tail in (words, words.lower()):  # a chat line keeps its case; card ids are lower case
        try:
            exact = str(game.parse_action(f"{head.strip().lower()}{colon}{verb.lower()}{space}{tail}"))
        except ValueError:
            continue
        raise Refusal(
            400, say("write the action exactly as %(action)s", action=json.dumps(exact, ensure_ascii=False))
        )
    return text  # not an action at all: the table's worker says so (after "paused", "over")


def _log(worker: TableWorker, audience: Audience) -> Response:
    after = event_id(request.args.get("after", "0"), "after")
    snapshot = worker.channel.snapshot
    events = worker.channel.events_after(after, audience, upto=snapshot.last_id)
    body = ",".join(event.json for event in events)
    return _json(f'{{"last_id":{snapshot.last_id},"events":[{body}]}}')


@blueprint.get("/tables")
def tables() -> Response:
    return jsonify(
        tables=[
            {
                "id": w.table.id,
                "game": w.table.game.name,
                "title": w.table.game.title,
                "players": w.players,
                "status": w.channel.snapshot.status,
            }
            for w in hub().tables()
        ]
    )


@blueprint.post("/tables")
def start_table() -> Response:
    require_host()
    body = json_body(optional=("game", "players", "seats", "options", "bot", "chance", "seed"))
    spec = table_spec(body, hub().config.table)

    def started(table_id: int) -> Answer:
        return Answer(201, json.dumps({"id": table_id, "url": f"/tables/{table_id}"}))

    def settle(before: int) -> Answer | None:  # a killed hub may have made the table already
        made = [w.table.id for w in hub().tables() if w.table.id > before and w.table.game.name == spec.game]
        return started(min(made)) if made else None

    return _once(
        "start",
        json.dumps(body, sort_keys=True),
        _highest_table_id,
        lambda: started(hub().start_table(spec).table.id),
        settle,
    )


def _highest_table_id() -> int:
    return max((record.id for record in hub().journal.tables()), default=0)


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
    action = canonical_action(worker, json_body(required=("action",))["action"])

    def answer(result: ActResult) -> Answer:
        return Answer(200, json.dumps({"action": result.action, "last_id": result.last_id}))

    def act() -> Answer:
        def late(future: Future[Any]) -> Exception:
            return AnswerPending(future, answer)

        return answer(wait_for(worker, Act(seat, action, "phone"), late))

    def settle(before: int) -> Answer | None:  # a killed hub may have done it already
        if action not in wait_for(worker, ActionsSince(before)):
            return None
        return Answer(200, json.dumps({"action": action, "last_id": worker.channel.snapshot.last_id}))

    # The position is the published one: a web thread reads only the worker's snapshot.
    return _once(f"{table_id}/{seat}", action, lambda: worker.channel.snapshot.actions, act, settle)


def _whole_number(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Refusal(400, say("%(field)s must be a whole number", field=what))
    return value


@blueprint.post("/tables/<int:table_id>/seats/<int:seat>/takeback")
def take_back(table_id: int, seat: int) -> Response:
    """The seat takes back its last action, if the policy allows; ``seen`` (the ``actions`` its
    page showed) makes a tap sent twice withdraw once."""
    worker = _seat_worker(table_id, seat)
    seen = json_body(optional=("seen",)).get("seen")
    actions = wait_for(worker, TakeBack(seat, None if seen is None else _whole_number(seen, "seen")))
    return jsonify(actions=actions, last_id=worker.channel.snapshot.last_id)


@blueprint.post("/tables/<int:table_id>/seats/<int:seat>/correction")
def confirm_correction(table_id: int, seat: int) -> Response:
    """The seat's phone agrees to the host's correction (``agree``: true) or refuses it."""
    worker = _seat_worker(table_id, seat)
    agree = json_body(required=("agree",))["agree"]
    if not isinstance(agree, bool):
        raise Refusal(400, say("agree must be true or false"))
    return jsonify(agreed=wait_for(worker, Confirm(seat, agree)))


@blueprint.post("/tables/<int:table_id>/corrections")
def host_correction(table_id: int) -> Response:
    """The host goes back to before action ``to``; the phones whose own actions it undoes confirm."""
    worker = hub().worker(table_id)
    require_host()
    to = _whole_number(json_body(required=("to",))["to"], "to")
    return jsonify(waiting=wait_for(worker, Correct(to)))


@blueprint.delete("/tables/<int:table_id>/corrections")
def cancel_correction(table_id: int) -> Response:
    """The host withdraws its correction while seats are still to answer."""
    worker = hub().worker(table_id)
    require_host()
    wait_for(worker, CancelCorrection())
    return jsonify(cancelled=True)


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
    if command == "again":  # the next game with these seats, once this one is over
        started = hub().start_again(table_id)
        return jsonify(status="started", id=started.table.id, url=f"/tables/{started.table.id}")
    if command not in HOST_COMMANDS:
        known = ", ".join((*HOST_COMMANDS, "again"))
        raise Refusal(
            400,
            say(
                "there is no host command %(command)s; commands: %(known)s",
                command=repr(command),
                known=known,
            ),
        )
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise Refusal(400, say("seat must be a seat number"))
    if minutes is not None and (not isinstance(minutes, int) or isinstance(minutes, bool)):
        raise Refusal(400, say("%(field)s must be a whole number", field="minutes"))
    return jsonify(status=wait_for(worker, HostCommand(command, seat, minutes)))


@blueprint.post("/tables/<int:table_id>/seats/<int:seat>/controller")
def set_controller(table_id: int, seat: int) -> Response:
    worker = hub().worker(table_id)
    require_host()
    body = json_body(required=("controller",), optional=("level",))
    controller, level = body["controller"], body.get("level", "")
    if not isinstance(controller, str):
        raise Refusal(400, say("controller must be one of phone, bot, buttons, pod"))
    if not isinstance(level, str):
        raise Refusal(400, say("level must be a bot's level, such as easy, normal or hard"))
    return jsonify(controller=wait_for(worker, SetController(seat, controller, level)))


@blueprint.post("/tables/<int:table_id>/seats/<int:seat>/name")
def set_name(table_id: int, seat: int) -> Response:
    """The seat's player names it (with the seat's token), or the host does (with the PIN)."""
    worker = hub().worker(table_id)
    if request.headers.get(PIN_HEADER) is not None:
        require_host()
    else:
        require_seat(table_id, seat)
    name = json_body(required=("name",))["name"]
    if not isinstance(name, str):
        raise Refusal(400, say("name must be text"))
    return jsonify(name=wait_for(worker, SetName(seat, name)))


@blueprint.get("/tables/<int:table_id>/join")
def join_codes(table_id: int) -> Response:
    from console.web.join import join_links

    worker = hub().worker(table_id)
    require_host()
    claimed = json.loads(worker.channel.snapshot.payloads[None]).get("claimed", {})
    return jsonify(seats=join_links(worker.table.id, hub().tokens(worker.table.id), claimed))


@blueprint.get("/pin-attempts")
def pin_attempts() -> Response:
    """Wrong host PINs from other devices (counts only), for the host's controls: someone at the
    café guessing it is the host's to know."""
    guard: PinGuard = current_app.extensions["pin_guard"]
    return jsonify(guard.attempts())


# -- kits: which pod or GPIO seat serves which table's seat (console/physical/kits.py) --------------


def _router() -> Any:
    router = hub().router
    if router is None:
        raise Refusal(409, say("this hub runs no physical inputs (no pods or buttons)"))
    return router


@blueprint.get("/kits")
def kits() -> Response:
    require_host()
    listing = _router().listing()
    # the notes in the host's page's words
    notes = [say_here(Said.from_json(note)) for note in listing.pop("notes_said", [])]
    return jsonify({**listing, "notes": notes})


@blueprint.post("/tables/<int:table_id>/kits")
def bind_kit(table_id: int) -> Response:
    from console.physical.kits import KitError

    require_host()
    body = json_body(required=("kit", "seat"))
    kit, seat = body["kit"], body["seat"]
    if not isinstance(kit, str) or not isinstance(seat, int) or isinstance(seat, bool):
        raise Refusal(400, say("give the kit's name and a seat number"))
    try:
        binding = _router().bind(kit, table_id, seat)
    except KitError as error:
        raise Refusal(400, phrase(str(error))) from None
    return jsonify(kit=kit, bound=str(binding))


@blueprint.delete("/kits/<path:kit>")
def unbind_kit(kit: str) -> Response:
    from console.physical.kits import KitError

    require_host()
    try:
        _router().unbind(kit)
    except KitError as error:
        raise Refusal(400, phrase(str(error))) from None
    return jsonify(kit=kit, bound=None)
