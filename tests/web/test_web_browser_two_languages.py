"""Issue 26's table: one phone in English and one in German play the same game, each reading every
move in its own words. A Wisteria War (the tie, each side's secret Battle or Retreat, who won it)
and a Watch alliance (offered, accepted, its private talk) are played by tapping, as people do;
each phone's log, the choices' notes and the cards are read in its language, with the players'
names the phones typed. Screenshots go to test-artifacts/languages/."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import partial

import pytest

from console.web.hub_process import HubProcess
from tests.helpers.browser import ARTIFACTS, By, TimeoutException, webdriver
from tests.web.conftest import Browser
from tests.web.test_web_axe import start
from tests.web.test_web_browser_languages import QUICK, choose_language, seat_links, wait

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SHOTS = ARTIFACTS / "languages"
# English words no German sentence of these games holds (a line with one was not translated)
ENGLISH = re.compile(r"\b(the|and|wins|turns|chose|seat|ruler|offers|allies|with|from)\b")


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HubProcess]:
    process = HubProcess(
        tmp_path_factory.mktemp("two-languages") / "journal.db", *QUICK, "--seats", "bot,bot"
    )
    yield process
    process.stop()


def sit(hub: HubProcess, table: int, seat: int, phone: webdriver.Chrome, name: str, language: str) -> None:
    """Open the seat's link, choose the phone's language at the foot of the page and type a name,
    as a person does."""
    phone.get(seat_links(hub, table)[seat])
    wait(phone).until(lambda d: d.find_elements(By.ID, "language"))
    if language != "English":
        choose_language(phone, language)
        wait(phone).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de")
    box = wait(phone).until(lambda d: d.find_element(By.ID, "name-box"))
    wait(phone).until(lambda d: box.get_attribute("open") is not None)  # the phone asks for a name
    phone.find_element(By.CSS_SELECTOR, "#name-form input[name=name]").send_keys(name)
    phone.find_element(By.CSS_SELECTOR, "#name-form button[type=submit]").click()
    wait(phone).until(lambda d: name in d.find_element(By.ID, "name-summary").text)


def log(phone: webdriver.Chrome) -> list[str]:
    """The phone's log as it reads it: the newest line, and every line once its box is opened."""
    return [
        str(line)
        for line in phone.execute_script(
            "return [...document.querySelectorAll('#log li')].map((li) => li.textContent.trim());"
        )
    ]


def actions_done(phone: webdriver.Chrome) -> int:
    return int(phone.execute_script("return window.tabletop.state().actions"))


def more_done(phone: webdriver.Chrome, before: int) -> bool:
    return actions_done(phone) > before


def tap(phone: webdriver.Chrome, wanted: Callable[[str], bool] = lambda action: True) -> bool:
    """Tap the first shown choice whose action ``wanted`` takes, opening its folded group or its
    card first as a person would. False when the phone has no such choice now."""
    for _ in range(3):
        # a choice's button, a card's, or a folded list's summary (opened by a tap, as people do)
        where = "#choices button, #choices summary"
        shown = [b for b in phone.find_elements(By.CSS_SELECTOR, where) if b.is_displayed()]
        moves = [b for b in shown if b.get_attribute("data-action")]
        chosen = [b for b in moves if wanted(str(b.get_attribute("data-action")))]
        if chosen:
            # scrolled to the foot of the screen, as a thumb reaches it: clear of the sticky map
            before = actions_done(phone)
            phone.execute_script("arguments[0].scrollIntoView({block: 'end'})", chosen[0])
            chosen[0].click()
            wait(phone).until(partial(more_done, before=before))
            return True
        openers = [b for b in shown if not b.get_attribute("data-action") and _holds(phone, b, wanted)]
        if not openers:
            return False
        phone.execute_script("arguments[0].scrollIntoView({block: 'end'})", openers[0])
        openers[0].click()
    return False


def _holds(phone: webdriver.Chrome, opener: object, wanted: Callable[[str], bool]) -> bool:
    """Whether a fold's or a card's button leads to a wanted choice."""
    group = phone.execute_script(
        "const b = arguments[0]; const box = b.closest('fieldset, details') || b.parentElement;"
        "const card = b.dataset.card;"
        "return [...(box ? box.querySelectorAll('[data-action]') : [])].map((x) => x.dataset.action)"
        ".concat(card ? window.tabletop.state().legal.filter((a) => a.includes(card)) : []);",
        opener,
    )
    return any(wanted(str(action)) for action in group or [])


