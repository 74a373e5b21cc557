"""Game night in a real headless Chromium against one real hub process: every game's table screen
at 1366x768 and 1920x1080 and its seat page at phone size (390x844), checked for what a newcomer
met: the Watch's ruler colours, the QR link, claimed codes, refusals in view, readable logs, screens
that fit. Screenshots of each go to test-artifacts/ (docs/game-night.md shows them)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from console.bench.ux import SCREEN_USED
from console.games import find_game
from console.web.hub_process import HubProcess
from tests.helpers.browser import ARTIFACTS, By, Chromiums, WebDriverWait, size, webdriver
from tests.helpers.log_words import is_dump, raw_ids

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SCREENS = {"1366x768": (1366, 768), "1920x1080": (1920, 1080)}
PHONE = (390, 844)
GAMES = ("wisteria", "wheels", "watch")
# Each game twice: a phone at seat 1 against bots (seat pages), and bots only, bounded so they
# finish quickly (their whole log is read back through the page's own words).
TABLES: dict[str, dict[str, Any]] = {
    "wisteria": {"game": "wisteria", "players": 2, "seats": ["phone", "bot"], "seed": 1},
    "wheels": {
        "game": "wheels",
        "players": 2,
        "seats": ["phone", "bot"],
        "seed": 2,
        "options": {"first_seat": 1},
    },
    "watch": {"game": "watch", "players": 4, "seats": ["phone", "bot", "bot", "bot"], "seed": 3},
}
BOT_TABLES: dict[str, dict[str, Any]] = {
    "wisteria": {
        "game": "wisteria",
        "players": 2,
        "seats": ["bot", "bot"],
        "seed": 4,
        "options": {"round_limit": 80},
    },
    "wheels": {"game": "wheels", "players": 2, "seats": ["bot", "bot"], "seed": 5},
    "watch": {"game": "watch", "players": 4, "seats": ["bot"] * 4, "seed": 6, "options": {"max_rounds": 4}},
}


class Hub:
    """One hub process for the module, with a phone table and a bots-only table per game."""

    def __init__(self, journal: Path) -> None:
        self.process = HubProcess(
            journal,
            "--port",
            "0",
            "--bot-delay",
            "0",
            "--chance-delay",
            "0",
            "--keepalive",
            "1",
            "--game",
            "wisteria",
            "--seats",
            "bot,bot",
            "--seed",
            "9",
        )
        self.url, self.pin = self.process.url, self.process.pin
        self.tables = {name: self.start(spec) for name, spec in TABLES.items()}
        self.bot_tables = {name: self.start(spec) for name, spec in BOT_TABLES.items()}

    def start(self, spec: dict[str, Any]) -> int:
        return self.process.new_table(spec)

    def join_url(self, table: int, seat: int) -> str:
        return self.process.join_links(table)[seat]


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    started = Hub(tmp_path_factory.mktemp("night") / "journal.db")
    yield started
    started.process.stop()


@pytest.fixture(scope="module")
def browsers(chromiums: Chromiums) -> Iterator[dict[str, webdriver.Chrome]]:
    """Two Chromiums for the whole module: "screen" (a TV) and "phone" (its own cookies), taken
    from this worker's pool and given back, made new, when the module is done."""
    drivers = {name: chromiums.take() for name in ("screen", "phone")}
    yield drivers
    for driver in drivers.values():
        chromiums.give_back(driver)


def drawn(driver: webdriver.Chrome, css: str = ".seat-panel") -> None:
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, css))


