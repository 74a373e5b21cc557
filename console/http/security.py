"""The site's guards: security headers, the same-origin rule for every post, seat tokens from the
cookie (or an ``Authorization: Bearer`` header for API clients), the host PIN (counted per device),
strict JSON bodies (valid Unicode), and errors that answer with a clear status and message
instead of a traceback (a journal another program holds: a 503 with Retry-After).
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, jsonify, render_template, request
from werkzeug.exceptions import HTTPException
from werkzeug.routing import IntegerConverter

from console.http.errors import HttpError, retry_after, status_of
from console.http.limits import PinGuard
from console.http.static import serve_static_from_memory
from console.hub.errors import Forbidden
from console.hub.service import Hub
from console.journal import DISK_FULL, disk_full, journal_busy

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; manifest-src 'self'; worker-src 'self'; frame-ancestors 'none'; "
        "base-uri 'none'; form-action 'self'; object-src 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # Join links carry a seat token: never hand the address on to another site. Not
    # "no-referrer": under it Chromium sends "Origin: null" with a form's post, and the hub's own
    # forms (the host handing a seat to a new phone) would be refused as cross-site.
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}
UNSAFE_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
PIN_HEADER = "X-Host-Pin"


def cookie_name(table_id: int) -> str:
    return f"tt_seat_{table_id}"


def hub() -> Hub:
    found: Hub = current_app.extensions["hub"]
    return found


def install(app: Flask, statuses: Mapping[type[BaseException], int] | None = None) -> None:
    """The guards, the one error map (console/http/errors.py) and static files from memory on
    ``app``; ``statuses`` adds the app's own error types."""
    app.url_map.converters["int"] = CanonicalId  # before any route is added: every <int:...>
    serve_static_from_memory(app)  # no queued answer holds a file open
    app.before_request(_same_origin_for_posts)
    app.after_request(_json_options)
    app.after_request(_security_headers)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, lambda error: _error(error, statuses))


class CanonicalId(IntegerConverter):
    """A table's or seat's number in a path as written once: ASCII digits, no leading zero.
    (Werkzeug's own takes any Unicode digit, "/api/tables/١" named table 1, and "01" too.)"""

    regex = r"0|[1-9][0-9]{0,17}"


def _json_options(response: Response) -> Response:
    """OPTIONS under /api answers JSON, like every other answer there (Flask's own is empty HTML)."""
    if request.method != "OPTIONS" or not wants_json() or response.mimetype == "application/json":
        return response
    answer = jsonify(allow=sorted(response.allow))
    answer.status_code, answer.allow = response.status_code, response.allow
    return answer


# Browsers honour Cross-Origin-Opener-Policy only on a trustworthy origin (https, or this machine);
# a phone on the hub's plain-http LAN address ignores it with a console error, so it is not sent.
TRUSTWORTHY_HOSTS = ("localhost", "127.0.0.1", "[::1]")


def _security_headers(response: Response) -> Response:
    trustworthy = (
        request.scheme == "https"
        or request.host.rpartition(":")[0] in TRUSTWORTHY_HOSTS
        or request.host in TRUSTWORTHY_HOSTS
    )
    for name, value in HEADERS.items():
        if name == "Cross-Origin-Opener-Policy" and not trustworthy:
            continue
        response.headers.setdefault(name, value)
    response.headers.setdefault("Cache-Control", "no-store")
    return response


def _same_origin_for_posts() -> None:
    """A post must come from a page of this hub: its Origin names this host, or (for browsers
    that send no Origin) Sec-Fetch-Site says same-origin. Cookies alone never authorise a post."""
    if request.method not in UNSAFE_METHODS:
        return
    origin = request.headers.get("Origin")
    if origin is not None:
        parts = urlsplit(origin)
        if parts.scheme in ("http", "https") and parts.netloc.lower() == request.host.lower():
            return
        raise Forbidden(f"a post from {origin} is refused: only this hub's own pages may post")
    if request.headers.get("Sec-Fetch-Site") == "same-origin":
        return
    raise Forbidden("a post must be a same-origin request: send an Origin header naming this hub")


