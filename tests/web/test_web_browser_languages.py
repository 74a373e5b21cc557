"""Each phone in its own language, in a real headless Chromium (issue 26): two phones at one table,
one left in English and one switched to German with the seat page's chooser as a person does,
see the same game each in its own words; a phone whose browser asks for Spanish reads Spanish
without touching the chooser; the pseudo-locale (every message wrapped in ⟦ ⟧ and 40 %
longer) draws every page kind of every game at 360x740 with no word outside the catalog (but
what ``NOT_YET`` names, for the next step) and nothing wider than the screen; and axe finds no
WCAG violation on the German seat page at four sizes. Screenshots go to test-artifacts/languages/."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from console import i18n
from console.games import find_game
from console.hub.config import TableConfig
from console.inputs.events import Key
from console.physical.cardmap import card_text
from console.physical.tagstore import TagStore
from console.web.hub_process import HubProcess
from tests.helpers.browser import (
    ARTIFACTS,
    UNDER_THE_FINGER,
    By,
    Select,
    WebDriverWait,
    close_chromium,
    open_chromium,
    size,
    webdriver,
)
from tests.hub.test_hub_feedback import card_to_draw
from tests.web.conftest import Browser, ServePods
from tests.web.test_web_axe import SCREENS, SIZES, TABLES, axe, settle, start, violations

pytestmark = [pytest.mark.browser, pytest.mark.slow]
__all__ = ["axe"]  # the fixture, shared with test_web_axe.py

SHOTS = ARTIFACTS / "languages"
QUICK = ("--port", "0", "--bot-delay", "0", "--chance-delay", "0", "--keepalive", "1", "--host", "127.0.0.1")
# What the pages still say in words not (yet) from the catalog, each with why (a CSS selector: its
# reason). Issue 26's steps struck them all: the events' and the choices' words, the cards, the
# hub's refusals, results, prompts and deck lines, the venue's badge (the venue's own tests hold
# it: this hub has no venue). Everything a page shows must be wrapped in the pseudo-locale.
NOT_YET: dict[str, str] = {}
# A game that ships no catalog of its own yet draws its board in English (its page.js); one that
# does is held to it (console/games/<game>/game.pot).
BOARD = "#board"
# Not words at all: a join code's address, a certificate's fingerprint, a ruler's initial.
NOT_WORDS = (".address", ".fingerprint", ".piece-swatch")  # a ruler's initial on its swatch
# Names the console does not translate: the games' titles, the bots' names, the languages' own,
# and the name the host calls the Watch by (an option the host types; "The Watch" unless changed).
TITLES = ("Wizard of Wisteria: Mix-Up", "Wizard of Wisteria", "Wheels of War", "Rules of the Watch")
NAMES = "|".join((*TITLES, r"Bot \d+ \(\w+\)", "The Watch"))

UNWRAPPED = """
const [skip, names] = arguments;
const out = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const shown = (node) => {
  const box = node.closest("option") ? node.closest("select") : node;
  if (!box || box.closest("[hidden]")) return false;
  const style = getComputedStyle(box);
  return box.getClientRects().length > 0 && style.visibility !== "hidden" && style.display !== "none";
};
const unwrapped = (said) => {
  let rest = said;
  for (let before = ""; before !== rest;) { before = rest; rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ""); }
  return rest.replace(new RegExp(names, "g"), "").replace(/[\\d\\s\\p{P}\\p{S}]/gu, "") !== "";
};
for (let text = walker.nextNode(); text; text = walker.nextNode()) {
  const parent = text.parentElement;
  if (!text.textContent.trim() || !parent || parent.closest(skip) || !shown(parent)) continue;
  if (unwrapped(text.textContent)) out.push(text.textContent.trim().slice(0, 80));
}
// words a person meets that are no text of the page: a field's placeholder, a screen reader's
// label, a hover's title, an image's description
for (const node of document.body.querySelectorAll("[placeholder], [aria-label], [title], img[alt]")) {
  if (node.closest(skip) || (!shown(node) && !node.closest("svg"))) continue;
  for (const name of ["placeholder", "aria-label", "title", "alt"]) {
    const said = node.getAttribute(name);
    if (said && said.trim() && unwrapped(said)) out.push(`${name}=${said.trim().slice(0, 80)}`);
  }
}
return out;
"""
OVERFLOW = "return [document.documentElement.scrollWidth, document.documentElement.clientWidth];"


@pytest.fixture(scope="module")
def english_hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HubProcess]:
    process = HubProcess(tmp_path_factory.mktemp("languages") / "journal.db", *QUICK, "--seats", "bot,bot")
    yield process
    process.stop()


@pytest.fixture(scope="module")
def pseudo_hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HubProcess]:
    """The host's language is the pseudo-locale: the table screen is drawn in it too."""
    journal = tmp_path_factory.mktemp("pseudo") / "journal.db"
    process = HubProcess(journal, *QUICK, "--seats", "bot,bot", "--language", "qps")
    yield process
    process.stop()


