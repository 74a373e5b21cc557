"""Why the hub refused a request, as types that carry the HTTP status the web layer answers with."""

from __future__ import annotations


class HubError(Exception):
    """A request the hub refuses, changing nothing; the message is for the person who asked."""

    status = 400


class NotFound(HubError):
    status = 404


class Forbidden(HubError):
    """No token, a forged or stale token, a token for another seat, a wrong host PIN."""

    status = 403


class Refused(HubError):
    """Well formed but not possible now: a paused or finished table, another controller's seat."""

    status = 409


class SeatTaken(Refused):
    """A phone tried to join a seat another phone has claimed, without the host's PIN."""


class Busy(HubError):
    """Every live-update stream slot is taken."""

    status = 503


class TooManyTries(HubError):
    """Too many wrong host PINs in a short time: PIN checks pause for a while."""

    status = 429
