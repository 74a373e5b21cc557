"""``tabletop scenario FILE``: run a scenario file and check its ``[expect]`` table."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from console.cli.common import EXIT_EXPECTATION, EXIT_USAGE, Subparsers, speaker
from console.i18n import N_
from console.i18n.said import say


def register_cli(subparsers: Subparsers) -> None:
    scenario = subparsers.add_parser("scenario", help=N_("run a scenario file"))
    scenario.add_argument("file", type=Path)
    scenario.add_argument("--json", action="store_true")
    scenario.set_defaults(handler=cmd_scenario)


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
        print(speaker(args).render(say("tabletop: %(error)s", error=run.error)), file=sys.stderr)
        return EXIT_USAGE
    if differences:
        unmet = say(
            "tabletop: %(file)s: %(num)s expectation(s) not met:", file=str(args.file), num=len(differences)
        )
        print(speaker(args).render(unmet), file=sys.stderr)
        for difference in differences:
            print(f"  {difference}", file=sys.stderr)
        return EXIT_EXPECTATION
    if scenario.expect and not args.json:
        print("Expectations: all met")
    return 0
