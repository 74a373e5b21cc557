"""A whole game of each title played from a phone by keyboard alone, in a real headless Chromium:
Tab to the next control, Enter to press it (a card, then what to do with it; a folded list of
places, then a place), until the game is over. Nothing is clicked and nothing is posted by hand."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.browser import By, Keys, StaleElementReferenceException, WebDriverWait, size, webdriver
from tests.web.conftest import Browser

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Each title bounded so a whole game is a few dozen decisions: a short Wisteria, a Watch of two rounds.
TABLES: dict[str, dict[str, Any]] = {
    "wisteria": {
        "game": "wisteria",
        "players": 2,
        "seats": ["phone", "bot"],
        "seed": 4,
        "options": {"round_limit": 30},
    },
    "wheels": {"game": "wheels", "players": 2, "seats": ["phone", "bot"], "seed": 5},
    "watch": {
        "game": "watch",
        "players": 2,
        "seats": ["phone", "bot"],
        "seed": 6,
        "options": {"max_rounds": 2},
    },
}
FOCUSABLE = "button.choice:enabled, .choice-fold summary"
# A control to press: a choice or a card, or a folded list still closed (an open one: Tab on into it).
READY = (
    "const at = document.activeElement;"
    "return at.matches('button.choice:enabled')"
    " || (at.matches('.choice-fold summary') && !at.parentElement.open);"
)


@pytest.fixture
def phone(browser: Browser) -> webdriver.Chrome:
    driver = browser()
    size(driver, 390, 844, mobile=True)
    return driver


def state(driver: webdriver.Chrome) -> Any:
    return driver.execute_script("return window.tabletop.state();")


def tab_to_a_choice(driver: webdriver.Chrome) -> bool:
    """Tab (as a keyboard user does) until a choice, a card or a folded list has the focus."""
    body = driver.find_element(By.TAG_NAME, "body")
    for _ in range(80):
        if driver.execute_script(READY):
            return True
        body.send_keys(Keys.TAB)  # keys go to whatever has the focus, as on a real keyboard
    return False


def press_enter_on_a_choice(driver: webdriver.Chrome) -> None:
    """Tab to a choice and press Enter. The choices are drawn anew when the table moves on (the
    page heard of our last move a moment after its count moved): a choice redrawn between the Tab
    and the Enter is tabbed to again, as a person whose focus was lost would."""
    for _ in range(5):
        assert tab_to_a_choice(driver), "no choice can be reached with Tab"
        try:
            driver.switch_to.active_element.send_keys(Keys.ENTER)
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError("every choice tabbed to was redrawn before Enter")


@pytest.mark.parametrize("game", list(TABLES))
def test_a_whole_game_is_played_by_keyboard_alone(
    tmp_path: Path, hub_process: Callable[..., Any], phone: webdriver.Chrome, game: str
) -> None:
    hub = hub_process(tmp_path / "journal.db", "--seats", "bot,bot", "--host", "127.0.0.1")
    table = hub.new_table(TABLES[game])
    phone.get(hub.join_links(table)[1])
    WebDriverWait(phone, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board *"))
    decisions = 0
    for _ in range(400):
        WebDriverWait(phone, 30).until(
            lambda d: state(d)["outcome"] or d.find_elements(By.CSS_SELECTOR, FOCUSABLE)
        )
        if state(phone)["outcome"]:
            break
        before = state(phone)["actions"]
        press_enter_on_a_choice(phone)
        decisions += 1
        # a card or a folded list opens in place; a move is made when the table's count moves on
        WebDriverWait(phone, 30).until(
            lambda d: (
                state(d)["actions"] > before  # noqa: B023 (waited on here)
                or d.find_elements(By.CSS_SELECTOR, ".picked-card, .choice-fold[open]")
                or state(d)["outcome"]
            )
        )
    assert state(phone)["outcome"], f"the game did not end after {decisions} keyboard decisions"
    assert decisions > 0
    assert "Game over" in phone.find_element(By.ID, "status").text
