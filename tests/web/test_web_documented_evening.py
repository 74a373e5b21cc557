"""The documented evening is a test: every sentence of README.md's quick start and of
docs/game-night.md that tells a person to do something in a browser is done here as a person
does it, in a real headless Chromium against a real hub process started as the README starts it
(``tabletop serve --simulate``, a fresh journal), for each of the three games.

One Chromium is the host's table screen; each phone is a Chromium of its own (a fresh profile:
its own cookies). The host fills in the start form by clicking and typing; phones open their
seat from the table screen's codes (the code's link, or the short address under it typed into
the address bar); players type their names and play by tapping (a card first, then what to do
with it; a ringed place on the map); the host uses Host controls. Nothing is posted to the API
by hand. What the person sees is asserted at each step, and each step's screenshot goes to
test-artifacts/evening/<game>-<step>-<WxH>.png at the doc's sizes (phones 390x844 and 360x740,
the table screen 1366x768 and 1920x1080). The first game is played here, the other two in
test_web_evening_2.py and test_web_evening_3.py, each on a hub of its own: pytest-xdist hands out
a file to one worker, and the three games, up to a minute each, then run side by side.

The doc's own pictures (docs/img/) are screenshots of these steps: ``DOC_IMAGES`` says which.
``TABLETOP_REGENERATE_DOC_IMAGES=1 pytest -n 0 tests/web/test_web_*evening*.py`` copies
them over docs/img/; ``test_every_doc_image_is_a_step_of_the_evening`` (a quick test, in every
run) checks that each image the docs show exists and comes from a step of this test.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from console.games import find_game
from console.web.hub_process import HubProcess
from tests.helpers.browser import (
    ARTIFACTS,
    UNDER_THE_FINGER,
    By,
    Select,
    WebDriverException,
    WebDriverWait,
    displayed,
    size,
    webdriver,
)
from tests.web.conftest import Browser

ROOT = Path(__file__).resolve().parents[2]
EVENING = ARTIFACTS / "evening"
DOCS = (ROOT / "docs" / "game-night.md", ROOT / "README.md")
REGENERATE = "TABLETOP_REGENERATE_DOC_IMAGES"

PHONE_A = (390, 844)  # the first player's phone
PHONE_B = (360, 740)  # the second player's, a small one
SCREEN = (1366, 768)  # the host's table screen: a TV
BIG_SCREEN = (1920, 1080)
PHONES = (PHONE_A, PHONE_B)
SCREENS = (SCREEN, BIG_SCREEN)

GAMES = ("wisteria", "wheels", "watch")


@dataclass(frozen=True)
class Plan:
    """The table the host starts: the seats typed into the form and the options set there
    (each game's short options, from its facts, so a whole game is a few dozen taps)."""

    players: int
    seats: str
    options: dict[str, str] = field(default_factory=dict)  # option name -> a choice's words


PLANS = {
    # Time Limit: the table has a clock, so the host's +5 min applies. 100 rounds, not the short
    # options' 40: the phones then have a War or two to tap before the round limit ends it.
    "wisteria": Plan(3, "phone, phone, bot", {"victory": "time limit", "round_limit": "100"}),
    "wheels": Plan(2, "phone, phone"),
    "watch": Plan(3, "phone, phone, bot"),
}

# Every step that saves a screenshot, per game, in the doc's order; a step's pictures are
# <game>-<step>-<WxH>.png. The doc's images must come from these.
COMMON_STEPS = (
    "start-form",  # §2: the start form, the game chosen by its title
    "start-refused",  # §2: a refused start says what to change, under the button
    "join-codes",  # §3: the table screen waits, a code for each phone seat
    "name-asked",  # §3: the phone asks its player for a name
    "one-joined",  # §3: one phone in, its code gone, the table still waiting
    "started",  # §3: the host started without the second phone; it joins late
    "your-move",  # §4: a phone's first decision
    "log-open",  # §4: the folded log, opened by a tap
    "paused",  # §5: Pause
    "host-controls",  # §5: the host controls open, playing
    "end-asked",  # §5: End asks first
    "concede-asked",  # §5: Concede asks first
    "seat-to-bot",  # §5: a phone whose seat was handed to a bot is told so
    "over",  # §6: the result, and only the next game offered
    "next-waiting",  # §6: the next game with the same seats waits for the phones
    "next-joined",  # §6: the phone followed its link
    "next-ended",  # §5/§6: End, confirmed
    "results",  # §6: the home page lists the evening's results
)
GAME_STEPS = {
    "wisteria": ("war", "has-chosen"),  # §4: Battle or Retreat in view; the table sees "has chosen"
    "wheels": ("card-picked", "played"),  # §4: card first, then a shelf; wheels on the shelves
    "watch": ("map-tapped",),  # §4: a ringed place tapped on the map
}
QUICK_START_STEPS = ("quick-start-table", "quick-start-seat", "seat-taken", "seat-given", "seat-lost")
STEPS = {game: (*COMMON_STEPS, *GAME_STEPS[game]) for game in GAMES}
STEPS["wisteria"] += QUICK_START_STEPS

# docs/img/<name> is the screenshot of this step: (game, step, size).
DOC_IMAGES: dict[str, tuple[str, str, tuple[int, int]]] = {
    "start-form-390x844.png": ("watch", "start-form", PHONE_A),
    "watch-table-1366x768.png": ("watch", "join-codes", SCREEN),
    "watch-seat-tapped-390x844.png": ("watch", "map-tapped", PHONE_A),
    "wheels-seat-played-390x844.png": ("wheels", "card-picked", PHONE_A),
    "wisteria-seat-390x844.png": ("wisteria", "war", PHONE_A),
    "wheels-table-over-1366x768.png": ("wheels", "over", SCREEN),
}


def shot_path(game: str, step: str, where: tuple[int, int]) -> Path:
    return EVENING / f"{game}-{step}-{where[0]}x{where[1]}.png"


def doc_images() -> list[tuple[Path, str]]:
    """Every image README.md and docs/game-night.md show: (the doc, the image's path in it)."""
    found = []
    for doc in DOCS:
        for target in re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", doc.read_text(encoding="utf-8")):
            found.append((doc, target))
    return found


def test_every_doc_image_is_a_step_of_the_evening() -> None:
    shown = doc_images()
    assert shown, "the docs show no image"
    for doc, target in shown:
        path = (doc.parent / target).resolve()
        assert path.is_file(), f"{doc.name} shows {target}, which does not exist"
        assert path.parent == ROOT / "docs" / "img", f"{doc.name}: {target} is not in docs/img"
        assert path.name in DOC_IMAGES, f"{doc.name}: {target} is no step of the evening (DOC_IMAGES)"
    for name, (game, step, where) in DOC_IMAGES.items():
        assert step in STEPS[game], (name, step)
        assert where in (PHONES if where in PHONES else SCREENS), (name, where)
    assert {Path(target).name for _, target in shown} == set(DOC_IMAGES), "an image no doc shows"


# -- the hub, as the README starts it ------------------------------------------------------------


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HubProcess]:
    yield from serve(tmp_path_factory)


