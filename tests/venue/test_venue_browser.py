"""The venue board in a real headless Chromium, under waitress: a big screen and a phone (390 px)
watch hubs arrive and tables change without a reload (the page's script under the site's CSP);
hubs sit side by side on the big screen and one above the other on the phone. Screenshots go to
test-artifacts/."""

from __future__ import annotations

import re
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from waitress.server import create_server

from console.games import find_game
from console.venue.board import Board, ResultStore
from console.venue.broker import BOARD_USER, LocalBroker
from console.venue.web import create_board_app
from tests.helpers.browser import ARTIFACTS, By, WebDriverWait, close_chromium, open_chromium, webdriver
from tests.venue.conftest import MakeHub, need, venue_config, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PIN = "1357"


@pytest.fixture
def board_url(broker: LocalBroker, tmp_path: Path) -> Iterator[str]:
    board = Board(venue_config(broker, BOARD_USER), ResultStore(tmp_path / "board.db")).start()
    app = create_board_app(board, {"ORGANISER_PIN": PIN})
    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.effective_port}/"
    server.close()
    board.stop()


@pytest.fixture
def browser() -> Iterator[Callable[[bool], webdriver.Chrome]]:
    """Chromiums of this test's own, closed after it: not the worker's pool (``Chromiums``), whose
    browsers keep their idle connections open, which the board's waitress, closed from this
    thread while its loop selects on them, met as a bad file descriptor."""
    need("chromium", shutil.which("chromium") and shutil.which("chromedriver"))
    drivers: list[webdriver.Chrome] = []

    def open_browser(phone: bool) -> webdriver.Chrome:
        drivers.append(
            open_chromium(
                shutil.which("chromium") or "/usr/bin/chromium",
                shutil.which("chromedriver") or "chromedriver",
                phone,
            )
        )
        return drivers[-1]

    yield open_browser
    for driver in drivers:
        close_chromium(driver)


def hub_x(driver: webdriver.Chrome, hub: str) -> float:
    """Where the hub's box starts, read in one step: the board redraws as its games move."""
    found = driver.execute_script(
        'const box = document.querySelector(`article[data-hub="${arguments[0]}"]`);'
        "return box ? box.getBoundingClientRect().x : null;",
        hub,
    )
    assert found is not None, f"no box for {hub} on the board"
    return float(found)


