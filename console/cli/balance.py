"""``tabletop balance GAME --target first-seat=±2 --target CARD=±5``: the fewest edits of the
catalog's tunable numbers that meet the targets, written as a rules edition the game loads by name."""

from __future__ import annotations

import argparse
import datetime
import json
import time
from typing import Any

from console.bots import BOT_KINDS
from console.cli.common import CommandError, Subparsers, check_optional, parse_options
from console.games.core import JSON
from console.games.editions import Edition, check_name, save_edition
from console.i18n import N_
from console.i18n.said import say
from console.lab.balance import Search, Target, check_targets
from console.lab.runs import RunSpec
from console.lab.simulate import run_spec


def register_cli(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "balance", help=N_("search the catalog's numbers for the fewest edits that meet balance targets")
    )
    parser.add_argument("game")
    parser.add_argument(
        "--target",
        action="append",
        default=[],
        metavar="FIGURE=±POINTS",
        help="first-seat=±2 (seat 1's win rate against an even share) or CARD=±5 (its effect on its holder)",
    )
    parser.add_argument("--name", help="the edition's name (default: GAME-balanced)")
    parser.add_argument(
        "--games", type=int, default=400, help="games judging each candidate, on common seeds"
    )
    parser.add_argument(
        "--confirm-games", type=int, help="fresh games confirming the answer (default: 4x --games)"
    )
    parser.add_argument("--max-edits", type=int, default=3, help="numbers the search may change at most")
    parser.add_argument(
        "--tune",
        action="append",
        metavar="CARD[.FIELD]",
        help="change only these cards' numbers (default: every tunable number)",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int)
    parser.add_argument("--bot", default="normal", choices=BOT_KINDS, help="the bot at every seat")
    parser.add_argument("--option", "-o", action="append", metavar="KEY=VALUE")
    parser.add_argument("--workers", type=int, help="worker processes (default: every core)")
    parser.add_argument("--cluster", metavar="ADDRESS", help="a Dask scheduler, like tcp://host:8786")
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(handler=cmd_balance)


def cmd_balance(args: argparse.Namespace) -> int:
    targets = [Target.parse(text) for text in args.target]
    name = check_name(args.name or f"{args.game}-balanced")
    if args.games < 2 or args.max_edits < 1:
        raise CommandError(say("--games must be at least 2 and --max-edits at least 1"))
    check_optional(report=False, cluster=args.cluster is not None)
    spec = RunSpec(
        args.game, args.games, args.seed, args.players or 0, (args.bot,), parse_options(args.option)
    )
    spec.rules().check_players(spec.seat_players())
    spec.rules().merge_options(spec.options)
    check_targets(spec, targets)

    def run(other: RunSpec) -> list[dict[str, Any]]:
        return run_spec(other, args.workers, args.cluster)

    started = time.perf_counter()
    search = Search(spec, targets, run, args.max_edits, args.tune)
    found = search.search(args.confirm_games or 4 * args.games)
    report: JSON = {
        "game": args.game,
        "targets": [str(target) for target in targets],
        "games": args.games,
        "seconds": round(time.perf_counter() - started, 1),
        **{key: value for key, value in found.items() if key != "edition"},
        "edits": _edits(spec, found["edition"]),
        "edition": None,
    }
    if found["found"]:
        path = save_edition(args.game, name, found["edition"], _heading(args.game, name, report))
        report["edition"] = {"name": name, "path": str(path)}
    print(json.dumps(report) if args.json else format_balance(report))
    return 0 if found["found"] else 1


def _edits(spec: RunSpec, edition: Edition | None) -> list[JSON]:
    book = {(tunable.card, tunable.field): tunable.value for tunable in spec.rules().tunables()}
    return [
        {"card": card, "field": name, "from": book[(card, name)], "to": value}
        for card, name, value in (edition.numbers if edition else ())
    ]


def _figures(figures: JSON | None) -> str:
    if not figures:
        return "–"
    return "; ".join(
        f"{name} {entry['points']:+.1f} points ({entry['low']:+.1f} to {entry['high']:+.1f}, "
        f"{entry['games']} games)"
        for name, entry in figures.items()
    )


def _heading(game: str, name: str, report: JSON) -> str:
    lines = [
        f"{game}: the rules edition {name!r}, written by tabletop balance on {datetime.date.today()}.",
        f"Targets: {', '.join(report['targets'])}.",
        *(f"{edit['card']}.{edit['field']}: {edit['from']} -> {edit['to']}" for edit in report["edits"]),
        f"Confirmed on fresh seeds: {_figures(report['confirmed'])}.",
        f"Play it: tabletop play {game} -o edition={name}",
    ]
    return "\n".join(lines)


def format_balance(report: JSON) -> str:
    lines = [
        f"{report['game']}: targets {', '.join(report['targets'])}; {report['games']} games a candidate",
        f"  the book: {_figures(report['book'])}",
        f"  {report['candidates']} candidates judged in {report['seconds']} s"
        f" ({report['refused_by_catalog']} edits the catalog refuses; "
        f"{report['refused_on_fresh_seeds']} met the targets, then not on fresh seeds)",
    ]
    if not report["found"]:
        lines.append("  no edition met every target: allow more edits (--max-edits) or wider targets")
        return "\n".join(lines)
    edits = report["edits"]
    lines.append(
        f"  {len(edits)} edit{'s' if len(edits) != 1 else ''}:" if edits else "  the book meets them"
    )
    lines += [f"    {edit['card']}.{edit['field']}: {edit['from']} -> {edit['to']}" for edit in edits]
    lines.append(f"  on the search's seeds: {_figures(report['search'])}")
    lines.append(f"  confirmed on fresh seeds: {_figures(report['confirmed'])}")
    edition = report["edition"]
    lines.append(f"  written: {edition['path']}  (play it: -o edition={edition['name']})")
    return "\n".join(lines)
