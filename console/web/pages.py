"""The pages: the table screen (for a TV or the Pi's own display), the phone seat page, the
spectator page, and the join link that turns a scanned QR code into a seat cookie.

Each page carries the state it was drawn from and a little JS keeps it live over the table's
stream. The table screen shows the seats' join codes and the host PIN only to the hub's own
display (a browser on this machine); any other browser needs the host PIN to see them, since a
join code opens a seat's hidden cards.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from console.games import game_names
from console.hub.errors import Forbidden
from console.web import page_data
from console.web.join import join_links
from console.web.security import cookie_name, hub, require_seat

table_pages = Blueprint("table", __name__)
seat_pages = Blueprint("seat", __name__)

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
    return render_template("index.html", tables=hub().tables(), games=game_names(),
                           start_form=page_data.start_form(), pin=hub().host_pin if is_hub_display() else "")


@table_pages.get("/tables/<int:table_id>")
def table_screen(table_id: int) -> str:
    worker = hub().worker(table_id)
    display = is_hub_display()
    claimed = claimed_seats(table_id)
    links = join_links(table_id, hub().tokens(table_id)) if display else []
    for link in links:
        link["claimed"] = link["seat"] in claimed
    return render_template(
        "table.html", worker=worker, payload=worker.channel.snapshot.payloads[None], links=links,
        display=display, cards=page_data.cards(worker.table.game.name), claimed=sorted(claimed),
    )


# TRANSITION (night-host): the hub records claimed seats itself and puts a ``claimed`` flag per
# seat in the snapshot; until then the join route notes a claim in the hub's settings table.
def _claim_key(table_id: int, seat: int) -> str:
    return f"claimed:{table_id}:{seat}"


def mark_claimed(table_id: int, seat: int) -> None:
    hub().store._run("INSERT OR IGNORE INTO hub_settings VALUES (?, '1')", (_claim_key(table_id, seat),))


def claimed_seats(table_id: int) -> set[int]:
    rows = hub().store._run("SELECT key FROM hub_settings WHERE key LIKE ?", (f"claimed:{table_id}:%",))
    return {int(str(row[0]).rsplit(":", 1)[1]) for row in rows}


@table_pages.get("/tables/<int:table_id>/claimed")
def claimed(table_id: int) -> dict[str, list[int]]:
    """The seats a phone has joined (public: it says who sits, not what they hold), which the
    table screen asks for while it still shows join codes."""
    hub().worker(table_id)
    return {"claimed": sorted(claimed_seats(table_id))}


@seat_pages.get("/join/<int:table_id>/<int:seat>/<token>")
def join(table_id: int, seat: int, token: str) -> WerkzeugResponse:
    hub().worker(table_id)
    if hub().seat_for_token(table_id, token) != seat:
        raise Forbidden("this join code is not valid (it may belong to an older table): scan the code "
                        "on the table screen again")
    mark_claimed(table_id, seat)
    response = redirect(url_for("seat.seat_page", table_id=table_id, seat=seat), code=303)
    response.set_cookie(cookie_name(table_id), token, max_age=COOKIE_MAX_AGE_S, httponly=True,
                        samesite="Lax", secure=request.is_secure)
    return response


@seat_pages.get("/tables/<int:table_id>/seats/<int:seat>")
def seat_page(table_id: int, seat: int) -> str:
    worker = hub().worker(table_id)
    require_seat(table_id, seat)
    payload = worker.channel.snapshot.payloads[seat]
    return render_template("seat.html", worker=worker, seat=seat, payload=payload,
                           cards=page_data.cards(worker.table.game.name))


@seat_pages.get("/tables/<int:table_id>/watch")
def watch_page(table_id: int) -> str:
    worker = hub().worker(table_id)
    payload = worker.channel.snapshot.payloads[None]
    return render_template("seat.html", worker=worker, seat=None, payload=payload,
                           cards=page_data.cards(worker.table.game.name))
