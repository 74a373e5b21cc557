"""``tabletop games``: the games in the journal, one line each, the winners by name where the
journal keeps names (``--json`` for every field, and each table's ``names``)."""

from __future__ import annotations

import argparse
import json

from console.cli.common import Subparsers, open_journal
from console.i18n import N_


def register_cli(subparsers: Subparsers) -> None:
    games = subparsers.add_parser("games", help=N_("list the games in the journal"))
    games.add_argument("--json", action="store_true")
    games.set_defaults(handler=cmd_games)


def cmd_games(args: argparse.Namespace) -> int:
    from console.play_names import journal_handovers, journal_names
    from console.table import named

    journal = open_journal(args)  # read only: a running hub's journal too, never holding it up
    with journal.reading():  # one moment of it: a game being written is listed whole or not yet
        records = journal.tables()
        names = {record.id: journal_names(journal, record.id) for record in records}
        # the seats a bot played since the host handed them over (a player left mid-game)
        bots = {r.id: [s for s in journal_handovers(journal, r.id)[1] if s.handed_over] for r in records}
    if args.json:
        listed = [
            {**record.__dict__, "names": names[record.id], "bots": [s.to_json() for s in bots[record.id]]}
            for record in records
        ]
        print(json.dumps(listed, indent=2))
        return 0
    if not records:
        print("no games in the journal yet")
    for record in records:
        winners = (record.outcome or {}).get("winners")
        reason = named((record.outcome or {}).get("reason", ""), names[record.id])
        said = " and ".join(names[record.id].get(seat) or f"seat {seat}" for seat in winners or [])
        result = f"won by {said}" if winners else reason
        print(
            f"{record.id:>5}  {record.game:<9} {record.players}p  {record.status:<9} "
            f"{record.actions:>6} actions  {result}"
            + "".join(f"; {stint.words()}" for stint in bots[record.id])
        )
    return 0
