"""The mutation tool finds the faults a module's tests miss, and only those."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
spec = importlib.util.spec_from_file_location("mutate", HERE / "mutate.py")
assert spec and spec.loader
mutate = importlib.util.module_from_spec(spec)
sys.modules["mutate"] = mutate
spec.loader.exec_module(mutate)

SOURCE = '''"""A module."""
import math


def clamp(value: int, low: int = 0) -> int:
    """Docstring."""
    if value < low:
        return low
    total = value + 1
    return total - 1
'''


def test_every_kind_of_fault_is_listed_but_not_imports_or_docstrings() -> None:
    kinds = [(m.line, m.kind) for m in mutate.mutants(SOURCE)]
    assert (7, "negate-condition") in kinds and (7, "flip-comparison") in kinds
    assert (8, "delete-statement") in kinds and (9, "number+1") in kinds and (9, "number-1") in kinds
    assert all(line not in (1, 2, 6) for line, _ in kinds)


def test_a_mutant_changes_exactly_one_place() -> None:
    flip = next(m for m in mutate.mutants(SOURCE) if m.kind == "flip-comparison")
    changed = mutate.mutated_source(SOURCE, flip)
    assert "value <= low" in changed and "value + 1" in changed


def test_mutant_keys_are_stable_and_name_the_line() -> None:
    first = [m.key for m in mutate.mutants(SOURCE)]
    assert first == [m.key for m in mutate.mutants(SOURCE)]
    assert "7:flip-comparison:value < low" in first


def test_two_alike_mutants_on_one_line_have_different_keys() -> None:
    keys = [m.key for m in mutate.mutants("def f(x):\n    return max(x[0], 0)\n") if m.kind == "number+1"]
    assert keys == ["2:number+1:0", "2:number+1:0#2"]


def _seat_text_lines() -> str:
    import inspect

    from console.games import core

    lines, first = inspect.getsourcelines(core.seat_text)
    return f"{first}-{first + len(lines) - 1}"


@pytest.fixture
def no_plugin_autoload(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each mutant's pytest starts without the installed plugins (hypothesis alone takes over a
    second to import), as the README advises for real runs: these tests' tiny test files use none.
    The path with autoload on is kept by the broken-tests test below."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")


WEAK_TEST = "from console.games.core import seat_text\n\ndef test_it_runs():\n    seat_text(3)\n"


@pytest.fixture(scope="module")
def weak_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], int, str]:
    """One run of every seat_text mutant against a test that pins nothing: its arguments, exit
    status and report. Two tests read it; each ran it afresh before, the same run twice."""
    weak = tmp_path_factory.mktemp("weak") / "test_weak.py"
    weak.write_text(WEAK_TEST)
    where = ["console/games/core.py", "--lines", _seat_text_lines(), "--tests", str(weak)]
    out = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(out):
        patch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
        status = mutate.main(where)
    return where, status, out.getvalue()


@pytest.mark.slow
def test_mutants_a_weak_test_misses_survive_and_fail_the_run(weak_run: tuple[list[str], int, str]) -> None:
    _, status, out = weak_run
    assert status == 1
    assert out.count("survived  console/games/core.py") >= 2
    assert "0 caught" in out


@pytest.mark.slow
def test_a_test_that_pins_the_behaviour_catches_every_mutant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_plugin_autoload: None
) -> None:
    strong = tmp_path / "test_strong.py"
    strong.write_text(
        "from console.games.core import seat_text\n\ndef test_it():\n"
        "    assert seat_text(0) == 'chance' and seat_text(3) == '3'\n"
    )
    status = mutate.main(["console/games/core.py", "--lines", _seat_text_lines(), "--tests", str(strong)])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "0 survived" in out and "score net of equivalents 100.0 %" in out


@pytest.mark.slow
def test_tests_that_fail_without_a_mutant_stop_the_run_instead_of_counting_all_caught(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "test_broken.py"
    broken.write_text("def test_it():\n    assert False\n")
    status = mutate.main(["console/games/core.py", "--lines", _seat_text_lines(), "--tests", str(broken)])
    out = capsys.readouterr().out
    assert status == 2
    assert "fail on the unmutated copy" in out and "caught" not in out


@pytest.mark.slow
def test_the_copy_has_the_firmware_and_hardware_folders_beside_the_package(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_plugin_autoload: None
) -> None:
    needs_firmware = tmp_path / "test_firmware.py"
    needs_firmware.write_text(
        "from console.games.core import seat_text\nfrom console.inputs import pins\n"
        "from console.inputs.firmware import load_firmware_module\n\ndef test_it():\n"
        "    load_firmware_module('pod_protocol')\n    assert pins.DEFAULT_PIN_FILE.exists()\n"
        "    assert seat_text(0) == 'chance' and seat_text(3) == '3'\n"
    )
    status = mutate.main(
        ["console/games/core.py", "--lines", _seat_text_lines(), "--tests", str(needs_firmware)]
    )
    out = capsys.readouterr().out
    assert status == 0, out
    assert "0 survived" in out


@pytest.mark.slow
def test_keys_rerun_only_the_named_mutants_as_the_survivors_print_them(
    weak_run: tuple[list[str], int, str], capsys: pytest.CaptureFixture[str], no_plugin_autoload: None
) -> None:
    where, _, printed = weak_run
    keys = [line.split("  ")[2] for line in printed.splitlines() if line.startswith("survived")]
    assert len(keys) >= 2
    status = mutate.main([*where, "--keys", keys[1]])
    out = capsys.readouterr().out
    assert status == 1 and f"survived  console/games/core.py  {keys[1]}\n" in out
    assert out.count("survived  ") == 1 and "1 mutants, 0 caught" in out
    assert mutate.main([*where, "--keys", "1:no-such-kind:x"]) == 2
    assert "has no mutant 1:no-such-kind:x" in capsys.readouterr().out
