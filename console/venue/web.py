"""The venue board's site: one page for a big screen or a phone showing every hub and table live
and the standings per game, refreshed from ``/board.part`` every second (no inline script).

The same guards as the hub's site (console/http/security.py): security headers, same-origin posts,
errors as one clear message.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Flask, Response, jsonify, render_template, request

from console.http.limits import PinGuard
from console.venue.board import Board
from console.venue.event import EventError, Seating
from console.venue.roundclock import RULES, TURN_THEN_SCORE

PIN_HEADER = "X-Organiser-Pin"


def create_board_app(board: Board, config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(config or {})
    app.config["DEBUG"] = False
    app.config["PROPAGATE_EXCEPTIONS"] = False
    if app.config.get("MAX_CONTENT_LENGTH") is None:  # Flask's default is None: setdefault kept no cap
        app.config["MAX_CONTENT_LENGTH"] = 64 * 1024
    app.config.setdefault("ORGANISER_PIN", f"{secrets.randbelow(10**6):06d}")
    app.extensions["venue_board"] = board

    from console.http import security

    security.install(app, {EventError: 409})
    guard = PinGuard()

    def organiser() -> None:
        """The organiser's actions need the board's PIN (printed when the board starts)."""
        guard.check(request.remote_addr or "", app.config["ORGANISER_PIN"], request.headers.get(PIN_HEADER))

    @app.get("/")
    def page() -> str:
        return render_template("board.html", **board_context(board))

    @app.get("/organiser")
    def organiser_page() -> str:
        from console.games import game_names

        return render_template(
            "organiser.html", venue=board.venue, games=game_names(), results=board.results_now()
        )

    @app.get("/pairings")
    def pairings_page() -> str:
        """The published round's pairings, by name and by table; ``?scroll=1`` for a projector."""
        event = board.event_snapshot()
        return render_template(
            "pairings.html",
            venue=board.venue,
            event=event,
            by_name=pairings_by_name(event["tables"]) if event else [],
            scroll=request.args.get("scroll") == "1",
        )

    @app.get("/board.part")
    def part() -> str:
        return render_template("_board.html", **board_context(board))

    @app.get("/api/board")
    def api() -> Response:
        return jsonify(board.snapshot())

    @app.get("/api/event")
    def event() -> Response:
        return jsonify(board.event_snapshot())

    @app.post("/api/event")
    def create_event() -> tuple[Response, int]:
        organiser()
        body = security.json_body(required=("game", "rounds", "players"))
        players, rounds = body["players"], body["rounds"]
        if not isinstance(players, list) or not isinstance(rounds, int) or isinstance(rounds, bool):
            raise EventError("players must be a list of names and rounds a whole number")
        event_id = board.events.create(str(body["game"]), rounds, players)
        made = f"{body['game']}, {plural(rounds, 'round')}, {plural(len(players), 'player')}"
        said = f"Event {event_id} is made: {made}. Pair its first round when the hubs are online."
        return jsonify(event=event_id, message=said), 201

    @app.post("/api/event/round")
    def pair_round() -> tuple[Response, int]:
        organiser()
        return round_answer(board.pair_round(board.events.event()["id"]), published=False), 201

    @app.post("/api/event/round/publish")
    def publish_round() -> tuple[Response, int]:
        organiser()
        return round_answer(board.publish_round(board.events.event()["id"]), published=True), 201

    @app.post("/api/event/players")
    def roster() -> Response:
        """A late entry (``{"add": name}``) or a drop (``{"drop": name}``)."""
        organiser()
        body = security.json_body(optional=("add", "drop"))
        event = board.events.event()
        if isinstance(body.get("add"), str) and "drop" not in body:
            joins = board.events.add_player(event["id"], body["add"])
            said = f"{body['add'].strip()} joins the event: paired from round {joins} on."
        elif isinstance(body.get("drop"), str) and "add" not in body:
            after = board.events.drop(event["id"], body["drop"])
            said = f"{body['drop']} has dropped: kept in the standings, paired no more after round {after}."
        else:
            raise EventError('say {"add": "a name"} or {"drop": "a name"}')
        return jsonify(players=board.events.event(event["id"])["active"], message=said)

    @app.post("/api/event/clock")
    def start_clock() -> tuple[Response, int]:
        organiser()
        body = security.json_body(required=("minutes",), optional=("at_time",))
        minutes = body["minutes"]
        if not isinstance(minutes, int | float) or isinstance(minutes, bool):
            raise EventError("minutes must be a number")
        try:
            clock = board.start_round_clock(float(minutes), str(body.get("at_time", TURN_THEN_SCORE)))
        except ValueError as error:
            raise EventError(str(error)) from None
        said = (
            f"Round {clock.round}'s clock runs: {clock.minutes:g} minutes, on every table and phone. "
            f"At time, each table will {RULES[clock.rule]}."
        )
        return jsonify(round_clock=clock.to_json(), message=said), 201

    @app.post("/api/calls/<hub>/<call_id>")
    def answer_call(hub: str, call_id: str) -> Response:
        organiser()
        body = security.json_body(required=("state", "judge"))
        state, judge = str(body["state"]), str(body["judge"]).strip()
        try:
            board.answer_call(hub, call_id, state, judge)
        except (LookupError, ValueError) as error:
            raise EventError(str(error)) from None
        done = "is on the way" if state == "acknowledged" else "closed the call"
        return jsonify(answered=call_id, message=f"{judge} {done} ({hub}). The seat's phone says so.")

    @app.post("/api/results/<hub>/<result_id>/seating")
    def fix_seating(hub: str, result_id: str) -> Response:
        organiser()
        body = security.json_body(required=("names", "who", "why"))
        found = [r for r in board.results.all() if (r["hub"], r["result_id"]) == (hub, result_id)]
        if not found:
            raise EventError(f"there is no result {result_id} from {hub}")
        names = body["names"]
        if not isinstance(names, dict) or not all(isinstance(v, str) for v in names.values()):
            raise EventError('names maps each seat to a player: {"1": "Ada", "2": "Bea"}')
        who, why = str(body["who"]), str(body["why"])
        board.events.fix_seating(found[0], {str(k): v.strip() for k, v in names.items()}, who, why)
        seated = " · ".join(f"seat {seat} {name}" for seat, name in sorted(names.items()))
        return jsonify(fixed=result_id, message=f"The seating at {hub} is fixed by {who} ({why}): {seated}.")

    @app.post("/api/results/<hub>/<result_id>/correction")
    def correct(hub: str, result_id: str) -> Response:
        organiser()
        body = security.json_body(required=("winners", "scores", "who", "why"))
        known = {(r["hub"], r["result_id"]) for r in board.results.all()}
        if (hub, result_id) not in known:
            raise EventError(f"there is no result {result_id} from {hub}")
        winners, scores = body["winners"], body["scores"]
        if not (
            isinstance(winners, list)
            and all(isinstance(w, int) for w in winners)
            and isinstance(scores, list)
            and all(isinstance(v, int | float) for v in scores)
        ):
            raise EventError("winners must be a list of seats and scores a list of numbers")
        board.events.correct(
            hub, result_id, winners, [float(v) for v in scores], str(body["who"]), str(body["why"])
        )
        who, why = str(body["who"]), str(body["why"])
        seats = ", ".join(str(w) for w in winners) or "none"
        said = f"The result of {hub} is corrected by {who} ({why}): winners, seat {seats}."
        return jsonify(corrected=result_id, message=f"{said} The standings count the correction.")

    return app


