"""The run-time layers point one way (docs/design.md, "Layers, one way"): a module of console/
imports only modules of its own layer or of the layers below it, never one above it; the apps on
the same layer (web, venue, the terminal) do not import each other; the drivers in console/inputs/
import nothing of a game, a journal or a table; and no two modules outside the engines import each
other.

Read by ``ast`` over the sources, every import counted: at the top, inside a function, and under
``TYPE_CHECKING`` (a type is a dependency too).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

CONSOLE = Path(__file__).resolve().parent.parent / "console"

# From the ground up. A module belongs to the first entry whose name is it or a package above it.
LAYERS: list[tuple[str, ...]] = [
    # the package's own places and its words (console.i18n: the catalogs); they import nothing of it
    ("console", "console.paths", "console.resources", "console.i18n"),
    ("console.games",),  # the engines and their contract
    ("console.bots",),  # a game's bots by name
    ("console.journal", "console.walcheck"),  # the only owner of the journal file, and its log's check
    ("console.table", "console.scenario"),  # one game, its seats, its journal rows
    ("console.lab",),  # the designer's lab: simulations over games and bots, no table, no hub
    ("console.inputs",),  # drivers only -> InputEvent
    ("console.physical",),  # what a physical table means
    ("console.hub",),  # workers, the clock, commands
    ("console.http",),  # what every web app shares
    (
        "console.web",
        "console.venue",
        "console.play",
        "console.play_board",
        "console.play_names",
        "console.play_text",
    ),  # apps
    ("console.cli", "console.bench"),  # commands and benchmarks: may import anything
]
# Apps on one layer import none of each other.
APPS = ("console.web", "console.venue", "console.play")

# What the drivers may import besides the standard library and their own package.
DRIVERS_MAY_IMPORT = ("console.inputs", "console.resources", "console.paths")

# The imports that still point the wrong way, each to be struck as it is fixed: (importer, imported).
KNOWN: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(CONSOLE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_command(module: str) -> bool:
    """A command or benchmark module (cli*.py, bench*.py) sits at the top wherever it lives."""
    last = module.rsplit(".", 1)[-1]
    return last.startswith(("cli", "bench")) and module != "console"


def group(module: str) -> str:
    """The entry of LAYERS that holds ``module``."""
    if is_command(module):
        return "console.cli"
    for layer in LAYERS:
        for name in sorted(layer, key=len, reverse=True):
            if module == name or module.startswith(name + "."):
                if name == "console" and module != "console":
                    continue
                return name
    raise AssertionError(f"{module} is in no layer: add it to LAYERS in tests/test_layers.py")


def rank(module: str) -> int:
    name = group(module)
    return next(i for i, layer in enumerate(LAYERS) if name in layer)


def app(module: str) -> str | None:
    name = group(module)
    for prefix in APPS:
        if name == prefix or name.startswith(prefix + "_") or name.startswith(prefix + "."):
            return prefix
    return None


def imports(path: Path) -> Iterator[tuple[str, int]]:
    """The console modules ``path`` imports, each with its line."""
    module = module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            yield target, node.lineno


@functools.cache  # every file parsed once for the module's checks, not once per check
def edges() -> tuple[tuple[str, str, str], ...]:
    """Every import of a console module by a console module: (importer, imported, where)."""
    return tuple(
        (module_name(path), imported, f"{path.relative_to(CONSOLE.parent)}:{line}")
        for path in sorted(CONSOLE.rglob("*.py"))
        for imported, line in imports(path)
        if imported == "console" or imported.startswith("console.")
    )


def is_driver(module: str) -> bool:
    return group(module) == "console.inputs"


def wrong_way() -> dict[tuple[str, str], str]:
    """Every import that points up, across the apps, or out of the drivers: (importer, imported) -> where."""
    found: dict[tuple[str, str], str] = {}
    for importer, imported, where in edges():
        up = rank(imported) > rank(importer)
        across = app(importer) is not None and app(imported) not in (None, app(importer))
        driver = is_driver(importer) and not any(
            imported == name or imported.startswith(name + ".") for name in DRIVERS_MAY_IMPORT
        )
        if up or across or driver:
            found.setdefault((importer, imported), where)
    return found


def circles() -> set[tuple[str, str]]:
    """Pairs of modules outside the engines that import each other (each pair once, sorted)."""
    pairs = {
        (a, b)
        for a, b, _ in edges()
        if a != b and not a.startswith("console.games") and not is_command(a) and not is_command(b)
    }
    return {tuple(sorted((a, b))) for a, b in pairs if (b, a) in pairs}  # type: ignore[misc]


def test_every_module_has_a_layer() -> None:
    for path in CONSOLE.rglob("*.py"):
        group(module_name(path))


def test_no_layer_imports_one_above_it() -> None:
    found = wrong_way()
    new = {pair: where for pair, where in found.items() if pair not in KNOWN}
    assert not new, "imports that point up a layer (docs/design.md, 'Layers, one way'):\n" + "\n".join(
        f"  {where}: {a} imports {b}" for (a, b), where in sorted(new.items())
    )


def test_known_exceptions_are_still_there() -> None:
    """An exception fixed is struck from KNOWN, so the list only shrinks."""
    fixed = KNOWN - set(wrong_way()) - circles()
    assert not fixed, f"fixed, so strike them from KNOWN: {sorted(fixed)}"


def test_no_two_modules_import_each_other() -> None:
    new = circles() - KNOWN
    assert not new, f"modules that import each other (a circle): {sorted(new)}"


def test_the_check_sees_an_upward_import(tmp_path: Path) -> None:
    assert rank("console.hub.worker") > rank("console.inputs.events")
    assert rank("console.games.core") < rank("console.journal")
    assert group("console.hub.cli_record") == "console.cli"
    assert app("console.venue.web") == "console.venue" and app("console.web.api") == "console.web"
    assert app("console.play_text") == "console.play"