def test_the_board_updates_itself_on_a_big_screen_and_a_phone(
    make_hub: MakeHub, board_url: str, browser: Callable[[bool], webdriver.Chrome]
) -> None:
    screen, phone = browser(False), browser(True)
    for driver in (screen, phone):
        driver.get(board_url)
        # read once the page has drawn it: a loaded machine once read the page before it had
        WebDriverWait(driver, 15).until(lambda d: "No hub has reported yet" in d.page_source)
    make_hub("hub1")
    make_hub("hub2", game="wisteria", seats=("phone", "phone"))
    for driver in (screen, phone):
        WebDriverWait(driver, 15).until(
            lambda d: (
                len(d.find_elements(By.CSS_SELECTOR, "article[data-hub]")) == 2
                and d.find_elements(By.CSS_SELECTOR, '#board table[data-game="wheels"]')
            )
        )
    assert hub_x(screen, "hub1") != hub_x(screen, "hub2"), "side by side on a big screen"
    assert hub_x(phone, "hub1") == hub_x(phone, "hub2"), "one column on a phone"
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 390, "nothing wider"
    ARTIFACTS.mkdir(exist_ok=True)
    screen.save_screenshot(str(ARTIFACTS / "venue-board-screen.png"))
    phone.save_screenshot(str(ARTIFACTS / "venue-board-phone.png"))
    errors = [entry for entry in screen.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == [], errors


def test_a_name_is_text_on_the_live_board(
    make_hub: MakeHub, board_url: str, browser: Callable[[bool], webdriver.Chrome]
) -> None:
    """The board's script swaps in the server's HTML: a name typed as markup stays text there."""
    from console.hub.worker import SetName

    screen = browser(False)
    screen.get(board_url)
    hub = make_hub("hub1", seats=("phone", "bot"))
    hub.tables()[0].post(SetName(1, "<b>x</b> & Ana")).result(10)
    seats = '#board article[data-hub="hub1"] .seats'
    WebDriverWait(screen, 15).until(
        lambda d: "<b>x</b> & Ana" in [e.text for e in d.find_elements(By.CSS_SELECTOR, f"{seats} .who")]
    )
    assert screen.find_elements(By.CSS_SELECTOR, f"{seats} b") == [], "no element made of a name"
    bot = screen.find_element(By.CSS_SELECTOR, f'{seats} li[data-seat="2"]')
    assert "bot" in (bot.get_attribute("class") or "").split() and bot.text.startswith("Bot 2 (normal)")


def test_the_organiser_runs_an_event_from_the_page(
    make_hub: MakeHub, board_url: str, browser: Callable[[bool], webdriver.Chrome]
) -> None:
    hub = make_hub("hub1", default_table=False)
    page = browser(True)
    page.get(board_url + "organiser")
    message = page.find_element(By.ID, "message")
    page.find_element(By.ID, "pin").send_keys(PIN)
    form = page.find_element(By.ID, "event-form")
    form.find_element(By.NAME, "game").send_keys("wheels")
    form.find_element(By.NAME, "players").send_keys("Ada\nBea")
    form.find_element(By.CSS_SELECTOR, "button").click()
    WebDriverWait(page, 10).until(lambda d: message.get_attribute("data-ok") == "yes")
    # Words, not JSON ({"event":1} before)
    made = f"Event 1 is made: {find_game('wheels').title}, 3 rounds, 2 players."  # the game by its title
    assert message.text == f"{made} Pair its first round when the hubs are online."
    page.find_element(By.CSS_SELECTOR, "#round-form button").click()
    WebDriverWait(page, 10).until(lambda d: "Ada" in message.text)
    assert message.get_attribute("data-ok") == "yes"
    assert re.fullmatch(
        r"Round 1 is paired and held for 1 table: table 1 at hub1: (Ada · Bea|Bea · Ada)\. "
        r"Publish it to send the seats and show the pairings\.",
        message.text,
    ), message.text
    assert hub.venue is not None and hub.venue.offer is None, "held: sent to no hub"
    page.find_element(By.ID, "publish-round").click()
    WebDriverWait(page, 10).until(lambda d: "published" in message.text)
    assert "Round 1 is published: its seats are sent to 1 table" in message.text
    offer = WebDriverWait(page, 10).until(lambda d: hub.venue.offer)
    assert set(offer["names"].values()) == {"Ada", "Bea"}
    page.find_element(By.CSS_SELECTOR, "#round-form button").click()  # the round is still playing
    WebDriverWait(page, 10).until(lambda d: message.get_attribute("data-ok") == "no")
    assert "still has 1 table playing" in message.text


def test_the_host_starts_the_venues_table_from_the_table_screen(
    make_hub: MakeHub, broker: LocalBroker, tmp_path: Path, browser: Callable[[bool], webdriver.Chrome]
) -> None:
    from console.web import create_app

    hub = make_hub("hub2", seats=("phone", "phone"))
    server = create_server(create_app({"HUB": hub}), host="127.0.0.1", port=0, threads=8)
    threading.Thread(target=server.run, daemon=True).start()
    board = Board(venue_config(broker, BOARD_USER), ResultStore(tmp_path / "host-board.db")).start()
    try:
        wait_for(lambda: board.online_hubs() == ["hub2"], what="the hub on the board")
        event = board.events.create("wheels", 1, ["Ada", "Bea"])
        board.send_round(event)
        screen = browser(False)
        screen.get(f"http://127.0.0.1:{server.effective_port}/tables/{hub.tables()[0].table.id}")
        offer = screen.find_element(By.ID, "venue-offer")
        WebDriverWait(screen, 10).until(lambda d: offer.is_displayed())
        assert "Ada · Bea" in offer.text and "round 1, table 1" in offer.text
        # The PIN is never on the shared screen: the host types it, as for every host control.
        screen.find_element(By.CSS_SELECTOR, "#host summary").click()
        screen.find_element(By.CSS_SELECTOR, "#host-form input[name=pin]").send_keys(hub.host_pin)
        offer.find_element(By.CSS_SELECTOR, 'button[data-seats="bot"]').click()
        new_table = f"/tables/{hub.tables()[0].table.id + 1}"
        WebDriverWait(screen, 10).until(lambda d: d.current_url.endswith(new_table))
        assert len(hub.tables()) == 2
        result = wait_for(lambda: board.results.all(), what="the paired game's result")[0]
        assert result["names"] == {"1": "Ada", "2": "Bea"} and result["seating"]["round"] == 1
        assert all(t["done"] for t in (board.event_snapshot() or {})["tables"])
        badge = screen.find_element(By.CSS_SELECTOR, ".venue-badge")
        assert badge.get_attribute("data-connected") == "yes"
        broker.stop()  # the badge follows without a reload
        WebDriverWait(screen, 20).until(lambda d: badge.get_attribute("data-connected") == "no")
        assert "broker unreachable" in badge.text
    finally:
        board.stop()
        server.close()
