"""``tabletop replay ID``: a journalled game's move list, with its players' names where the journal
keeps them, the notes beside its actions, and its result in words."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

from console.cli.common import Subparsers, open_journal
from console.i18n import N_

if TYPE_CHECKING:
    from console.journal import Correction


def register_cli(subparsers: Subparsers) -> None:
    replay = subparsers.add_parser("replay", help=N_("print a game's move list"))
    replay.add_argument("id", type=int)
    replay.set_defaults(handler=cmd_replay)


def correction_line(correction: Correction) -> str:
    """A correction as the move list shows it: who asked, who confirmed, which moves it withdrew
    (by their numbers in the list, which keeps them)."""
    what = "takeback" if correction.kind == "takeback" else "host correction"
    confirmed = ", ".join(f"seat {seat}" for seat in correction.confirmed) or "nobody"
    withdrawn = ", ".join(str(seq) for seq in correction.withdrawn)
    return f"{what} asked by {correction.asked_by}, confirmed by {confirmed}: withdrew {withdrawn}"


def cmd_replay(args: argparse.Namespace) -> int:
    from console.play_names import journal_handovers, journal_names
    from console.table import result_words

    journal = open_journal(args)  # read only: a running hub's journal too, never holding it up
    with journal.reading():  # one moment of it, however far the hub has written since
        record = journal.record(args.id)
        names = journal_names(journal, record.id)
        handovers, stints = journal_handovers(journal, record.id)
        actions = journal.actions(args.id)
        notes = journal.notes(args.id)  # a card the host moved from a wrong reader
        corrections = journal.corrections(args.id)
    print(f"table {record.id}: {record.game}, {record.players} players, seed {record.seed}, {record.status}")
    if names:
        print("players: " + ", ".join(f"seat {seat} {names[seat]}" for seat in sorted(names)))
    for index in range(len(actions) + 1):
        while corrections and corrections[0].at_seq == index:
            print("       " + correction_line(corrections.pop(0)))
        for handover in (h for h in handovers if h.at_action == index):
            print(f"{'':>5}  ({handover.words()})")
        if index < len(actions):
            print(f"{index:>5}  {actions[index]}")
            for note in notes.get(index, []):
                print(f"       ({note})")
    handed = [stint.words() for stint in stints if stint.handed_over]
    if handed:
        print("played: " + "; ".join(handed))
    if record.outcome:
        print(f"outcome: {json.dumps(record.outcome)}")
        outcome = record.outcome
        said = result_words(
            outcome.get("winners", []), outcome.get("reason", ""), outcome.get("scores", []), names
        )
        print(f"result: {said}")
    return 0
