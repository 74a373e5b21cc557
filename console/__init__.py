"""The tabletop console: a Raspberry Pi hub that referees tavern card games at a real table."""

from __future__ import annotations

import functools


@functools.cache
def _version() -> str:
    """The version is written once, in pyproject.toml; this reads the installed copy's metadata
    (only when asked: importlib.metadata costs every ``import console`` tens of milliseconds)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tabletop-console")
    except PackageNotFoundError:  # a checkout on the path that was never installed
        return "0+unknown"


def __getattr__(name: str) -> str:  # ``console.__version__``, read on first use (PEP 562)
    if name == "__version__":
        return _version()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
