"""``tabletop bench [NAME...]``: run benchmarks and print their figures (console/bench/)."""

from __future__ import annotations

import argparse
import json

from console.cli.common import CommandError, Subparsers
from console.i18n import N_


def register_cli(subparsers: Subparsers) -> None:
    bench = subparsers.add_parser("bench", help=N_("run benchmarks and print their figures"))
    bench.add_argument("names", nargs="*", help="benchmark groups or figure names (default: all)")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--seconds", type=float, default=2.0, help="playout time per game benchmark")
    bench.set_defaults(handler=cmd_bench)


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