def pairings_by_name(tables: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row a player, in the order of their names: their table (0: a bye), seat and opponents."""
    rows = []
    for table in tables:
        names = table["names"]
        for seat, name in names.items():
            others = [other for key, other in names.items() if key != seat]
            rows.append({"name": name, "table_no": table["table_no"], "seat": int(seat), "against": others})
    return sorted(rows, key=lambda row: row["name"].casefold())


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def round_answer(seatings: list[Seating], published: bool) -> Response:
    tables = [{"hub": s.hub, "table_no": s.table_no, "names": s.names} for s in seatings]
    return jsonify(seatings=tables, message=round_words(seatings, published))


def round_words(seatings: list[Seating], published: bool) -> str:
    """A paired round, as the organiser reads it: each table's hub and players, and the byes."""
    if not seatings:
        return "No table was paired."
    tables = [s for s in seatings if s.hub is not None]
    byes = [name for s in seatings if s.hub is None for name in s.names.values()]
    done = "published: its seats are sent to" if published else "paired and held for"
    lines = [f"Round {seatings[0].round} is {done} {plural(len(tables), 'table')}:"]
    lines += [f"table {s.table_no} at {s.hub}: {' · '.join(s.names.values())}." for s in tables]
    if byes:
        lines.append(f"A bye for {', '.join(byes)}.")
    if not published:
        lines.append("Publish it to send the seats and show the pairings.")
    return " ".join(lines)


def board_context(board: Board) -> dict[str, Any]:
    snapshot = board.snapshot()
    for hub in snapshot["hubs"]:
        for table in hub["tables"]:
            table["seat_rows"] = seat_rows(table)
    return snapshot


def seat_rows(table: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per seat: who sits there, their score, whether they are to act, whether a bot
    plays it. The seating's name comes first (the event's player), then the hub's (typed on a
    phone, or the bot's "Bot 2 (normal)"); a paired seat a bot plays says so beside the name.
    Names are a hub's free text: the template escapes them like everything else."""
    names = table.get("names") or {}
    said = table.get("seat_names") or {}
    controllers = table.get("controllers") or {}
    scores = table.get("scores") or {}
    to_act = set(table.get("to_act") or [])
    winners = set((table.get("outcome") or {}).get("winners") or [])
    rows = []
    for seat in range(1, int(table.get("players", 0)) + 1):
        key = str(seat)
        bot = controllers.get(key) == "bot"
        paired, own = _text(names.get(key)), _text(said.get(key))
        rows.append(
            {
                "seat": seat,
                "who": paired or own or f"seat {seat} ({controllers.get(key, '?')})",
                "bot": bot,
                "stand_in": f"played by {own or 'a bot'}" if bot and paired else "",
                "score": scores.get(key),
                "acting": seat in to_act and table.get("status") == "playing",
                "winner": seat in winners,
            }
        )
    return rows


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""
