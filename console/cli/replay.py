"""``tabletop replay ID``: a journalled game's move list."""

from __future__ import annotations

import argparse
import json

from console.cli.common import Subparsers, open_journal


def register_cli(subparsers: Subparsers) -> None:
    replay = subparsers.add_parser("replay", help="print a game's move list")
    replay.add_argument("id", type=int)
    replay.set_defaults(handler=cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    journal = open_journal(args)
    record = journal.record(args.id)
    print(f"table {record.id}: {record.game}, {record.players} players, seed {record.seed}, {record.status}")
    for index, notation in enumerate(journal.actions(args.id)):
        print(f"{index:>5}  {notation}")
    if record.outcome:
        print(f"outcome: {json.dumps(record.outcome)}")
    return 0
