"""Headless Chromium for the browser tests: the flags this machine needs (no network beyond
loopback, no first-run), a fresh profile each, and the folder screenshots go to.

The one module of the tests that imports selenium: a browser test takes ``webdriver``, ``By``
and the rest from here. Without selenium, importing this module skips the test module that
imports it (and fails it under TABLETOP_REQUIRE_ALL=1, like a missing outside program), so the
rest of the suite collects and runs.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

try:
    from selenium import webdriver
    from selenium.common.exceptions import (
        ElementClickInterceptedException,
        ElementNotInteractableException,
        StaleElementReferenceException,
        WebDriverException,
    )
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.select import Select
    from selenium.webdriver.support.ui import WebDriverWait as SeleniumWait
except ImportError as error:
    REASON = f"selenium is not installed ({error}): pip install -e '.[test]'"
    if os.environ.get("TABLETOP_REQUIRE_ALL") == "1":
        raise ImportError(f"{REASON} (TABLETOP_REQUIRE_ALL=1 makes this a failure)") from None
    pytest.skip(REASON, allow_module_level=True)

__all__ = [
    "ARTIFACTS",
    "UNDER_THE_FINGER",
    "By",
    "Keys",
    "Select",
    "WebDriverException",
    "WebDriverWait",
    "close_chromium",
    "open_chromium",
    "webdriver",
]

# What a tap meets when the page redraws under the finger (a bot moved, the choices changed): tried
# again. Anything else (a wait that timed out, a failed check) is a failure.
UNDER_THE_FINGER = (
    StaleElementReferenceException,
    ElementClickInterceptedException,
    ElementNotInteractableException,
)

# How often a wait asks the page again. Selenium's own half second was most of a browser test's
# time: a whole game by keyboard waits on the page at every decision, and each wait whose
# condition was not yet true slept 0.5 s, however soon the page got there.
POLL_S = 0.02


class WebDriverWait(SeleniumWait):
    """Selenium's wait, asking every ``POLL_S`` rather than every half second."""

    def __init__(
        self,
        driver: webdriver.Chrome,
        timeout: float,
        poll_frequency: float = POLL_S,
        ignored_exceptions: tuple[type[Exception], ...] | None = None,
    ) -> None:
        super().__init__(driver, timeout, poll_frequency, ignored_exceptions)


ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
# Without the background-networking flags Chromium's own connections are refused, many at a time.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def open_chromium(
    chromium: str, chromedriver: str, phone: bool = False, window: str = "--window-size=1600,900"
) -> webdriver.Chrome:
    """A new headless Chromium with a profile of its own (removed by ``close_chromium``); a
    ``phone`` emulates a 390x844 screen."""
    options = webdriver.ChromeOptions()
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tempfile.mkdtemp(prefix='tabletop-chromium-')}")
    if phone:
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2}}
        )
    else:
        options.add_argument(window)
    options.binary_location = chromium
    return webdriver.Chrome(service=Service(chromedriver), options=options)


def close_chromium(driver: webdriver.Chrome) -> None:
    profile = driver.capabilities.get("chrome", {}).get("userDataDir")
    driver.quit()
    if profile:
        shutil.rmtree(profile, ignore_errors=True)


def size(driver: webdriver.Chrome, width: int, height: int, mobile: bool = False) -> None:
    """The viewport exactly (the window's chrome does not count), as a phone when ``mobile``."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
    )