def shot(driver: webdriver.Chrome, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def no_console_errors(driver: webdriver.Chrome) -> None:
    # a refused move is the hub's answer (400, shown to the player), not a fault of the page
    problems = [
        entry
        for entry in driver.get_log("browser")
        if entry["level"] == "SEVERE"
        and not (
            entry["source"] == "network" and "/actions" in entry["message"] and " 400 " in entry["message"]
        )
    ]
    assert not problems, problems


# The smallest font size of any visible text on the page, and whose it is.
SMALLEST_TEXT = (
    "let least = [999, ''];"
    "const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);"
    "for (let n = walk.nextNode(); n; n = walk.nextNode()) {"
    "  const el = n.parentElement; if (!n.textContent.trim() || !el.getClientRects().length) continue;"
    "  if (el.closest('svg, details:not([open]) > :not(summary)')) continue;"
    "  const size = parseFloat(getComputedStyle(el).fontSize);"
    "  if (size < least[0]) least = [size, n.textContent.trim().slice(0, 40)];"
    "}"
    "return least;"
)


def open_seat(hub: Hub, phone: webdriver.Chrome, game: str) -> None:
    """Seat 1 of the game's phone table, joined by its link, at phone size."""
    size(phone, *PHONE, mobile=True)
    phone.get(hub.join_url(hub.tables[game], 1))
    drawn(phone)
    assert phone.execute_script("return window.innerWidth") == PHONE[0]
    assert phone.find_elements(By.CSS_SELECTOR, "nav.back a[href='/']"), "no way back"


def choices(driver: webdriver.Chrome) -> list[Any]:
    found: list[Any] = driver.find_elements(By.CSS_SELECTOR, "button.choice:enabled")
    return found


def log_lines(phone: webdriver.Chrome) -> list[str]:
    """The phone's log, read as a person would after opening its fold."""
    fold = phone.find_element(By.ID, "log-box")
    if not fold.get_attribute("open"):
        fold.find_element(By.TAG_NAME, "summary").click()
    return [item.text for item in phone.find_elements(By.CSS_SELECTOR, "#log li")]


def shown_choices(driver: webdriver.Chrome) -> list[Any]:
    """What a person sees to tap: the enabled choices in view, or the heading of a folded list."""
    shown = [button for button in choices(driver) if button.is_displayed()]
    return shown or [fold for fold in driver.find_elements(By.CSS_SELECTOR, ".choice-fold summary")]


@pytest.mark.parametrize("which", ["phone", "bots"])
@pytest.mark.parametrize("game", GAMES)
def test_the_table_screen_fits_without_scrolling(
    hub: Hub, browsers: dict[str, webdriver.Chrome], game: str, which: str
) -> None:
    """At the start (codes shown) and after a bots' game (a full map, a long log)."""
    screen = browsers["screen"]
    table = hub.tables[game] if which == "phone" else hub.bot_tables[game]
    for label, (width, height) in SCREENS.items():
        size(screen, width, height)
        screen.get(f"{hub.url}/tables/{table}")
        drawn(screen)
        if which == "bots":
            WebDriverWait(screen, 60).until(
                lambda d: d.execute_script("return window.tabletop.state().outcome")
            )
        overflow = screen.execute_script(
            "return [document.documentElement.scrollHeight, window.innerHeight,"
            " document.documentElement.scrollWidth, window.innerWidth]"
        )
        assert overflow[0] <= overflow[1] and overflow[2] <= overflow[3], (label, overflow)
        # every seat panel is inside the screen, not cut off below it
        bottoms = screen.execute_script(
            "return [...document.querySelectorAll('.seat-panel')]"
            ".map((n) => n.getBoundingClientRect().bottom)"
        )
        assert bottoms and max(bottoms) <= height + 1, (label, bottoms)
        # made for a room: the game uses the screen's height, and no text is small at 1080p
        used = screen.execute_script(SCREEN_USED)
        assert used >= 0.85, (label, used)
        if height >= 1080:
            smallest = screen.execute_script(SMALLEST_TEXT)
            assert smallest[0] >= 20, (label, smallest)
        assert not screen.find_elements(By.ID, "pin"), "the host PIN is on the shared screen"
        assert screen.find_elements(By.CSS_SELECTOR, "nav.back a[href='/']"), "no way back"
        shot(screen, f"{game}-table-{label}" if which == "phone" else f"{game}-table-over-{label}")
    no_console_errors(screen)


def test_the_watch_rulers_have_valid_distinct_colours_and_initials(
    hub: Hub, browsers: dict[str, webdriver.Chrome]
) -> None:
    screen = browsers["screen"]
    size(screen, *SCREENS["1366x768"])
    screen.get(f"{hub.url}/tables/{hub.bot_tables['watch']}")
    drawn(screen, ".legend-rulers .piece-swatch")
    WebDriverWait(screen, 30).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "svg.map .road")) >= 8)
    swatches = screen.execute_script(
        "return [...document.querySelectorAll('.legend-rulers .piece-swatch')]"
        ".map((n) => [getComputedStyle(n).backgroundColor, n.textContent])"
    )
    colours = [colour for colour, _ in swatches]
    assert len(colours) == 4
    assert all(re.fullmatch(r"rgb\(\d+, \d+, \d+\)", c) for c in colours), colours
    assert len(set(colours)) == 4, colours
    assert len({initial for _, initial in swatches}) == 4, swatches
    # roads and pieces on the map: each ruler's computed stroke / fill is a real colour, one each
    by_owner = screen.execute_script(
        "const seen = {};"
        "for (const n of document.querySelectorAll('svg.map .road, svg.map .piece')) {"
        "  const s = getComputedStyle(n), road = n.classList.contains('road');"
        "  (seen[n.dataset.owner] ||= new Set()).add(road ? s.stroke : s.fill); }"
        "return Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, [...v]]));"
    )
    assert len(by_owner) == 4, by_owner
    for owner, found in by_owner.items():
        assert len(found) == 1 and found[0] not in ("none", "rgb(0, 0, 0)"), (owner, found)
    assert len({found[0] for found in by_owner.values()}) == 4, by_owner
    tiles = screen.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('.legend-tiles .tile-swatch')]"
        ".map((n) => [n.className, getComputedStyle(n).backgroundColor]))"
    )
    assert tiles["tile-swatch tile-grain"] != tiles["tile-swatch tile-gold"], tiles


