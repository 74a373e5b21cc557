"""Mutation testing: inject one simple fault at a time into a module and see whether its tests fail.

    python tests/mutation/mutate.py console/inputs/protocol.py [--tests tests/inputs] [--jobs 2]

Each mutant is one change to the module's syntax tree: a comparison flipped, a number moved by
one, ``and``/``or`` swapped, a condition negated, a statement replaced by ``pass``, a raise
deleted. Every mutant runs the module's tests (from ``targets.toml``, or ``--tests``) against a
copy of the ``console`` package with the one change, so the working tree is never touched. A
mutant the tests do not catch is a survivor; one that cannot be caught because it means the
same (``x >= 1`` for an ``x`` never 0) is recorded in ``equivalent.toml`` with the reason.
The report lists survivors and the score net of equivalents; the exit status is 1 if any
survivor is unexplained.
"""

from __future__ import annotations

import argparse
import ast
import os
import queue
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
FLIPS: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}


@dataclass(frozen=True)
class Mutant:
    """One fault: where (line), what kind, and what the source said; ``key`` names it stably."""

    number: int  # its place in the walk of the tree, to find the node again
    line: int
    kind: str
    original: str
    repeat: int = 1  # the second, third... mutant of one line with the same kind and text

    @property
    def key(self) -> str:
        # `f(x[0], 0)` has two "0" mutants on one line: the second is keyed ...:0#2
        suffix = f"#{self.repeat}" if self.repeat > 1 else ""
        return f"{self.line}:{self.kind}:{self.original}{suffix}"


# A line of source with its ending, split where the parser counts lines (\r\n, \r or \n; not at a
# form feed, as str.splitlines would): how ast.get_source_segment numbers them.
LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


