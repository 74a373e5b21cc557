"""What every command shares: the one user-facing error, the exit statuses, the journal and
``key=value`` options."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import TypeAlias

from console.journal import Journal
from console.paths import default_journal_path

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl-C
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell reports a command whose reader closed the pipe
# A scenario that ran but did not give what its [expect] table says.
EXIT_EXPECTATION = 1

# What ``add_subparsers`` returns: each command module's ``register_cli`` adds its parser to it.
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


class CommandError(Exception):
    """A user-facing failure: printed as one line, exit status 2."""


def open_journal(args: argparse.Namespace, plays: bool = False) -> Journal:
    """The command's journal. ``plays``: the command writes to it (``tabletop play``, ``cards
    enrol``), which a running hub's journal refuses, naming the hub; else the command only reads
    it (``games``, ``replay``), without any lock or write, so a running hub is never held up."""
    return Journal(args.journal or default_journal_path(), shared=plays, readonly=not plays)


def parse_options(pairs: Sequence[str] | None) -> dict[str, object]:
    """``key=value`` pairs; values are read as JSON when they parse (numbers, true), else text."""
    options: dict[str, object] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CommandError(f"option {pair!r} must look like key=value")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options
