"""``tabletop serve``: the hub with its tables, inputs and web site, in one process.

With no options it serves one table (the default game: a phone and a bot) on every interface with the
buttons and pods connected, and prints the addresses to open (this screen's and the phones');
``--simulate`` simulates pods and buttons. Settings come from the hub's TOML file (``--config``,
else ``~/.config/tabletop/hub.toml`` if present); options given here override it.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from console import i18n
from console.cli.common import CommandError, Subparsers, game_named, speaker
from console.games import find_game
from console.hub.config import HubConfig, check_config, load_config
from console.i18n import N_
from console.i18n.said import Speaker, say

if TYPE_CHECKING:
    from console.http.tls import HubAuthority


def register_cli(subparsers: Subparsers) -> None:
    serve = subparsers.add_parser(
        "serve", help=N_("run the hub: tables, inputs, table screen and phone pages")
    )
    serve.add_argument("--config", type=Path, help="hub configuration file (TOML)")
    serve.add_argument(
        "--host",
        help="address to listen on (default 0.0.0.0: phones on the network join; "
        "127.0.0.1: this machine only)",
    )
    serve.add_argument("--port", type=int, help="port to listen on (default 8000; 0 picks a free one)")
    serve.add_argument("--public-url", help="the address phones should open, for the join codes")
    serve.add_argument("--threads", type=int, help="server threads (each open stream holds one)")
    serve.add_argument("--keepalive", type=float, help="seconds between keep-alive comments on streams")
    serve.add_argument("--game", help="the game of the table started when none is unfinished")
    serve.add_argument("--players", type=int)
    serve.add_argument("--seats", help="controllers, one per seat, like phone,bot,pod")
    serve.add_argument("--seed", type=int, help="the new table's seed (default: a random one)")
    serve.add_argument("--bot-delay", type=float, help="seconds before each bot move")
    serve.add_argument("--chance-delay", type=float, help="seconds before the table deals (virtual chance)")
    serve.add_argument(
        "--no-wait",
        action="store_true",
        help="start the new table's clock, dealer and bots at once, not when every phone has joined "
        "(for seats played through the API with their tokens)",
    )
    serve.add_argument(
        "--inputs",
        choices=["auto", "simulated", "none"],
        help="physical input sources (auto: the buttons and pods connected)",
    )
    serve.add_argument(
        "--simulate",
        action="store_true",
        help="simulated pods on ptys and mock GPIO buttons, for a table without hardware",
    )
    serve.add_argument(
        "--tls",
        action="store_true",
        help="also serve https, with the hub's own certificate authority (made once, in the journal's "
        "folder): phones that enrol it can install their seat page (docs/phones.md)",
    )
    serve.add_argument(
        "--language",
        metavar="LANG",
        default=argparse.SUPPRESS,  # absent: the one given before the command, else the configured one
        help=N_(
            "the table screen's language and this command's: en, de or es (default: this machine's, else en)"
        ),
    )
    serve.add_argument("--tls-port", type=int, default=8443, help="the https port with --tls (default 8443)")
    # A language the console does not speak is said and English used: no reason to refuse a game night.
    serve.set_defaults(handler=cmd_serve, any_language=True)


def configure(args: argparse.Namespace) -> HubConfig:
    config = load_config(args.config)
    if getattr(args, "journal", None):
        config = dataclasses.replace(config, journal=args.journal)
    server = {
        key: value
        for key, value in {
            "host": args.host,
            "port": args.port,
            "public_url": args.public_url,
            "threads": args.threads,
            "keepalive_s": args.keepalive,
            "language": getattr(args, "language", None),
        }.items()
        if value is not None
    }
    config = config.with_server(**server)
    config = config.with_server(language=host_language(config.server.language, speaker(args)))
    table: dict[str, Any] = {}
    if args.game:
        table["game"] = game_named(args.game).name  # an unknown game: one line, before any table
    if args.players:
        table["players"] = args.players
        table["seats"] = ("phone",) + ("bot",) * (args.players - 1)
    if args.seats:
        table["seats"] = tuple(seat.strip() for seat in args.seats.split(","))
        table.setdefault("players", len(table["seats"]))
    if args.seed is not None:
        table["seed"] = args.seed
    if args.no_wait:
        table["wait_for_phones"] = False
    if args.game and not (args.players or args.seats) and not _fits(args.game, config.table.players):
        players = find_game(args.game).min_players  # the configured count is not this game's
        table.update(players=players, seats=("phone",) + ("bot",) * (players - 1))
    if table:
        config = dataclasses.replace(config, table=dataclasses.replace(config.table, **table))
    if args.bot_delay is not None:
        config = dataclasses.replace(config, bot_delay_s=args.bot_delay)
    if args.chance_delay is not None:
        config = dataclasses.replace(config, chance_delay_s=args.chance_delay)
    if args.simulate and args.inputs not in (None, "simulated"):
        raise CommandError(
            say("--simulate and --inputs %(inputs)s contradict each other; give one", inputs=args.inputs)
        )
    mode = "simulated" if args.simulate else args.inputs
    if mode:
        config = dataclasses.replace(config, inputs=dataclasses.replace(config.inputs, mode=mode))
    check_config(config, "the command line")
    return config


def host_language(wanted: str, said_by: Speaker | None = None) -> str:
    """The table screen's language: the one given, else this machine's; one the console does not
    speak is said in one line (in ``said_by``'s language) and English is used (a language is no
    reason to refuse a game night)."""
    if not wanted:
        return i18n.system_language()
    if i18n.is_known(wanted):
        return i18n.choose(wanted)
    unknown = say(
        "tabletop serve: unknown language %(language)s: choose one of %(languages)s (English is used)",
        language=repr(wanted[:16]),
        languages=", ".join(i18n.LANGUAGES),
    )
    print((said_by or Speaker()).render(unknown), file=sys.stderr)
    return i18n.DEFAULT


def _fits(game: str, players: int) -> bool:
    try:
        find_game(game).check_players(players)
    except ValueError:
        return False
    return True


def cmd_serve(args: argparse.Namespace) -> int:
    from console.http.server import ServeError
    from console.hub.errors import HubError
    from console.hub.service import Hub
    from console.web import create_app
    from console.web.server import serve

    config = configure(args)
    if args.tls_port != 8443 and not args.tls:
        raise CommandError(say("--tls-port is the https port: give --tls with it"))
    tls = hub_authority(config) if args.tls else None  # a bad TLS file: one line, before any table
    hub = Hub(config)
    # A table named on the command line is started even beside unfinished ones (they stay
    # resumable); the port is taken first, so a refused start leaves no table behind.
    new_table = any(value is not None for value in (args.game, args.players, args.seats, args.seed))
    try:
        serve(
            create_app({"HUB": hub, "TLS": tls}),
            hub,
            sys.stdout,
            start=lambda: hub.start(new_table=new_table),
            tls_port=args.tls_port,
        )
    except HubError as error:  # a bad table in the configuration (a journal problem is a JournalError)
        hub.stop()
        raise ServeError(str(error)) from None
    except BaseException:  # a bad game or player count: the journal is closed and its lock freed
        hub.stop()
        raise
    return 0


def hub_authority(config: HubConfig) -> HubAuthority:
    """The hub's certificate authority, in the ``tls`` folder beside the journal (the hub's data
    folder), with a server certificate for this machine's addresses and the configured ones."""
    from console.http.tls import authority

    server = config.server
    hosts = [server.host, urlsplit(server.public_url).hostname or ""]
    return authority(Path(config.journal).expanduser().resolve().parent / "tls", hosts)