def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HubProcess]:
    """``tabletop serve --simulate`` (what the quick start's first command runs) on a fresh
    journal, kept to this machine, with bots and the dealer that do not pause."""
    journal = tmp_path_factory.mktemp("evening") / "journal.db"
    quick = ("--port", "0", "--bot-delay", "0", "--chance-delay", "0", "--keepalive", "1")
    process = HubProcess(journal, "--simulate", "--host", "127.0.0.1", *quick)
    yield process
    process.stop()


# -- what a person does and sees -------------------------------------------------------------------


def wait(driver: webdriver.Chrome, seconds: float = 20) -> WebDriverWait:
    return WebDriverWait(driver, seconds, ignored_exceptions=(WebDriverException,))


def text(driver: webdriver.Chrome, css: str) -> str:
    return " ".join(node.text for node in displayed(driver, css))


def shown(driver: webdriver.Chrome, css: str) -> list[Any]:
    return displayed(driver, css)


def status(driver: webdriver.Chrome) -> str:
    return str(driver.find_element(By.ID, "status").text)


def state(driver: webdriver.Chrome) -> Any:
    """The page's own state, for waiting on it (what is asserted is what the page shows)."""
    return driver.execute_script("return window.tabletop.state();")


HOME: dict[str, tuple[int, int]] = {}  # each browser's own size, by its session
WIDE: list[str] = []  # the steps whose page was wider than the screen


def place(driver: webdriver.Chrome, width: int, height: int) -> None:
    """The browser's size from now on (a phone's as a phone)."""
    HOME[str(driver.session_id)] = (width, height)
    size(driver, width, height, mobile=width < 800)


def shoot(driver: webdriver.Chrome, game: str, step: str, *sizes: tuple[int, int]) -> None:
    """The screen as it is, at each size (a phone's at phone sizes): the page re-lays itself out
    for the size and is put back to the browser's own size."""
    assert step in STEPS[game], f"{step} is not a declared step of {game}"
    EVENING.mkdir(parents=True, exist_ok=True)
    for width, height in [*sizes, HOME[str(driver.session_id)]]:
        size(driver, width, height, mobile=width < 800)
        # (a phone's page wider than the phone widens its window: its screen is the phone's)
        sized = "return [innerWidth, screen.width]"
        wait(driver, 5).until(lambda d: width in d.execute_script(sized))  # noqa: B023
        if (width, height) in sizes:
            driver.save_screenshot(str(shot_path(game, step, (width, height))))
            wide = driver.execute_script("return document.documentElement.scrollWidth")
            said = f"{game} {step}: the page is {wide} px wide at {width}x{height}"
            if wide > width and said not in WIDE:  # a person scrolls sideways: said at the end
                WIDE.append(said)


