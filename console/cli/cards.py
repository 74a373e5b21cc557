"""``tabletop cards``: tag a deck (``enrol GAME``), check a tagged deck for missing and doubled
copies (``check GAME``) and print a QR deck (``sheet GAME --out FILE``).

``register_cli(subparsers)`` adds the sub-command to the main parser; each handler takes the
parsed arguments and returns the exit status, like every command in console/cli/.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from console.cli.common import CommandError, Subparsers, error_words, game_named, language
from console.games import game_names
from console.i18n import N_
from console.i18n.said import Speaker, say
from console.inputs.discovery import find_pods
from console.inputs.event_queue import EventQueue
from console.inputs.events import CardScanned, PodConnected
from console.inputs.pods import PodSource
from console.inputs.serial_source import SerialSource
from console.paths import default_journal_path
from console.physical.copies import CopyStore, DeckSession
from console.physical.enrol import enrol_deck
from console.physical.sheet import SheetError, write_sheet
from console.physical.tagstore import TagStore

HELLO_WAIT_S = 5.0


class CardsError(CommandError):
    """A user-facing failure of ``tabletop cards``: one line on stderr, exit status 2."""


def register_cli(subparsers: Subparsers) -> None:
    cards = subparsers.add_parser("cards", help=N_("tag a deck with NFC, or print a QR print-and-play deck"))
    commands = cards.add_subparsers(dest="cards_command", required=True, metavar="{enrol,check,sheet}")

    enrol = commands.add_parser("enrol", help="scan each card of a game in turn to record its NFC tag")
    enrol.add_argument("game", help=f"the game: {', '.join(game_names())}")
    enrol.add_argument("--pod", help="the pod's serial port or URL (default: the first pod found)")
    enrol.add_argument("--copies", type=int, default=1, help="tags to enrol for each card (default 1)")
    enrol.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for each card")
    enrol.add_argument("--replace", action="store_true", help="re-enrol tags that stand for another card")
    enrol.add_argument("--tags-db", type=Path, help="database for the tags (default: the journal)")
    enrol.set_defaults(handler=cmd_cards_enrol)

    check = commands.add_parser(
        "check", help="scan a deck in any order and hear which copies are missing or doubled"
    )
    check.add_argument("game", help=f"the game: {', '.join(game_names())}")
    check.add_argument("--pod", help="the pod's serial port or URL (default: the first pod found)")
    check.add_argument(
        "--copies", type=int, default=1, help="copies of a card with no enrolled tag (default 1)"
    )
    check.add_argument("--timeout", type=float, default=30.0, help="seconds to wait for the next card")
    check.add_argument(
        "--stable-ms", type=int, default=300, help="how long a card lies still to count (default 300)"
    )
    check.add_argument("--new", action="store_true", help="start afresh, not where a stopped check was")
    check.add_argument("--tags-db", type=Path, help="database for the tags (default: the journal)")
    check.set_defaults(handler=cmd_cards_check)

    sheet = commands.add_parser("sheet", help="write every card with its QR code, ready to print")
    sheet.add_argument("game", help=f"the game: {', '.join(game_names())}")
    sheet.add_argument("--out", type=Path, required=True, help="the file to write (.svg or .pdf)")
    sheet.add_argument("--format", choices=("svg", "pdf"), help="default: from the file name")
    sheet.add_argument("--copies", type=int, default=1, help="copies of each card (default 1)")
    sheet.add_argument("--paper", choices=("a4", "letter"), default="a4", help="the PDF's paper (default a4)")
    sheet.set_defaults(handler=cmd_cards_sheet)


def _refused(args: argparse.Namespace, error: Exception) -> int:
    """The one line of a refusal, in the person's language, and its exit status."""
    said = say("tabletop: %(error)s", error=error_words(error, language(args)))
    print(Speaker(language(args)).render(said), file=sys.stderr)
    return 2


