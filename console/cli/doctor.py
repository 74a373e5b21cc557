"""``tabletop doctor``: check the table's input hardware and say what to do about anything missing."""

from __future__ import annotations

import argparse

from console.cli.common import Subparsers
from console.i18n import N_
from console.inputs.doctor import diagnose, diagnose_simulated


def register_cli(subparsers: Subparsers) -> None:
    doctor = subparsers.add_parser(
        "doctor", help=N_("check the GPIO buttons and pods, and say what is missing")
    )
    doctor.add_argument("--pins", help="pin map file (default: hardware/pins.toml or $TABLETOP_PINS)")
    doctor.add_argument("--pod", action="append", default=[], help="a pod's port (default: every pod found)")
    doctor.add_argument(
        "--press",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="ask for OK on every seat and wait this long for each",
    )
    doctor.add_argument(
        "--hello-timeout",
        type=float,
        default=3.0,
        metavar="SECONDS",
        help="how long to wait for each pod's HELLO (default 3)",
    )
    doctor.add_argument(
        "--simulate",
        action="store_true",
        help="check a simulated table (a pod per seat on a pty, mock pins): a healthy report",
    )
    doctor.set_defaults(handler=cmd_doctor)


def cmd_doctor(args: argparse.Namespace) -> int:
    if args.simulate:
        print("a SIMULATED table: what a healthy one reports (no real pod or GPIO pin is checked)")
        findings = diagnose_simulated(pins=args.pins, press_timeout_s=args.press)
    else:
        findings = diagnose(
            pins=args.pins, pods=args.pod, press_timeout_s=args.press, hello_timeout_s=args.hello_timeout
        )
    for finding in findings:
        print(finding)
    return 0 if all(finding.ok for finding in findings) else 1
