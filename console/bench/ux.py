"""``tabletop bench ux``: what a person meets at the table, measured in a real headless Chromium
against a real hub: the controls a phone shows at each decision (median and max over seeded games
of each title, played to the end by choosing at random as a person taps), the seat page's height
at 360 wide at each decision (in screens), the table screen's height used at 1920x1080, and the
seat page's first paint on a phone. Needs Chromium, its driver and selenium (the ``test`` extra);
without them it says so and measures nothing.
"""

from __future__ import annotations

import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from console.games import find_game, game_names
from console.web.hub_process import HubProcess

SEEDS = (1, 2)
MOST_DECISIONS = 60  # per game: enough to meet each kind of decision, a bench of a minute or two
# What a person sees to tap at a decision: the choices and cards in view, and a folded list's heading.
CONTROLS = (
    "return [...document.querySelectorAll('#choices button, #choices summary')]"
    ".filter((n) => n.getClientRects().length && !n.closest('details:not([open]) > :not(summary)')).length"
)
# The lowest thing shown (a folded list's hidden lines are not, nor a picture's shapes beyond its
# frame: the map draws its outer sea whole and shows a strip of it).
SCREEN_USED = (
    "const parts = [...document.querySelectorAll('#board, #board *, .side > *')]"
    ".filter((n) => !n.closest('details:not([open]) > :not(summary)') && !n.ownerSVGElement);"
    "return Math.max(...parts.map((n) => n.getBoundingClientRect().bottom)) / window.innerHeight;"
)


def figure(name: str, value: float, unit: str) -> dict[str, Any]:
    return {"name": name, "value": value, "unit": unit}


def benchmarks() -> list[dict[str, Any]]:
    chromium, driver_path = (
        shutil.which("chromium") or shutil.which("chromium-browser"),
        shutil.which("chromedriver"),
    )
    try:
        from selenium import webdriver
    except ImportError:
        webdriver = None  # type: ignore[assignment]
    if webdriver is None or chromium is None or driver_path is None:
        print("tabletop: ux figures need chromium, chromedriver and selenium (pip install -e '.[test]')")
        return []
    figures: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-ux-") as folder:
        hub = HubProcess(
            Path(folder) / "journal.db",
            "--port",
            "0",
            "--bot-delay",
            "0",
            "--chance-delay",
            "0",
            "--host",
            "127.0.0.1",
            "--seats",
            "bot,bot",
        )
        driver = _chromium(webdriver, chromium, driver_path, folder)
        try:
            for game in game_names():
                figures += _game(hub, driver, game)
        finally:
            driver.quit()
            hub.stop()
    return figures


def _chromium(webdriver: Any, chromium: str, driver_path: str, folder: str) -> Any:
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
    ):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={folder}/profile")
    options.binary_location = chromium
    return webdriver.Chrome(service=Service(driver_path), options=options)


def _size(driver: Any, width: int, height: int, mobile: bool) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile},
    )