def seat_token(table_id: int) -> str | None:
    auth = request.headers.get("Authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return request.cookies.get(cookie_name(table_id))


def require_seat(table_id: int, seat: int) -> None:
    """The request must carry this seat's token: no token, a forged or stale one, or another
    seat's token is refused (403) before anything is read or changed."""
    token = seat_token(table_id)
    if not token:
        raise Forbidden(f"seat {seat} needs its seat token: scan the seat's code on the table screen")
    if hub().seat_for_token(table_id, token) != seat:
        raise Forbidden(
            f"this phone does not hold seat {seat} of table {table_id} (the host may have given it "
            "to another phone): open the seat's code again and ask the host to type the host PIN there"
        )


def require_host(given: str | None = None) -> None:
    """The host PIN (from the X-Host-Pin header, or ``given`` from a form), with wrong tries
    counted per client address (console.http.limits.PinGuard): a stranger guessing slows and then
    locks only their own device, never the host's display."""
    guard: PinGuard = current_app.extensions["pin_guard"]
    pin = given if given is not None else request.headers.get(PIN_HEADER)
    guard.check(request.remote_addr or "", hub().host_pin, pin)


def json_body(required: Iterable[str] = (), optional: Iterable[str] = ()) -> dict[str, Any]:
    """The request's JSON object with exactly the named fields; anything else is a 4xx."""
    if request.mimetype != "application/json":
        raise HttpError(415, "send the body as JSON (Content-Type: application/json)")
    try:
        data = json.loads(request.get_data(cache=False) or b"")
    except (ValueError, UnicodeDecodeError):
        raise HttpError(400, "the body is not valid JSON") from None
    except RecursionError:  # 64 kB of "[[[[..." nests deeper than the decoder goes
        raise HttpError(400, "the body nests too deeply to be a request of this hub") from None
    if not isinstance(data, dict):
        raise HttpError(400, "the body must be a JSON object")
    if not _encodable(data):  # "\\ud800" decodes to a lone surrogate, which no UTF-8 can carry
        raise HttpError(400, "the body holds text that is not valid Unicode (a lone surrogate)")
    required, allowed = set(required), set(required) | set(optional)
    missing = sorted(required - set(data))
    unknown = sorted(set(data) - allowed)
    if missing:
        raise HttpError(400, f"the body lacks {', '.join(missing)}")
    if unknown:
        raise HttpError(400, f"the body has unknown field(s) {', '.join(unknown)}")
    return data


def _encodable(value: Any) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_encodable(k) and _encodable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_encodable(item) for item in value)
    return True


# An event id: ASCII digits only (str.isdigit also takes "²", which int() refuses), and short
# enough for int() (which refuses more than 4300 digits).
EVENT_ID = re.compile(r"[0-9]{1,18}")


def event_id(text: str, what: str) -> int:
    """A whole-number event id from a query parameter or header; anything else is a 400."""
    if not EVENT_ID.fullmatch(text):
        raise HttpError(400, f"{what} must be an event id (a whole number)")
    return int(text)


def wants_json() -> bool:
    api = request.path == "/api" or request.path.startswith("/api/")
    return api or request.accept_mimetypes.best == "application/json"


def error_response(status: int, message: str) -> tuple[Response | str, int]:
    if wants_json():
        return jsonify(error=message, status=status), status
    return render_template("message.html", title=f"{status}", message=message), status


def loggable_path() -> str:
    """The request's path for the hub's log: a join link's seat token stays out of it."""
    return re.sub(r"^(/join/[^/]*/[^/]*/).+", r"\1(token)", request.path)


def _http_error(error: HTTPException) -> tuple[Response | str, int]:
    status = error.code or 500
    messages = {
        404: "there is nothing at this address",
        405: f"{request.method} is not allowed here",
        413: f"the body is larger than the hub accepts ({current_app.config['MAX_CONTENT_LENGTH']} bytes)",
    }
    return error_response(status, messages.get(status, error.description or error.name))


def _error(
    error: Exception, statuses: Mapping[type[BaseException], int] | None
) -> tuple[Response | str, int] | Response:
    """Every error but the HTTP ones: its status from the one map, or a 500 for the unexpected."""
    if isinstance(error, sqlite3.OperationalError):
        return _journal_error(error)
    status = status_of(error, statuses)
    if status is None:
        return _unexpected(error)
    wait = retry_after(error)
    if wait is None:
        return error_response(status, str(error))
    return with_retry_after(error_response(status, str(error)), wait)


def with_retry_after(answer: tuple[Response | str, int], seconds: float) -> Response:
    response = current_app.make_response(answer)
    response.headers["Retry-After"] = str(max(1, math.ceil(seconds)))
    return response


def _journal_error(error: sqlite3.OperationalError) -> tuple[Response | str, int] | Response:
    if journal_busy(error):
        current_app.logger.warning("the journal is busy (held by another program) on %s", loggable_path())
        return with_retry_after(error_response(503, JOURNAL_BUSY), JOURNAL_RETRY_S)
    if disk_full(error):  # one line in the log, not a traceback: the host frees space
        current_app.logger.warning("the journal's disk is full on %s", loggable_path())
        return with_retry_after(error_response(507, f"nothing was done: {DISK_FULL}"), FULL_RETRY_S)
    return _unexpected(error)


JOURNAL_BUSY = "the game journal is busy (another program holds it); nothing was done; try again shortly"
JOURNAL_RETRY_S = 2.0
FULL_RETRY_S = 10.0


def _unexpected(error: Exception) -> tuple[Response | str, int]:
    current_app.logger.exception("unexpected error on %s %s", request.method, loggable_path())
    return error_response(500, "the hub hit an unexpected error; the game is unchanged")
