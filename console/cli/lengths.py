"""``tabletop lengths GAME``: how many actions a game takes at each player count, measured by the
normal bot on seeded games and printed as the game's ``length.toml`` (docs/lab.md, "How long a
game takes"): ``tabletop lengths watch > console/games/watch/length.toml``."""

from __future__ import annotations

import argparse

from console.cli.common import Subparsers
from console.lab.length import measure, to_toml


def register_cli(subparsers: Subparsers) -> None:
    lengths = subparsers.add_parser("lengths", help="measure a game's length by player count, as TOML")
    lengths.add_argument("game")
    lengths.add_argument("--games", type=int, default=200, help="seeded games per player count")
    lengths.add_argument("--seed", type=int, default=0, help="the first game's seed (game i: seed + i)")
    lengths.add_argument("--players", type=int, action="append", help="only this count (repeatable)")
    lengths.set_defaults(handler=cmd_lengths)


def cmd_lengths(args: argparse.Namespace) -> int:
    print(to_toml(measure(args.game, args.games, args.seed, args.players or ())), end="")
    return 0
