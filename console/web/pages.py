"""The pages: the table screen (for a TV or the Pi's own display), the phone seat page, the
spectator page, and the join link that turns a scanned QR code into a seat cookie.

Each page carries the state it was drawn from and a little JS keeps it live over the table's
stream. The table screen shows the join codes of the seats no phone has joined yet, and only to
the hub's own display (a browser on this machine); any other browser needs the host PIN to see
them, since a join code opens a seat's hidden cards. The PIN itself is never on the table screen:
the host types it. A join code is spent once a phone has joined with it: another phone then
needs the host to type the PIN on it, and the seat's first phone loses the seat.
"""

from __future__ import annotations

import ipaddress
import json
import socket
from collections.abc import Callable
from urllib.parse import urlsplit

from flask import Blueprint, Response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from console.bots import ALIASES
from console.games import find_game, game_names
from console.http.security import cookie_name, hub, require_host, require_seat, seat_token
from console.hub.errors import Forbidden, NotFound, SeatTaken
from console.hub.store import is_token, new_token
from console.hub.worker import ClaimSeat, TableWorker
from console.i18n.said import Said, say
from console.table import result_said
from console.web import page_data
from console.web.api import wait_for
from console.web.join import join_links
from console.web.language import language, say_here, use_host_language
from console.web.refusals import Refusal, words
from console.web.trust import trust_code

table_pages = Blueprint("table", __name__)
seat_pages = Blueprint("seat", __name__)


@table_pages.app_context_processor
def _game_styles() -> dict[str, Callable[[str], str]]:
    """Templates ask whether a game ships its own styles through the cached ``page_data.style``,
    not by reading the game's file on every page."""
    return {"game_style": page_data.style}


LOOPBACK = {"127.0.0.1", "::1", "::ffff:127.0.0.1"}
# A phone keeps its seat for a long evening's play, and longer if the game is resumed later.
COOKIE_MAX_AGE_S = 14 * 24 * 3600


def is_hub_display() -> bool:
    """A browser on the hub machine itself, that asked for the hub by an address (not a name
    some other site could point at this machine: a DNS-rebinding page must not read the PIN)."""
    return request.remote_addr in LOOPBACK and _plain_host(request.host)


def _plain_host(host: str) -> bool:
    name = urlsplit(f"//{host}").hostname or ""
    if name == "localhost" or name == socket.gethostname().lower():
        return True
    configured = urlsplit(hub().config.server.public_url).hostname
    if configured and name == configured.lower():
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


@table_pages.get("/")
def index() -> str:
    """The open tables, then the evening's results, newest first."""
    tables = sorted(hub().tables(), key=lambda worker: worker.table.id, reverse=True)
    results = {worker.table.id: finished_result(worker.channel.snapshot.payloads[None]) for worker in tables}
    return render_template(
        "index.html",
        tables=[worker for worker in tables if not results[worker.table.id]],
        finished=[(worker, results[worker.table.id]) for worker in tables if results[worker.table.id]],
        games=game_names(),
        start_form=page_data.start_form(language()),
        start_lengths=page_data.start_lengths(hub()),
    )


def finished_result(public_payload: str) -> str:
    """A finished table's result from its public payload, in this page's language, its seats by
    their names ("Bo wins (Ana conceded)", "Seat 2 wins (…)"), else "". A name is said as typed."""
    public = json.loads(public_payload)
    outcome = public.get("outcome")
    if not outcome:
        return ""
    names = {int(seat): name for seat, name in (public.get("names") or {}).items() if name}
    controllers = public.get("controllers") or {}
    for stint in public.get("bots") or []:  # a bot is named in this page's words, as the pages name it
        if stint.get("until") is None and controllers.get(str(stint["seat"])) == "bot":
            level = ALIASES.get(stint["level"], stint["level"])
            bot = say("Bot %(seat)s (%(level)s)", seat=stint["seat"], level=Said(str(level)))
            names[int(stint["seat"])] = say_here(bot)
    game = find_game(str(public["game"]))
    said = result_said(outcome.get("winners", []), outcome.get("reason", ""), game)
    return say_here(said, game, names)


@table_pages.get("/games/<name>/page.js")
def game_script(name: str) -> Response:
    """The script that draws a game on its pages, as the game ships it (``Game.page_script``)."""
    return Response(page_data.script(name), mimetype="text/javascript")


@table_pages.get("/games/<name>/page.css")
def game_style(name: str) -> Response:
    """The game's own styles for its pages (``Game.page_style``), after the shared ones."""
    return Response(page_data.style(name), mimetype="text/css")


@table_pages.get("/tables/<int:table_id>")
def table_screen(table_id: int) -> str:
    worker = hub().worker(table_id)
    use_host_language()  # the whole table reads this screen
    display = is_hub_display()
    payload = worker.channel.snapshot.payloads[None]
    claimed = json.loads(payload).get("claimed", {})
    links = (
        [link for link in join_links(table_id, hub().tokens(table_id), claimed) if not link["claimed"]]
        if display
        else []
    )
    return render_template(
        "table.html",
        worker=worker,
        payload=payload,
        links=links,
        display=display,
        cards=page_data.cards(worker.table.state.game),
        claimed=sorted(int(seat) for seat, taken in claimed.items() if taken),
        trust=trust_code(),
    )


