"""``tabletop``: the console's one front door.

One module per command in this package, each with ``register_cli(subparsers)`` that adds its
parser and sets its ``handler``; ``COMMANDS`` lists them, in the order ``tabletop --help`` shows.

Every failure a user can cause (a bad file, an unknown game, an illegal action) ends with one
clear line on stderr and a non-zero exit status, never a traceback: 2 for a mistake, 130 for
Ctrl-C, 141 when the reader of the output went away (``tabletop replay 1 | head``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, Protocol

from console.cli import (
    balance,
    bench,
    cards,
    doctor,
    games,
    lengths,
    play,
    record,
    replay,
    scenario,
    serve,
    simulate,
    venue,
)
from console.cli.common import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    CommandError,
    Subparsers,
)
from console.games.core import BadOptions, NotationError, UnknownGame
from console.journal import JournalError

__all__ = ["COMMANDS", "build_parser", "main"]


class Command(Protocol):
    """A command module: ``register_cli`` adds its parser, with ``handler`` set, to ``subparsers``."""

    def register_cli(self, subparsers: Subparsers) -> None: ...


COMMANDS: tuple[Command, ...] = (
    play,
    simulate,
    balance,
    lengths,
    scenario,
    replay,
    games,
    bench,
    cards,
    doctor,
    serve,
    venue,
    record,
)

# The quick start: the hub with simulated pods and buttons (said plainly, so nobody takes them
# for hardware).
DEFAULT_COMMAND = ("serve", "--simulate")


class _Version(argparse.Action):
    """``--version``: the version is read from the installed metadata only when asked for."""

    def __call__(self, parser: argparse.ArgumentParser, *args: Any, **kwargs: Any) -> NoReturn:
        import console

        print(f"{parser.prog} {console.__version__}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tabletop", description="The tabletop console.")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    parser.add_argument("--journal", type=Path, help="journal file (default: the user's data folder)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.register_cli(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    given = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(given)
    if args.command is None:
        print(
            f"tabletop: no command given, so running: tabletop {' '.join(DEFAULT_COMMAND)}"
            " (pods and buttons are SIMULATED; tabletop serve uses the real ones)",
            flush=True,
        )
        args = parser.parse_args([*given, *DEFAULT_COMMAND])
    try:
        status = int(args.handler(args))
        sys.stdout.flush()  # here, so a closed pipe is met inside this try, not at exit
        return status
    except (CommandError, UnknownGame, BadOptions, NotationError, JournalError, ValueError) as error:
        print(f"tabletop: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\ntabletop: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _drop_stdout()
        return EXIT_BROKEN_PIPE


def _drop_stdout() -> None:
    """The reader of our output has gone (``| head``): point stdout at /dev/null, so the
    interpreter's last flush at exit does not fail again and print a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # a stdout without a file (a test's capture)
        pass
