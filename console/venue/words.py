"""The venue's refusals as sentences each page says in its reader's language.

The board's model (the event, its rounds, the round clock, a hub's judge calls) refuses with a
message id and its values (``console.i18n.said``), not a sentence: the organiser's page says it in
the organiser's language, the seat's phone in the phone's. ``str()`` of a refusal is its English,
for the logs and API clients; ``pybabel extract -k say -k say_n:1,2`` finds the ids.
"""

from __future__ import annotations

from console import i18n
from console.i18n.said import Said, Speaker


def words(said: Said, language: str) -> str:
    """``said`` in ``language``; its values are numbers and names, said as they are."""
    return Speaker(language).render(said)


class Saying(Exception):
    """A refusal said as a message id and values; a plain string is an id with no values (an
    error from elsewhere, said as it came)."""

    def __init__(self, said: Said | str) -> None:
        self.said = said if isinstance(said, Said) else Said(said)
        super().__init__(words(self.said, i18n.DEFAULT))


class SaidError(Saying, ValueError):
    """Something asked for that cannot be done now (a ``ValueError``, as callers catch it)."""


class SaidMissing(Saying, LookupError):
    """Something asked for that is not there (a ``LookupError``, as callers catch it)."""


def said_of(error: BaseException) -> Said:
    """What ``error`` says, as a sentence to say in a language (an error that is not a ``Saying``:
    its English, as it came)."""
    return error.said if isinstance(error, Saying) else Said(str(error))
