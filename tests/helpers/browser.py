"""Headless Chromium for the browser tests: the flags this machine needs (no network beyond
loopback, no first-run), a fresh profile each, and the folder screenshots go to.

The one module of the tests that imports selenium: a browser test takes ``webdriver``, ``By``
and the rest from here. Without selenium, importing this module skips the test module that
imports it (and fails it under TABLETOP_REQUIRE_ALL=1, like a missing outside program), so the
rest of the suite collects and runs.
"""

from __future__ import annotations

import os
import pkgutil
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

try:
    from selenium import webdriver
    from selenium.common.exceptions import (
        ElementClickInterceptedException,
        ElementNotInteractableException,
        StaleElementReferenceException,
        TimeoutException,
        WebDriverException,
    )
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.common.timeouts import Timeouts
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
    "Chromiums",
    "Keys",
    "Select",
    "TimeoutException",
    "WebDriverException",
    "WebDriverWait",
    "close_chromium",
    "displayed",
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


WINDOW = (1600, 900)  # a desktop browser's window, unless a test asks for another


def open_chromium(
    chromium: str,
    chromedriver: str,
    phone: bool = False,
    window: str = f"--window-size={WINDOW[0]},{WINDOW[1]}",
    flags: tuple[str, ...] = (),
) -> webdriver.Chrome:
    """A new headless Chromium with a profile of its own (removed by ``close_chromium``); a
    ``phone`` emulates a 390x844 screen; ``flags``: more of Chromium's own (a browser so made is
    not one of the pool's)."""
    options = webdriver.ChromeOptions()
    for flag in (*FLAGS, *flags):
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


class Chromiums:
    """This process's Chromiums, each handed out as a new device and taken back for the next
    test: opening one and loading its first page cost about two seconds, and the browser tests
    opened dozens. A browser taken back is made new (``forget``) or, if that fails, closed; one
    of another kind (a phone, or not) is never handed out for it."""

    KEEP = 3  # idle browsers kept of each kind: a test uses at most a table screen and two phones

    def __init__(self, chromium: str, chromedriver: str) -> None:
        self.chromium, self.chromedriver = chromium, chromedriver
        self.idle: dict[bool, list[webdriver.Chrome]] = {False: [], True: []}
        self.kinds: dict[str, bool] = {}  # each browser's kind, by its session

    def take(self, phone: bool = False) -> webdriver.Chrome:
        """A browser with nothing of any earlier test: an idle one made new, else a new one."""
        if self.idle[phone]:
            return self.idle[phone].pop()
        driver = open_chromium(self.chromium, self.chromedriver, phone)
        self.kinds[str(driver.session_id)] = phone
        return driver

    def give_back(self, driver: webdriver.Chrome) -> None:
        phone = self.kinds[str(driver.session_id)]
        if len(self.idle[phone]) < self.KEEP:
            try:
                forget(driver, phone)
            except Exception:  # a browser that cannot be made new is closed, not reused
                pass
            else:
                self.idle[phone].append(driver)
                return
        self.kinds.pop(str(driver.session_id))
        close_chromium(driver)

    def close(self) -> None:
        for drivers in self.idle.values():
            while drivers:
                close_chromium(drivers.pop())
        self.kinds.clear()


def forget(driver: webdriver.Chrome, phone: bool) -> None:
    """Make ``driver`` a new device: one fresh tab (no history, no sessionStorage, no emulation
    but a phone's own screen, which chromedriver gives every tab of a phone), no cookies, no
    cache, nothing stored by any site its tabs visited, the console log read, Selenium's waits
    and a desktop's window size as they began."""
    origins: set[str] = set()
    tabs = driver.window_handles
    for tab in tabs:
        driver.switch_to.window(tab)
        history = driver.execute_cdp_cmd("Page.getNavigationHistory", {})
        origins.update(_origin(entry["url"]) for entry in history["entries"])
    driver.switch_to.new_window("tab")
    fresh = driver.current_window_handle
    for tab in tabs:
        driver.switch_to.window(tab)
        driver.close()
    driver.switch_to.window(fresh)
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    for origin in sorted(origins - {""}):
        driver.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    driver.get_log("browser")
    driver.timeouts = Timeouts(implicit_wait=0, page_load=300, script=30)
    if not phone:
        window = driver.get_window_size()
        if (window["width"], window["height"]) != WINDOW:
            driver.set_window_size(*WINDOW)


def _origin(url: str) -> str:
    """``scheme://host:port`` of a web page's address; "" for about:blank, data: and the like."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else ""


def displayed(driver: webdriver.Chrome, css: str) -> list[webdriver.remote.webelement.WebElement]:
    """The elements ``css`` finds that a person sees, by Selenium's own ``is_displayed`` (its
    isDisplayed atom) run in the page on each at once: asked element by element, at a round trip
    each, it was a tenth of the documented evening."""
    global _IS_DISPLAYED
    if _IS_DISPLAYED is None:
        atom = pkgutil.get_data("selenium.webdriver.remote", "isDisplayed.js")
        assert atom is not None, "selenium ships no isDisplayed.js"
        _IS_DISPLAYED = atom.decode()
    found = "[...document.querySelectorAll(arguments[0])]"
    script = f"const seen = ({_IS_DISPLAYED}); return {found}.filter((node) => seen(node));"
    return list(driver.execute_script(script, css))


_IS_DISPLAYED: str | None = None  # the atom's text, read once


def host_at_table_screen(screen: webdriver.Chrome, table_url: str, pin: str) -> WebDriverWait:
    """The host opens the table screen at ``table_url``, opens its host controls and types the PIN,
    as at the table; the screen's wait (20 s) is returned for what the host does next."""
    screen.get(table_url)
    wait = WebDriverWait(screen, 20)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-panel"))
    screen.find_element(By.CSS_SELECTOR, "#host summary").click()
    screen.find_element(By.CSS_SELECTOR, "#host-form input[name=pin]").send_keys(pin)
    return wait
