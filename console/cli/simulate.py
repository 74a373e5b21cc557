"""``tabletop simulate GAME``: bots against bots on many seeds, a report, comparisons (the lab)."""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from pathlib import Path
from typing import Any

from console.bots import BOT_KINDS
from console.cli.common import CommandError, Subparsers, check_optional, language, parse_options
from console.i18n import N_
from console.i18n.said import Speaker, say
from console.lab.compare import compare, ladder
from console.lab.effects import causal_effects
from console.lab.runs import RunSpec
from console.lab.simulate import format_report, report_of, run_spec, stderr_progress


def register_cli(subparsers: Subparsers) -> None:
    simulate = subparsers.add_parser("simulate", help=N_("play bots against bots and report"))
    add_arguments(simulate)
    simulate.set_defaults(handler=cmd_simulate)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game")
    parser.add_argument(
        "--games",
        type=int,
        default=100,
        help="games to play; with --bots, seeds are played once per rotation until there are that many",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int)
    parser.add_argument("--bot", default="normal", choices=BOT_KINDS, help="the bot at every seat")
    parser.add_argument(
        "--bots", metavar="A,B,...", help="one bot per seat, rotated through every seat on the same seeds"
    )
    parser.add_argument("--option", "-o", action="append", metavar="KEY=VALUE")
    parser.add_argument(
        "--versus",
        action="append",
        metavar="KEY=VALUE",
        help="compare: the same seeds again with these options changed",
    )
    parser.add_argument("--versus-bots", metavar="A,B,...", help="compare: the same seeds with these bots")
    parser.add_argument("--ladder", action="store_true", help="each bot level against the next")
    parser.add_argument(
        "--effects",
        action="store_true",
        help="what each card and rule option does: the same games again with it stood in for or changed",
    )
    parser.add_argument("--workers", type=int, help="worker processes (default: every core)")
    parser.add_argument("--cluster", metavar="ADDRESS", help="a Dask scheduler, like tcp://host:8786")
    parser.add_argument("--report", type=Path, metavar="OUT.html", help="write the one-page report")
    parser.add_argument("--max-actions", type=int, default=20_000, help="a game still going is unfinished")
    parser.add_argument("--json", action="store_true")


def _bots(text: str | None, fallback: str) -> tuple[str, ...]:
    if not text:
        return (fallback,)
    names = tuple(name.strip() for name in text.split(","))
    for name in names:
        if name not in BOT_KINDS:
            raise CommandError(
                say("there is no bot %(bot)s; bots: %(bots)s", bot=repr(name), bots=", ".join(BOT_KINDS))
            )
    return names


def cmd_simulate(args: argparse.Namespace) -> int:
    options: dict[str, Any] = parse_options(args.option)
    versus: dict[str, Any] = parse_options(args.versus)
    if args.games < 1:
        raise CommandError(say("--games must be at least 1"))
    if args.workers is not None and args.workers < 1:
        raise CommandError(say("--workers must be at least 1"))
    check_optional(report=args.report is not None, cluster=args.cluster is not None)
    spec = RunSpec(
        args.game,
        args.games,
        args.seed,
        args.players or 0,
        _bots(args.bots, args.bot),
        options,
        args.max_actions,
    )
    spoken = language(args)  # the summary, the report and the progress bar in the person's language
    progress = stderr_progress(spoken)
    started = time.perf_counter()
    base = run_spec(spec, args.workers, args.cluster, progress)
    report = report_of(spec, base, time.perf_counter() - started)

    def run(other: RunSpec) -> list[dict[str, Any]]:
        return run_spec(other, args.workers, args.cluster, stderr_progress(spoken))

    if versus or args.versus_bots:
        bots = _bots(args.versus_bots, "") if args.versus_bots else spec.bots
        other = dataclasses.replace(spec, options={**options, **versus}, bots=bots)
        report["compare"] = compare(spec, other, run)
    if args.ladder:
        report["ladder"] = ladder(spec, run)
    if args.effects:
        report["effects"] = causal_effects(spec, base, run)
    if args.report:
        from console.lab.report import write_report

        write_report(report, args.report, spoken)
    if args.json:
        print(json.dumps(report))
    else:
        print(format_report(report, spoken))
        if args.report:
            print(
                "  " + Speaker(spoken).render(say("report: %(path)s", path=str(args.report))), file=sys.stdout
            )
    return 0
