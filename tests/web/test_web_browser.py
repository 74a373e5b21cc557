"""A real headless Chromium against a real hub process: the table screen on one browser, seat 1's
page at phone size (390x844) on another; seat 1 plays, and both pages show the update arrive.
Screenshots go to test-artifacts/."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.browser import ARTIFACTS, By, WebDriverWait, webdriver
from tests.web.conftest import Browser

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def page_state(driver: webdriver.Chrome) -> Any:
    return driver.execute_script("return window.tabletop.state();")


def events(driver: webdriver.Chrome) -> list[dict[str, Any]]:
    received: list[dict[str, Any]] = driver.execute_script("return window.tabletop.events();")
    return received


def test_a_seat_plays_from_a_phone_and_both_screens_see_it(
    tmp_path: Path, hub_process: Callable[..., Any], browser: Browser
) -> None:
    hub = hub_process(
        tmp_path / "journal.db",
        "--game",
        "wisteria",
        "--seats",
        "phone,bot",
        "--bot-delay",
        "1",
        # join links on loopback: Chromium logs an error for COOP on a LAN http origin
        "--seed",
        "1",
        "--host",
        "127.0.0.1",
    )
    join_url = hub.join_links(1)[1]

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
    with sqlite3.connect(f"file:{tmp_path / 'journal.db'}?mode=ro", uri=True) as db:
        keyed = db.execute("SELECT status FROM web_requests WHERE key LIKE '1/1/%'").fetchall()
    assert keyed == [(200,)]  # the phone's post carried an Idempotency-Key
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
