"""The venue board's site: one page for a big screen or a phone showing every hub and table live
and the standings per game, refreshed from ``/board.part`` every second (no inline script).

The same guards as the hub's site (console/http/security.py): security headers, same-origin posts,
errors as one clear message.

Every word is said in the reader's language (console/http/language.py): the organiser's page, the
pairings and every answer in the browser's (its chosen language, its Accept-Language), else the
venue's; the board and the pairings on a projector, read by the whole room, in the venue's own
(``LANGUAGE`` in the app's configuration, else this machine's).
"""

from __future__ import annotations

import math
import secrets
from typing import Any

from flask import Flask, Response, current_app, g, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from console import i18n
from console.games import find_game
from console.games.core import UnknownGame
from console.http.errors import HttpError, http_refusal, retry_after, status_of
from console.http.language import browser_language, catalog_script, install_gettext, js_catalog, known
from console.http.limits import PinGuard
from console.hub.errors import HubError
from console.i18n import N_
from console.i18n.said import Said, phrase, say, say_n
from console.venue.board import Board
from console.venue.event import EventError, Seating
from console.venue.roundclock import RULES, TURN_THEN_SCORE
from console.venue.words import Saying, said_of, words

PIN_HEADER = "X-Organiser-Pin"
# The scripts whose messages the venue's pages load (its own and the shared gettext's).
SCRIPTS = ("console/venue/static/", "console/http/static/")
# A table's status and a seat's controller, as the hubs send them, in words.
STATUS = {
    "waiting": N_("waiting"),
    "playing": N_("playing"),
    "paused": N_("paused"),
    "finished": N_("finished"),
    "ended": N_("ended"),
}
CONTROLLERS = {"phone": N_("phone"), "bot": N_("bot"), "buttons": N_("buttons"), "pod": N_("pod")}


def venue_language() -> str:
    """The venue's language: its board's, read by the whole room."""
    return str(current_app.config["LANGUAGE"])


def language() -> str:
    """The language of the page or answer being made (the browser's unless the page says)."""
    found = g.get("language")
    if found is None:
        found = g.language = browser_language(venue_language())
    return str(found)


def use_venue_language() -> None:
    """The page being drawn is read by the whole room: the venue's language, not this browser's."""
    g.language = venue_language()


def told(said: Said) -> str:
    """``said`` in this request's language."""
    return words(said, language())


def title(game: str) -> str:
    """A game's title, as printed (a title is not translated); a game this venue does not know
    (a result from a hub with another game) by its name."""
    try:
        return find_game(game).title
    except UnknownGame:
        return game


def status_words(status: str) -> str:
    return i18n.gettext(language(), STATUS.get(status) or status)