def open_host_controls(screen: webdriver.Chrome) -> None:
    box = screen.find_element(By.ID, "host")
    if not box.get_attribute("open"):
        box.find_element(By.TAG_NAME, "summary").click()


def host_button(screen: webdriver.Chrome, command: str) -> Any:
    return screen.find_element(By.CSS_SELECTOR, f"#host-form [data-command={command}]")


def is_you(phone: webdriver.Chrome, name: str) -> bool:
    """The phone's board names its own seat by the player's name, as "(you)": "Ana (you)", or
    "Ana · Ruler 1 (Stoneborn) (you)" in the Watch."""
    return bool(
        re.search(rf"(^|\n){re.escape(name)}\b[^\n]*\(you\)", phone.find_element(By.ID, "board").text)
    )


def type_name(phone: webdriver.Chrome, name: str) -> None:
    """§3: the phone asks for a name (the box open); the player types it and saves."""
    box = wait(phone).until(lambda d: d.find_element(By.ID, "name-box"))
    wait(phone).until(lambda d: box.get_attribute("open") is not None)
    assert "Your name" in phone.find_element(By.ID, "name-summary").text
    field_ = phone.find_element(By.CSS_SELECTOR, "#name-form input[name=name]")
    field_.send_keys(name)
    phone.find_element(By.CSS_SELECTOR, "#name-form button[type=submit]").click()
    wait(phone).until(lambda d: f"Your name: {name}" in d.find_element(By.ID, "name-summary").text)
    wait(phone).until(lambda d: is_you(d, name))


def bot_named(screen: webdriver.Chrome, game: str, seat: int) -> bool:
    """The table screen names a bot's seat as a bot ("Bot 2 (normal)"); the Watch names it by
    its ruler ("Ruler 2 (Stoneborn)", no player's name) with a bot's tag beside it."""
    board = str(screen.find_element(By.ID, "board").text)
    if game == "watch":
        ruled = bool(re.search(rf"(^|\n)Ruler {seat} \(", board)) and f"· Ruler {seat} (" not in board
        return ruled and bool(re.search(rf"Ruler {seat} \([^)]*\) bot", board))
    return f"Bot {seat} (normal)" in board


def my_move(phone: webdriver.Chrome) -> bool:
    """The phone shows "Your move" with something to tap."""
    return bool(
        "Your move" in phone.find_element(By.ID, "prompt").text
        and shown(phone, "button.choice:enabled, .choice-fold summary")
    )


@dataclass
class Seen:
    """What the taps met, for the per-game checks."""

    labels: list[str] = field(default_factory=list)  # every move tapped, as worded
    cards: int = 0  # decisions made card first
    cancelled: bool = False  # Cancel went back to the cards once
    map_taps: int = 0  # places tapped on the map