def _game(hub: HubProcess, driver: Any, game: str) -> list[dict[str, Any]]:
    from selenium.webdriver.common.by import By

    controls: list[int] = []
    screens: list[float] = []
    paints: list[float] = []
    used = 0.0
    for seed in SEEDS:
        facts = find_game(game).facts  # a phone at seat 1 against bots, in a short game
        players = facts.min_players
        spec = {
            "game": game,
            "seed": seed,
            "players": players,
            "seats": ["phone"] + ["bot"] * (players - 1),
            "options": dict(facts.short_options),
        }
        table = hub.new_table(spec)
        _size(driver, 360, 740, True)
        driver.get(hub.join_links(table)[1])
        paint = driver.execute_script(
            "const p = performance.getEntriesByName('first-contentful-paint')[0];"
            "return p ? p.startTime : null;"
        )
        if paint is not None:
            paints.append(float(paint))
        rng = random.Random(seed)
        for _ in range(MOST_DECISIONS):
            if not _wait(driver, lambda: _state(driver)["outcome"] or _tappable(driver, By)):
                break
            if _state(driver)["outcome"]:
                break
            controls.append(int(driver.execute_script(CONTROLS)))
            screens.append(_screens(driver))
            _choose(driver, rng, By, lambda: screens.append(_screens(driver)))
        _size(driver, 1920, 1080, False)
        driver.get(f"{hub.url}/tables/{table}")
        _wait(driver, lambda: driver.find_elements(By.CSS_SELECTOR, ".seat-panel, svg.map"))
        used = max(used, float(driver.execute_script(SCREEN_USED)))
    return [
        figure(f"ux.{game}.controls_median", statistics.median(controls) if controls else 0, "controls"),
        figure(f"ux.{game}.controls_max", max(controls, default=0), "controls"),
        figure(f"ux.{game}.page_screens_max_360", max(screens, default=0.0), "screens"),
        figure(f"ux.{game}.table_height_used_1080p", 100 * used, "%"),
        figure(f"ux.{game}.seat_first_paint_ms", statistics.median(paints) if paints else 0.0, "ms"),
    ]


def _screens(driver: Any) -> float:
    """The page's height in screens of its window."""
    return float(driver.execute_script("return document.documentElement.scrollHeight / innerHeight"))


def _state(driver: Any) -> Any:
    return driver.execute_script("return window.tabletop.state();")


def _tappable(driver: Any, by: Any) -> list[Any]:
    return [
        n
        for n in driver.find_elements(by.CSS_SELECTOR, "#choices button.choice, .choice-fold summary")
        if n.is_displayed() and n.is_enabled()
    ]


def _wait(driver: Any, condition: Any, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if condition():
                return True
        except Exception:  # a page between two drawings: look again
            pass
        time.sleep(0.05)
    return False


def _choose(driver: Any, rng: random.Random, by: Any, opened: Callable[[], None]) -> None:
    """Tap what a person might: a random choice; a card or a folded list first opens (then
    ``opened()`` looks at the page), then a random one of what it offers. A page redrawn under the
    finger (a bot moved) is tried again."""
    from selenium.common.exceptions import StaleElementReferenceException

    for _ in range(10):
        try:
            _choose_once(driver, rng, by, opened)
            return
        except StaleElementReferenceException:
            time.sleep(0.1)


def _choose_once(driver: Any, rng: random.Random, by: Any, opened: Callable[[], None]) -> None:
    before = _state(driver)["actions"]

    def chosen() -> None:
        _wait(driver, lambda: _state(driver)["actions"] > before or _state(driver)["outcome"], 10)

    for _ in range(3):
        options = _tappable(driver, by)
        if not options:
            return
        target = rng.choice(options)
        places = driver.find_elements(by.CSS_SELECTOR, "svg.map [data-place]")
        if target.tag_name == "button" and not target.get_attribute("data-card"):
            _tap(driver, target)
            chosen()
            return
        fold = target.find_element(by.XPATH, "..") if target.tag_name == "summary" else None
        if fold is not None and places and "many" in str(fold.get_attribute("class")):
            # a long list of places: a person taps one on the map, as its heading says, which
            # leaves that place's choices
            _tap(driver, rng.choice(places))
            opened()
            options = [n for n in _tappable(driver, by) if n.tag_name == "button"]
        elif fold is not None:  # the list opens: choose among its own choices only
            _tap(driver, target)
            opened()
            options = [n for n in _tappable(driver, by) if n.tag_name == "button" and fold in _folds(n, by)]
        else:  # a card: its uses show, then one is chosen as any choice is
            _tap(driver, target)
            opened()
            continue
        if options:
            _tap(driver, rng.choice(options))
            chosen()
        return


def _folds(node: Any, by: Any) -> list[Any]:
    return node.find_elements(by.XPATH, "ancestor::details")


def _tap(driver: Any, target: Any) -> None:
    """A tap where a person's thumb would land: the control brought to the middle of the screen
    first (a phone's sticky map keeps the top of the screen)."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", target)
    target.click()
