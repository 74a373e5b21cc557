"""What every command shares: the one user-facing error, the exit statuses, the journal,
``key=value`` options, and the person's language.

A command speaks in the language of the person who runs it (``tabletop --language de``, else this
machine's ``$LANG``: ``main`` puts it in ``args``). Its words are message ids of the console's
catalog (console/i18n), each a ``say(...)`` with its values, said where they are printed: an
error is raised with the ``Said`` and said in one line by ``main``, so a function that refuses
need not know the language."""

from __future__ import annotations

import argparse
import importlib.util
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias

from console import i18n
from console.games import find_game, game_names
from console.games.core import UnknownGame
from console.i18n.said import Said, Speaker, say
from console.journal import Journal
from console.paths import default_journal_path

if TYPE_CHECKING:
    from console.games.core import Game

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl-C
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell reports a command whose reader closed the pipe
# A scenario that ran but did not give what its [expect] table says.
EXIT_EXPECTATION = 1

# What ``add_subparsers`` returns: each command module's ``register_cli`` adds its parser to it.
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"

# Where ``main`` keeps the language chosen for this run (``args.language`` is what was typed: serve
# takes it for its table screen, and an absent one must stay absent there).
SPOKEN = "spoken_language"


class CommandError(Exception):
    """A user-facing failure: printed as one line, exit status 2. ``said`` is its words as a
    message id and values, said in the person's language; ``str()`` is its English."""

    def __init__(self, message: str | Said) -> None:
        self.said = message if isinstance(message, Said) else Said(message)
        super().__init__(Speaker().render(self.said))


def language(args: argparse.Namespace) -> str:
    """The language this run speaks (``main`` chose it), English where no ``main`` chose one."""
    return str(getattr(args, SPOKEN, None) or i18n.DEFAULT)


def speaker(args: argparse.Namespace) -> Speaker:
    """How this run says the console's messages: ``speaker(args).render(say("..."))``."""
    return Speaker(language(args))


def error_words(error: BaseException, spoken: str) -> str:
    """An error's one line in ``spoken``: its ``said`` where it has one (a CommandError, a
    JournalError, a game's refusal: said with the catalog of the game whose message it is), else
    its text as written."""
    said = getattr(error, "said", None)
    return _speaker_of(said, spoken).render(said) if isinstance(said, Said) else str(error)


def _speaker_of(said: Said, spoken: str) -> Speaker:
    """The console's speaker, or a game's where the message is that game's (a game's refusal
    reaches ``main`` without its game: the message says whose it is)."""
    for name in game_names():
        game = find_game(name)
        if i18n.has_catalog(game.catalog_package()) and said.id in i18n.template(game.catalog_package()):
            return game.speaker(spoken)
    return Speaker(spoken)


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
            raise CommandError(say("option %(option)s must look like key=value", option=repr(pair)))
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


# The lab's optional packages, and how to install them.
LAB_INSTALL = "pip install 'tabletop-console[lab]'"


def check_optional(report: bool = False, cluster: bool = False) -> None:
    """One line, before any game is played, if ``--report`` or ``--cluster`` is asked for without
    its package (``simulate --report`` once ran 92 s before it found matplotlib missing)."""
    needed = [("--report", "matplotlib")] if report else []
    needed += [("--cluster", "distributed")] if cluster else []
    missing = [(option, package) for option, package in needed if importlib.util.find_spec(package) is None]
    if missing:
        parts = {
            f"part{index}": say("%(option)s needs %(package)s", option=option, package=package)
            for index, (option, package) in enumerate(missing)
        }
        # each need said in the language, joined as the English joins them ("; "): no words of its own
        needs = Said("; ".join(f"%({part})s" for part in parts), parts)
        raise CommandError(
            say(
                "%(needs)s, which is not installed: %(install)s (nothing was run)",
                needs=needs,
                install=LAB_INSTALL,
            )
        )


def game_named(name: str) -> Game:
    """``find_game``, its most met refusal (a name no game has) in the person's words. The engines'
    registry words it in English; the same words are a message here, and only a refusal that is
    exactly them is said again (a game that could not be loaded keeps the registry's own words)."""
    try:
        return find_game(name)
    except UnknownGame as error:
        no_game = say(
            "there is no game %(game)s; games: %(games)s", game=repr(name), games=", ".join(game_names())
        )
        if str(error) == Speaker().render(no_game):
            raise CommandError(no_game) from None
        raise
