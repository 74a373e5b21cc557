"""A real headless Chromium against a real hub process: the table screen on one browser, seat 1's
page at phone size (390x844) on another; seat 1 plays, and both pages show the update arrive.
Screenshots go to test-artifacts/."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
Browser = Callable[..., webdriver.Chrome]


@pytest.fixture
def browser(require_program: Callable[..., str]) -> Iterator[Browser]:
    # Debian's names; without them every test here skips (fails under TABLETOP_REQUIRE_ALL=1).
    chromium = require_program("chromium", "chromium-browser")
    chromedriver = require_program("chromedriver")
    drivers: list[webdriver.Chrome] = []
    profiles: list[str] = []

    def open_browser(phone: bool = False) -> webdriver.Chrome:
        options = webdriver.ChromeOptions()
        for flag in CHROMIUM_FLAGS:
            options.add_argument(flag)
        profiles.append(tempfile.mkdtemp(prefix="tabletop-chromium-"))
        options.add_argument(f"--user-data-dir={profiles[-1]}")
        if phone:
            options.add_experimental_option(
                "mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2}}
            )
        else:
            options.add_argument("--window-size=1600,900")
        options.binary_location = chromium
        driver = webdriver.Chrome(service=Service(chromedriver), options=options)
        drivers.append(driver)
        return driver

    yield open_browser
    for driver in drivers:
        driver.quit()
    for profile in profiles:
        shutil.rmtree(profile, ignore_errors=True)


def page_state(driver: webdriver.Chrome) -> Any:
    return driver.execute_script("return window.tabletop.state();")


def events(driver: webdriver.Chrome) -> list[dict[str, Any]]:
    received: list[dict[str, Any]] = driver.execute_script("return window.tabletop.events();")
    return received


def test_a_seat_plays_from_a_phone_and_both_screens_see_it(
    tmp_path: Path, hub_process: Callable[..., Any], browser: Browser
) -> None:
    hub = hub_process(
        tmp_path / "journal.db", "--game", "wisteria", "--seats", "phone,bot", "--bot-delay", "1",
        "--seed", "1",
    )
    status, codes = hub.request("GET", "/api/tables/1/join", **{"X-Host-Pin": hub.pin})
    assert status == 200
    join_url = next(link["url"] for link in codes["seats"] if link["seat"] == 1)

    table = browser()
    table.get(f"{hub.url}/tables/1")
    wait_table = WebDriverWait(table, 20)
    wait_table.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-panel"))
    assert len(table.find_elements(By.CSS_SELECTOR, "#codes svg")) == 2

    phone = browser(phone=True)
    phone.get(join_url)
    wait_phone = WebDriverWait(phone, 30)
    assert phone.execute_script("return window.innerWidth") == 390
    choice = wait_phone.until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "button.choice[data-action='1:battle']")
    )
    ARTIFACTS.mkdir(exist_ok=True)
    phone.save_screenshot(str(ARTIFACTS / "seat-before.png"))
    actions_before = page_state(phone)["actions"]

    choice[0].click()
    chosen = {"kind": "choice", "seat": 1, "choice": "battle"}
    wait_phone.until(lambda d: any(chosen.items() <= e.items() for e in events(d)))
    wait_phone.until(lambda d: page_state(d)["actions"] > actions_before)
    wait_table.until(lambda d: any(e["kind"] == "chosen" and e["seat"] == 1 for e in events(d)))
    assert not [e for e in events(table) if e["kind"] == "choice"]  # the choice itself stays on the phone
    # The phone offers its next move once the table has moved on.
    wait_phone.until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "button.choice:enabled") or page_state(d)["outcome"]
    )
    phone.save_screenshot(str(ARTIFACTS / "seat-after.png"))
    table.save_screenshot(str(ARTIFACTS / "table-screen.png"))
    for driver in (phone, table):
        problems = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
        assert not problems, problems
