"""The Watch's refusals as sentences (``console.i18n.said``), each said in its reader's language.

Every ``raise`` of the Watch's rules, notation and options is ``raise refused(say(...))`` (or
``notation_error``, ``bad_options``): a message id of this game's catalog and its values, a ruler as
``Seat``, a card as ``Card``, a deck, a resource or a clause as a sentence of its own. The error
keeps it as ``said``, which each screen says in its language; its English (``str(error)``, the log's
and the terminal's) says a ruler as the rule book does ("ruler 2", where ``GameError``'s own English,
which knows no game, would say "seat 2") and a card by its printed name, as the Watch has always
worded its refusals."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from console.games.core import BadOptions, GameError, IllegalAction, NotationError
from console.games.watch.words import RULER_WITHIN
from console.i18n.said import Said, Speaker, Value, say

Error = TypeVar("Error", bound=GameError)


def _card_name(card_id: str) -> str:
    from console.games.watch.catalog import catalog  # the catalog reads the rules, which refuse

    return catalog().name(card_id)


# A refusal's English: a seat in the rule book's word within a sentence, a card by its name.
ENGLISH = Speaker(seat_name=lambda number, _start: RULER_WITHIN % {"seat": number}, card_name=_card_name)


def english(said: Said) -> str:
    """``said`` as the Watch's refusals read in English (lower case, as a reason within a sentence)."""
    return ENGLISH.render(said, at_start=False)


def _made(kind: type[Error], said: Said) -> Error:
    error = kind(said)
    error.args = (english(said),)  # str(error): the Watch's English, its rulers and cards by name
    return error


def refused(said: Said) -> IllegalAction:
    """An action the rules do not allow now, saying why."""
    return _made(IllegalAction, said)


def notation_error(said: Said) -> NotationError:
    """Text that is not an action of the Watch, saying what is wrong."""
    return _made(NotationError, said)


def bad_options(said: Said) -> BadOptions:
    """Options (or stacked decks) a Watch cannot be set up with, saying why."""
    return _made(BadOptions, said)


def either(items: Sequence[Value]) -> Value:
    """Choices said as one ("chance:burn or chance:blight"), the last joined with "or"."""
    if len(items) == 1:
        return items[0]
    return say("%(first)s or %(last)s", first=either(items[:-1]), last=items[-1])


def commas(items: Sequence[Value]) -> Value:
    """A price as the Ledger prints one: its amounts one after another ("2 Grain, 2 Wood, 2 Stone")."""
    if len(items) == 1:
        return items[0]
    return say("%(first)s, %(rest)s", first=items[0], rest=commas(items[1:]))
