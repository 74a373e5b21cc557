"""``tabletop games``: the games in the journal, one line each (``--json`` for every field)."""

from __future__ import annotations

import argparse
import json

from console.cli.common import Subparsers, open_journal


def register_cli(subparsers: Subparsers) -> None:
    games = subparsers.add_parser("games", help="list the games in the journal")
    games.add_argument("--json", action="store_true")
    games.set_defaults(handler=cmd_games)


def cmd_games(args: argparse.Namespace) -> int:
    records = open_journal(args).tables()
    if args.json:
        print(json.dumps([record.__dict__ for record in records], indent=2))
        return 0
    if not records:
        print("no games in the journal yet")
    for record in records:
        winners = (record.outcome or {}).get("winners")
        result = f"winners {winners}" if winners else (record.outcome or {}).get("reason", "")
        print(
            f"{record.id:>5}  {record.game:<9} {record.players}p  {record.status:<9} "
            f"{record.actions:>6} actions  {result}"
        )
    return 0
