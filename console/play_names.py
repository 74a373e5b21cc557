"""Players' names at the terminal, kept as the hub keeps them: in the journal's own file (its
``hub_names`` table, through ``HubStore``), each bound by the hub's own rule (``player_name``), so
a game played here and one played on the hub name their people alike, and ``tabletop replay``
finds either's. Bots are never named by a person: they are "Bot 2 (normal)", as on the hub.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TextIO

from console.hub.errors import Refused
from console.hub.handovers import BotStint, Handover, bot_stints, current_levels
from console.hub.store import HubStore
from console.hub.views import seat_names
from console.hub.worker import player_name
from console.i18n.said import Said, Speaker, say
from console.journal import Journal

__all__ = ["BadName", "ask_names", "given_names", "journal_names", "table_names"]


ENGLISH = Speaker()


class BadName(ValueError):
    """A ``--name`` the terminal refuses: its words as a sentence (``said``), said in the run's
    language; ``str()`` is its English."""

    def __init__(self, said: Said) -> None:
        self.said = said
        super().__init__(ENGLISH.render(said))


def given_names(pairs: Sequence[str] | None, players: int, people: Collection[int]) -> dict[int, str]:
    """The ``--name SEAT=NAME`` pairs, checked before any table exists (a refusal leaves none)."""
    names: dict[int, str] = {}
    for pair in pairs or []:
        seat_text, sep, text = pair.partition("=")
        given = repr(pair)
        if not sep or not seat_text.strip().isdigit():
            raise BadName(say("--name %(given)s must look like SEAT=NAME, like --name 1=Ana", given=given))
        seat = int(seat_text)
        if not 1 <= seat <= players:
            raise BadName(
                say(
                    "--name %(given)s: there is no seat %(seat)s at a %(players)s-player table",
                    given=given,
                    seat=seat,
                    players=players,
                )
            )
        if seat not in people:
            raise BadName(
                say(
                    "--name %(given)s: a bot plays seat %(seat)s, and bots are named as bots",
                    given=given,
                    seat=seat,
                )
            )
        try:
            names[seat] = player_name(text)
        except Refused as error:
            raise BadName(say("--name %(given)s: %(why)s", given=given, why=error.said)) from None
    return names


def ask_names(
    store: HubStore,
    table_id: int,
    people: Sequence[int],
    ask: Callable[[str], str],
    out: TextIO,
    speaker: Speaker = ENGLISH,
) -> None:
    """Ask each person at this terminal for a name, as a phone asks on joining, in the run's words
    (``speaker``); Enter keeps "seat N", and a name the hub would refuse is explained and asked again."""
    for seat in people:
        while True:
            try:
                text = ask(speaker.render(say("Seat %(seat)s, your name (Enter to skip): ", seat=seat)))
            except EOFError:
                return
            if not text.strip():
                break
            try:
                store.set_name(table_id, seat, player_name(text))
                break
            except Refused as error:
                print("  " + speaker.render(say("%(why)s; try again.", why=error.said)), file=out)


def table_names(store: HubStore, table_id: int, bots: Collection[int], bot_kind: str) -> dict[int, str]:
    """The names the terminal says: each person's as kept, each bot's as the hub says it."""
    return seat_names(store.names(table_id), dict.fromkeys(bots, "bot"), bot_kind)


def journal_names(journal: Journal, table_id: int) -> Mapping[int, str]:
    """A journalled game's names: the people's as kept, and the bots' where the hub kept who played
    which seat (the terminal keeps no controllers: its bots are chosen again at each start)."""
    store = HubStore(journal)
    settings = store.settings(table_id)
    controllers = {seat: record.controller for seat, record in store.seats(table_id).items()}
    levels = current_levels(store.handovers(table_id))  # a seat's own bot level, if the host chose one
    return seat_names(store.names(table_id), controllers, settings.bot if settings else "heuristic", levels)


def journal_handovers(journal: Journal, table_id: int) -> tuple[list[Handover], list[BotStint]]:
    """A journalled game's handovers (the host gave a seat to a bot, or back), and the stretches
    of it each bot played: none for a game the hub did not serve."""
    store = HubStore(journal)
    settings = store.settings(table_id)
    handovers = store.handovers(table_id)
    controllers = {seat: record.controller for seat, record in store.seats(table_id).items()}
    return handovers, bot_stints(controllers, settings.bot if settings else "heuristic", handovers)