class _Walker(ast.NodeTransformer):
    """Walks the tree listing mutation points; with ``target`` set, applies that one."""

    def __init__(self, source: str, target: int | None = None) -> None:
        self.target = target
        # Split once: ast.get_source_segment splits the whole source again for every node it is
        # asked about, which made listing a module's mutants quadratic (20 s for console/games/core.py).
        self.lines = LINE.findall(source)
        self.found: list[Mutant] = []

    def _segment(self, node: ast.AST) -> str:
        """What ``ast.get_source_segment(source, node)`` gives, from the lines split once."""
        lineno, col_offset = getattr(node, "lineno", None), getattr(node, "col_offset", None)
        end_lineno, end_col_offset = getattr(node, "end_lineno", None), getattr(node, "end_col_offset", None)
        if lineno is None or col_offset is None or end_lineno is None or end_col_offset is None:
            return ""
        first, last = self.lines[lineno - 1].encode(), self.lines[end_lineno - 1].encode()
        if end_lineno == lineno:
            return first[col_offset:end_col_offset].decode()
        middle = "".join(self.lines[lineno : end_lineno - 1])
        return first[col_offset:].decode() + middle + last[:end_col_offset].decode()

    def _point(self, node: ast.AST, kind: str) -> bool:
        segment = self._segment(node).split("\n")[0][:60]
        number = len(self.found)
        self.found.append(Mutant(number, getattr(node, "lineno", 0), kind, segment))
        return number == self.target

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        if type(node.ops[0]) in FLIPS and self._point(node, "flip-comparison"):
            node.ops[0] = FLIPS[type(node.ops[0])]()
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        if self._point(node, "swap-and-or"):
            node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        if isinstance(node.value, int) and not isinstance(node.value, bool):
            if self._point(node, "number+1"):
                return ast.copy_location(ast.Constant(node.value + 1), node)
            if self._point(node, "number-1"):
                return ast.copy_location(ast.Constant(node.value - 1), node)
        if isinstance(node.value, bool) and self._point(node, "flip-bool"):
            return ast.copy_location(ast.Constant(not node.value), node)
        return node

    def _negate_test(self, node: ast.If | ast.While | ast.IfExp | ast.Assert) -> None:
        if self._point(node.test, "negate-condition"):
            node.test = ast.copy_location(ast.UnaryOp(ast.Not(), node.test), node.test)

    def visit_If(self, node: ast.If) -> ast.AST:
        self._negate_test(node)
        self.generic_visit(node)
        return node

    def visit_While(self, node: ast.While) -> ast.AST:
        self._negate_test(node)
        self.generic_visit(node)
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        self._negate_test(node)
        self.generic_visit(node)
        return node

    def visit_Raise(self, node: ast.Raise) -> ast.AST:
        if self._point(node, "delete-raise"):
            return ast.copy_location(ast.Pass(), node)
        return node

    def _delete(self, node: ast.stmt) -> ast.AST:
        self.generic_visit(node)
        if self._point(node, "delete-statement"):
            return ast.copy_location(ast.Pass(), node)
        return node

    def visit_Return(self, node: ast.Return) -> ast.AST:
        return self._delete(node) if node.value is not None else node

    def visit_Assign(self, node: ast.Assign) -> ast.AST:
        return self._delete(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> ast.AST:
        return self._delete(node)

    def visit_Expr(self, node: ast.Expr) -> ast.AST:
        if isinstance(node.value, ast.Constant):  # a docstring
            return node
        return self._delete(node)

    def visit_Continue(self, node: ast.Continue) -> ast.AST:
        return self._delete(node)

    def visit_Break(self, node: ast.Break) -> ast.AST:
        return self._delete(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        # Annotations and decorators are not run as the module's logic; mutate the body only.
        node.body = [self.visit(statement) for statement in node.body]
        return node


def _skipped_lines(source: str) -> set[int]:
    """Lines of the module-level docstring, imports and ``TYPE_CHECKING`` blocks: not logic."""
    skipped: set[int] = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.Import | ast.ImportFrom) or (
            isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        ):
            skipped.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return skipped


def mutants(source: str) -> list[Mutant]:
    walker = _Walker(source)
    walker.visit(ast.parse(source))
    skipped = _skipped_lines(source)
    seen: dict[str, int] = {}
    found = []
    for mutant in walker.found:
        if mutant.line not in skipped:
            seen[mutant.key] = seen.get(mutant.key, 0) + 1
            found.append(replace(mutant, repeat=seen[mutant.key]))
    return found


def mutated_source(source: str, mutant: Mutant) -> str:
    tree = _Walker(source, mutant.number).visit(ast.parse(source))
    return ast.unparse(ast.fix_missing_locations(tree))


def _copy_of_the_repository(folder: Path) -> None:
    """The ``console`` package copied into ``folder``, and every other top-level entry linked
    beside it: the package finds firmware/ and hardware/ next to itself, as in a checkout."""
    shutil.copytree(ROOT / "console", folder / "console", ignore=shutil.ignore_patterns("__pycache__"))
    for entry in ROOT.iterdir():
        if entry.name != "console" and not entry.name.startswith("."):
            (folder / entry.name).symlink_to(entry)


def _test_run(
    folder: Path, module: Path, tests: list[str], text: str, timeout: float
) -> subprocess.CompletedProcess[bytes]:
    """The tests run against the copy in ``folder``, in which ``module`` now reads ``text``."""
    (folder / module.relative_to(ROOT)).write_text(text)
    env = {**os.environ, "PYTHONPATH": str(folder), "PYTHONDONTWRITEBYTECODE": "1"}
    # -P: the working folder (the repository) must not come before the mutated copy on sys.path.
    # -n 0: one process per mutant, though the suite's addopts spread it over every core; with
    # PYTEST_DISABLE_PLUGIN_AUTOLOAD=1, xdist is loaded by name so that -n is understood.
    xdist = ["-p", "xdist.plugin"] if os.environ.get("PYTEST_DISABLE_PLUGIN_AUTOLOAD") else []
    command = [
        sys.executable,
        "-P",
        "-m",
        "pytest",
        *xdist,
        "-n",
        "0",
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:randomly",
        "--no-header",
        *tests,
    ]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, timeout=timeout)


def _run(
    copies: queue.SimpleQueue[Path], module: Path, tests: list[str], mutated: str, timeout: float
) -> bool:
    """True if the tests catch the mutant whose source is ``mutated`` (fail, error or hang)."""
    folder = copies.get()  # a copy no other job uses now; each run writes the whole module
    try:
        return _test_run(folder, module, tests, mutated, timeout).returncode != 0
    except subprocess.TimeoutExpired:
        return True
    finally:
        copies.put(folder)


def _targets() -> dict[str, list[str]]:
    data = tomllib.loads((HERE / "targets.toml").read_text())
    return {module: list(tests) for module, tests in data["targets"].items()}


