"""``tabletop``: the console's one front door.

Every failure a user can cause (a bad file, an unknown game, an illegal action) ends with one
clear line on stderr and a non-zero exit status, never a traceback: 2 for a mistake, 130 for
Ctrl-C, 141 when the reader of the output went away (``tabletop replay 1 | head``).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from console.bots import BOT_KINDS
from console.games import find_game, game_names
from console.games.core import BadOptions, NotationError, UnknownGame
from console.journal import Journal, JournalError
from console.paths import default_journal_path

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl-C
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, as a shell reports a command whose reader closed the pipe
# A scenario that ran but did not give what its [expect] table says.
EXIT_EXPECTATION = 1


class CommandError(Exception):
    """A user-facing failure: printed as one line, exit status 2."""


def open_journal(args: argparse.Namespace) -> Journal:
    return Journal(args.journal or default_journal_path())


def cmd_scenario(args: argparse.Namespace) -> int:
    from console.scenario import check_expectations, load_scenario, run_scenario

    scenario = load_scenario(args.file)
    run = run_scenario(scenario)
    differences = check_expectations(scenario, run)
    if args.json:
        print(
            json.dumps(
                {
                    **run.result,
                    "error": run.error,
                    "error_index": run.error_index,
                    "differences": differences,
                },
                indent=2,
            )
        )
    else:
        result = run.result
        print(f"Public view:\n{json.dumps(result['public'], indent=2)}")
        for seat, view in result["seats"].items():
            print(f"Seat {seat} sees:\n{json.dumps(view, indent=2)}")
        print(f"Outcome: {json.dumps(result['outcome'])}")
    if run.error is not None and "error_index" not in scenario.expect:  # an illegal action
        print(f"tabletop: {run.error}", file=sys.stderr)
        return EXIT_USAGE
    if differences:
        print(f"tabletop: {args.file}: {len(differences)} expectation(s) not met:", file=sys.stderr)
        for difference in differences:
            print(f"  {difference}", file=sys.stderr)
        return EXIT_EXPECTATION
    if scenario.expect and not args.json:
        print("Expectations: all met")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    journal = open_journal(args)
    record = journal.record(args.id)
    print(f"table {record.id}: {record.game}, {record.players} players, seed {record.seed}, {record.status}")
    for index, notation in enumerate(journal.actions(args.id)):
        print(f"{index:>5}  {notation}")
    if record.outcome:
        print(f"outcome: {json.dumps(record.outcome)}")
    return 0


def cmd_games(args: argparse.Namespace) -> int:
    records = open_journal(args).tables()
    if args.json:
        print(json.dumps([record.__dict__ for record in records], indent=2))
        return 0
    if not records:
        print("no games in the journal yet")
    for record in records:
        winners = (record.outcome or {}).get("winners")
        result = f"winners {winners}" if winners else (record.outcome or {}).get("reason", "")
        print(
            f"{record.id:>5}  {record.game:<9} {record.players}p  {record.status:<9} "
            f"{record.actions:>6} actions  {result}"
        )
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from console.play import play_terminal, seat_bots
    from console.table import Table

    journal = open_journal(args)
    if args.resume is not None:
        table = Table.resume(journal, args.resume)
        _check_bots(args.bots, table.state.players)
    else:
        if args.game is None:
            raise CommandError("name a game to play, like: tabletop play wisteria")
        game = find_game(args.game)
        players = args.players or game.min_players
        game.check_players(players)
        _check_bots(args.bots, players)  # before the table exists: a refused command leaves none
        table = Table.start(journal, game.name, players, args.seed, parse_options(args.option))
    bots = args.bots if args.bots is not None else table.state.players - 1
    bot_seats = seat_bots(table, human=1, bot_count=bots, kind=args.bot)
    print(
        f"Table {table.id}: {table.game.title}, {table.state.players} players; "
        f"you are seat 1, bots at {', '.join(f'seat {s}' for s in sorted(bot_seats)) or 'no seats'}."
    )
    try:
        play_terminal(table, bot_seats, input, sys.stdout)
    except KeyboardInterrupt:  # every move made so far is in the journal
        print(
            f"\ntabletop: stopped; resume this game with: tabletop play --resume {table.id}", file=sys.stderr
        )
        return EXIT_INTERRUPTED
    return 0


def _check_bots(bots: int | None, players: int) -> None:
    if bots is not None and not 0 <= bots < players:
        raise CommandError(f"--bots must be from 0 to {players - 1} for {players} players, not {bots}")


def cmd_simulate(args: argparse.Namespace) -> int:
    from console.cli.simulate import cmd_simulate as lab_simulate

    return lab_simulate(args, parse_options(args.option), parse_options(args.versus))


def cmd_bench(args: argparse.Namespace) -> int:
    from console import bench

    try:
        figures = bench.run(args.names, args.seconds)
    except KeyError as error:
        raise CommandError(error.args[0]) from None
    if args.json:
        print(json.dumps([figure.to_json() for figure in figures]))
    else:
        for figure in figures:
            print(f"{figure.name:<32} {figure.value:>12.3f} {figure.unit}")
    return 0


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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="tabletop", description="The tabletop console.")
    parser.add_argument("--journal", type=Path, help="journal file (default: the user's data folder)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="play a game in the terminal against bots")
    play.add_argument("game", nargs="?", help=f"one of: {', '.join(game_names())}")
    play.add_argument("--players", type=int)
    play.add_argument("--bots", type=int, help="how many other seats bots play (default: all)")
    play.add_argument("--bot", default="heuristic", choices=BOT_KINDS)
    play.add_argument("--seed", type=int, default=int.from_bytes(os.urandom(4), "big"))
    play.add_argument("--option", "-o", action="append", metavar="KEY=VALUE")
    play.add_argument("--resume", type=int, metavar="ID", help="resume an unfinished game")
    play.set_defaults(handler=cmd_play)

    simulate = commands.add_parser("simulate", help="play bots against bots and report")
    from console.cli.simulate import add_arguments as add_simulate_arguments

    add_simulate_arguments(simulate)
    simulate.set_defaults(handler=cmd_simulate)

    scenario = commands.add_parser("scenario", help="run a scenario file")
    scenario.add_argument("file", type=Path)
    scenario.add_argument("--json", action="store_true")
    scenario.set_defaults(handler=cmd_scenario)

    replay = commands.add_parser("replay", help="print a game's move list")
    replay.add_argument("id", type=int)
    replay.set_defaults(handler=cmd_replay)

    games = commands.add_parser("games", help="list the games in the journal")
    games.add_argument("--json", action="store_true")
    games.set_defaults(handler=cmd_games)

    bench = commands.add_parser("bench", help="run benchmarks and print their figures")
    bench.add_argument("names", nargs="*", help="benchmark groups or figure names (default: all)")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--seconds", type=float, default=2.0, help="playout time per game benchmark")
    bench.set_defaults(handler=cmd_bench)

    for module_name in (
        "console.cli.cards",
        "console.cli.doctor",
        "console.cli.serve",
        "console.cli.venue",
        "console.cli.record",
    ):
        if _importable(module_name):
            importlib.import_module(module_name).register_cli(commands)
    return parser


def _importable(module_name: str) -> bool:
    try:
        return importlib.util.find_spec(module_name) is not None
    except ModuleNotFoundError:
        return False


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    given = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(given)
    if args.command is None:
        # The quick start: the hub with simulated pods and buttons (said plainly, so nobody takes
        # them for hardware), else a game of Wisteria against bots in this terminal.
        default = ["serve", "--simulate"] if _importable("console.cli.serve") else ["play", "wisteria"]
        print(
            f"tabletop: no command given, so running: tabletop {' '.join(default)}"
            + (
                " (pods and buttons are SIMULATED; tabletop serve uses the real ones)"
                if default[0] == "serve"
                else ""
            ),
            flush=True,
        )
        args = parser.parse_args([*given, *default])
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
