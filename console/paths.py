"""Where the console keeps its files on this machine: the journal in the user's data folder.

Shared by the command line and the hub, so neither depends on the other.
"""

from __future__ import annotations

import os
from pathlib import Path


def data_folder() -> Path:
    """``tabletop`` in $XDG_DATA_HOME (~/.local/share): the console's own files on this machine."""
    data_home = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return data_home / "tabletop"


def default_journal_path() -> Path:
    """$TABLETOP_JOURNAL, else ``journal.db`` in the data folder."""
    if "TABLETOP_JOURNAL" in os.environ:
        return Path(os.environ["TABLETOP_JOURNAL"])
    return data_folder() / "journal.db"


def editions_folder() -> Path:
    """$TABLETOP_EDITIONS, else ``editions`` in the data folder: the rules editions ``tabletop
    balance`` writes, one folder per game, found by name when a game is set up."""
    if "TABLETOP_EDITIONS" in os.environ:
        return Path(os.environ["TABLETOP_EDITIONS"])
    return data_folder() / "editions"