@seat_pages.route("/join/<int:table_id>/<int:seat>/<token>", methods=["GET", "POST"])
def join(table_id: int, seat: int, token: str) -> WerkzeugResponse | tuple[str, int]:
    return _join(table_id, seat, token)


@seat_pages.route("/j/<code>", methods=["GET", "POST"])
def join_short(code: str) -> WerkzeugResponse | tuple[str, int]:
    """The short address printed under a QR code, for typing."""
    found = hub().find_short_code(code)
    if found is None:
        raise NotFound(
            say(
                "there is no seat with the code %(code)s: check the letters under the seat's code "
                "on the table screen",
                code=repr(code[:16]),
            )
        )
    return _join(*found)


def _join(table_id: int, seat: int, token: str) -> WerkzeugResponse | tuple[str, int]:
    """The first phone to come with a seat's code gets the seat. Another phone (no cookie that
    opens the seat) is asked for the host: the host types the PIN on it to hand the seat over."""
    worker = hub().worker(table_id)
    if hub().seat_for_join_token(table_id, token) != seat:
        raise Forbidden(
            say(
                "this join code is not valid (it may belong to an older table): scan the code on "
                "the table screen again"
            )
        )
    return _claim(worker, seat)


@seat_pages.route("/tables/<int:table_id>/seats/<int:seat>/next", methods=["GET", "POST"])
def next_game(table_id: int, seat: int) -> WerkzeugResponse | tuple[str, int]:
    """A seat's phone follows its seat to the next game the host started with these seats."""
    require_seat(table_id, seat)
    next_id = hub().store.next_table(table_id)
    if next_id is None:
        raise NotFound(say("the host has not started a next game at this table yet"))
    return _claim(hub().worker(next_id), seat)


# The query a join link is opened again with once the phone has been given its token.
GIVEN = "given"


def _claim(worker: TableWorker, seat: int) -> WerkzeugResponse | tuple[str, int]:
    """The claim and its cookie never part: a phone is first given its seat token (a cookie, and
    the same address again), and claims the seat with the token it holds. A hub killed after the
    claim and before its answer leaves a phone whose token opens the seat: it opens the link
    again and is in (it was asked for the host's PIN)."""
    table_id = worker.table.id
    seat_page = url_for("seat.seat_page", table_id=table_id, seat=seat)
    held = seat_token(table_id)
    if held and hub().seat_for_token(table_id, held) == seat:  # this phone has the seat already
        return redirect(seat_page, code=303)
    unused = is_token(held) and hub().seat_for_token(table_id, held) is None
    if not unused and request.method == "GET":
        if GIVEN in request.args:  # given a token, it came back without: it keeps no cookies
            raise Refusal(
                400,
                say(
                    "this browser keeps no cookies for the hub, and a seat needs one: allow cookies "
                    "and scan again"
                ),
            )
        response = redirect(f"{request.path}?{GIVEN}=1", code=303)
        _give_token(response, table_id, new_token())
        return response
    token = held if unused else new_token()
    if request.method == "POST":
        require_host(request.form.get("pin", ""))
        claimed = wait_for(worker, ClaimSeat(seat, handover=True, token=token))
    else:
        try:
            claimed = wait_for(worker, ClaimSeat(seat, token=token))
        except SeatTaken as taken:
            message = words(taken.said, language(), worker.table.game)  # in this phone's words
            return render_template(
                "join-claimed.html", worker=worker, seat=seat, message=message, action=request.path
            ), 409
    response = redirect(seat_page, code=303)
    if claimed != held:  # a handover posted by a browser that had no token of its own yet
        _give_token(response, table_id, claimed)
    return response


def _give_token(response: WerkzeugResponse, table_id: int, token: str) -> None:
    response.set_cookie(
        cookie_name(table_id),
        token,
        max_age=COOKIE_MAX_AGE_S,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure,
    )


@seat_pages.get("/tables/<int:table_id>/seats/<int:seat>")
def seat_page(table_id: int, seat: int) -> str:
    worker = hub().worker(table_id)
    require_seat(table_id, seat)
    return _seat_html(worker, seat)


@seat_pages.get("/tables/<int:table_id>/spectate")
def spectate_page(table_id: int) -> str:
    """The public view, for a phone without a seat's code (a spectator)."""
    return _seat_html(hub().worker(table_id), None)


def _seat_html(worker: TableWorker, seat: int | None) -> str:
    """A seat's page, or with ``seat`` None the spectator's: its payload and the game's page data."""
    return render_template(
        "seat.html",
        worker=worker,
        seat=seat,
        payload=worker.channel.snapshot.payloads[seat],
        cards=page_data.cards(worker.table.state.game),
        twins=page_data.twins(worker.table.game.name),
    )


@seat_pages.get("/tables/<int:table_id>/watch")
def old_spectate_url(table_id: int) -> WerkzeugResponse:
    """The spectator page's old address (a game may be named like it): links and bookmarks
    made before it moved still land there."""
    return redirect(url_for("seat.spectate_page", table_id=table_id), code=301)
