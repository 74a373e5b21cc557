"""``tabletop venue``: the venue board, following every hub on the venue's broker and serving the
board page (big screen or phone); results are kept in the board's own SQLite file.
``tabletop venue acl``: the broker's ACL for a venue's name and hubs (hardware/mosquitto/).

The broker password comes from ``--password-file`` or $TABLETOP_VENUE_PASSWORD, never from the
command line, where anyone on the machine could read it.
"""

from __future__ import annotations

import argparse
import os
import secrets
from pathlib import Path

from console.cli.common import CommandError, Subparsers, language
from console.i18n import N_
from console.i18n.said import say
from console.paths import default_journal_path
from console.venue.broker import BOARD_USER, acl_text


def register_cli(subparsers: Subparsers) -> None:
    venue = subparsers.add_parser(
        "venue", help=N_("run the venue board: every hub and table, and the standings")
    )
    venue.add_argument("--broker", help="the venue's MQTT broker (host name or address)")
    venue.add_argument("--broker-port", type=int, default=1883)
    venue.add_argument("--venue", default="venue", help="the venue's name in the topics (default: venue)")
    venue.add_argument("--user", default=BOARD_USER, help=f"the board's broker user (default: {BOARD_USER})")
    venue.add_argument("--password-file", type=Path, help="a file holding the board user's password")
    venue.add_argument("--tls", action="store_true", help="TLS to the broker")
    venue.add_argument("--ca-file", default="", help="the CA that signed the broker's certificate")
    venue.add_argument("--host", default="127.0.0.1", help="address the board page listens on")
    venue.add_argument("--port", type=int, default=8080, help="port of the board page (default 8080)")
    venue.add_argument("--results", type=Path, help="the board's results file (default: the data folder)")
    venue.add_argument("--pin", default="", help="the organiser's PIN, 4 to 12 digits (default: a new one)")
    venue.set_defaults(handler=cmd_venue)
    made = venue.add_subparsers(dest="venue_command", metavar="{acl}")
    acl = made.add_parser("acl", help="print the broker's ACL for the venue's name and its hubs")
    acl.add_argument("--venue", dest="acl_venue", required=True, help="the venue's name in the topics")
    acl.add_argument("hubs", nargs="+", help="every hub's name (its [venue] hub, and its broker user)")
    acl.add_argument(
        "--reader", action="append", default=[], help="a user who reads everything and writes nothing"
    )
    acl.set_defaults(handler=cmd_venue_acl)


def cmd_venue_acl(args: argparse.Namespace) -> int:
    print(acl_text(args.acl_venue, args.hubs, args.reader), end="")
    return 0


def board_password(args: argparse.Namespace) -> str:
    if args.password_file is not None:
        try:
            return args.password_file.read_text(encoding="utf-8").strip()
        except OSError as error:
            reason = error.strerror
            raise CommandError(
                say(
                    "cannot read the password file %(file)s: %(reason)s",
                    file=str(args.password_file),
                    reason=str(reason),
                )
            ) from None
    return os.environ.get("TABLETOP_VENUE_PASSWORD", "")


def cmd_venue(args: argparse.Namespace) -> int:
    from console.http.server import ServeError, guarded_server, run_until_stopped
    from console.hub.config import TOPIC_NAME, VenueConfig
    from console.venue.board import Board, ResultStore
    from console.venue.web import create_board_app

    if not args.broker:
        raise CommandError(say("--broker is needed: the venue's MQTT broker (host name or address)"))
    if not TOPIC_NAME.fullmatch(args.venue):
        raise CommandError(say("--venue must be letters, digits, '-' or '_' (a topic level)"))
    if not 1 <= args.broker_port <= 65535 or not 0 <= args.port <= 65535:
        raise CommandError(say("ports are from 1 to 65535"))
    pin = args.pin or f"{secrets.randbelow(10**6):06d}"
    if not (pin.isdigit() and 4 <= len(pin) <= 12):
        raise CommandError(say("--pin must be 4 to 12 digits"))
    config = VenueConfig(
        broker=args.broker,
        port=args.broker_port,
        venue=args.venue,
        username=args.user,
        password=board_password(args),
        tls=args.tls,
        ca_file=args.ca_file,
    )
    results_path = args.results or default_journal_path().with_name("venue-results.db")
    results_path.parent.mkdir(parents=True, exist_ok=True)
    board = Board(config, ResultStore(results_path)).start()
    # the board on a venue screen speaks the run's language (--language, else this machine's)
    app = create_board_app(board, {"ORGANISER_PIN": pin, "LANGUAGE": language(args)})
    try:  # the hub's guarded server: no client, idle, slow or hostile, can hold the board
        server = guarded_server(
            app,
            args.host,
            args.port,
            threads=16,
            max_body_bytes=app.config["MAX_CONTENT_LENGTH"],
            ident="tabletop-venue",
        )
    except ServeError:
        board.stop()
        raise
    print(
        f"tabletop: venue board for {args.venue} on http://{args.host}:{server.effective_port}/ "
        f"(broker {args.broker}:{args.broker_port}, results in {results_path})",
        flush=True,
    )
    print(f"tabletop: organiser PIN {pin}", flush=True)

    def close_board() -> None:  # the results file is closed cleanly on systemd's stop too
        board.stop()
        board.results.close()

    run_until_stopped(server, close_board)
    return 0
