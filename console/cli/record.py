"""``tabletop record FILE [serve options]``: serve the hub as ``tabletop serve`` does, recording every
raw pod line and GPIO edge, with its time, and each table's actions and refusals into FILE;
``tabletop record --check FILE`` replays a recording and says whether the tables do the same again.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from console.cli.common import CommandError, Subparsers
from console.i18n import N_
from console.i18n.said import say


def register_cli(subparsers: Subparsers) -> None:
    record = subparsers.add_parser(
        "record",
        help=N_("serve the hub, recording what the pods and buttons send (for a test)"),
        description="Options after FILE are tabletop serve's, e.g. tabletop record s.jsonl --simulate.",
    )
    record.add_argument("file", type=Path, help="the recording to write (JSON lines)")
    record.add_argument(
        "--check",
        action="store_true",
        help="replay FILE instead, and say whether the same actions and refusals follow",
    )
    record.add_argument("serve", nargs=argparse.REMAINDER, help="tabletop serve's options")
    record.set_defaults(handler=cmd_record)


def cmd_record(args: argparse.Namespace) -> int:
    if args.check:
        return check(args.file)
    from console.cli import build_parser
    from console.cli.serve import configure
    from console.http.server import ServeError
    from console.hub.errors import HubError
    from console.hub.service import Hub
    from console.inputs.recording import Recorder
    from console.web import create_app
    from console.web.server import serve

    serve_args = build_parser().parse_args(
        [*(["--journal", str(args.journal)] if args.journal else []), "serve", *args.serve]
    )
    config = configure(serve_args)
    hub = Hub(config)  # the journal's lock first: a journal another hub holds is refused, no file made
    try:
        recorder = Recorder.to_file(args.file)
    except OSError as error:
        hub.stop()
        raise CommandError(
            say(
                "cannot write the recording %(file)s: %(reason)s",
                file=str(args.file),
                reason=str(error.strerror),
            )
        ) from None
    hub.recorder = recorder
    try:
        try:
            hub.start()
        except HubError as error:
            raise ServeError(str(error)) from None
        print(f"tabletop: recording to {args.file}", flush=True)
        serve(create_app({"HUB": hub}), hub, sys.stdout)
    finally:
        recorder.close()
    return 0


def check(path: Path) -> int:
    from console.hub.replay import replay

    if not path.exists():
        raise CommandError(say("there is no recording %(file)s", file=str(path)))
    result = replay(path)
    if result.same:
        print(f"{path}: the replay made the same {len(result.recorded)} actions and refusals")
        return 0
    print(f"{path}: the replay differs: {result.first_difference()}")
    return 1