def shot(driver: webdriver.Chrome, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"{name}.png"))


def seat_links(hub: HubProcess, table: int) -> dict[int, str]:
    return {seat: f"{hub.url}/join/{table}/{seat}/{token}" for seat, token in hub.seat_tokens(table).items()}


def wait(driver: webdriver.Chrome) -> WebDriverWait:
    """A wait that asks again when the page was redrawn (or reloaded) under it."""
    return WebDriverWait(driver, 20, ignored_exceptions=UNDER_THE_FINGER)


def lang(driver: webdriver.Chrome) -> str:
    return str(driver.execute_script("return document.documentElement.lang"))  # never stale mid-load


def choose_language(phone: webdriver.Chrome, name: str) -> None:
    """As a person does: the chooser at the foot of the seat page, then Change."""
    Select(phone.find_element(By.ID, "language")).select_by_visible_text(name)
    phone.find_element(By.ID, "language-change").click()


def test_two_phones_at_one_table_read_the_same_game_each_in_its_own_words(
    english_hub: HubProcess, browser: Browser
) -> None:
    table = start(english_hub, {"game": "wisteria", "players": 2, "seats": ["phone", "phone"], "seed": 4})
    links = seat_links(english_hub, table)
    english, german = browser(phone=True), browser(phone=True)
    english.get(links[1])
    german.get(links[2])
    wait(german).until(lambda d: d.find_elements(By.ID, "language"))
    choose_language(german, "Deutsch")
    wait(german).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de")
    for phone in (english, german):
        settle(phone, "button.choice")
    assert english.find_element(By.TAG_NAME, "h1").text.startswith("Seat 1")
    assert german.find_element(By.TAG_NAME, "h1").text.startswith("Platz 2")
    wait(english).until(lambda d: d.find_element(By.ID, "prompt").text == "Your move:")
    wait(german).until(lambda d: d.find_element(By.ID, "prompt").text == "Dein Zug:")
    assert german.find_element(By.ID, "status").text.startswith("Am Zug: ")
    assert english.find_element(By.ID, "status").text.startswith("To act: ")
    assert german.find_element(By.CSS_SELECTOR, "#log-box summary").text.startswith("Was geschah:")
    # the same game: the same table, actions and public view, only the words differ
    state = "const s = window.tabletop.state(); return [s.actions, s.to_act, s.view.round, s.view.phase];"
    assert english.execute_script(state) == german.execute_script(state)
    # the chosen language stays with the phone: the page opened again is German still
    german.refresh()
    wait(german).until(lambda d: d.find_element(By.ID, "prompt").text == "Dein Zug:")
    shot(english, "two-phones-en")
    shot(german, "two-phones-de")


def pseudo_problems(driver: webdriver.Chrome, where: str, game: str) -> list[str]:
    """What this page shows outside the catalog, and whether it is wider than the screen."""
    board = [] if i18n.has_catalog(find_game(game).catalog_package()) else [BOARD]
    skip = ", ".join(["script", "style", "svg", "[lang]:not(html)", *NOT_WORDS, *NOT_YET, *board])
    found = [
        f"{where}: not from the catalog: {text!r}" for text in driver.execute_script(UNWRAPPED, skip, NAMES)
    ]
    wide, screen = driver.execute_script(OVERFLOW)
    if wide > screen:
        found.append(f"{where}: {wide} px wide on a {screen} px screen")
    shot(driver, f"qps-{where}")
    return found


def at_phone_size(driver: webdriver.Chrome) -> None:
    size(driver, 360, 740, True)


