"""axe-core (the npm package, run in a real headless Chromium) finds no WCAG 2.2 A or AA violation
on any page of the hub, for every game, in each phase a person meets: the home page, a table
waiting for its phones, a seat at play on the two phone sizes, the spectator page, a seat that is
taken, and a finished game on both screens.

axe-core is read from ``$TABLETOP_AXE_DIR`` (default ``tests/web/.axe``), where .ci/run installs it
(``npm install --prefix tests/web/.axe axe-core@4.14.1``); without it these tests skip, saying so.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from console.web.hub_process import HubProcess
from tests.conftest import missing
from tests.helpers.browser import ARTIFACTS, By, WebDriverWait, size, webdriver
from tests.web.conftest import Browser

pytestmark = [pytest.mark.browser, pytest.mark.slow]

AXE_DIR = Path(os.environ.get("TABLETOP_AXE_DIR", Path(__file__).resolve().parent / ".axe"))
AXE_SCRIPT = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
SIZES = {"phone-360": (360, 740, True), "phone-390": (390, 844, True)}
SCREENS = {"1366x768": (1366, 768, False), "1920x1080": (1920, 1080, False)}
TABLES: dict[str, dict[str, Any]] = {
    "wisteria": {"game": "wisteria", "players": 2, "seats": ["phone", "bot"], "seed": 1},
    "wheels": {"game": "wheels", "players": 2, "seats": ["phone", "bot"], "seed": 2},
    "watch": {"game": "watch", "players": 4, "seats": ["phone", "bot", "bot", "bot"], "seed": 3},
}


@pytest.fixture(scope="module")
def axe() -> str:
    if not AXE_SCRIPT.is_file():
        missing(f"axe-core is not installed at {AXE_DIR}: npm install --prefix {AXE_DIR} axe-core@4.14.1")
    return AXE_SCRIPT.read_text()


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HubProcess]:
    quick = ("--port", "0", "--bot-delay", "0", "--chance-delay", "0", "--keepalive", "1")
    journal = tmp_path_factory.mktemp("axe") / "journal.db"
    process = HubProcess(journal, *quick, "--host", "127.0.0.1", "--seats", "bot,bot")
    yield process
    process.stop()


def violations(driver: webdriver.Chrome, axe: str, viewport: tuple[int, int, bool], where: str) -> list[str]:
    width, height, mobile = viewport
    size(driver, width, height, mobile)
    driver.execute_script(axe)
    found: list[dict[str, Any]] = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"axe.run(document, {{runOnly: {{type: 'tag', values: {WCAG!r}}}}})"
        ".then((r) => done(r.violations.map((v) => "
        "({id: v.id, nodes: v.nodes.map((n) => n.target.join(' '))}))))"
    )
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"axe-{where}-{width}x{height}.png"))
    return [f"{where} {width}x{height}: {v['id']} at {', '.join(v['nodes'][:3])}" for v in found]


def start(hub: HubProcess, spec: dict[str, Any]) -> int:
    status, made = hub.request("POST", "/api/tables", spec, **{"X-Host-Pin": hub.pin})
    assert status == 201, made
    return int(made["id"])


def settle(driver: webdriver.Chrome, css: str = "#board *") -> None:
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, css))


@pytest.mark.parametrize("game", list(TABLES))
def test_no_page_of_a_game_has_a_wcag_violation_in_any_phase(
    hub: HubProcess, browser: Browser, axe: str, game: str
) -> None:
    table = start(hub, TABLES[game])
    screen, phone, other_phone = browser(), browser(), browser()
    found: list[str] = []

    screen.get(f"{hub.url}/")
    found += violations(screen, axe, SIZES["phone-390"], "home")
    screen.get(f"{hub.url}/tables/{table}")  # waiting for its phone: the seat's code is up
    settle(screen)
    for viewport in SCREENS.values():
        found += violations(screen, axe, viewport, f"{game}-table-waiting")
    link = screen.find_element(By.CSS_SELECTOR, "#codes a.code-link").get_attribute("href")

    phone.get(str(link))
    settle(phone, "button.choice")
    for viewport in SIZES.values():
        found += violations(phone, axe, viewport, f"{game}-seat-playing")
    other_phone.get(str(link))  # the seat is taken: the page asks for the host
    WebDriverWait(other_phone, 20).until(lambda d: "is taken" in d.find_element(By.TAG_NAME, "h1").text)
    found += violations(other_phone, axe, SIZES["phone-360"], f"{game}-seat-taken")
    other_phone.get(f"{hub.url}/tables/{table}/spectate")
    settle(other_phone)
    found += violations(other_phone, axe, SIZES["phone-390"], f"{game}-spectate")

    host = {"X-Host-Pin": hub.pin}
    status, _ = hub.request("POST", f"/api/tables/{table}/host", {"command": "end"}, **host)
    assert status == 200
    for driver, sizes, where in ((screen, SCREENS, "table-over"), (phone, SIZES, "seat-over")):
        WebDriverWait(driver, 20).until(lambda d: "Game over" in d.find_element(By.ID, "status").text)
        for viewport in sizes.values():
            found += violations(driver, axe, viewport, f"{game}-{where}")
    assert not found, "\n".join(found)
