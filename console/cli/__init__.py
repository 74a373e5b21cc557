"""``tabletop``: the console's one front door.

One module per command in this package, each with ``register_cli(subparsers)`` that adds its
parser and sets its ``handler``; ``COMMANDS`` lists them, in the order ``tabletop --help`` shows.

Every failure a user can cause (a bad file, an unknown game, an illegal action) ends with one
clear line on stderr and a non-zero exit status, never a traceback: 2 for a mistake, 130 for
Ctrl-C, 141 when the reader of the output went away (``tabletop replay 1 | head``).

It speaks the person's language: ``--language`` (before the command or after it), else this
machine's ``$LANG`` (``de_DE.UTF-8`` is German), else English; the words are the console's catalog
(console/i18n). A language it does not speak is refused in one line, except by ``serve``, whose
``--language`` is its table screen's, and which never refuses a game night over a language.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn, Protocol

from console import i18n
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
    SPOKEN,
    CommandError,
    Subparsers,
    error_words,
)
from console.games.core import BadOptions, NotationError, UnknownGame
from console.i18n import N_
from console.i18n.said import Speaker, say
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


# The options every command takes; their help is said in the person's language, as every help
# marked with N_ where a command writes it (``build_parser``).
LANGUAGE_HELP = N_("the language tabletop speaks: en, de or es (default: this machine's $LANG, else en)")


def build_parser(language: str = i18n.DEFAULT) -> argparse.ArgumentParser:
    """The command line, its help in ``language``: each help and description that the console's
    catalog holds (marked with N_ where it is written) is said in it, any other as written."""
    parser = argparse.ArgumentParser(prog="tabletop", description=N_("The tabletop console."))
    parser.add_argument("--version", action=_Version, nargs=0, help=N_("show the version and exit"))
    parser.add_argument("--journal", type=Path, help=N_("journal file (default: the user's data folder)"))
    parser.add_argument("--language", metavar="LANG", help=LANGUAGE_HELP)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in COMMANDS:
        command.register_cli(commands)
    for subparser in commands.choices.values():
        # after the command too (``tabletop play wisteria --language de``); absent, it leaves the one
        # given before the command. ``serve`` has its own: its table screen's, said by it too.
        if "--language" not in subparser._option_string_actions:
            subparser.add_argument(
                "--language", metavar="LANG", default=argparse.SUPPRESS, help=LANGUAGE_HELP
            )
    _translate(parser, Speaker(language))
    return parser


# argparse's own words on a help page (its error messages stay its English: they are made inside it).
USAGE = N_("usage: ")
ARGPARSE_WORDS = (N_("positional arguments"), N_("options"), N_("show this help message and exit"))


def _formatter(speaker: Speaker) -> type[argparse.HelpFormatter]:
    """argparse's help formatter, its "usage: " in ``speaker``'s language."""

    class Formatter(argparse.HelpFormatter):
        def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
            super().add_usage(usage, actions, groups, speaker.translate(USAGE) if prefix is None else prefix)

    return Formatter


def _translate(parser: argparse.ArgumentParser, speaker: Speaker) -> None:
    """Each help and description of ``parser`` and its commands in ``speaker``'s language."""
    parser.formatter_class = _formatter(speaker)
    if parser.description:
        parser.description = speaker.translate(parser.description)
    for group in parser._action_groups:
        group.title = speaker.translate(group.title) if group.title else group.title
    for action in parser._actions:
        if action.help and action.help != argparse.SUPPRESS:
            action.help = speaker.translate(action.help)
        if isinstance(action, argparse._SubParsersAction):
            for listed in action._choices_actions:  # the commands as ``tabletop --help`` lists them
                listed.help = speaker.translate(listed.help) if listed.help else listed.help
            for subparser in action.choices.values():
                _translate(subparser, speaker)


def asked_language(given: Sequence[str]) -> str | None:
    """The ``--language`` in ``given``, read before the parser is made so its help is in it (the
    parser reads it again, and that reading is the one that counts)."""
    for index, word in enumerate(given):
        if word == "--":
            break
        if word == "--language" and index + 1 < len(given):
            return given[index + 1]
        if word.startswith("--language="):
            return word.partition("=")[2]
    return None


def spoken(typed: str | None) -> str:
    """The language typed (UnknownLanguage if the console does not speak it), else this machine's."""
    return i18n.choose(typed.strip().lower()) if typed else i18n.system_language()


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    try:
        helped = spoken(asked_language(given))
    except i18n.UnknownLanguage:  # refused below, once the command is known
        helped = i18n.system_language()
    parser = build_parser(helped)
    args = parser.parse_args(given)
    defaulted = args.command is None
    if defaulted:
        args = parser.parse_args([*given, *DEFAULT_COMMAND])
    try:
        language = spoken(args.language)
    except i18n.UnknownLanguage:
        language = i18n.system_language()
        if not getattr(args, "any_language", False):
            unknown = say(
                "tabletop: unknown language %(language)s: choose one of %(languages)s",
                language=repr(args.language[:16]),
                languages=", ".join(i18n.LANGUAGES),
            )
            print(Speaker(language).render(unknown), file=sys.stderr)
            return EXIT_USAGE
    setattr(args, SPOKEN, language)
    speaker = Speaker(language)
    if defaulted:
        # The quick start, said plainly, so nobody takes the simulated pods and buttons for hardware.
        running = say(
            "tabletop: no command given, so running: %(command)s (pods and buttons are SIMULATED; "
            "tabletop serve uses the real ones)",
            command=f"tabletop {' '.join(DEFAULT_COMMAND)}",
        )
        print(speaker.render(running), flush=True)
    try:
        status = int(args.handler(args))
        sys.stdout.flush()  # here, so a closed pipe is met inside this try, not at exit
        return status
    except (CommandError, UnknownGame, BadOptions, NotationError, JournalError, ValueError) as error:
        print(speaker.render(say("tabletop: %(error)s", error=error_words(error, language))), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\n" + speaker.render(say("tabletop: interrupted")), file=sys.stderr)
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