@pytest.mark.parametrize("game", list(TABLES))
def test_every_page_of_a_game_in_the_pseudo_locale_is_translated_and_fits_360(
    pseudo_hub: HubProcess, browser: Browser, game: str
) -> None:
    spec: dict[str, Any] = TABLES[game]
    table = start(pseudo_hub, spec)
    screen, phone, other_phone = browser(), browser(), browser()
    for driver in (screen, phone, other_phone):
        at_phone_size(driver)
        driver.get(f"{pseudo_hub.url}/language")  # the hub's origin, for its cookie
        driver.add_cookie({"name": "tt_lang", "value": "qps", "path": "/"})
    found: list[str] = []
    pages = {"/": "home", "/language": "language", "/deck-check": "deck", "/offline": "offline"}
    for path, where in pages.items():
        phone.get(f"{pseudo_hub.url}{path}")
        found += pseudo_problems(phone, f"{game}-{where}", game)
    # the deck check with no card laid: its report from the hub (every copy missing, each card by
    # its name in the game's catalog); or, if another game's check is under way, the hub's refusal
    phone.get(f"{pseudo_hub.url}/deck-check")
    phone.find_element(By.NAME, "pin").send_keys(pseudo_hub.pin)
    phone.find_element(By.ID, "deck-start").click()
    finish = phone.find_element(By.ID, "deck-finish")
    wait(phone).until(lambda d: d.find_element(By.ID, "deck-error").text or finish.is_displayed())
    if finish.is_displayed():
        finish.click()
        wait(phone).until(lambda d: d.find_element(By.ID, "deck-report-lines").text)
    found += pseudo_problems(phone, f"{game}-deck-checked", game)
    screen.get(f"{pseudo_hub.url}/tables/{table}")
    settle(screen)
    screen.find_element(By.CSS_SELECTOR, "#host summary").click()  # the host's controls open too
    found += pseudo_problems(screen, f"{game}-table-waiting", game)
    # a wrong PIN typed in the host's controls: the hub's refusal, in the table screen's language
    screen.find_element(By.CSS_SELECTOR, "#host-form input[name=pin]").send_keys("0000")
    screen.find_element(By.CSS_SELECTOR, "#host-form [data-command=end]").click()
    screen.find_element(By.CSS_SELECTOR, "#host-confirm button.danger").click()  # asked again: yes
    wait(screen).until(lambda d: d.find_element(By.ID, "host-error").text)
    found += pseudo_problems(screen, f"{game}-table-refused", game)
    screen.find_element(By.CSS_SELECTOR, "#host-form input[name=pin]").clear()
    link = str(screen.find_element(By.CSS_SELECTOR, "#codes a.code-link").get_attribute("href"))
    phone.get(link)
    settle(phone, "button.choice")
    phone.find_element(By.CSS_SELECTOR, "#log-box summary").click()
    found += pseudo_problems(phone, f"{game}-seat-playing", game)
    # a name of spaces alone, refused by the hub: its words under the box
    box = phone.find_element(By.ID, "name-box")
    if not box.get_attribute("open"):
        box.find_element(By.TAG_NAME, "summary").click()
    phone.find_element(By.CSS_SELECTOR, "#name-form input[name=name]").send_keys("   ")
    phone.find_element(By.CSS_SELECTOR, "#name-form button").click()
    wait(phone).until(lambda d: d.find_element(By.ID, "name-error").text)
    found += pseudo_problems(phone, f"{game}-seat-name-refused", game)
    other_phone.get(link)
    wait(other_phone).until(lambda d: "⟦" in d.find_element(By.TAG_NAME, "h1").text)
    found += pseudo_problems(other_phone, f"{game}-seat-taken", game)
    other_phone.get(f"{pseudo_hub.url}/tables/{table}/spectate")
    settle(other_phone)
    found += pseudo_problems(other_phone, f"{game}-spectate", game)
    status, _ = pseudo_hub.request(
        "POST", f"/api/tables/{table}/host", {"command": "end"}, **{"X-Host-Pin": pseudo_hub.pin}
    )
    assert status == 200
    for driver, where in ((screen, "table-over"), (phone, "seat-over")):
        wait(driver).until(lambda d: "⟦Gámé óvér" in d.find_element(By.ID, "status").text)
        found += pseudo_problems(driver, f"{game}-{where}", game)
    phone.get(f"{pseudo_hub.url}/")  # the evening's results: this table's among them
    assert phone.find_elements(By.CSS_SELECTOR, ".results li > span")
    found += pseudo_problems(phone, f"{game}-home-results", game)
    assert not found, "\n".join(found)


