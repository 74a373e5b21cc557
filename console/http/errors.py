"""The one map from an exception to an HTTP status, for every web app and for the answers kept for
retried posts (console/web/once.py).

The hub's errors (console/hub/errors.py) and the engines' say what went wrong, not how the web
answers it; this module says that. ``HttpError`` is a refusal the web layer itself makes (a bad
body, a bad header), with its status and, if the client should try again, when.
"""

from __future__ import annotations

from collections.abc import Mapping

from werkzeug.exceptions import HTTPException

from console.games.core import BadOptions, IllegalAction, NotationError, UnknownGame
from console.hub.errors import Busy, Forbidden, HubError, NotFound, Refused
from console.i18n.said import Said, say


class HttpError(Exception):
    """A refusal with its HTTP status; ``retry_after_s`` becomes a ``Retry-After`` header."""

    def __init__(self, status: int, message: str, retry_after_s: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after_s = retry_after_s


# The most specific type of an error names its status (a SeatTaken is a Refused: 409).
STATUS: dict[type[BaseException], int] = {
    NotFound: 404,
    Forbidden: 403,
    Refused: 409,
    Busy: 503,
    HubError: 400,
    IllegalAction: 409,  # well formed, but the rules refuse it now
    NotationError: 400,
    BadOptions: 400,
    UnknownGame: 400,
}


def status_of(error: BaseException, extra: Mapping[type[BaseException], int] | None = None) -> int | None:
    """The status ``error`` answers with, or None for an error nobody expected (a 500).

    ``extra``: an app's own error types (the venue board's ``EventError``)."""
    if isinstance(error, HttpError):
        return error.status
    for kind in type(error).__mro__:
        if extra is not None and kind in extra:
            return extra[kind]
        if kind in STATUS:
            return STATUS[kind]
    return None


def retry_after(error: BaseException) -> float | None:
    """When the client may try again, if the error says so."""
    return error.retry_after_s if isinstance(error, HttpError) else None


def http_refusal(error: HTTPException, method: str, body_limit: object) -> Said:
    """Flask's own refusals (no such address, a method it does not take, too large a body) as a
    sentence each app says in its reader's language; ``method`` is the request's, ``body_limit``
    the app's MAX_CONTENT_LENGTH."""
    status = error.code or 500
    if status == 404:
        return say("there is nothing at this address")
    if status == 405:
        return say("%(method)s is not allowed here", method=method)
    if status == 413:
        return say("the body is larger than the hub accepts (%(bytes)s bytes)", bytes=str(body_limit))
    return Said(error.description or error.name)
