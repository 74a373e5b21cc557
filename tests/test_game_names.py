"""Nothing outside console/games/ names a game: the generic code asks the contract, and a game
packaged on its own gets every feature with no edit elsewhere. The registry's default games and
the example configuration's one value are the only places a built-in game's name is written in
code (documentation, like console/web/API.md, may use one as an example)."""

from __future__ import annotations

import re
from pathlib import Path

from console.games import game_names

CONSOLE = Path(__file__).resolve().parents[1] / "console"
ALLOWED = {
    CONSOLE / "games",  # the engines and their registry
    CONSOLE / "hub" / "hub.example.toml",  # an example value a user edits: game = "..."
}
SUFFIXES = {".py", ".html", ".js", ".css", ".toml"}


def _allowed(path: Path) -> bool:
    return any(path == place or place in path.parents for place in ALLOWED)


def test_no_file_outside_the_games_names_a_game() -> None:
    # A name as code writes it ("watch", 'wheels:') or as prose does (Wisteria); "watch" the verb
    # and /watch the old address are words, not the game.
    quoted = "|".join(rf"[\"']{re.escape(name)}[\"':]" for name in game_names())
    proper = "|".join(rf"\b{re.escape(name.title())}\b" for name in game_names())
    names = re.compile(f"{quoted}|{proper}")
    found = []
    for path in sorted(CONSOLE.rglob("*")):
        if path.suffix not in SUFFIXES or _allowed(path) or "__pycache__" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for match in names.finditer(line):
                found.append(f"{path.relative_to(CONSOLE.parent)}:{number}: {match.group(0)}")
    assert found == [], "\n".join(found)