def test_the_german_seat_page_has_no_wcag_violation_at_four_sizes(
    english_hub: HubProcess, browser: Browser, axe: str
) -> None:
    table = start(english_hub, TABLES["watch"])
    phone = browser()
    phone.get(seat_links(english_hub, table)[1])
    choose_language(phone, "Deutsch")
    wait(phone).until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "de")
    settle(phone, "button.choice")
    found: list[str] = []
    for viewport in (*SIZES.values(), *SCREENS.values()):
        found += violations(phone, axe, viewport, "languages-seat-de")
    assert not found, "\n".join(found)


def test_a_phone_whose_browser_speaks_spanish_reads_spanish_without_choosing(
    english_hub: HubProcess, require_program: Callable[..., str]
) -> None:
    """No chooser touched: Chromium's own Accept-Language (its --accept-lang) picks the words."""
    table = start(english_hub, {"game": "wheels", "players": 2, "seats": ["phone", "bot"], "seed": 5})
    chromium, driver = require_program("chromium", "chromium-browser"), require_program("chromedriver")
    phone = open_chromium(chromium, driver, phone=True, flags=("--accept-lang=es-ES,es,en",))
    try:
        phone.get(seat_links(english_hub, table)[1])
        wait(phone).until(lambda d: lang(d) == "es")
        settle(phone, "button.choice")
        assert phone.find_element(By.TAG_NAME, "h1").text.startswith("Asiento 1")
        wait(phone).until(lambda d: d.find_element(By.ID, "prompt").text == "Tu jugada:")
        assert "Tu mano" in phone.find_element(By.ID, "board").text  # the game's own words too
        assert Select(phone.find_element(By.ID, "language")).first_selected_option.text == "Español"
        shot(phone, "accept-language-es")
    finally:
        close_chromium(phone)


def type_name(phone: webdriver.Chrome, name: str) -> None:
    """As a person does: the name box at the top of the seat page (open, or opened), then Save."""
    box = phone.find_element(By.ID, "name-box")
    if not box.get_attribute("open"):
        box.find_element(By.TAG_NAME, "summary").click()
    phone.find_element(By.CSS_SELECTOR, "#name-form input[name=name]").send_keys(name)
    phone.find_element(By.CSS_SELECTOR, "#name-form button").click()


def everywhere(driver: webdriver.Chrome, axe: str, where: str) -> list[str]:
    """axe at the two phone sizes and the two screens, each drawn and kept in test-artifacts/."""
    return [
        found
        for viewport in (*SIZES.values(), *SCREENS.values())
        for found in violations(driver, axe, viewport, where)
    ]


def test_a_german_phone_is_refused_and_told_the_result_in_german(
    english_hub: HubProcess, browser: Browser, axe: str
) -> None:
    """The hub's own words on a German phone at an English hub: a name refused, a move refused
    (the phone's live stream dropped while the host paused the table, so it still offered the
    move), the game's end and the evening's results."""
    table = start(english_hub, {"game": "wheels", "players": 2, "seats": ["phone", "bot"], "seed": 6})
    phone = browser(phone=True)
    phone.get(seat_links(english_hub, table)[1])
    wait(phone).until(lambda d: d.find_elements(By.ID, "language"))
    choose_language(phone, "Deutsch")
    wait(phone).until(lambda d: lang(d) == "de")
    settle(phone, "button.choice")
    type_name(phone, "   ")  # spaces alone are no name
    wait(phone).until(lambda d: d.find_element(By.ID, "name-error").text)
    assert phone.find_element(By.ID, "name-error").text == "ein Name ist Text aus 1 bis 24 Zeichen"

    phone.execute_cdp_cmd("Network.enable", {})
    phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/events*"]})  # the stream drops
    phone.refresh()
    settle(phone, "button.choice")
    pin = {"X-Host-Pin": english_hub.pin}
    assert english_hub.request("POST", f"/api/tables/{table}/host", {"command": "pause"}, **pin)[0] == 200
    phone.find_element(By.CSS_SELECTOR, "button.choice").click()
    wait(phone).until(lambda d: d.find_element(By.ID, "action-error").text)
    refused = phone.find_element(By.ID, "action-error").text
    assert refused == "der Tisch ist pausiert; der Gastgeber kann ihn fortsetzen", refused
    shot(phone, "refused-de")
    found = everywhere(phone, axe, "languages-refused-de")

    phone.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})  # the stream is back
    assert english_hub.request("POST", f"/api/tables/{table}/host", {"command": "end"}, **pin)[0] == 200
    wait(phone).until(lambda d: d.find_element(By.ID, "status").text.startswith("Partie vorbei"))
    over = phone.find_element(By.ID, "status").text
    assert over == "Partie vorbei: niemand gewinnt (vom Gastgeber beendet)", over
    phone.get(f"{english_hub.url}/")
    results = [item.text for item in phone.find_elements(By.CSS_SELECTOR, ".results li > span")]
    assert "Niemand gewinnt (vom Gastgeber beendet)" in results, results
    shot(phone, "results-de")
    found += everywhere(phone, axe, "languages-results-de")
    assert not found, "\n".join(found)