@pytest.mark.parametrize("game", GAMES)
def test_no_log_line_is_a_field_dump(hub: Hub, browsers: dict[str, webdriver.Chrome], game: str) -> None:
    """Every event of a bots-only game, as the table screen words it: sentences with cards'
    printed names, never ``key value`` fields or raw card ids."""
    screen = browsers["screen"]
    size(screen, *SCREENS["1366x768"])
    table = hub.bot_tables[game]
    screen.get(f"{hub.url}/tables/{table}")
    drawn(screen)
    WebDriverWait(screen, 60).until(lambda d: d.execute_script("return window.tabletop.state().outcome"))
    lines = screen.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"fetch('/api/tables/{table}/log').then((r) => r.json()).then((body) =>"
        " done(body.events.map((e) => [e.kind, Games.describe(window.tabletop.state().game, e)])));"
    )
    assert len(lines) > 20
    ids = set(find_game(game).catalog())
    for kind, line in lines:
        assert not is_dump(line), (kind, line)
        assert not raw_ids(line, ids), (kind, line)
        assert not re.fullmatch(r"(Seat \d+: )?[A-Z][a-z]+( [a-z]+)*", line) or kind in ("turn_ended",), (
            kind,
            line,
        )
    shown = [item.text for item in screen.find_elements(By.CSS_SELECTOR, "#log li")]
    assert shown and not [line for line in shown if is_dump(line)], shown
    assert screen.find_element(By.ID, "again").is_displayed()