def play_until(
    done: Callable[[], bool],
    *phones: webdriver.Chrome,
    wanted: dict[int, Callable[[str], bool]] | None = None,
    rather: Callable[[str], bool] = lambda action: True,
    taps: int = 150,
) -> None:
    """Each phone taps, in turn, the choice it is ``wanted`` to (by seat), else one ``rather``
    takes, until ``done``; between taps it waits for the table, as players do."""
    for _ in range(taps):
        if done():
            return
        tapped = False
        for seat, phone in enumerate(phones, start=1):
            choice = (wanted or {}).get(seat)
            if (choice is not None and tap(phone, choice)) or tap(phone, rather):
                tapped = True
        if not tapped:
            try:
                wait(phones[0]).until(lambda _: done() or any(has_choices(p) for p in phones))
            except TimeoutException:
                break
    assert done(), "the moment this test plays for never came"


def has_choices(phone: webdriver.Chrome) -> bool:
    return bool(phone.find_elements(By.CSS_SELECTOR, "#choices button[data-action]"))


def test_a_wisteria_war_read_in_english_and_in_german(hub: HubProcess, browser: Browser) -> None:
    table = start(hub, {"game": "wisteria", "players": 2, "seats": ["phone", "phone"], "seed": 4})
    english, german = browser(phone=True), browser(phone=True)
    sit(hub, table, 1, english, "Ana", "English")
    sit(hub, table, 2, german, "Bo", "Deutsch")
    # each phone taps Battle (a War's secret choice) whenever it has one, until a War was fought
    play_until(lambda: any(line.startswith("Battle: ") for line in log(english)), english, german)
    wait(german).until(lambda d: any(line.startswith("Schlacht: ") for line in log(d)))
    english_log, german_log = log(english), log(german)
    war = next(line for line in english_log if line.startswith("War! "))
    assert re.fullmatch(r"War! Ana and Bo tie on \d", war), war
    assert any(re.fullmatch(r"Krieg! Ana und Bo liegen gleichauf bei \d", line) for line in german_log), (
        german_log
    )
    # each phone's own secret choice said to it alone, in its words; the table's line names both
    assert "You chose Battle" in english_log and "Du hast Schlacht gewählt" in german_log
    assert any(line.startswith("Battle: Ana and Bo") for line in english_log), english_log
    assert any(line.startswith("Schlacht: Ana und Bo") for line in german_log), german_log
    # the same game: the same events, each in its own words, none left English on the German phone
    assert len(english_log) == len(german_log)
    assert not [line for line in german_log if ENGLISH.search(line)], german_log
    english.save_screenshot(str(SHOTS / "wisteria-war-en.png"))
    german.save_screenshot(str(SHOTS / "wisteria-war-de.png"))


def test_a_watch_alliance_read_in_english_and_in_german(hub: HubProcess, browser: Browser) -> None:
    table = start(hub, {"game": "watch", "players": 3, "seats": ["phone", "phone", "bot"], "seed": 2})
    english, german = browser(phone=True), browser(phone=True)
    sit(hub, table, 1, english, "Ana", "English")
    sit(hub, table, 2, german, "Bo", "Deutsch")

    def allied(phone: webdriver.Chrome) -> bool:
        return any(e["kind"] == "allied" for e in phone.execute_script("return window.tabletop.events()"))

    # the founding and the first turns: each phone taps its first choice, until Ana may offer Bo
    # an alliance; she does, and Bo accepts on the German phone
    play_until(
        lambda: allied(english),
        english,
        german,
        wanted={1: lambda action: action == "1:offer 2", 2: lambda action: action == "2:accept"},
        rather=lambda action: "offer" not in action and "accept" not in action,
    )
    wait(german).until(allied)
    english_log, german_log = log(english), log(german)
    assert any(re.search(r"Ana .*offers an alliance to .*Bo", line) for line in english_log), english_log
    assert any("Bündnis" in line and "Ana" in line and "Bo" in line for line in german_log), german_log
    assert not [line for line in german_log if ENGLISH.search(line)], german_log
    english.save_screenshot(str(SHOTS / "watch-alliance-en.png"))
    german.save_screenshot(str(SHOTS / "watch-alliance-de.png"))
