"""The venue's pages in a real headless Chromium in the pseudo-locale (every message wrapped in ⟦ ⟧
and 40 % longer): the board (the venue's language) and the organiser's and pairings pages (the
browser's chosen one) show no word outside the catalog, nothing wider than a 360 px phone, and
axe finds no WCAG violation at four sizes; an organiser whose Chromium asks for German reads the
page and its script's words in German. Screenshots go to test-artifacts/venue-languages/."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from waitress.server import create_server

from console.games import find_game, game_names
from console.hub.service import Hub
from console.venue.board import Board, ResultStore
from console.venue.broker import BOARD_USER, LocalBroker
from console.venue.web import create_board_app
from tests.helpers.browser import ARTIFACTS, By, WebDriverWait, close_chromium, open_chromium, size, webdriver
from tests.venue.conftest import VENUE, MakeHub, need, venue_config, wait_for
from tests.web.test_web_axe import SCREENS, SIZES, axe, violations
from tests.web.test_web_browser_languages import OVERFLOW, UNWRAPPED

pytestmark = [pytest.mark.browser, pytest.mark.slow]
__all__ = ["axe"]  # the module fixture, used here by name

SHOTS = ARTIFACTS / "venue-languages"
PIN = "1357"
PLAYERS = ["Ada", "Bea", "Cal", "Dov", "Eli"]  # five: Swiss pairs two tables and a bye
# Names people gave (the venue, its hubs, players, a judge), the games' titles and a bot's name:
# not words of the catalog.
TITLES = [find_game(name).title for name in game_names()]
NAMES = "|".join((*TITLES, VENUE, r"hub\d", *PLAYERS, "Jo", r"Bot \d+ \(\w+\)"))
SKIP = "script, style, svg, [lang]:not(html)"


@dataclass
class Evening:
    board: Board
    url: str
    hubs: list[Hub]


@pytest.fixture
def evening(make_hub: MakeHub, broker: LocalBroker, tmp_path: Path) -> Iterator[Evening]:
    """A board in the pseudo-locale with something in every part: two hubs (one playing, one
    waiting for phones), an event's published round with a bye, the round clock, a judge call
    and a result nobody paired."""
    playing = make_hub("hub1", delay=0.5)
    waiting = make_hub("hub2", seats=("phone", "phone"))
    board = Board(venue_config(broker, BOARD_USER), ResultStore(tmp_path / "board.db")).start()
    server = create_server(
        create_board_app(board, {"ORGANISER_PIN": PIN, "LANGUAGE": "qps"}),
        host="127.0.0.1",
        port=0,
        threads=8,
    )
    threading.Thread(target=server.run, daemon=True).start()
    try:
        wait_for(lambda: board.online_hubs() == ["hub1", "hub2"], what="both hubs on the board")
        board.send_round(board.events.create("wheels", 3, PLAYERS))
        board.start_round_clock(50)
        board.results.add(
            "hub3",
            "r1",
            {"game": "wheels", "players": 2, "winners": [1], "scores": [5, 2], "table": 1, "hub": "hub3"}
            | {"result_id": "r1", "status": "finished", "names": {}},
        )
        assert waiting.venue is not None
        wait_for(lambda: waiting.venue.calls is not None and waiting.venue._states, what="hub2's table sent")
        waiting.venue.raise_judge_call(waiting.tables()[0].table.id, 1)
        wait_for(lambda: board.open_calls(), what="the judge call on the board")
        yield Evening(board, f"http://127.0.0.1:{server.effective_port}", [playing, waiting])
    finally:
        server.close()
        board.stop()


Open = Callable[..., webdriver.Chrome]


@pytest.fixture
def browser() -> Iterator[Open]:
    """Chromiums of this test's own (see test_venue_browser.py's), ``flags`` Chromium's own."""
    need("chromium", shutil.which("chromium") and shutil.which("chromedriver"))
    drivers: list[webdriver.Chrome] = []

    def open_browser(*flags: str) -> webdriver.Chrome:
        chromium = shutil.which("chromium") or "/usr/bin/chromium"
        drivers.append(open_chromium(chromium, shutil.which("chromedriver") or "chromedriver", flags=flags))
        return drivers[-1]

    yield open_browser
    for driver in drivers:
        close_chromium(driver)


def shot(driver: webdriver.Chrome, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def problems(driver: webdriver.Chrome, where: str) -> list[str]:
    """What the page shows outside the catalog, and whether it is wider than a 360 px phone."""
    size(driver, 360, 740, True)
    found = [
        f"{where}: not from the catalog: {text!r}" for text in driver.execute_script(UNWRAPPED, SKIP, NAMES)
    ]
    wide, screen = driver.execute_script(OVERFLOW)
    if wide > screen:
        found.append(f"{where}: {wide} px wide on a {screen} px screen")
    shot(driver, f"qps-{where}-360")
    return found


def test_the_venues_pages_in_the_pseudo_locale_are_whole_fit_a_phone_and_pass_axe(
    evening: Evening, browser: Open, axe: str
) -> None:
    driver = browser()
    driver.get(f"{evening.url}/")  # the venue's language: no cookie needed
    wait = WebDriverWait(driver, 20)
    wait.until(
        lambda d: d.find_elements(By.CSS_SELECTOR, ".calls li") and d.find_elements(By.ID, "round-clock")
    )
    wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "article[data-hub] .table")) == 2)
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en-XA"
    found = problems(driver, "board")
    for viewport in (*SIZES.values(), *SCREENS.values()):
        found += violations(driver, axe, viewport, "venue-languages-board")
    # The organiser's page and the pairings in the browser's language: the chooser's cookie.
    driver.add_cookie({"name": "tt_lang", "value": "qps", "path": "/"})
    driver.get(f"{evening.url}/organiser")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#calls li button"))  # drawn by its script
    found += problems(driver, "organiser")
    for viewport in (*SIZES.values(), *SCREENS.values()):
        found += violations(driver, axe, viewport, "venue-languages-organiser")
    driver.get(f"{evening.url}/pairings")
    found += problems(driver, "pairings")
    assert not found, "\n".join(found)


def test_an_organiser_whose_browser_speaks_german_reads_german(evening: Evening, browser: Open) -> None:
    """No chooser touched: Chromium's own Accept-Language (its --accept-lang) picks the words, the
    page's and its script's alike; the board stays in the venue's language."""
    driver = browser("--accept-lang=de-DE,de,en")
    driver.get(f"{evening.url}/organiser")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de"
    calls = driver.find_element(By.ID, "calls")
    WebDriverWait(driver, 20).until(lambda d: "wartet auf einen Schiedsrichter" in calls.text)
    assert "hub2, Tisch 1, Platz 1" in calls.text
    assert [b.text for b in calls.find_elements(By.TAG_NAME, "button")] == ["Bin unterwegs", "Schließen"]
    headings = [h.text for h in driver.find_elements(By.TAG_NAME, "h2")]
    assert headings[:3] == ["Schiedsrichterrufe", "Neues Turnier", "Nächste Runde"]
    driver.find_element(By.ID, "pin").send_keys(PIN)
    driver.find_element(By.CSS_SELECTOR, "#round-form button[type=submit]").click()  # the round plays
    message = driver.find_element(By.ID, "message")
    WebDriverWait(driver, 10).until(lambda d: message.get_attribute("data-ok") == "no")
    assert message.text.startswith("in Runde 1 spielen noch 2 Tische"), message.text
    driver.execute_script("window.scrollTo(0, 0)")
    shot(driver, "organiser-de")
    driver.get(f"{evening.url}/")
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en-XA", "the venue's own"