def create_board_app(board: Board, config: dict[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(config or {})
    app.config["DEBUG"] = False
    app.config["PROPAGATE_EXCEPTIONS"] = False
    if app.config.get("MAX_CONTENT_LENGTH") is None:  # Flask's default is None: setdefault kept no cap
        app.config["MAX_CONTENT_LENGTH"] = 64 * 1024
    app.config.setdefault("ORGANISER_PIN", f"{secrets.randbelow(10**6):06d}")
    wanted = app.config.get("LANGUAGE") or i18n.system_language()
    app.config["LANGUAGE"] = wanted if i18n.is_known(wanted) else i18n.DEFAULT
    app.extensions["venue_board"] = board

    from console.http import security

    security.install(app, {EventError: 409})
    install_gettext(app, language)
    guard = PinGuard()

    @app.errorhandler(Saying)
    def refused(error: Saying) -> Any:
        """The board's refusals, said in the reader's language (their ``str`` is English)."""
        status = status_of(error, {Saying: 409}) or 409
        return security.error_response(status, told(error.said))

    @app.errorhandler(HttpError)
    @app.errorhandler(HubError)
    def refused_elsewhere(error: Exception) -> Any:
        """console/http's refusals (the PIN's tries, a body), which say English: said in the
        reader's language where the catalog has their parts (``phrase``), as the hub's site says
        them."""
        status = status_of(error) or 400
        answer = security.error_response(status, told(phrase(str(error))))
        wait = retry_after(error)
        return answer if wait is None else security.with_retry_after(answer, wait)

    @app.errorhandler(HTTPException)
    def no_such_thing(error: HTTPException) -> Any:
        """Flask's own refusals (no such address, a method it does not take, too large a body)."""
        status = error.code or 500
        said = http_refusal(error, request.method, app.config["MAX_CONTENT_LENGTH"])
        return security.error_response(status, told(said))

    @app.context_processor
    def words_of_the_pages() -> dict[str, Any]:
        return {"status_words": status_words, "game_title": title}

    @app.get("/i18n/<code>.js")
    def catalog(code: str) -> Response:
        """The messages the venue's scripts say, in ``code``, before static/i18n.js reads them."""
        return catalog_script(js_catalog(known(code), lambda path: path.startswith(SCRIPTS)))

    def organiser() -> None:
        """The organiser's actions need the board's PIN (printed when the board starts)."""
        guard.check(request.remote_addr or "", app.config["ORGANISER_PIN"], request.headers.get(PIN_HEADER))

    @app.get("/")
    def page() -> str:
        use_venue_language()
        return render_template("board.html", **board_context(board, language()))

    @app.get("/organiser")
    def organiser_page() -> str:
        from console.games import game_names

        games = [(name, title(name)) for name in game_names()]
        return render_template(
            "organiser.html", venue=board.venue, games=games, rules=RULES, results=board.results_now()
        )

    @app.get("/pairings")
    def pairings_page() -> str:
        """The published round's pairings, by name and by table; ``?scroll=1`` for a projector
        (read by the room: in the venue's language)."""
        scroll = request.args.get("scroll") == "1"
        if scroll:
            use_venue_language()
        event = board.event_snapshot()
        return render_template(
            "pairings.html",
            venue=board.venue,
            event=event,
            by_name=pairings_by_name(event["tables"]) if event else [],
            scroll=scroll,
        )

    @app.get("/board.part")
    def part() -> str:
        use_venue_language()
        return render_template("_board.html", **board_context(board, language()))

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
            raise EventError(say("players must be a list of names and rounds a whole number"))
        event_id = board.events.create(str(body["game"]), rounds, players)
        said = say(
            "Event %(event)s is made: %(game)s, %(rounds)s, %(players)s. Pair its first round when the "
            "hubs are online.",
            event=event_id,
            game=title(str(body["game"])),
            rounds=say_n("%(num)s round", "%(num)s rounds", rounds),
            players=say_n("%(num)s player", "%(num)s players", len(players)),
        )
        return jsonify(event=event_id, message=told(said)), 201

    @app.post("/api/event/round")
    def pair_round() -> tuple[Response, int]:
        organiser()
        return round_answer(board.pair_round(board.events.event()["id"]), False, language()), 201

    @app.post("/api/event/round/publish")
    def publish_round() -> tuple[Response, int]:
        organiser()
        return round_answer(board.publish_round(board.events.event()["id"]), True, language()), 201

    @app.post("/api/event/players")
    def roster() -> Response:
        """A late entry (``{"add": name}``) or a drop (``{"drop": name}``)."""
        organiser()
        body = security.json_body(optional=("add", "drop"))
        event = board.events.event()
        if isinstance(body.get("add"), str) and "drop" not in body:
            joins = board.events.add_player(event["id"], body["add"])
            said = say(
                "%(name)s joins the event: paired from round %(round)s on.",
                name=body["add"].strip(),
                round=joins,
            )
        elif isinstance(body.get("drop"), str) and "add" not in body:
            after = board.events.drop(event["id"], body["drop"])
            said = say(
                "%(name)s has dropped: kept in the standings, paired no more after round %(round)s.",
                name=body["drop"],
                round=after,
            )
        else:
            raise EventError(say('say {"add": "a name"} or {"drop": "a name"}'))
        return jsonify(players=board.events.event(event["id"])["active"], message=told(said))

    @app.post("/api/event/clock")
    def start_clock() -> tuple[Response, int]:
        organiser()
        body = security.json_body(required=("minutes",), optional=("at_time",))
        minutes = body["minutes"]
        if not isinstance(minutes, int | float) or isinstance(minutes, bool):
            raise EventError(say("minutes must be a number"))
        try:
            clock = board.start_round_clock(float(minutes), str(body.get("at_time", TURN_THEN_SCORE)))
        except ValueError as error:
            raise EventError(said_of(error)) from None
        said = say_n(
            "Round %(round)s's clock runs: %(minutes)s minute, on every table and phone. At time, each "
            "table will %(rule)s.",
            "Round %(round)s's clock runs: %(minutes)s minutes, on every table and phone. At time, each "
            "table will %(rule)s.",
            math.ceil(clock.minutes),  # 1.5 minutes are said as minutes
            round=clock.round,
            minutes=f"{clock.minutes:g}",
            rule=say(RULES[clock.rule]),
        )
        return jsonify(round_clock=clock.to_json(), message=told(said)), 201

    @app.post("/api/calls/<hub>/<call_id>")
    def answer_call(hub: str, call_id: str) -> Response:
        organiser()
        body = security.json_body(required=("state", "judge"))
        state, judge = str(body["state"]), str(body["judge"]).strip()
        try:
            board.answer_call(hub, call_id, state, judge)
        except (LookupError, ValueError) as error:
            raise EventError(said_of(error)) from None
        if state == "acknowledged":
            said = say("%(judge)s is on the way (%(hub)s). The seat's phone says so.", judge=judge, hub=hub)
        else:
            said = say("%(judge)s closed the call (%(hub)s). The seat's phone says so.", judge=judge, hub=hub)
        return jsonify(answered=call_id, message=told(said))

    @app.post("/api/results/<hub>/<result_id>/seating")
    def fix_seating(hub: str, result_id: str) -> Response:
        organiser()
        body = security.json_body(required=("names", "who", "why"))
        found = [r for r in board.results.all() if (r["hub"], r["result_id"]) == (hub, result_id)]
        if not found:
            raise EventError(say("there is no result %(result)s from %(hub)s", result=result_id, hub=hub))
        names = body["names"]
        if not isinstance(names, dict) or not all(isinstance(v, str) for v in names.values()):
            raise EventError(say('names maps each seat to a player: {"1": "Ada", "2": "Bea"}'))
        who, why = str(body["who"]), str(body["why"])
        board.events.fix_seating(found[0], {str(k): v.strip() for k, v in names.items()}, who, why)
        seated = " · ".join(
            told(say("seat %(seat)s %(name)s", seat=seat, name=name)) for seat, name in sorted(names.items())
        )
        said = say(
            "The seating at %(hub)s is fixed by %(who)s (%(why)s): %(seated)s.",
            hub=hub,
            who=who,
            why=why,
            seated=seated,
        )
        return jsonify(fixed=result_id, message=told(said))

    @app.post("/api/results/<hub>/<result_id>/correction")
    def correct(hub: str, result_id: str) -> Response:
        organiser()
        body = security.json_body(required=("winners", "scores", "who", "why"))
        known = {(r["hub"], r["result_id"]) for r in board.results.all()}
        if (hub, result_id) not in known:
            raise EventError(say("there is no result %(result)s from %(hub)s", result=result_id, hub=hub))
        winners, scores = body["winners"], body["scores"]
        if not (
            isinstance(winners, list)
            and all(isinstance(w, int) for w in winners)
            and isinstance(scores, list)
            and all(isinstance(v, int | float) for v in scores)
        ):
            raise EventError(say("winners must be a list of seats and scores a list of numbers"))
        board.events.correct(
            hub, result_id, winners, [float(v) for v in scores], str(body["who"]), str(body["why"])
        )
        who, why = str(body["who"]), str(body["why"])
        if winners:
            won = say_n(
                "the winner is seat %(seats)s",
                "the winners are seats %(seats)s",
                len(winners),
                seats=tuple(str(w) for w in winners),
            )
        else:
            won = say("no winner")
        said = say(
            "The result of %(hub)s is corrected by %(who)s (%(why)s): %(won)s. The standings count the "
            "correction.",
            hub=hub,
            who=who,
            why=why,
            won=won,
        )
        return jsonify(corrected=result_id, message=told(said))

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


def round_answer(seatings: list[Seating], published: bool, language: str) -> Response:
    tables = [{"hub": s.hub, "table_no": s.table_no, "names": s.names} for s in seatings]
    return jsonify(seatings=tables, message=round_words(seatings, published, language))


def round_words(seatings: list[Seating], published: bool, language: str = i18n.DEFAULT) -> str:
    """A paired round, as the organiser reads it: each table's hub and players, and the byes."""
    if not seatings:
        return words(say("No table was paired."), language)
    tables = [s for s in seatings if s.hub is not None]
    byes = tuple(name for s in seatings if s.hub is None for name in s.names.values())
    number = seatings[0].round
    if published:
        said = [
            say_n(
                "Round %(round)s is published: its seats are sent to %(num)s table:",
                "Round %(round)s is published: its seats are sent to %(num)s tables:",
                len(tables),
                round=number,
            )
        ]
    else:
        said = [
            say_n(
                "Round %(round)s is paired and held for %(num)s table:",
                "Round %(round)s is paired and held for %(num)s tables:",
                len(tables),
                round=number,
            )
        ]
    said += [
        say(
            "table %(table)s at %(hub)s: %(names)s.",
            table=s.table_no,
            hub=str(s.hub),
            names=" · ".join(s.names.values()),
        )
        for s in tables
    ]
    if byes:
        said.append(say("A bye for %(names)s.", names=byes))
    if not published:
        said.append(say("Publish it to send the seats and show the pairings."))
    return " ".join(words(line, language) for line in said)


def board_context(board: Board, language: str = i18n.DEFAULT) -> dict[str, Any]:
    snapshot = board.snapshot()
    for hub in snapshot["hubs"]:
        for table in hub["tables"]:
            table["seat_rows"] = seat_rows(table, language)
    return snapshot


def seat_rows(table: dict[str, Any], language: str = i18n.DEFAULT) -> list[dict[str, Any]]:
    """One row per seat: who sits there, their score, whether they are to act, whether a bot
    plays it. The seating's name comes first (the event's player), then the hub's (typed on a
    phone, or the bot's "Bot 2 (normal)"); a paired seat a bot plays says so beside the name, in
    ``language``. Names are a hub's free text: the template escapes them like everything else."""
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
        kind = str(controllers.get(key, "?"))
        nobody = say("seat %(seat)s (%(controller)s)", seat=seat, controller=say(CONTROLLERS.get(kind, kind)))
        stand_in = say("played by %(name)s", name=own) if own else say("played by a bot")
        rows.append(
            {
                "seat": seat,
                "who": paired or own or words(nobody, language),
                "bot": bot,
                "stand_in": words(stand_in, language) if bot and paired else "",
                "score": scores.get(key),
                "acting": seat in to_act and table.get("status") == "playing",
                "winner": seat in winners,
            }
        )
    return rows


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""
