"""Why the hub refused a request, as types; what the web answers for each is console/http/errors.py.

A refusal is said to a person, in their language: the hub's own are made with a sentence
(``console.i18n.said``), kept as ``said`` and said in the language of whoever asked where the
answer is made (console/web/refusals.py); ``str(error)`` is its English, for the log, the terminal
and API clients that ask for no language.
"""

from __future__ import annotations

from console.i18n.said import Said, Speaker, phrase

ENGLISH = Speaker()


class HubError(Exception):
    """A request the hub refuses, changing nothing; the message is for the person who asked. Given
    as text (another module's English), it is said through ``phrase``: in a language whose catalog
    has its messages, else as written."""

    def __init__(self, message: Said | str = "") -> None:
        self.said = message if isinstance(message, Said) else phrase(message)
        super().__init__(ENGLISH.render(self.said) if isinstance(message, Said) else message)


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