def test_a_tapped_qr_link_opens_the_seat_and_its_code_leaves_the_table_screen(
    hub: Hub, browsers: dict[str, webdriver.Chrome]
) -> None:
    screen, phone = browsers["screen"], browsers["phone"]
    size(screen, *SCREENS["1366x768"])
    table = hub.start({"game": "wheels", "players": 2, "seats": ["phone", "phone"], "seed": 7})
    screen.get(f"{hub.url}/tables/{table}")
    drawn(screen)
    link = screen.find_element(By.CSS_SELECTOR, ".code[data-seat='2'] a.code-link")
    assert link.find_elements(By.TAG_NAME, "svg"), "the QR code is the link"
    address = screen.find_element(By.CSS_SELECTOR, ".code[data-seat='2'] .address")
    assert "/j/" in address.text and str(address.get_attribute("href")).endswith(address.text), address.text
    # a phone "taps" the code: it opens the link's own address
    size(phone, *PHONE, mobile=True)
    phone.get(str(link.get_attribute("href")))
    drawn(phone)
    assert phone.current_url.endswith(f"/tables/{table}/seats/2")
    assert phone.find_element(By.TAG_NAME, "h1").text.startswith("Seat 2")
    # the table screen drops the code by itself, and a reloaded screen does not show it again
    WebDriverWait(screen, 10).until_not(lambda d: d.find_elements(By.CSS_SELECTOR, ".code[data-seat='2']"))
    screen.get(f"{hub.url}/tables/{table}")
    drawn(screen)
    assert not screen.find_elements(By.CSS_SELECTOR, ".code[data-seat='2']"), (
        "a claimed seat's code is still shown"
    )
    assert screen.find_elements(By.CSS_SELECTOR, ".code[data-seat='1']")


@pytest.mark.parametrize("game", GAMES)
def test_a_refusal_is_shown_in_view_and_announced(
    hub: Hub, browsers: dict[str, webdriver.Chrome], game: str
) -> None:
    phone = browsers["phone"]
    open_seat(hub, phone, game)
    WebDriverWait(phone, 30).until(choices)
    phone.execute_script("window.scrollTo(0, 0)")
    phone.execute_script("window.tabletop.post('1:wait now')")
    WebDriverWait(phone, 10).until(lambda d: d.find_element(By.ID, "action-error").text)
    assert phone.find_element(By.ID, "action-error").get_attribute("role") == "alert"
    WebDriverWait(phone, 5).until(lambda d: in_view(d, "action-error"))
    shot(phone, f"{game}-seat-refusal-390x844")


def actions_done(driver: webdriver.Chrome) -> int:
    return int(driver.execute_script("return window.tabletop.state().actions"))


def pick_game(driver: webdriver.Chrome, game: str) -> None:
    driver.execute_script(
        "const s = document.querySelector('[name=game]'); s.value = arguments[0];"
        " s.dispatchEvent(new Event('change'))",
        game,
    )


def in_view(driver: webdriver.Chrome, element_id: str) -> bool:
    top, bottom, height = driver.execute_script(
        f"const r = document.getElementById('{element_id}').getBoundingClientRect();"
        "return [r.top, r.bottom, window.innerHeight];"
    )
    return bool(top >= 0 and bottom <= height)


