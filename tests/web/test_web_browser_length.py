"""The start form says how long a game takes, in a real headless Chromium against a real hub
process whose journal holds three finished games of the Watch, played at 12 seconds a move: the
host picks the game and the player count as a person does (the list, typing the count, the seats
and chance), and reads "About 60 minutes with 4 rulers", worked out from the Watch's measured
length at this hub's own pace; a game this hub has not seen yet is said at the default pace, as a
first guess. The form with its estimate has no WCAG violation at two phone and two screen sizes
(screenshots in test-artifacts/)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from console.games import find_game
from console.hub.pace import DEFAULT_PERSON_S, MIN_GAMES
from console.journal import Journal
from console.lab.length import Pace, lengths_of, minutes_by_people
from tests.conftest import missing
from tests.helpers.browser import ARTIFACTS, By, Select, WebDriverWait, size, webdriver
from tests.helpers.timed_games import timed_game
from tests.web.conftest import Browser
from tests.web.test_web_axe import AXE_DIR, AXE_SCRIPT, SCREENS, SIZES, violations

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PERSON_S = 12.0


def about(minutes: int) -> str:
    """Minutes in the form's words."""
    if minutes < 60:
        return f"About {minutes} minute{'' if minutes == 1 else 's'}"
    hours, rest = divmod(minutes, 60)
    said = f"About {hours} hour{'' if hours == 1 else 's'}"
    return f"{said} {rest} minutes" if rest else said


def expected(game: str, players: int, people: int, physical: bool, person_s: float, learned: int) -> int:
    """The minutes the hub should say: the game's measured length at this pace; the hub under
    test neither pauses its bots nor its dealer."""
    table = lengths_of(game)
    assert table is not None
    return minutes_by_people(table.lengths[players], physical, Pace(person_s, 0.0, 0.0, learned))[people]


def words(driver: webdriver.Chrome, before: str = "") -> str:
    """The estimate, once it says something other than ``before``."""
    found: str = WebDriverWait(driver, 10).until(
        lambda d: (text := d.find_element(By.ID, "length-words").text) != before and text
    )
    return found


def test_the_host_reads_how_long_the_chosen_game_takes_with_these_seats(
    tmp_path: Path, hub_process: Callable[..., Any], browser: Browser
) -> None:
    journal_path = tmp_path / "journal.db"
    with Journal(journal_path) as journal:  # this hub's own evening: three Watches, a person and a bot
        for seed in range(MIN_GAMES):
            timed_game(journal, "watch", {1: "phone", 2: "bot"}, PERSON_S, seed=seed)
    hub = hub_process(journal_path, "--game", "wheels", "--seats", "phone,bot", "--host", "127.0.0.1")
    screen = browser()
    size(screen, 1366, 768)
    screen.get(f"{hub.url}/")
    form = WebDriverWait(screen, 20).until(lambda d: d.find_element(By.ID, "start-form"))
    assert screen.find_element(By.ID, "length-words").text == "", "an estimate before a game is chosen"

    # The host chooses the Watch from the list, types 4 in Players and moves on to the seats.
    form.find_element(By.NAME, "game").click()
    Select(form.find_element(By.NAME, "game")).select_by_visible_text("Rules of the Watch")
    two = words(screen)
    assert two == f"{about(expected('watch', 2, 1, False, PERSON_S, 3))} with 2 rulers, 1 of them a bot.", two
    players = form.find_element(By.NAME, "players")
    players.clear()
    players.send_keys("4")
    seats = form.find_element(By.NAME, "seats")
    seats.click()  # leaving the count: the seats are filled in, a phone and three bots
    assert seats.get_attribute("value") == "phone, bot, bot, bot"
    said = words(screen, two)
    one = about(expected("watch", 4, 1, False, PERSON_S, 3))
    assert said == f"{one} with 4 rulers, 3 of them bots.", said
    source = screen.find_element(By.ID, "length-source").text
    assert "12 seconds a move for a person, as 3 finished games at this hub took" in source, source

    # Four people: every seat at a person's pace.
    seats.clear()
    seats.send_keys("phone, phone, buttons, pod")
    people = words(screen, said)
    four = expected("watch", 4, 4, False, PERSON_S, 3)
    assert people == f"{about(four)} with 4 rulers.", people
    assert four > expected("watch", 2, 2, False, PERSON_S, 3), "four rulers play no longer than two"

    # An option changed from the book's: the estimate says it does not count it.
    form.find_element(By.CSS_SELECTOR, "#game-options summary").click()
    target = form.find_element(By.NAME, "option:victory_points")
    target.clear()
    target.send_keys("12")
    WebDriverWait(screen, 10).until(
        lambda d: (
            "options changed here (victory points) are not in it"
            in d.find_element(By.ID, "length-source").text
        )
    )
    target.clear()
    target.send_keys(str(find_game("watch").default_options()["victory_points"]))
    form.find_element(By.CSS_SELECTOR, "#game-options summary").click()
    WebDriverWait(screen, 10).until(
        lambda d: "options changed" not in d.find_element(By.ID, "length-source").text
    )

    # Cards scanned at the pods: a person lays each one dealt.
    Select(form.find_element(By.NAME, "chance")).select_by_visible_text("scanned at the pods")
    scanned = words(screen, people)
    assert scanned == f"{about(expected('watch', 4, 4, True, PERSON_S, 3))} with 4 rulers.", scanned

    # A game this hub has not seen finished: the default pace, said as a first guess.
    Select(form.find_element(By.NAME, "game")).select_by_visible_text("Wheels of War")
    wheels = words(screen, scanned)
    minutes = expected("wheels", 2, 2, True, DEFAULT_PERSON_S, 0)
    assert wheels == f"{about(minutes)} with 2 players.", wheels
    source = screen.find_element(By.ID, "length-source").text
    assert f"{DEFAULT_PERSON_S:g} seconds a move for a person: a first guess" in source, source

    # Back to the Watch's four rulers for the pictures and axe.
    Select(form.find_element(By.NAME, "chance")).select_by_visible_text("dealt by the hub")
    Select(form.find_element(By.NAME, "game")).select_by_visible_text("Rules of the Watch")
    players.clear()
    players.send_keys("4")
    seats.click()  # leaving the count fills in the seats; the host types the four again
    seats.clear()
    seats.send_keys("phone, phone, buttons, pod")
    back = words(screen, wheels)
    assert back == people, (back, seats.get_attribute("value"), players.get_attribute("value"))
    if not AXE_SCRIPT.is_file():
        missing(f"axe-core is not installed at {AXE_DIR}: npm install --prefix {AXE_DIR} axe-core@4.14.1")
    axe = AXE_SCRIPT.read_text()
    found: list[str] = []
    for viewport in (*SIZES.values(), *SCREENS.values()):
        size(screen, *viewport)
        screen.execute_script("document.getElementById('length-estimate').scrollIntoView({block: 'center'})")
        found += violations(screen, axe, viewport, "start-form-length")
    assert not found, "\n".join(found)
    assert (ARTIFACTS / "axe-start-form-length-360x740.png").is_file()
