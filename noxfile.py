"""The developer's front door (``pip install nox``, or the ``[test]`` extra, then):

- ``nox -s fast``: the engines, the journal, the inputs and the hub's logic, no slow test: the
  check to run while working (about 30 s);
- ``nox -s lint``: ruff check, ruff format --check and mypy, as CI and pre-commit run them;
- ``nox -s all``: the whole suite, the README's ``pytest``.

``nox`` alone runs lint and fast. Arguments after ``--`` go to pytest (``nox -s fast -- -x``).
Each session keeps its virtual environment in ``.nox/`` and installs ``-e '.[test]'`` into it
only when pyproject.toml or setup.py changed since it last did.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

import nox

nox.options.reuse_existing_virtualenvs = True
nox.options.default_venv_backend = "venv"
nox.options.sessions = ["lint", "fast"]

ROOT = Path(__file__).resolve().parent
PACKAGING = ("pyproject.toml", "setup.py")
# The logic a change most often breaks, without a browser, a broker or a process of its own:
# the engines (their rule scenarios and golden journals), bots, the journal and table, the
# physical inputs and the hub's workers.
FAST = (
    "tests/games",
    "tests/golden",
    "tests/test_scenarios.py",
    "tests/bots",
    "tests/test_journal.py",
    "tests/test_journal_edges.py",
    "tests/test_journal_file.py",
    "tests/test_table.py",
    "tests/inputs",
    "tests/physical",
    "tests/hub",
    "tests/http",
    "tests/test_layers.py",
)


def install(session: nox.Session) -> None:
    """``pip install -e '.[test]'``, unless this environment already has this packaging."""
    packaging = hashlib.sha256(b"".join((ROOT / name).read_bytes() for name in PACKAGING)).hexdigest()
    stamp = Path(session.virtualenv.location) / ".tabletop-packaging"
    if stamp.is_file() and stamp.read_text() == packaging:
        return
    session.install("-e", ".[test]")
    stamp.write_text(packaging)


# Bytecode is written, whatever the calling shell says: with PYTHONDONTWRITEBYTECODE set, each of
# pytest's processes compiled every module and rewrote every test module's asserts anew, run after
# run (9 s of the FAST selection's collection, 2 s with the caches). __pycache__ is ignored by git.
# (tests/mutation/mutate.py sets it again for its mutants, whose pyc could be stale.)
WRITE_BYTECODE: dict[str, str | None] = {"PYTHONDONTWRITEBYTECODE": None}


@nox.session
def fast(session: nox.Session) -> None:
    install(session)
    session.run("pytest", "-m", "not slow", *FAST, *session.posargs, env=WRITE_BYTECODE)


@nox.session
def lint(session: nox.Session) -> None:
    install(session)
    session.run("ruff", "check", ".")
    session.run("ruff", "format", "--check", ".")
    session.run("mypy")


@nox.session(name="all")
def all_tests(session: nox.Session) -> None:
    install(session)
    session.run("pytest", *session.posargs, env=WRITE_BYTECODE)