def cmd_cards_sheet(args: argparse.Namespace) -> int:
    game = game_named(args.game)
    try:
        written = write_sheet(game, args.out, args.format, args.copies, args.paper)
    except (SheetError, OSError) as error:
        return _refused(args, error)
    for path in written:
        print(f"wrote {path}")
    return 0


def cmd_cards_enrol(args: argparse.Namespace) -> int:
    game = game_named(args.game)
    try:
        with _tag_store(args) as store, _reader(args.pod) as next_scan:
            report = enrol_deck(
                game,
                next_scan,
                store,
                print,
                copies=args.copies,
                timeout_s=args.timeout,
                replace=args.replace,
            )
    except CardsError as error:
        return _refused(args, error)
    return 0 if report.complete else 1


def cmd_cards_check(args: argparse.Namespace) -> int:
    """Scan until every copy the deck should hold is counted, or no card comes for --timeout."""
    game = game_named(args.game)
    if args.copies < 1 or args.stable_ms < 0:
        return _refused(args, CardsError(say("--copies must be at least 1 and --stable-ms not negative")))
    try:
        with _stores(args) as (tags, copies), _reader(args.pod, args.stable_ms / 1000) as next_scan:
            session = DeckSession(game, tags, copies, args.copies, resume=not args.new)
            print(
                f"Checking {game.title}: {session.check.expected} copies. Lay each card on the reader, "
                "in any order; lift it once it is counted."
            )
            if session.check.seen:
                print(f"Going on with the check under way: {len(session.check.seen)} copies counted.")
            while not session.check.done:
                scan = next_scan(args.timeout)
                if scan is None:
                    print(f"No card came in {args.timeout:g} s: the check ends here.")
                    break
                print(session.scan(scan))
            report = session.finish()
    except CardsError as error:
        return _refused(args, error)
    for line in report.lines(game.catalog()):
        print(line)
    return 0 if report.complete else 1


@contextmanager
def _connection(args: argparse.Namespace) -> Iterator[tuple[Any, Any]]:
    """The database the tags live in, with its lock: the journal's, or --tags-db."""
    import sqlite3

    if args.tags_db is not None:
        connection = sqlite3.connect(args.tags_db)
        try:
            yield connection, None
        finally:
            connection.close()
        return
    from console.journal import Journal

    path = getattr(args, "journal", None) or default_journal_path()
    # refused while a hub serves the journal: its tags and deck checks are the hub's to write then
    with Journal(path, shared=True) as journal:
        yield journal.connection, journal.lock


@contextmanager
def _tag_store(args: argparse.Namespace) -> Iterator[TagStore]:
    with _connection(args) as (connection, lock):
        yield TagStore(connection, lock)


@contextmanager
def _stores(args: argparse.Namespace) -> Iterator[tuple[TagStore, CopyStore]]:
    with _connection(args) as (connection, lock):
        yield TagStore(connection, lock), CopyStore(connection, lock)


@contextmanager
def _reader(url: str | None, stable_s: float = 0.0) -> Iterator:
    """A function giving the next card scan within a timeout, from a pod or a QR scanner."""
    if url is None:
        found = find_pods()
        if not found:
            raise CardsError(say("no pod found: plug one in, or name its port with --pod"))
        url = found[0].path
        print(f"using the pod at {url}")
    events = EventQueue()
    source: SerialSource = PodSource(url, events.post, name="enrol", seat=1, stable_s=stable_s)
    source.start()
    # A scan made before the pod has answered HELLO would be taken as the pod's history.
    if events.wait_for(lambda e: isinstance(e, PodConnected), HELLO_WAIT_S) is None:
        source.close()
        raise CardsError(
            say(
                "no pod answered at %(url)s within %(seconds)s s: is it plugged in and flashed "
                "(firmware/pod/README.md)? run 'tabletop doctor'",
                url=url,
                seconds=f"{HELLO_WAIT_S:g}",
            )
        )

    def next_scan(timeout: float) -> CardScanned | None:
        event = events.wait_for(lambda e: isinstance(e, CardScanned), timeout)
        return event if isinstance(event, CardScanned) else None

    try:
        yield next_scan
    finally:
        source.close()
