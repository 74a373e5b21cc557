"""Tiny Duel (tests/tinygame), really installed by pip into a folder of its own, as a fourth game
would be: ``tiny_site`` is that folder (for a subprocess's PYTHONPATH), ``tiny`` puts it on this
process's path for one test and gives the game as the registry finds it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import console.games as registry
from console.games.core import Game
from console.web import page_data

TINY = Path(__file__).resolve().parents[1] / "tinygame"


@pytest.fixture(scope="session")
def tiny_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("tinygame")
    source = base / "source"  # a clean copy: a build/ or egg-info left in the tree stays there
    shutil.copytree(TINY, source, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build"))
    site = base / "site"
    installed = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--no-compile",
            "-q",
            "--target",
            str(site),
            str(source),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert (site / "tiny_duel" / "page.js").is_file(), "the page script ships in the package"
    return site


def _forget() -> None:
    for name in [name for name in sys.modules if name == "tiny_duel" or name.startswith("tiny_duel.")]:
        del sys.modules[name]
    registry.refresh()
    page_data.cards.cache_clear()
    page_data.script.cache_clear()
    page_data.start_form.cache_clear()


@pytest.fixture
def tiny(tiny_site: Path) -> Iterator[Game]:
    """The installed game, found by name through its entry point; unregistered afterwards."""
    sys.path.insert(0, str(tiny_site))
    _forget()
    try:
        yield registry.find_game("duel")
    finally:
        sys.path.remove(str(tiny_site))
        _forget()
