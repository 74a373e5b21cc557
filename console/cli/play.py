"""``tabletop play GAME``: a game in this terminal against bots (``--resume ID`` goes on with one),
in the person's language (``tabletop --language``, else ``$LANG``)."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from console.bots import BOT_KINDS
from console.cli.common import (
    EXIT_INTERRUPTED,
    CommandError,
    Subparsers,
    game_named,
    language,
    open_journal,
    parse_options,
)
from console.games import DEFAULT_GAME, game_names
from console.i18n import N_
from console.i18n.said import SEAT_WITHIN, say, say_n

if TYPE_CHECKING:
    from console.journal import Journal
    from console.table import Table


def register_cli(subparsers: Subparsers) -> None:
    play = subparsers.add_parser("play", help=N_("play a game in the terminal against bots"))
    play.add_argument("game", nargs="?", help=f"{', '.join(game_names())}")
    play.add_argument("--players", type=int, help=N_("how many players (default: the game's fewest)"))
    play.add_argument("--bots", type=int, help=N_("how many other seats bots play (default: all)"))
    play.add_argument("--bot", default="heuristic", choices=BOT_KINDS, help=N_("how well the bots play"))
    play.add_argument("--seed", type=int, default=int.from_bytes(os.urandom(4), "big"))
    play.add_argument("--option", "-o", action="append", metavar="KEY=VALUE", help=N_("a rule option"))
    play.add_argument("--resume", type=int, metavar="ID", help=N_("resume an unfinished game"))
    play.add_argument(
        "--name",
        action="append",
        metavar="SEAT=NAME",
        help=N_("a player's name (asked for at a terminal)"),
    )
    play.set_defaults(handler=cmd_play)


def cmd_play(args: argparse.Namespace) -> int:
    from console.hub.store import HubStore
    from console.play import play_terminal, seat_bots
    from console.play_names import ask_names, table_names

    journal = open_journal(args, plays=True)  # refused while a hub serves the journal
    table, (bot_count, people, names) = _table(args, journal)
    store = HubStore(journal)  # names kept as the hub keeps them, in the journal's file
    for seat, name in names.items():
        store.set_name(table.id, seat, name)
    bots = seat_bots(table, human=1, bot_count=bot_count, kind=args.bot)
    # the game's speaker: its title from its own catalog, where it has one
    speaker = table.game.speaker(language(args))
    try:
        if args.resume is None and sys.stdin.isatty():  # a person is here to answer: as a phone asks
            unnamed = [seat for seat in people if seat not in names]
            ask_names(store, table.id, unnamed, input, sys.stdout, speaker)
        named = table_names(store, table.id, bots, args.bot)
        you = (
            say("%(name)s (seat %(seat)s)", name=named[1], seat=1)
            if named.get(1)
            else say(SEAT_WITHIN, seat=1)
        )
        robots = ", ".join(named[s] for s in sorted(bots))
        start = say_n(
            "Table %(table)s: %(title)s, %(num)s player; you are %(you)s; bots: %(bots)s.",
            "Table %(table)s: %(title)s, %(num)s players; you are %(you)s; bots: %(bots)s.",
            table.state.players,
            table=table.id,
            title=speaker.translate(table.game.title),
            you=you,
            bots=robots or say("none"),
        )
        print(speaker.render(start))
        play_terminal(table, bots, input, sys.stdout, named, language(args))
    except KeyboardInterrupt:  # every move made so far is in the journal
        stopped = say(
            "tabletop: stopped; resume this game with: %(command)s",
            command=f"tabletop play --resume {table.id}",
        )
        print(f"\n{speaker.render(stopped)}", file=sys.stderr)
        return EXIT_INTERRUPTED
    return 0


Seats = tuple[int, list[int], dict[int, str]]  # how many bots, the people's seats, their given names


def _table(args: argparse.Namespace, journal: Journal) -> tuple[Table, Seats]:
    """The table to play, resumed or new; a new one only once every argument is checked, so a
    refused command leaves none."""
    from console.table import Table

    if args.resume is not None:
        table = Table.resume(journal, args.resume)
        return table, _seats(args, table.state.players)
    if args.game is None:
        raise CommandError(
            say("name a game to play, like: %(command)s", command=f"tabletop play {DEFAULT_GAME}")
        )
    game = game_named(args.game)
    players = args.players or game.min_players
    game.check_players(players)
    seats = _seats(args, players)
    return Table.start(journal, game.name, players, args.seed, parse_options(args.option)), seats


def _seats(args: argparse.Namespace, players: int) -> Seats:
    from console.play import bot_seats
    from console.play_names import given_names

    _check_bots(args.bots, players)
    bot_count = args.bots if args.bots is not None else players - 1
    robots = bot_seats(players, human=1, bot_count=bot_count)
    people = [seat for seat in range(1, players + 1) if seat not in robots]
    return bot_count, people, given_names(args.name, players, people)


def _check_bots(bots: int | None, players: int) -> None:
    if bots is not None and not 0 <= bots < players:
        raise CommandError(
            say_n(
                "--bots must be from 0 to %(most)s for %(num)s player, not %(bots)s",
                "--bots must be from 0 to %(most)s for %(num)s players, not %(bots)s",
                players,
                most=players - 1,
                bots=bots,
            )
        )