@pytest.mark.parametrize("game", GAMES)
def test_a_phone_plays_with_worded_grouped_choices(
    hub: Hub, browsers: dict[str, webdriver.Chrome], game: str
) -> None:
    phone = browsers["phone"]
    open_seat(hub, phone, game)
    WebDriverWait(phone, 30).until(choices)
    shot(phone, f"{game}-seat-390x844")
    two_taps = 0  # decisions made card first
    first_lines: list[str] = []  # the log right after the first move (a secret choice)
    for _ in range(6 if game == "wheels" else 3):
        buttons = WebDriverWait(phone, 30).until(
            lambda d: shown_choices(d) or d.execute_script("return window.tabletop.state().outcome")
        )
        if not isinstance(buttons, list):
            break
        assert len(buttons) <= 12, [b.text for b in buttons]  # a handful, never a wall of buttons
        cards = [b for b in buttons if b.get_attribute("data-card")]
        if cards:  # card first: tap the card, then what it does
            face, card, before = cards[0].text, cards[0].get_attribute("data-card"), actions_done(phone)
            cards[0].click()
            WebDriverWait(phone, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".picked-card"))
            phone.back()  # the phone's BACK undoes the selection, not a move, and stays on the page
            again = WebDriverWait(phone, 10).until(
                lambda d: d.find_elements(By.CSS_SELECTOR, f"button.card-step[data-card='{card}']")  # noqa: B023
            )
            assert actions_done(phone) == before and phone.current_url.endswith("/seats/1")
            again[0].click()
            two_taps += 1
            buttons = WebDriverWait(phone, 10).until(
                lambda d: [b for b in shown_choices(d) if b.get_attribute("data-action")]
            )
            assert face.split("\n")[0] in phone.find_element(By.CSS_SELECTOR, ".picked-card legend").text
            assert phone.find_element(By.CSS_SELECTOR, "button.cancel").is_displayed()
        elif not buttons[0].get_attribute("data-action"):  # a folded list: open it, as a person would
            # scrolled to the middle of the screen first: the Watch's map sticks to the top of it
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", buttons[0])
            buttons[0].click()
            buttons = [b for b in shown_choices(phone) if b.get_attribute("data-action")]
        labels = [b.text for b in buttons]
        assert all(label and not re.search(r"^\d+:|\b[a-z]+-[a-z]+-?", label) for label in labels), labels
        buttons = [b for b in buttons if b.get_attribute("data-action")]  # the moves, not cards
        verbs = [b.get_attribute("data-action").split(":", 1)[1].split(" ")[0] for b in buttons]
        # every move sits in a group headed in the game's words (a verb, or the card picked)
        headed = phone.execute_script(
            "return arguments[0].map((b) => Boolean(b.closest('fieldset.choice-group')"
            " && b.closest('fieldset.choice-group').querySelector('legend, summary').textContent.trim()))",
            buttons,
        )
        assert buttons and verbs and all(headed), headed
        before = actions_done(phone)
        buttons[0].click()
        WebDriverWait(phone, 30).until(lambda d: actions_done(d) > before)  # noqa: B023 (waited here)
        first_lines = first_lines or log_lines(phone)
    shot(phone, f"{game}-seat-played-390x844")
    if game == "wheels":  # its opening swaps and its wheels are chosen by card, then by shelf
        assert two_taps, "no decision was made card first"
    lines = log_lines(phone)
    assert lines and not [line for line in lines if is_dump(line)], lines
    if game in ("wisteria", "wheels"):
        # its first move was a secret choice: the phone words it once, as its own, never as the
        # table's redacted "Seat 1 has chosen"
        assert any(line.startswith(("You chose", "You choose")) for line in first_lines), first_lines
        assert not [line for line in lines + first_lines if line.startswith("Seat 1 has chosen")], lines
    no_console_errors(phone)


def test_the_watch_places_are_chosen_by_tapping_the_map(
    hub: Hub, browsers: dict[str, webdriver.Chrome]
) -> None:
    phone = browsers["phone"]
    open_seat(hub, phone, "watch")
    WebDriverWait(phone, 30).until(choices)
    places = phone.find_elements(By.CSS_SELECTOR, "svg.map [data-place]")
    assert places, "no place is marked on the map"
    # the map is whole above the choices: nothing covers it
    map_box = phone.execute_script("return document.querySelector('svg.map').getBoundingClientRect().bottom")
    actions_top = phone.execute_script(
        "return document.getElementById('actions').getBoundingClientRect().top"
    )
    assert map_box <= actions_top
    place = places[-1].get_attribute("data-place")
    phone.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", places[-1])
    shown = [b for b in phone.find_elements(By.CSS_SELECTOR, "button.choice") if b.is_displayed()]
    assert shown and all(place in str(b.get_attribute("data-action")).split(" ") for b in shown), place
    # natural order: i2 before i10
    order = [
        str(b.get_attribute("data-action")) for b in phone.find_elements(By.CSS_SELECTOR, "button.choice")
    ]
    numbers = [
        int(re.sub(r"\D", "", a.split(" ")[1])) for a in order if a.split(" ")[0].endswith(("settle", "city"))
    ]
    assert numbers == sorted(numbers), order
    # scrolled down to the choices, the map is still whole on the screen
    phone.execute_script("document.getElementById('choices').scrollIntoView()")
    top, bottom = phone.execute_script(
        "const r = document.querySelector('svg.map').getBoundingClientRect(); return [r.top, r.bottom];"
    )
    assert top >= 0 and bottom <= PHONE[1] / 2 + 10, (top, bottom)
    shot(phone, "watch-seat-tapped-390x844")
    shown[0].click()
    WebDriverWait(phone, 30).until(
        lambda d: any(e["kind"] == "founded" for e in d.execute_script("return window.tabletop.events()"))
    )


