"""Why the hub refused a request, as types; what the web answers for each is console/http/errors.py."""

from __future__ import annotations


class HubError(Exception):
    """A request the hub refuses, changing nothing; the message is for the person who asked."""


class NotFound(HubError):
    """No such table, seat or kit."""


class Forbidden(HubError):
    """No token, a forged or stale token, a token for another seat, a wrong host PIN."""


class Refused(HubError):
    """Well formed but not possible now: a paused or finished table, another controller's seat."""


class SeatTaken(Refused):
    """A phone tried to join a seat another phone has claimed, without the host's PIN."""


class Busy(HubError):
    """Every live-update stream slot is taken."""
