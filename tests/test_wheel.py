"""The package stands alone: its wheel, installed in a fresh virtual environment outside the
repository, serves a table with simulated pods (the packaged firmware), simulates games, finds
the packaged pin map and prints a card sheet, with nothing of the checkout on its path."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import sysconfig
import time
import urllib.request
import venv
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
# What the wheel is built from: the package, the folders it ships, the build files.
SOURCES = ("console", "firmware", "hardware", "pyproject.toml", "setup.py", "README.md")
PURELIB = "import sysconfig; print(sysconfig.get_paths()['purelib'])"


@dataclass(frozen=True)
class Installed:
    venv: Path
    home: Path  # the working folder and the user's home, outside the repository

    def env(self) -> dict[str, str]:
        return {
            "PATH": f"{self.venv / 'bin'}:/usr/bin:/bin",
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.home / "config"),
            "XDG_DATA_HOME": str(self.home / "data"),
            "PYTHONUNBUFFERED": "1",
            "PYTHONDONTWRITEBYTECODE": "1",
        }

    def run(self, *args: str, timeout: float = 120, **env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(self.venv / "bin" / "tabletop"), *args],
            cwd=self.home,
            env={**self.env(), **env},
            capture_output=True,
            text=True,
            timeout=timeout,
        )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"  # a clean copy: an in-tree build/ could carry files since removed
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "dist")
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=ignore)
        else:
            shutil.copy2(ROOT / name, source / name)
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(base / "dist"), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    wheel = next((base / "dist").glob("tabletop_console-*.whl"))
    target = base / "venv"
    venv.create(target, with_pip=False)
    # The dependencies (flask, pyserial...) come from this environment's site-packages, added as
    # a plain path: its .pth files, among them the editable install of the checkout, are not run.
    site = Path(
        subprocess.run(
            [str(target / "bin" / "python"), "-c", PURELIB],
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout.strip()
    )
    site.joinpath("dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    # pip --python (pip 22.3 and later) installs into the new environment, which has no pip.
    install = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(target / "bin" / "python"),
            "install",
            "-q",
            "--no-deps",
            str(wheel),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    home = base / "home"
    home.mkdir()
    yield Installed(target, home)


def test_the_installed_wheel_not_the_checkout_is_what_runs(installed: Installed) -> None:
    probe = subprocess.run(
        [
            str(installed.venv / "bin" / "python"),
            "-c",
            "import json, sys, console, console.hardware, console.pod_firmware; "
            "print(json.dumps([console.__file__, list(console.pod_firmware.__path__), sys.path]))",
        ],
        cwd=installed.home,
        env=installed.env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert probe.returncode == 0, probe.stderr
    module, firmware, path = json.loads(probe.stdout)
    assert Path(module).is_relative_to(installed.venv), module
    assert all(Path(folder).is_relative_to(installed.venv) for folder in firmware), firmware
    # The test environment's own site-packages (lent for the dependencies; in CI it is the
    # checkout's .venv) may be on the path; no folder of the checkout's source may.
    lent = Path(sysconfig.get_paths()["purelib"]).resolve()
    inside = [entry for entry in path if entry and Path(entry).resolve().is_relative_to(ROOT)]
    assert all(Path(entry).resolve() == lent for entry in inside), path


def test_the_wheel_ships_the_catalogs(installed: Installed) -> None:
    """The .po files (compiled in memory) and the templates are package data, the console's and
    each game's: German from the wheel."""
    probe = subprocess.run(
        [
            str(installed.venv / "bin" / "python"),
            "-c",
            "from console import i18n; print(i18n.gettext('de', 'Your move:'), i18n.gettext('es', 'Log'), "
            "len(list(i18n.template())) > 100, i18n.gettext('qps', 'Log'), "
            "i18n.translations('de', 'console.games.wisteria').gettext('Retreat'))",
        ],
        cwd=installed.home,
        env=installed.env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.split()[:5] == ["Dein", "Zug:", "Registro", "True", "⟦Lóg"], probe.stdout
    assert probe.stdout.split()[-1] == "Rückzug", probe.stdout  # a game's own catalog ships with it


def test_simulate_plays_games_from_the_wheel(installed: Installed) -> None:
    result = installed.run("simulate", "wheels", "--games", "3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("wheels: 3 games"), result.stdout


def test_doctor_finds_the_packaged_pin_map(installed: Installed) -> None:
    result = installed.run("doctor", "--hello-timeout", "0.1", GPIOZERO_PIN_FACTORY="mock")
    pin_map = re.search(r"^ok pin map: (\S+), seats \[1, 2, 3, 4\]$", result.stdout, re.MULTILINE)
    assert pin_map, result.stdout + result.stderr
    assert Path(pin_map.group(1)).is_relative_to(installed.venv)
    assert Path(pin_map.group(1)).name == "pins.toml"


def test_cards_sheet_writes_a_printable_deck(installed: Installed) -> None:
    out = installed.home / "wheels.svg"
    result = installed.run("cards", "sheet", "wheels", "--out", str(out))
    assert result.returncode == 0, result.stderr
    pages = [Path(line.removeprefix("wrote ")) for line in result.stdout.splitlines()]
    assert pages and all(page.parent == installed.home for page in pages), result.stdout
    assert all(page.read_text(encoding="utf-8").lstrip().startswith(("<?xml", "<svg")) for page in pages)


def test_serve_simulate_answers_a_page_and_a_stream(installed: Installed) -> None:
    process = subprocess.Popen(
        [str(installed.venv / "bin" / "tabletop"), "serve", "--simulate", "--port", "0"],
        cwd=installed.home,
        env=installed.env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    lines: list[str] = []
    try:
        url = None
        deadline = time.monotonic() + 60
        while url is None and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            lines.append(line.rstrip())
            found = re.search(r"serving on (http://\S+/) ", line)
            url = found.group(1) if found else None
        assert url, "\n".join(lines)
        assert any(line.startswith("tabletop: inputs: SIMULATED: 2 pods") for line in lines), lines
        with urllib.request.urlopen(url + "tables/1", timeout=10) as page:
            assert page.status == 200 and "text/html" in page.headers["Content-Type"]
        with urllib.request.urlopen(url + "api/tables/1/events", timeout=10) as stream:
            assert stream.headers["Content-Type"].startswith("text/event-stream")
            first = stream.readline().decode()
            assert first.startswith(("id:", "event:", "data:", ":")), first
    finally:
        process.terminate()
        process.wait(20)
        process.stdout.close()
