"""The lab's optional dependencies, checked before any game is played: a missing one is one line
saying how to install it, not a failure after minutes of simulation (``simulate --report`` once
ran 92 s before it found matplotlib missing)."""

from __future__ import annotations

import importlib.util

INSTALL = "pip install 'tabletop-console[lab]'"


def check_optional(report: bool = False, cluster: bool = False) -> None:
    """ValueError, in one line, if ``--report`` or ``--cluster`` is asked for without its package."""
    needed = [("--report", "matplotlib")] if report else []
    needed += [("--cluster", "distributed")] if cluster else []
    missing = [(option, package) for option, package in needed if importlib.util.find_spec(package) is None]
    if missing:
        said = "; ".join(f"{option} needs {package}" for option, package in missing)
        raise ValueError(f"{said}, which is not installed: {INSTALL} (nothing was run)")