# Tags of a Wisteria deck's six cards, for the deck check.
TAGS = {f"0400000{n}": str(n) for n in range(1, 7)}


def cursor(driver: webdriver.Chrome) -> str:
    return str(driver.find_element(By.ID, "cursor").text)


def test_a_pod_seat_and_the_deck_check_are_said_in_each_phones_language(
    serve_pods: ServePods, browser: Browser, axe: str
) -> None:
    """A seat played with its pod: its phone shows the pod's prompt and why a scan or a press was
    refused, one phone in the pseudo-locale (every word from the catalog, at 360 px) and one in
    German; then each runs a deck check, its lines in its own words."""
    hub, url = serve_pods(
        TableConfig(game="wisteria", players=2, seats=("pod", "pod"), chance="physical", seed=7), streams=4
    )
    tags = TagStore(hub.journal.connection, hub.journal.lock)
    for uid, card in TAGS.items():
        tags.enrol(uid, "wisteria", card)
    table = hub.tables()[0].table.id
    pods = {pod.seat: pod for pod in hub.inputs.simulated_pods}
    pseudo, german = browser(), browser(phone=True)
    at_phone_size(pseudo)
    pseudo.get(f"{url}/language")
    pseudo.add_cookie({"name": "tt_lang", "value": "qps", "path": "/"})
    pseudo.get(f"{url}/join/{table}/1/{hub.tokens(table)[1]}")
    german.get(f"{url}/join/{table}/2/{hub.tokens(table)[2]}")
    wait(german).until(lambda d: d.find_elements(By.ID, "language"))
    choose_language(german, "Deutsch")
    wait(german).until(lambda d: lang(d) == "de")
    wait(german).until(lambda d: cursor(d) == "Über Pod: scanne deine Karte")

    first = card_to_draw(hub, 1)
    pods[1].scan("04CC0000000001", text=card_text("wisteria", first))
    wait(pseudo).until(lambda d: "⟦" in cursor(d) and "Bót" not in cursor(d))
    asked = cursor(pseudo)
    pods[1].scan("04CC0000000002", text=card_text("wisteria", card_to_draw(hub, 2)))  # seat 2's card
    wait(pseudo).until(lambda d: cursor(d) != asked)
    found = pseudo_problems(pseudo, "pod-seat-refused", "wisteria")
    before = cursor(german)
    pods[2].tap(Key.OK)  # nothing to choose: the pod's seat must scan its card
    wait(german).until(lambda d: cursor(d) != before)
    assert cursor(german) == "Über Pod: Nicht angenommen: Platz 2: scanne deine Karte", cursor(german)
    shot(german, "pod-refused-de")
    found += everywhere(german, axe, "languages-pod-refused-de")

    for phone in (pseudo, german):
        phone.get(f"{url}/deck-check")
        Select(phone.find_element(By.NAME, "game")).select_by_value("wisteria")
        phone.find_element(By.NAME, "pin").send_keys("2468")
        phone.find_element(By.ID, "deck-start").click()
        wait(phone).until(lambda d: d.find_element(By.ID, "deck-finish").is_displayed())
        for uid in ("04000001", "04000002", "04000001"):  # one copy laid twice
            pods[1].scan(uid)
        wait(phone).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#deck-lines li")) == 3)
        if phone is pseudo:
            found += pseudo_problems(pseudo, "deck-lines", "wisteria")
        else:
            lines = [item.text for item in german.find_elements(By.CSS_SELECTOR, "#deck-lines li")]
            assert lines[0].startswith("[1/6] ") and lines[2].endswith(
                ": dieses Exemplar wurde schon gezählt"
            )
            shot(german, "deck-lines-de")
            found += everywhere(german, axe, "languages-deck-lines-de")
        phone.find_element(By.ID, "deck-finish").click()
        wait(phone).until(lambda d: d.find_element(By.ID, "deck-report-lines").text)
    report = german.find_element(By.ID, "deck-report-lines").text
    assert report.startswith("2 von 6 Exemplaren gefunden.") and "Fehlt: " in report, report
    assert not found, "\n".join(found)
