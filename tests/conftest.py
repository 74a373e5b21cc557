"""What every test folder shares: ``tests.helpers`` importable (the harness in tests/helpers/), one
rule for tests that need an outside program (chromium, mosquitto, node, micropython), and one
for time: a test not marked ``slow`` whose call takes more than ``SLOW_LIMIT_S`` is listed at the
end of the run, and fails at twice that.

Such a test skips with a printed reason when the program is absent, so the README's test
command passes on a fresh machine; with TABLETOP_REQUIRE_ALL=1 (set by .ci/run) the same
absence fails the test, so CI cannot pass by skipping.
"""

from __future__ import annotations

import os
import shutil
import sys
import time
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:  # selenium is imported only by a test that drives a browser
    from tests.helpers.browser import Chromiums

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # pytest runs with --import-mode=importlib, which adds no folder
    sys.path.insert(0, str(ROOT))

# tmp_path under /dev/shm (memory) where the system has it, unless PYTEST_DEBUG_TEMPROOT (pytest's
# own setting for the folder tmp_path is made in) says otherwise. Every journal commits with
# synchronous=FULL, and a test's journals, hubs and brokers commit thousands of times: on a disk
# shared with other work each fsync waited, and the suite's two cores idled for a third of a run
# (test_table and test_journal: 42 s on disk, 16 s in memory). What a test proves of a commit
# holds as well in memory: a killed process loses nothing the kernel has; only a power cut, which
# no test makes, needs the disk. This file is read before pytest makes the folder.
# Bytecode is written, whatever the calling shell says (noxfile.py does the same for its sessions):
# with PYTHONDONTWRITEBYTECODE set, each of pytest's processes rewrote the asserts of every test
# module and compiled it anew, run after run (10 s of CPU per process for `nox -s fast`'s
# selection, over half of its collection), and every hub or command a test starts compiled the
# console again. __pycache__ is ignored by git; tests/mutation/mutate.py sets it again for its
# mutants, whose bytecode could be stale.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# The console speaks this machine's language where no one chose one (console.i18n.system_language
# reads $LC_ALL, then $LC_MESSAGES, then $LANG), and the tests read English unless a test chooses
# another: on a machine whose $LANG is German, `tabletop` and the hub's table screen spoke German to
# every test. Set here, before any test, so every command, hub and browser a test starts inherits
# it; only the messages' category (and $LC_ALL, which overrides it, kept UTF-8), so the machine's
# character encoding stays. A test of the machine's language sets these variables itself.
if os.environ.get("LC_ALL"):
    os.environ["LC_ALL"] = "C.UTF-8"
os.environ["LC_MESSAGES"] = "C.UTF-8"
os.environ.pop("LANGUAGE", None)  # GNU gettext's list of languages, which Chromium reads first

MEMORY = Path("/dev/shm")
if "PYTEST_DEBUG_TEMPROOT" not in os.environ and MEMORY.is_dir() and os.access(MEMORY, os.W_OK):
    os.environ["PYTEST_DEBUG_TEMPROOT"] = str(MEMORY)

REQUIRE_ALL = "TABLETOP_REQUIRE_ALL"
# The files that keep a worker longest, heaviest first (each over about 5 s of one worker on two
# quiet cores). pytest-xdist's loadfile hands files out in collection order (pyproject's addopts
# turn off its own order, by number of tests, which left the few-test browser and engine files
# for last: one worker ran them for two minutes while the other idled). Sorting them first, the
# short files fill in beside them and both workers finish together. The order only schedules: a
# file missing here runs after these, in collection order, as before.
HEAVY_FIRST = (
    "tests/golden/test_golden.py",
    "tests/web/test_web_browser_games.py",
    "tests/web/test_web_evening_2.py",
    "tests/web/test_web_evening_3.py",
    "tests/web/test_web_browser_keyboard.py",
    "tests/web/test_web_documented_evening.py",
    "tests/web/test_web_four_phones.py",
    "tests/games/test_every_engine.py",
    "tests/games/test_takeback.py",
    "tests/web/test_web_browser_seat_leaves.py",
    "tests/web/test_web_hardening_process.py",
    "tests/web/test_web_axe.py",
    "tests/web/test_web_browser_host.py",
    "tests/web/test_web_reliability.py",
    "tests/venue/test_venue_browser.py",
    "tests/test_wheel.py",
    "tests/plugin/test_tiny_game.py",
    "tests/hub/test_recordings.py",
    "tests/games/watch/test_watch_engine.py",
    "tests/test_play_names.py",
    "tests/inputs/test_protocol.py",
    "tests/venue/test_venue_board.py",
    "tests/test_selenium_optional.py",
    "tests/venue/test_venue_publish.py",
    "tests/games/wisteria/test_wisteria_random.py",
    "tests/venue/test_venue_outage.py",
    "tests/venue/test_venue_event.py",
    "tests/web/test_web_browser.py",
    "tests/web/test_web_server.py",
    "tests/mutation/test_mutate.py",
    "tests/venue/test_venue_secrecy.py",
    "tests/web/test_web_secrecy.py",
    "tests/physical/test_sheet.py",
    "tests/games/watch/test_watch_kept.py",
    "tests/web/test_serve_command.py",
    "tests/venue/test_venue_tls.py",
    "tests/web/test_web_restart.py",
    "tests/hub/test_hub_worker_contract.py",
    "tests/games/wheels/test_wheels_engine_checks.py",
    "tests/web/test_web_browser_kits.py",
    "tests/test_journal_cli.py",
    "tests/games/watch/test_watch_bot.py",
    "tests/games/wheels/test_wheels_hidden_information.py",
    "tests/lab/test_report.py",
)
# The most a test's call (not its fixtures) may take unless it is marked slow, on a machine not
# busier than its cores: `nox -s fast` and `pytest -m "not slow"` stay quick only while every
# test over it says so.
SLOW_LIMIT_S = 3.0
OVER_LIMIT = "over the time limit"  # a test's user property: let pass, listed at the end


