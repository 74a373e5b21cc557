"""The registry finds every game through the ``tabletop.games`` entry points, the built-in ones
included, loads each only when asked, and a broken plugin never stops the others loading."""

from __future__ import annotations

import importlib.metadata
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import console.games as registry
from console.games import DEFAULT_GAME, find_game, game_names, games
from console.games.core import UnknownGame


def test_the_built_in_games_are_entry_points_of_this_package() -> None:
    ours = importlib.metadata.distribution("tabletop-console").entry_points.select(group=registry.GROUP)
    found = {entry.name: entry.value for entry in ours}
    assert found == registry.BUILT_IN, "reinstall the package (pip install -e .) to refresh its entry points"
    for name in found:
        assert find_game(name).name == name
    assert DEFAULT_GAME in game_names()


def plugin(folder: Path, name: str, module: str, source: str | None) -> None:
    """A distribution installed in ``folder`` as pip would: its metadata and entry points, and
    its module (none: a plugin whose package has gone)."""
    info = folder / f"{module}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module.replace('_', '-')}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{registry.GROUP}]\n{name} = {module}:GAME\n")
    if source is not None:
        (folder / f"{module}.py").write_text(source)


@pytest.fixture
def plugins(tmp_path: Path) -> Iterator[Path]:
    """A folder of plugins on ``sys.path``, read by the registry; all gone again afterwards."""
    sys.path.insert(0, str(tmp_path))
    registry.refresh()
    yield tmp_path
    sys.path.remove(str(tmp_path))
    for module in [name for name in sys.modules if name.startswith("plugin_")]:
        del sys.modules[module]
    registry.refresh()


def test_a_broken_plugin_does_not_stop_the_others_loading(plugins: Path) -> None:
    plugin(plugins, "crash", "plugin_crash", "raise RuntimeError('half-written game')\n")
    plugin(plugins, "liar", "plugin_liar", "GAME = object()\n")
    plugin(plugins, "ghost", "plugin_ghost", None)
    registry.refresh()
    names = game_names()
    assert {"crash", "liar", "wisteria", "wheels", "watch"} <= set(names)
    assert "ghost" not in names  # its package is not installed: nothing to offer
    with pytest.raises(UnknownGame, match=r"'crash' could not be loaded: RuntimeError: half-written game"):
        find_game("crash")
    with pytest.raises(UnknownGame, match=r"'liar' is registered as plugin_liar:GAME, which is not a Game"):
        find_game("liar")
    with pytest.raises(UnknownGame, match="'ghost' is not built yet"):
        find_game("ghost")
    assert {game.name for game in games()} == {"wisteria", "wheels", "watch"}
    assert find_game("Wheels").name == "wheels"


def test_an_unknown_name_lists_the_games_there_are() -> None:
    with pytest.raises(UnknownGame, match=r"there is no game 'chess'; games: .*wisteria"):
        find_game("chess")