def test_the_start_form_offers_each_game_by_title_with_its_own_options(
    hub: Hub, browsers: dict[str, webdriver.Chrome]
) -> None:
    phone = browsers["phone"]
    size(phone, *PHONE, mobile=True)
    phone.get(f"{hub.url}/")
    select = WebDriverWait(phone, 10).until(lambda d: d.find_element(By.NAME, "game"))
    titles = [o.text for o in select.find_elements(By.TAG_NAME, "option")]
    assert {"Wizard of Wisteria", "Wheels of War", "Rules of the Watch"} <= set(titles) or len(titles) == 4, (
        titles
    )
    pick_game(phone, "watch")
    names = [
        n.get_attribute("name")
        for n in phone.find_elements(By.CSS_SELECTOR, "#game-options [name^='option:']")
    ]
    assert "option:victory_points" in names and "option:victory" not in names, names
    assert phone.find_element(By.NAME, "players").get_attribute("max") == "4"
    pick_game(phone, "wisteria")
    names = [
        n.get_attribute("name")
        for n in phone.find_elements(By.CSS_SELECTOR, "#game-options [name^='option:']")
    ]
    assert "option:victory" in names and "option:victory_points" not in names, names
    shot(phone, "start-form-390x844")


@pytest.mark.parametrize("width", [360, 430])
@pytest.mark.parametrize("game", GAMES)
def test_a_seat_page_fits_phones_from_360_to_430_wide(
    hub: Hub, browsers: dict[str, webdriver.Chrome], game: str, width: int
) -> None:
    phone = browsers["phone"]
    open_seat(hub, phone, game)
    size(phone, width, 800, mobile=True)
    phone.refresh()
    drawn(phone)
    wide = phone.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1] == width, wide


def test_the_host_extends_the_clock_by_five_minutes(hub: Hub, browsers: dict[str, webdriver.Chrome]) -> None:
    screen = browsers["screen"]
    size(screen, *SCREENS["1366x768"])
    spec = {
        "game": "wisteria",
        "players": 2,
        "seats": ["phone", "phone"],
        "seed": 8,
        "options": {"victory": "time_limit", "time_limit_minutes": 1},
    }
    table = hub.start(spec)
    screen.get(f"{hub.url}/tables/{table}")
    drawn(screen)
    assert screen.execute_script("return window.tabletop.state().clock"), "a Time Limit table has a clock"
    before = screen.execute_script("return window.tabletop.state().clock.remaining_s")
    screen.find_element(By.CSS_SELECTOR, "#host summary").click()
    screen.find_element(By.ID, "extend").click()
    alert = screen.find_element(By.ID, "host-error")
    assert "PIN" in alert.text  # asked for, never shown
    screen.find_element(By.CSS_SELECTOR, "#host-form input[name=pin]").send_keys(hub.pin)
    screen.find_element(By.ID, "extend").click()
    WebDriverWait(screen, 10).until(
        lambda d: d.execute_script("return window.tabletop.state().clock.remaining_s") > before + 200
    )
    assert re.match(r"Time left [56]:\d\d", screen.find_element(By.ID, "clock").text)  # 1 min + 5