def missing(reason: str) -> None:
    """Skip the test for ``reason``, or fail it when TABLETOP_REQUIRE_ALL=1."""
    if os.environ.get(REQUIRE_ALL) == "1":
        pytest.fail(f"{reason} ({REQUIRE_ALL}=1 makes this a failure)", pytrace=False)
    pytest.skip(f"{reason} (install it to run this test; {REQUIRE_ALL}=1 makes this a failure)")


def find_program(*names: str) -> str:
    """The path of the first of ``names`` on PATH; skips (or fails) the test if none is."""
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    missing(f"{' or '.join(names)} is not installed (not on PATH)")
    raise AssertionError("unreachable: missing() skips or fails")


@pytest.fixture(scope="session")  # session: a module's fixture may ask for a program too
def require_program() -> Callable[..., str]:
    """``require_program("chromium", "chromium-browser")``: the program's path, else skip/fail."""
    return find_program


@pytest.fixture(scope="session")
def chromiums(require_program: Callable[..., str]) -> Iterator[Chromiums]:
    """This worker's Chromiums, reused from test to test, each handed out as a new device
    (tests/helpers/browser.py, ``Chromiums``); closed when the worker ends."""
    from tests.helpers.browser import Chromiums

    pool = Chromiums(require_program("chromium", "chromium-browser"), require_program("chromedriver"))
    yield pool
    pool.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the files of ``HEAVY_FIRST`` first, in its order; the rest keep theirs. Every xdist
    worker collects the same items and sorts them the same way (a stable sort on fixed ranks), as
    xdist requires."""
    rank = {name: index for index, name in enumerate(HEAVY_FIRST)}
    last = len(HEAVY_FIRST)

    def place(item: pytest.Item) -> int:
        return rank.get(Path(item.path).relative_to(ROOT).as_posix(), last)

    items.sort(key=place)


def slow_limit_s() -> float:
    """``SLOW_LIMIT_S``, stretched while the machine has more to run than it has cores (the
    1-minute load average over the core count): a test is slow for what it does, not for what
    other programs do beside it. The suite's own workers (-n auto) load the machine by about
    its core count, so alone it runs with the plain limit."""
    try:
        load = os.getloadavg()[0]
    except OSError:  # no load average on this system
        load = 0.0
    return SLOW_LIMIT_S * max(1.0, load / (os.cpu_count() or 1))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, None, None]:
    """Fail a test not marked ``slow`` whose call took more than twice its limit; one over the
    limit alone is listed at the end of the run (a test that failed anyway keeps its own failure).
    The margin is for a machine the load average has not caught up with yet: a shared CI machine
    running the browsers beside the suite took a 2.3 s test to 3.2 s, and that says nothing about
    the test."""
    started = time.perf_counter()
    result = yield
    elapsed = time.perf_counter() - started
    if elapsed > SLOW_LIMIT_S and item.get_closest_marker("slow") is None:
        limit = slow_limit_s()
        stretched = f" ({limit:.1f} s on this loaded machine)" if limit > SLOW_LIMIT_S else ""
        twice = "twice " if elapsed > 2 * limit else ""
        said = (
            f"this test took {elapsed:.1f} s, over {twice}the {SLOW_LIMIT_S:g} s limit{stretched} for a "
            "test not marked slow: make it quicker, or mark it @pytest.mark.slow (tests/conftest.py)"
        )
        if twice:
            pytest.fail(said, pytrace=False)
        if elapsed > limit:
            item.user_properties.append((OVER_LIMIT, said))  # reaches the controller under xdist
    return result


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """List the tests over the time limit that were let pass, so the quick run stays quick."""
    over = [
        f"{report.nodeid}: {said}"
        for reports in terminalreporter.stats.values()
        for report in reports
        if isinstance(report, pytest.TestReport) and report.when == "call"
        for key, said in report.user_properties
        if key == OVER_LIMIT
    ]
    if over:
        terminalreporter.section("tests over the time limit")
        for line in over:
            terminalreporter.write_line(line)
