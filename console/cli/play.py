"""``tabletop play GAME``: a game in this terminal against bots (``--resume ID`` goes on with one)."""

from __future__ import annotations

import argparse
import os
import sys

from console.bots import BOT_KINDS
from console.cli.common import EXIT_INTERRUPTED, CommandError, Subparsers, open_journal, parse_options
from console.games import DEFAULT_GAME, find_game, game_names


def register_cli(subparsers: Subparsers) -> None:
    play = subparsers.add_parser("play", help="play a game in the terminal against bots")
    play.add_argument("game", nargs="?", help=f"one of: {', '.join(game_names())}")
    play.add_argument("--players", type=int)
    play.add_argument("--bots", type=int, help="how many other seats bots play (default: all)")
    play.add_argument("--bot", default="heuristic", choices=BOT_KINDS)
    play.add_argument("--seed", type=int, default=int.from_bytes(os.urandom(4), "big"))
    play.add_argument("--option", "-o", action="append", metavar="KEY=VALUE")
    play.add_argument("--resume", type=int, metavar="ID", help="resume an unfinished game")
    play.set_defaults(handler=cmd_play)


def cmd_play(args: argparse.Namespace) -> int:
    from console.play import play_terminal, seat_bots
    from console.table import Table

    journal = open_journal(args)
    if args.resume is not None:
        table = Table.resume(journal, args.resume)
        _check_bots(args.bots, table.state.players)
    else:
        if args.game is None:
            raise CommandError(f"name a game to play, like: tabletop play {DEFAULT_GAME}")
        game = find_game(args.game)
        players = args.players or game.min_players
        game.check_players(players)
        _check_bots(args.bots, players)  # before the table exists: a refused command leaves none
        table = Table.start(journal, game.name, players, args.seed, parse_options(args.option))
    bots = args.bots if args.bots is not None else table.state.players - 1
    bot_seats = seat_bots(table, human=1, bot_count=bots, kind=args.bot)
    print(
        f"Table {table.id}: {table.game.title}, {table.state.players} players; "
        f"you are seat 1, bots at {', '.join(f'seat {s}' for s in sorted(bot_seats)) or 'no seats'}."
    )
    try:
        play_terminal(table, bot_seats, input, sys.stdout)
    except KeyboardInterrupt:  # every move made so far is in the journal
        print(
            f"\ntabletop: stopped; resume this game with: tabletop play --resume {table.id}", file=sys.stderr
        )
        return EXIT_INTERRUPTED
    return 0


def _check_bots(bots: int | None, players: int) -> None:
    if bots is not None and not 0 <= bots < players:
        raise CommandError(f"--bots must be from 0 to {players - 1} for {players} players, not {bots}")
