"""The installable app: the web app manifest, the service worker, the offline page it keeps, and
``/seat``, the address a phone's home-screen icon opens.

The manifest is one for every phone, so it names no seat: its ``start_url`` is ``/seat``, which
sends a phone to the seat its own cookie holds (the newest unfinished table's first), and a
phone with none to the list of tables. A join link would carry a seat's token into a file anyone
may read; the cookie stays on the phone that joined.

The service worker (static/sw.js, served from the root so its scope is the whole site) keeps only
the app shell: the offline page, its styles and script, the icons and the manifest, all public
and the same for everyone. Pages, API answers and streams go to the network untouched: a seat's
page carries that seat's hidden cards, and nothing of it may lie in a cache another person
could read on a shared phone. The cache's name carries a hash of the shell's files, so a hub
whose files changed (an upgrade) has phones replace the old ones.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from flask import Blueprint, Response, redirect, render_template, request, url_for
from werkzeug.wrappers import Response as WerkzeugResponse

from console import i18n
from console.http.security import hub
from console.web.icons import ACCENT, PAPER, icon_names
from console.web.language import language

shell_pages = Blueprint("shell", __name__)

STATIC = Path(__file__).resolve().parent / "static"
TEMPLATES = Path(__file__).resolve().parent / "templates"
# The static files the offline page needs, and nothing else (see the module's words).
SHELL_STATIC = ("style.css", "offline.js", "sw-register.js", *(f"icons/{name}" for name in icon_names()))
# What the offline page is drawn from: a change to any of them is a new version of the shell.
SHELL_TEMPLATES = ("base.html", "offline.html")
THEME = "#{:02x}{:02x}{:02x}".format(*ACCENT)
BACKGROUND = "#{:02x}{:02x}{:02x}".format(*PAPER)
SEAT_COOKIE = re.compile(r"tt_seat_([1-9][0-9]{0,17})")  # console.http.security.cookie_name's


def shell_urls() -> list[str]:
    """Every address the service worker caches: public, static, the same for every visitor."""
    static = [url_for("static", filename=name) for name in SHELL_STATIC]
    return [url_for("shell.offline"), url_for("shell.manifest"), *static]


def shell_version() -> str:
    """A hash of the shell's files as they are now: an upgraded hub's differs."""
    digest = hashlib.sha256()
    for path in [*(STATIC / name for name in SHELL_STATIC), *(TEMPLATES / name for name in SHELL_TEMPLATES)]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update((STATIC / "sw.js").read_bytes())
    return digest.hexdigest()[:16]


def catalog_version(code: str) -> str:
    """A hash of the words the offline page is drawn in: a translation changed is a new shell."""
    words = [str(message.string) for message in i18n.catalog(code)] if code in i18n.TRANSLATED else []
    return hashlib.sha256("\0".join(words).encode()).hexdigest()[:8]


@shell_pages.get("/manifest.webmanifest")
def manifest() -> Response:
    icons = [
        {
            "src": url_for("static", filename=f"icons/{name}"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": purpose,
        }
        for name, (size, purpose) in icon_names().items()
    ]
    body = {
        "id": "/seat",
        "name": "Tabletop: your seat",
        "short_name": "Tabletop",
        "description": "Your seat at the hub's table: your hand, your moves and the table's log.",
        "start_url": url_for("shell.my_seat"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": BACKGROUND,
        "icons": icons,
    }
    return Response(json.dumps(body, indent=1), mimetype="application/manifest+json")


@shell_pages.get("/sw.js")
def service_worker() -> Response:
    """static/sw.js after the shell's version and addresses (its scope: this folder, the root)."""
    # The offline page is drawn in the phone's language: a phone that chooses another gets a new
    # worker (its version differs), which caches the page again in its words.
    said = f"{shell_version()}\0{language()}\0{catalog_version(language())}"
    version = hashlib.sha256(said.encode()).hexdigest()[:16]
    shell = {"version": version, "files": shell_urls(), "offline": url_for("shell.offline")}
    script = f"const SHELL = {json.dumps(shell)};\n" + (STATIC / "sw.js").read_text(encoding="utf-8")
    return Response(script, mimetype="text/javascript")


@shell_pages.get("/offline")
def offline() -> str:
    """What a phone shows when the hub cannot be reached (its service worker keeps this page)."""
    return render_template("offline.html")


@shell_pages.get("/seat")
def my_seat() -> WerkzeugResponse:
    """The seat this phone's cookies hold (its newest unfinished table's, else its newest, or the
    same seat in the next game the host started after that one), or the list of tables: where a
    phone's home-screen icon lands."""
    open_tables = {worker.table.id: worker for worker in hub().tables()}
    held: list[tuple[bool, int, int]] = []
    for name, token in request.cookies.items():
        found = SEAT_COOKIE.fullmatch(name)
        if found is None:
            continue
        table_id = int(found.group(1))
        worker = open_tables.get(table_id)
        seat = hub().seat_for_token(table_id, token) if worker is not None else None
        if worker is None or seat is None:
            continue
        over = bool(json.loads(worker.channel.snapshot.payloads[None]).get("outcome"))
        held.append((not over, table_id, seat))
    if not held:
        return redirect(url_for("table.index"), code=303)
    playing, table_id, seat = max(held)
    if not playing and hub().store.next_table(table_id) in open_tables:
        # the host started the next game with these seats, and this phone has not followed yet
        return redirect(url_for("seat.next_game", table_id=table_id, seat=seat), code=303)
    return redirect(url_for("seat.seat_page", table_id=table_id, seat=seat), code=303)
