"""The lab's optional packages (Dask distributed, matplotlib, the ``[lab]`` extra): a test that
needs one skips with a reason where it is absent, and fails instead under TABLETOP_REQUIRE_ALL=1."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable

import pytest


def need_module(name: str) -> None:
    if importlib.util.find_spec(name) is not None:
        return
    reason = f"{name} is not installed (pip install 'tabletop-console[lab]')"
    if os.environ.get("TABLETOP_REQUIRE_ALL") == "1":
        pytest.fail(f"{reason} (TABLETOP_REQUIRE_ALL=1 makes this a failure)", pytrace=False)
    pytest.skip(f"{reason}; TABLETOP_REQUIRE_ALL=1 makes this a failure")


@pytest.fixture
def require_module() -> Callable[[str], None]:
    """``require_module("distributed")``: returns if importable, else skips (or fails)."""
    return need_module
