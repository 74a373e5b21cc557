"""Taking back a move in a real Chromium against a real hub process, as people do it: in each
title a player taps a wrong choice and then "Take back my last move" on the phone, and gets the
decision back as it was; the host goes back further from the table screen and the affected phones
agree. Screenshots at 360x740 and 1366x768 go to test-artifacts/takeback/."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from console.web.hub_process import HubProcess
from tests.helpers.browser import ARTIFACTS, By, Select, WebDriverWait, size, webdriver

pytestmark = [pytest.mark.browser, pytest.mark.slow]

Browser = Callable[..., webdriver.Chrome]
# Every seat a phone, so nobody moves before the player takes back (a bot would move at once).
TABLES: dict[str, dict[str, Any]] = {
    "wisteria": {"game": "wisteria", "players": 2, "seats": ["phone", "phone"], "seed": 1},
    "wheels": {
        "game": "wheels",
        "players": 2,
        "seats": ["phone", "phone"],
        "seed": 2,
        "options": {"first_seat": 1},
    },
    "watch": {"game": "watch", "players": 4, "seats": ["phone"] * 4, "seed": 3},
}
# The wrong choice each player taps: (a card to open first, a place to type in the filter, the move).
WRONG: dict[str, tuple[str | None, str | None, str]] = {
    "wisteria": (None, None, "1:battle"),
    "wheels": (None, None, "1:choose brine-archaffineur"),
    "watch": (None, "i1", "1:city i1"),
}
SHOTS = ARTIFACTS / "takeback"


class Hub:
    def __init__(self, journal: Path) -> None:
        self.process = HubProcess(
            journal, "--port", "0", "--bot-delay", "0", "--chance-delay", "0", "--keepalive", "1"
        )
        self.url, self.pin = self.process.url, self.process.pin

    def table(self, spec: dict[str, Any]) -> int:
        """A table made and started without waiting for its other phones (set-up, not the test)."""
        table = self.process.new_table(spec)
        status, started = self.process.request(
            "POST", f"/api/tables/{table}/host", {"command": "start"}, **{"X-Host-Pin": self.pin}
        )
        assert status == 200, started
        return table

    def join_url(self, table: int, seat: int) -> str:
        return self.process.join_links(table)[seat]


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    started = Hub(tmp_path_factory.mktemp("takeback") / "journal.db")
    yield started
    started.process.stop()


def phone(browser: Browser, hub: Hub, table: int, seat: int) -> webdriver.Chrome:
    driver = browser()
    size(driver, 360, 740, mobile=True)
    driver.get(hub.join_url(table, seat))
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board *"))
    return driver


def visible(driver: webdriver.Chrome, css: str) -> Any:
    """The visible element ``css`` names, or False (for a wait)."""
    found = [node for node in driver.find_elements(By.CSS_SELECTOR, css) if node.is_displayed()]
    return found[0] if found else False


def tap(driver: webdriver.Chrome, css: str) -> None:
    WebDriverWait(driver, 30).until(lambda d: visible(d, css) and visible(d, css).is_enabled())
    node = visible(driver, css)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", node)
    node.click()


def choose(driver: webdriver.Chrome, card: str | None, place: str | None, action: str) -> None:
    """Make a move as a player does: open its card, or type its place in the filter, then tap it."""
    if card is not None:
        tap(driver, f'button.card-step[data-card="{card}"]')
    if place is not None:
        WebDriverWait(driver, 30).until(lambda d: visible(d, "#choice-filter"))
        visible(driver, "#choice-filter").send_keys(place)
    tap(driver, f'button.choice[data-action="{action}"]')


def shot(driver: webdriver.Chrome, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def board(driver: webdriver.Chrome) -> str:
    return str(driver.find_element(By.ID, "board").text)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_player_takes_back_a_wrong_choice_from_the_phone(name: str, hub: Hub, browser: Browser) -> None:
    table = hub.table(TABLES[name])
    driver = phone(browser, hub, table, 1)
    card, place, wrong = WRONG[name]
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#choices button.choice"))
    before = board(driver)
    assert not visible(driver, "#takeback")  # nothing of this seat's to take back yet
    choose(driver, card, place, wrong)
    WebDriverWait(driver, 30).until(lambda d: visible(d, "#takeback"))
    shot(driver, f"{name}-phone-360x740-offered")
    tap(driver, "#takeback")
    # The decision is back as it was: the same board, the wrong choice offered again, no takeback.
    WebDriverWait(driver, 30).until(lambda d: not visible(d, "#takeback"))
    WebDriverWait(driver, 30).until(lambda d: board(d) == before)
    if card is not None:
        tap(driver, f'button.card-step[data-card="{card}"]')
    WebDriverWait(driver, 30).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, f'button.choice[data-action="{wrong}"]')
    )
    tap(driver, "#log-box summary")
    WebDriverWait(driver, 30).until(lambda d: "took back 1 action" in d.find_element(By.ID, "log").text)
    assert driver.find_element(By.ID, "action-error").text == ""
    shot(driver, f"{name}-phone-360x740-taken-back")
    size(driver, 1366, 768)
    shot(driver, f"{name}-seat-1366x768")


def test_the_host_goes_back_and_the_affected_phones_agree(hub: Hub, browser: Browser) -> None:
    table = hub.table(TABLES["wisteria"])
    first, second = phone(browser, hub, table, 1), phone(browser, hub, table, 2)
    before = board(first)
    choose(first, None, None, "1:battle")
    choose(second, None, None, "2:retreat")  # the second choice shows both: no takeback now
    for driver in (first, second):  # the cards were dealt: nobody may take back now
        WebDriverWait(driver, 30).until(lambda d: not visible(d, "#takeback") and board(d) != before)
    screen = browser()
    size(screen, 1366, 768)
    screen.get(f"{hub.url}/tables/{table}")
    tap(screen, "#host summary")
    screen.find_element(By.NAME, "pin").send_keys(hub.pin)
    WebDriverWait(screen, 30).until(
        lambda d: "1:battle" not in d.page_source and visible(d, "#go-back option")
    )
    # The earliest move this game's log shows is the first choice: go back to before it.
    options = Select(screen.find_element(By.ID, "go-back")).options
    chosen = next(option for option in options if option.text.endswith(": Seat 1 has chosen"))
    Select(screen.find_element(By.ID, "go-back")).select_by_visible_text(chosen.text)
    tap(screen, "#go-back-button")
    tap(screen, "#host-confirm button.danger")
    shot(screen, "host-1366x768-asked")
    asked = []
    for driver, seat in ((second, 2), (first, 1)):
        WebDriverWait(driver, 30).until(lambda d: visible(d, "#confirm-box"))
        said = re.match(
            r"The host wants to go back (\d+) moves: ", driver.find_element(By.ID, "confirm-text").text
        )
        assert said, driver.find_element(By.ID, "confirm-text").text
        asked.append(said.group(1))  # the choices and the cards chance dealt after them
        shot(driver, f"host-correction-seat{seat}-360x740")
        tap(driver, "#confirm-yes")
    assert asked[0] == asked[1]
    WebDriverWait(first, 30).until(lambda d: board(d) == before)
    WebDriverWait(first, 30).until(lambda d: visible(d, 'button.choice[data-action="1:battle"]'))
    withdrew = f"The host withdrew {asked[0]} actions"
    WebDriverWait(screen, 30).until(lambda d: withdrew in d.find_element(By.ID, "log").text)
    shot(screen, "host-1366x768-done")