def tap_a_move(phone: webdriver.Chrome, seen: Seen, on_first: Callable[[str], None] | None = None) -> bool:
    """One decision by taps, as the doc's section 4 says: a card, then what to do with it; a
    ringed place on the map, then a choice for it; else a choice. False: not this phone's move."""
    if not my_move(phone):
        return False
    before = state(phone)["actions"]
    cards = shown(phone, "button.card-step:enabled")
    if cards:
        face = cards[0].text.split("\n")[0]
        cards[0].click()
        picked = wait(phone, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".picked-card"))
        assert face in picked[0].find_element(By.TAG_NAME, "legend").text  # the card as printed
        if not seen.cancelled:  # Cancel goes back to the cards; it never undoes a move
            phone.find_element(By.CSS_SELECTOR, ".picked-card button.cancel").click()
            wait(phone, 10).until(lambda d: shown(d, "button.card-step:enabled"))
            assert not phone.find_elements(By.CSS_SELECTOR, ".picked-card")
            assert state(phone)["actions"] == before
            seen.cancelled = True
            shown(phone, "button.card-step:enabled")[0].click()
            wait(phone, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".picked-card"))
        seen.cards += 1
        if on_first:
            on_first("card-picked")
        moves = shown(phone, ".picked-card button.choice[data-action]:enabled")
    else:
        moves = shown(phone, "button.choice[data-action]:enabled")
        if not moves:  # a long list of places folds behind its heading: tap a ringed place
            places = phone.find_elements(By.CSS_SELECTOR, "svg.map [data-place]")
            if places:
                place = str(places[len(places) // 2].get_attribute("data-place"))
                phone.execute_script(
                    "arguments[0].scrollIntoView({block: 'center'})", places[len(places) // 2]
                )
                places[len(places) // 2].click()
                moves = wait(phone, 10).until(lambda d: shown(d, "button.choice[data-action]:enabled"))
                actions = [str(m.get_attribute("data-action")).split(" ") for m in moves]
                assert all(place in words for words in actions), (place, actions)  # only that place's
                seen.map_taps += 1
                if on_first:
                    on_first("map-tapped")
            else:
                fold = shown(phone, ".choice-fold summary")[0]
                fold.click()
                moves = wait(phone, 10).until(lambda d: shown(d, "button.choice[data-action]:enabled"))
    assert moves, "nothing to tap"
    label = moves[0].text.split("\n")[0]
    assert label and not re.match(r"^\d+:", label), label  # words, not notation
    seen.labels.append(label)
    moves[0].click()
    wait(phone, 20).until(
        lambda d: (
            state(d)["actions"] > before or d.find_element(By.ID, "action-error").text or state(d)["outcome"]
        )
    )
    assert not phone.find_element(By.ID, "action-error").text, phone.find_element(By.ID, "action-error").text
    return True


def play(phones: Sequence[webdriver.Chrome], seen: Seen, until: Callable[[], bool], limit: int = 200) -> int:
    """The phones tap their moves as each is asked, until ``until()``; the taps made."""
    taps = 0
    while not until():
        assert taps < limit, f"{limit} taps and not there: {[status(p) for p in phones]}"
        acted = False
        for phone in phones:
            try:
                acted = tap_a_move(phone, seen) or acted
            except UNDER_THE_FINGER:  # the choices changed under the finger: look again
                acted = True
        taps += acted
        if not acted:
            wait(phones[0], 30).until(lambda _: until() or any(my_move(p) for p in phones))
    return taps


# -- README's quick start ----------------------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.slow
def test_the_quick_start_and_a_phone_that_died(hub: HubProcess, browser: Browser) -> None:
    """README's quick start on the table the hub starts with (Wisteria, seat 1 a phone, seat 2 a
    bot), and game-night.md's "A player's phone died"."""
    game = "wisteria"
    WIDE.clear()
    # "It prints the address to open, and the host PIN."
    printed = "".join(hub.lines)
    assert f"open {hub.url}/tables/1" in printed and f"host PIN {hub.pin}" in printed, printed
    screen = browser()
    place(screen, *SCREEN)
    screen.get(f"{hub.url}/tables/1")  # "Open the table screen"
    wait(screen).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-panel"))
    assert "Wizard of Wisteria" in screen.find_element(By.TAG_NAME, "h1").text
    assert "Waiting for" in status(screen) and "to join" in status(screen)
    assert shown(screen, "#codes .code[data-seat='1']")
    assert not shown(screen, "#codes .code[data-seat='2']"), "a bot's seat shows a code"
    assert hub.pin not in screen.find_element(By.TAG_NAME, "body").text, "the PIN is on the shared screen"
    shoot(screen, game, "quick-start-table", *SCREENS)

    # "type the short address under it, like 192.168.1.20:8000/j/k3vq7n2d"
    typed = screen.find_element(By.CSS_SELECTOR, "#codes .code[data-seat='1'] .address").text
    assert re.fullmatch(r"[\w.:-]+/j/\w+", typed), typed
    phone = browser(phone=True)
    place(phone, *PHONE_A)
    phone.get(f"http://{typed}")
    wait(phone).until(lambda d: d.current_url.endswith("/tables/1/seats/1"))
    assert phone.find_element(By.TAG_NAME, "h1").text.startswith("Seat 1")
    # its code leaves the table screen, and the game begins by itself: its only phone has joined
    wait(screen).until_not(lambda d: d.find_elements(By.CSS_SELECTOR, "#codes .code[data-seat='1']"))
    wait(phone).until(lambda d: "Battle" in text(d, "button.choice"))
    type_name(phone, "Ana")
    shoot(phone, game, "quick-start-seat", PHONE_A)

    # game-night.md, "A player's phone died": the new phone types the short address again.
    new_phone = browser(phone=True)
    place(new_phone, *PHONE_B)
    new_phone.get(f"http://{typed}")
    wait(new_phone).until(lambda d: "Seat 1 is taken" in d.find_element(By.TAG_NAME, "h1").text)
    pin = new_phone.find_element(By.CSS_SELECTOR, "form input[name=pin]")
    assert pin.get_attribute("type") == "password"
    shoot(new_phone, game, "seat-taken", PHONE_B, PHONE_A)
    pin.send_keys(hub.pin)  # the host types the PIN into that page
    new_phone.find_element(By.XPATH, "//button[text()='Give seat 1 to this phone']").click()
    wait(new_phone).until(lambda d: d.current_url.endswith("/tables/1/seats/1"))
    wait(new_phone).until(lambda d: "Ana (you)" in d.find_element(By.ID, "board").text)
    shoot(new_phone, game, "seat-given", PHONE_B)
    # the old phone says at once that the host gave its seat to another phone, and how to get it back
    wait(phone).until(lambda d: d.find_element(By.ID, "seat-lost").is_displayed())
    told = phone.find_element(By.ID, "seat-lost").text
    assert "gave this seat to another phone" in told and "ask the host to type the host PIN" in told, told
    shoot(phone, game, "seat-lost", PHONE_A)
    assert not WIDE, WIDE


# -- docs/game-night.md, for each game ---------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.slow
def test_the_documented_evening(hub: HubProcess, browser: Browser) -> None:
    """The first of the three games (the others: test_web_evening_<n>.py, each on a hub of its
    own, so that the three, each up to a minute, run on different workers)."""
    the_documented_evening(hub, browser, GAMES[0])


def the_documented_evening(hub: HubProcess, browser: Browser, game: str) -> None:
    """docs/game-night.md, every step, for ``game``, on ``hub``."""
    facts = find_game(game)
    title, plan = facts.title, PLANS[game]
    seen = Seen()
    WIDE.clear()

    # §2 Start a game: the host opens the hub's address on the table screen.
    screen = browser()
    place(screen, *SCREEN)
    screen.get(f"{hub.url}/")
    form = wait(screen).until(lambda d: d.find_element(By.ID, "start-form"))
    assert "Start a table" in screen.find_element(By.ID, "new-table").text
    chooser = Select(form.find_element(By.NAME, "game"))
    assert chooser.first_selected_option.get_attribute("value") == "", "a game is preselected"
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(screen).until(lambda d: d.find_element(By.ID, "start-error").text == "Choose a game first.")
    chooser.select_by_visible_text(title)  # chosen by its title
    hint = screen.find_element(By.ID, "players-hint").text
    low, high = facts.facts.min_players, facts.facts.max_players
    assert (f"is for {low} players" if low == high else f"{low} to {high} players") in hint, hint
    players = form.find_element(By.NAME, "players")
    if plan.players != int(players.get_attribute("value") or 0):
        players.clear()
        players.send_keys(str(plan.players))
        form.find_element(By.NAME, "seats").click()  # leaving the field: its change
    seats = form.find_element(By.NAME, "seats")
    # "The form fills in one phone and bots for the rest."
    assert seats.get_attribute("value") == ", ".join(["phone"] + ["bot"] * (plan.players - 1))
    seats.clear()
    seats.send_keys(plan.seats)
    # Options: only the chosen game's own, each with its help text; a short game where it may be.
    form.find_element(By.CSS_SELECTOR, "#game-options summary").click()
    names = [
        str(n.get_attribute("name"))[len("option:") :]
        for n in form.find_elements(By.CSS_SELECTOR, "#game-options [name^='option:']")
    ]
    assert names == [spec.name for spec in facts.option_specs], names
    assert len(shown(screen, "#game-options small")) == len(facts.option_specs), "an option without help"
    for name, value in {**{k: str(v) for k, v in facts.facts.short_options.items()}, **plan.options}.items():
        box = form.find_element(By.NAME, f"option:{name}")
        if box.tag_name == "select":
            Select(box).select_by_visible_text(value)
        else:
            box.clear()
            box.send_keys(value)
    shoot(screen, game, "start-form", *PHONES, *SCREENS)
    # A refused start says what to change, under the button.
    pin = form.find_element(By.NAME, "pin")
    pin.send_keys("0" if hub.pin != "0" else "1")
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    refused = wait(screen).until(lambda d: d.find_element(By.ID, "start-error").text)
    assert "PIN" in refused, refused
    shoot(screen, game, "start-refused", SCREEN)
    pin.clear()
    pin.send_keys(hub.pin)  # "Host PIN: type it once."
    form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    wait(screen).until(lambda d: re.search(r"/tables/\d+$", d.current_url))
    table_url = screen.current_url
    wait(screen).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-panel"))
    assert title in screen.find_element(By.TAG_NAME, "h1").text

    # §3 Players join: a code for each seat a phone may take, a link with the address under it.
    codes = shown(screen, "#codes .code")  # a bot's seat shows none
    phone_seats = [n for n, word in enumerate(plan.seats.split(", "), start=1) if word == "phone"]
    assert [int(str(c.get_attribute("data-seat"))) for c in codes] == phone_seats
    for code in codes:
        assert code.find_elements(By.CSS_SELECTOR, "a.code-link svg"), "the QR code is not a link"
        address = code.find_element(By.CSS_SELECTOR, ".address")
        assert "/j/" in address.text and str(address.get_attribute("href")).endswith(address.text)
    waiting = status(screen)
    assert waiting.startswith("Waiting for") and "to join" in waiting, waiting
    if "bot" in plan.seats:
        assert bot_named(screen, game, 3), "seat 3 is not named as a bot"
    shoot(screen, game, "join-codes", *SCREENS)

    # The first player taps seat 1's code on the screen: the phone opens the code's link.
    phone_a = browser(phone=True)
    place(phone_a, *PHONE_A)
    phone_a.get(
        str(
            screen.find_element(By.CSS_SELECTOR, "#codes .code[data-seat='1'] a.code-link").get_attribute(
                "href"
            )
        )
    )
    wait(phone_a).until(lambda d: d.current_url.endswith("/seats/1"))
    wait(phone_a).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-panel"))
    assert phone_a.find_element(By.TAG_NAME, "h1").text.startswith("Seat 1")
    assert "The game starts once seat 2 has joined" in phone_a.find_element(By.ID, "board").text + text(
        phone_a, "#prompt, #status, #actions"
    ) or "Waiting for" in status(phone_a)
    shoot(phone_a, game, "name-asked", PHONE_A)
    type_name(phone_a, "Ana")
    # Its code leaves the shared screen; the name is on the table screen; the game still waits.
    wait(screen).until_not(lambda d: d.find_elements(By.CSS_SELECTOR, "#codes .code[data-seat='1']"))
    wait(screen).until(lambda d: "Ana" in d.find_element(By.ID, "board").text)
    assert status(screen).startswith("Waiting for") and state(screen)["actions"] == 0  # nobody dealt
    shoot(screen, game, "one-joined", SCREEN)

    # "Host controls → Start without them begins anyway." The PIN: this tab fills it in.
    open_host_controls(screen)
    assert screen.find_element(By.CSS_SELECTOR, "#host-form input[name=pin]").get_attribute("value"), (
        "the tab did not fill in the PIN it was given"
    )
    assert not host_button(screen, "pause").is_displayed()  # only what applies
    host_button(screen, "start").click()
    wait(screen).until(lambda d: not d.find_element(By.ID, "status").text.startswith("Waiting for seat"))
    wait(screen).until(lambda d: state(d)["actions"] > 0 or "To act" in status(d))

    # The second player types the short address under seat 2's code.
    typed = screen.find_element(By.CSS_SELECTOR, "#codes .code[data-seat='2'] .address").text
    phone_b = browser(phone=True)
    place(phone_b, *PHONE_B)
    phone_b.get(f"http://{typed}")
    wait(phone_b).until(lambda d: d.current_url.endswith("/seats/2"))
    type_name(phone_b, "Bo")
    wait(screen).until_not(lambda d: d.find_elements(By.CSS_SELECTOR, "#codes .code[data-seat='2']"))
    wait(screen).until(lambda d: re.search(r"\bBo\b", d.find_element(By.ID, "board").text))
    wait(screen).until(lambda d: not shown(d, ".join-hint"))  # no code left to scan
    shoot(screen, game, "started", SCREEN)
    shoot(phone_b, game, "started", PHONE_B)

    # §4 Play: each phone shows the board, then "Your move".
    phones = (phone_a, phone_b)
    wait(phone_a, 30).until(lambda _: any(my_move(p) for p in phones))
    first = next(p for p in phones if my_move(p))
    shoot(first, game, "your-move", PHONE_A if first is phone_a else PHONE_B)
    if game == "wisteria":
        # Battle or Retreat in a War, in view at the bottom of the screen even on a small phone.
        in_war = [p for p in phones if my_move(p)]
        for phone in in_war:
            words = " ".join(b.text for b in shown(phone, "button.choice"))
            assert "Battle" in words and "Retreat" in words, words
            in_view = phone.execute_script(
                "return [...document.querySelectorAll('button.choice')].every((b) => {"
                " const r = b.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; })"
            )
            assert in_view, "Battle or Retreat is below the fold"
        shoot(in_war[0], game, "war", PHONE_A, PHONE_B)
        name = "Ana" if in_war[0] is phone_a else "Bo"
        tap_a_move(in_war[0], seen)
        # Your choice stays on your phone. The table sees only "has chosen".
        # (read from every event the screen received: the dealer may have pushed it off the log)
        said = "return window.tabletop.events().map((e) => Games.describe(window.tabletop.state().game, e))"
        wait(screen).until(lambda d: f"{name} has chosen" in d.execute_script(said))
        # the phone's own line arrives on its own stream: waited for, as the screen's was
        wait(in_war[0]).until(
            lambda d: any(str(line).startswith("You chose") for line in d.execute_script(said))
        )
        shoot(screen, game, "has-chosen", SCREEN)

    taken: set[str] = set()

    def first_of(step: str) -> None:  # the doc's picture of a card picked, a place tapped
        if step in GAME_STEPS[game] and step not in taken:
            taken.add(step)
            shoot(phone_a, game, step, PHONE_A)

    # A few decisions by both phones (phone A's first card or place shot as the doc shows it),
    # stopping while a phone is to act: the table waits for it through the host's controls.
    wanted = {"card-picked", "map-tapped"} & set(GAME_STEPS[game])
    for _ in range(60):
        wait(phone_a, 30).until(lambda _: any(my_move(p) for p in phones) or state(screen)["outcome"])
        if state(screen)["outcome"] or (len(seen.labels) >= 2 and wanted <= taken):
            break
        for phone in phones:
            with contextlib.suppress(*UNDER_THE_FINGER):  # the choices changed under the finger
                tap_a_move(phone, seen, first_of if phone is phone_a else None)
    assert seen.labels, "no move was made by a tap"
    assert not state(screen)["outcome"], "the game ended before the host's controls were tried"
    if game == "wheels":
        assert "card-picked" in taken, f"no decision was made card first: {seen.labels}"
        shoot(phone_a, game, "played", PHONE_A)
    if game == "watch":
        assert "map-tapped" in taken, f"no place was tapped on the map: {seen.labels}"
    # On a phone the log is folded: its newest line shows, and a tap opens the rest.
    log_box = phone_a.find_element(By.ID, "log-box")
    assert log_box.get_attribute("open") is None
    assert phone_a.find_element(By.ID, "log-latest").text, "the folded log shows no line"
    phone_a.execute_script("arguments[0].scrollIntoView({block: 'center'})", log_box)
    log_box.find_element(By.TAG_NAME, "summary").click()
    opened = "return [document.getElementById('log-box').open, document.querySelectorAll('#log li').length]"
    wait(phone_a, 10).until(
        lambda d: d.execute_script(opened)[0], message=f"{phone_a.execute_script(opened)}"
    )
    assert shown(phone_a, "#log li"), phone_a.execute_script(opened)
    shoot(phone_a, game, "log-open", PHONE_A)
    log_box.find_element(By.TAG_NAME, "summary").click()

    # §5 Host controls: Pause and Resume.
    host_button(screen, "pause").click()
    wait(screen).until(lambda d: status(d) == "Paused by the host")
    wait(phone_a).until(lambda d: status(d) == "Paused by the host")
    assert host_button(screen, "resume").is_displayed() and not host_button(screen, "pause").is_displayed()
    shoot(screen, game, "paused", BIG_SCREEN)
    host_button(screen, "resume").click()
    wait(screen).until(lambda d: "To act" in status(d))
    assert not host_button(screen, "resume").is_displayed()
    # +5 min: only with a clock (Wisteria's Time Limit), on the table screen and every phone.
    extend = screen.find_element(By.ID, "extend")
    if state(screen)["clock"]:
        assert extend.is_displayed()
        before = state(screen)["clock"]["remaining_s"]
        extend.click()
        wait(screen).until(lambda d: state(d)["clock"]["remaining_s"] > before + 200)
        clock = screen.find_element(By.ID, "clock").text
        assert re.match(r"Time left (19|20):\d\d", clock), clock
        wait(phone_a).until(lambda d: re.match(r"Time left (19|20):", d.find_element(By.ID, "clock").text))
    else:
        assert not extend.is_displayed(), "+5 min offered without a clock"
    # the host's seat rows follow the table: the names the phones typed
    named = screen.find_element(By.CSS_SELECTOR, "input[aria-label='name of seat 1']")
    assert named.get_attribute("value") == "Ana", named.get_attribute("value")
    shoot(screen, game, "host-controls", SCREEN)
    # End asks first, saying the game stops with no winner and cannot be taken back.
    host_button(screen, "end").click()
    question = wait(screen).until(lambda d: d.find_element(By.ID, "host-confirm"))
    assert (
        question.is_displayed() and "no winner" in question.text and "cannot be taken back" in question.text
    )
    assert screen.switch_to.active_element.text == "Keep playing", "the safe answer is not under the finger"
    shoot(screen, game, "end-asked", SCREEN)
    question.find_element(By.XPATH, ".//button[text()='Keep playing']").click()
    assert not question.is_displayed() and "Game over" not in status(screen)
    # Concede asks too: the other seats win.
    row = next(
        r for r in screen.find_elements(By.CSS_SELECTOR, "#seat-controls .inline") if "Seat 2" in r.text
    )
    row.find_element(By.XPATH, ".//button[text()='Concede']").click()
    assert "The other seats win" in question.text and question.is_displayed(), question.text
    shoot(screen, game, "concede-asked", SCREEN)
    question.find_element(By.XPATH, ".//button[text()='Keep playing']").click()
    # Seat 2's player leaves: the host hands the seat to a bot; the phone is told so.
    Select(
        screen.find_element(By.CSS_SELECTOR, "select[aria-label='who plays seat 2']")
    ).select_by_visible_text("bot")
    wait(screen).until(lambda d: bot_named(d, game, 2))
    wait(phone_b).until(lambda d: "A bot plays this seat now" in d.find_element(By.ID, "prompt").text)
    assert "host can give it back" in phone_b.find_element(By.ID, "prompt").text
    shoot(phone_b, game, "seat-to-bot", PHONE_B)

    # §4 again: phone A plays on by taps until the game ends by its own rules.
    play([phone_a], seen, lambda: bool(state(screen)["outcome"]), limit=150)
    if game == "wheels":
        # a choice names whose shelf it aims at ("... on shelf 2 ...")
        assert any("shelf" in label for label in seen.labels), seen.labels

    # §6 The end: the status says who won and why; only the next game is offered.
    wait(screen).until(lambda d: d.find_element(By.ID, "status").text.startswith("Game over"))
    over = status(screen)
    # "Ana wins (...)", or a reason that names its lone winner first says it ("Ana banked the most ...")
    assert re.match(r"Game over: (.+ wins? \(.+\)|(Ana|Bot \d \(\w+\)) .+)", over), over
    # both seats are named now (Ana; seat 2 a bot): the rules' reason says no "seat N"
    assert not re.search(r"\bseat [12]\b", over, re.IGNORECASE), over
    wait(phone_a).until(lambda d: status(d).startswith("Game over"))
    for hidden in ("[data-command=pause]", "[data-command=resume]", "[data-command=end]", "#extend"):
        assert not screen.find_element(By.CSS_SELECTOR, hidden).is_displayed(), hidden
    again = screen.find_element(By.ID, "again-button")
    assert again.is_displayed() and again.text == "Next game, same seats"
    shoot(screen, game, "over", *SCREENS)
    shoot(phone_a, game, "over", PHONE_A)

    # The next game with the same seats: the screen moves to it, and it waits for the phones.
    again.click()
    wait(screen).until(lambda d: d.current_url != table_url and re.search(r"/tables/\d+$", d.current_url))
    wait(screen).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-panel"))
    assert title in screen.find_element(By.TAG_NAME, "h1").text
    wait(screen).until(lambda d: status(d).startswith("Waiting for"))
    assert "Ana" in screen.find_element(By.ID, "board").text  # the same people: the same names
    shoot(screen, game, "next-waiting", SCREEN)
    # The phone follows its link to its seat at the new table; then the game begins by itself.
    follow = wait(phone_a).until(lambda d: shown(d, "#again a"))[0]
    assert follow.text == "Your seat at the next game"
    follow.click()
    wait(phone_a).until(lambda d: d.current_url.startswith(screen.current_url + "/seats/1"))
    wait(phone_a).until(lambda d: is_you(d, "Ana"))
    wait(screen).until(lambda d: not status(d).startswith("Waiting for"))
    shoot(phone_a, game, "next-joined", PHONE_A)
    # The host ends this one: asked first, then over with no winner.
    open_host_controls(screen)
    host_button(screen, "end").click()
    screen.find_element(By.XPATH, "//div[@id='host-confirm']//button[text()='End the game']").click()
    wait(screen).until(lambda d: status(d).startswith("Game over"))
    wait(phone_a).until(lambda d: status(d).startswith("Game over"))
    shoot(screen, game, "next-ended", SCREEN)

    # Every page has a way back: the home page lists the evening's results.
    screen.find_element(By.CSS_SELECTOR, "nav.back a").click()
    results = wait(screen).until(lambda d: d.find_element(By.CSS_SELECTOR, "ul.results"))
    first_table = table_url.rsplit("/", 1)[1]
    assert f"Table {first_table}: {title}" in results.text, results.text
    assert "Start a table" in screen.find_element(By.ID, "new-table").text
    shoot(screen, game, "results", *SCREENS, *PHONES)

    if os.environ.get(REGENERATE) == "1":
        for name, (source_game, step, where) in DOC_IMAGES.items():
            if source_game == game:
                shutil.copyfile(shot_path(game, step, where), ROOT / "docs" / "img" / name)
    assert not WIDE, WIDE  # every step's page fits its screen: nothing to scroll sideways
