"""Where the console keeps its files on this machine: the journal in the user's data folder.

Shared by the command line and the hub, so neither depends on the other.
"""

from __future__ import annotations

import os
from pathlib import Path


def default_journal_path() -> Path:
    """$TABLETOP_JOURNAL, else ``tabletop/journal.db`` in $XDG_DATA_HOME (~/.local/share)."""
    if "TABLETOP_JOURNAL" in os.environ:
        return Path(os.environ["TABLETOP_JOURNAL"])
    data_home = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return data_home / "tabletop" / "journal.db"