def equivalents(module: str) -> dict[str, str]:
    """The recorded equivalent mutants of ``module``: key -> reason."""
    data = tomllib.loads((HERE / "equivalent.toml").read_text())
    return {
        entry["mutant"]: entry["reason"] for entry in data.get("equivalent", []) if entry["module"] == module
    }


def _iter_results(
    folders: list[Path], module: Path, tests: list[str], chosen: list[Mutant], source: str, timeout: float
) -> Iterator[tuple[Mutant, bool]]:
    # One copy of the package per job, reused mutant after mutant: copying it for each mutant
    # cost a fifth of a fast module's CPU.
    copies: queue.SimpleQueue[Path] = queue.SimpleQueue()
    for folder in folders:
        copies.put(folder)
    with ThreadPoolExecutor(max_workers=len(folders)) as pool:
        # Sources are built here, not in the pool: CPython 3.11's ast is not safe across threads
        # ("AST constructor recursion depth mismatch").
        futures = [
            (mutant, pool.submit(_run, copies, module, tests, mutated_source(source, mutant), timeout))
            for mutant in chosen
        ]
        for mutant, future in futures:
            yield mutant, future.result()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="run a module's mutants against its tests")
    parser.add_argument("module", help="a file under console/, e.g. console/inputs/protocol.py")
    parser.add_argument("--tests", nargs="*", help="test files or folders (default: targets.toml)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds a mutant's tests may take")
    parser.add_argument("--sample", type=int, default=0, help="run every Nth mutant only (0: all)")
    parser.add_argument("--lines", default="", help="only mutants on these lines, like 40-60")
    parser.add_argument(
        "--keys",
        nargs="*",
        default=[],
        help="only these mutants, keyed as a survivor is printed (52:number+1:0)",
    )
    args = parser.parse_args(argv)
    module = (ROOT / args.module).resolve()
    name = module.relative_to(ROOT).as_posix()
    tests = args.tests or _targets().get(name)
    if not tests:
        print(f"mutate: no tests named for {name}: pass --tests or add it to targets.toml")
        return 2
    source = module.read_text()
    chosen = mutants(source)
    if args.lines:
        first, _, last = args.lines.partition("-")
        chosen = [m for m in chosen if int(first) <= m.line <= int(last or first)]
    if args.keys:
        unknown = sorted(set(args.keys) - {m.key for m in chosen})
        if unknown:
            print(f"mutate: {name} has no mutant {', '.join(unknown)} (see the keys survivors print)")
            return 2
        chosen = [m for m in chosen if m.key in args.keys]
    if args.sample > 1:
        chosen = chosen[:: args.sample]
    with tempfile.TemporaryDirectory(prefix="mutants-") as base:
        folders = [Path(base, str(job)) for job in range(max(1, min(args.jobs, len(chosen))))]
        for folder in folders:
            _copy_of_the_repository(folder)
        return _report(name, folders, module, tests, chosen, source, args.timeout)


def _report(
    name: str,
    folders: list[Path],
    module: Path,
    tests: list[str],
    chosen: list[Mutant],
    source: str,
    timeout: float,
) -> int:
    # Tests that fail with no mutant in place would count every mutant as caught.
    clean = _test_run(folders[0], module, tests, source, timeout)
    if clean.returncode != 0:
        tail = clean.stdout.decode(errors="replace").strip().splitlines()[-3:]
        print(f"mutate: the tests fail on the unmutated copy of {name}, so nothing can be measured:")
        print("\n".join(tail))
        return 2
    known = equivalents(name)
    survivors, equivalent, caught = [], [], 0
    for index, (mutant, killed) in enumerate(
        _iter_results(folders, module, tests, chosen, source, timeout), start=1
    ):
        if killed:
            caught += 1
        elif mutant.key in known:
            equivalent.append(mutant)
        else:
            survivors.append(mutant)
        if sys.stderr.isatty():
            print(f"\r{index}/{len(chosen)} mutants", end="", file=sys.stderr, flush=True)
    if sys.stderr.isatty():
        print(file=sys.stderr)
    for mutant in survivors:
        print(f"survived  {name}  {mutant.key}")
    net = len(chosen) - len(equivalent)
    score = 100.0 * caught / net if net else 100.0
    print(
        f"{name}: {len(chosen)} mutants, {caught} caught, {len(equivalent)} equivalent, "
        f"{len(survivors)} survived; score net of equivalents {score:.1f} %"
    )
    return 1 if survivors else 0


if __name__ == "__main__":
    sys.exit(main())
