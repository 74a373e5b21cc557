"""A player leaves mid-game and comes back, in a real headless Chromium against a real hub process,
done as people do it: the host picks "bot (easy)" for the seat in the table screen's host controls,
the player's phone says a bot plays it, the bot plays on; the host picks "phone" again and the
same phone plays its seat. The journal then says which actions the bot made."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from console.hub.config import HubConfig, ServerConfig, TableConfig
from console.hub.service import Hub
from console.hub.worker import Barrier
from console.journal import Journal
from console.web import create_app
from console.web.server import listen
from tests.helpers.browser import ARTIFACTS, By, Select, size, webdriver
from tests.helpers.fake_clock import FakeClock
from tests.web.conftest import Browser
from tests.web.test_web_browser_host import seat_link
from tests.web.test_web_documented_evening import (
    Seen,
    my_move,
    open_host_controls,
    play,
    state,
    tap_a_move,
    wait,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
SIZES = ((360, 740), (390, 844), (1366, 768), (1920, 1080))


def shots(driver: webdriver.Chrome, name: str, mobile: bool) -> None:
    """The page at every size a person may see it at (a phone's at phone sizes)."""
    folder = ARTIFACTS / "seat-leaves"
    folder.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        if mobile != (width < 800):
            continue
        size(driver, width, height, mobile=mobile)
        driver.save_screenshot(str(folder / f"{name}-{width}x{height}.png"))


def who_plays(screen: webdriver.Chrome, seat: int) -> Select:
    return Select(screen.find_element(By.CSS_SELECTOR, f"select[aria-label='who plays seat {seat}']"))


def test_the_host_hands_a_seat_to_a_bot_mid_game_and_back_to_its_phone(
    tmp_path: Path, hub_process: Callable[..., Any], browser: Browser
) -> None:
    hub = hub_process(
        tmp_path / "journal.db", "--game", "wheels", "--seats", "phone,phone", "--host", "127.0.0.1"
    )
    screen = browser()
    size(screen, 1366, 768)
    links = [seat_link(screen, hub.url, seat) for seat in (1, 2)]
    phone_a, phone_b = browser(phone=True), browser(phone=True)
    for phone, link in zip((phone_a, phone_b), links, strict=True):
        phone.get(link)
        wait(phone).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-panel"))
    screen.get(f"{hub.url}/tables/1")
    wait(screen).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-panel"))
    seen = Seen()
    play([phone_a, phone_b], seen, lambda: len(seen.labels) >= 3)

    # Seat 2's player leaves for the bus: the host gives the seat to an easy bot.
    open_host_controls(screen)
    screen.find_element(By.CSS_SELECTOR, "#host-form input[name=pin]").send_keys(hub.pin)
    who_plays(screen, 2).select_by_visible_text("bot (easy)")
    wait(phone_b).until(lambda d: "A bot plays this seat now" in d.find_element(By.ID, "prompt").text)
    left = state(screen)["bots"][0]["first"]
    assert left > 0 and state(screen)["bots"] == [{"seat": 2, "level": "easy", "first": left, "until": None}]
    shots(screen, "host-bot-easy", mobile=False)
    shots(phone_b, "phone-bot-plays", mobile=True)
    size(screen, 1366, 768)

    # Phone A plays on; the bot answers for seat 2 without its phone.
    play([phone_a], seen, lambda: state(screen)["actions"] >= left + 8)
    assert not my_move(phone_b)

    # The player is back: the host gives the seat to its phone again, and that phone plays it.
    who_plays(screen, 2).select_by_visible_text("phone")
    wait(phone_b).until(lambda d: "A bot plays" not in d.find_element(By.ID, "prompt").text)
    back = state(screen)["bots"][0]["until"]
    assert back is not None and back >= left + 8
    for _ in range(60):
        if tap_a_move(phone_b, seen):
            break
        if not tap_a_move(phone_a, seen):
            wait(phone_a, 30).until(lambda _: my_move(phone_a) or my_move(phone_b))
    else:
        pytest.fail("seat 2's phone was never asked to move again")
    assert who_plays(screen, 2).first_selected_option.text == "phone"
    shots(phone_b, "phone-back", mobile=True)

    hub.stop()
    with Journal(tmp_path / "journal.db") as journal:
        actions = journal.actions(1)
    bots_moves = [a for a in actions[left:back] if a.startswith("2:")]
    assert bots_moves, "the bot played seat 2 while its player was away"
    assert any(a.startswith("2:") for a in actions[back:]), "the phone's move after its return"


def test_a_phone_the_table_waits_for_is_nudged_and_vibrates(
    tmp_path: Path, hub_process: Callable[..., Any], browser: Browser
) -> None:
    config = tmp_path / "hub.toml"
    config.write_text("nudge_after_s = 5.0\n")
    hub = hub_process(
        tmp_path / "journal.db", "--config", str(config), "--game", "wheels", "--seats", "phone,phone",
        "--host", "127.0.0.1",
    )  # fmt: skip
    screen = browser()
    size(screen, 1366, 768)
    links = [seat_link(screen, hub.url, seat) for seat in (1, 2)]
    phones = [browser(phone=True), browser(phone=True)]
    for phone, link in zip(phones, links, strict=True):
        phone.get(link)
        wait(phone).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-panel"))
        # the vibrations the page asks for, as the phone's own vibrate would be asked
        phone.execute_script("window.buzzes = []; navigator.vibrate = (p) => buzzes.push(p) > 0;")
    screen.get(f"{hub.url}/tables/1")
    waited = [i for i, phone in enumerate(phones) if my_move(phone)]
    assert waited, "the opening waits for somebody"
    late = phones[waited[0]]
    assert not late.find_element(By.ID, "nudge").is_displayed(), "nudged before its time"
    wait(late, 30).until(lambda d: d.find_element(By.ID, "nudge").is_displayed())
    assert "waiting for your move" in late.find_element(By.ID, "nudge").text
    assert late.find_element(By.ID, "status").text.startswith("The table is waiting for your move")
    assert late.execute_script("return buzzes.length") == 1, "the phone vibrates once per nudge"
    shots(late, "phone-nudged", mobile=True)
    shots(screen, "table-while-nudged", mobile=False)
    size(late, 390, 844, mobile=True)
    assert tap_a_move(late, Seen())
    wait(late).until(lambda d: not d.find_element(By.ID, "nudge").is_displayed())


@pytest.fixture
def stalled_hub(tmp_path: Path) -> Iterator[tuple[Hub, FakeClock, str]]:
    """A table of two phones played through the API (no phone waits to join), on a hand-moved clock."""
    clock = FakeClock()
    config = HubConfig(
        journal=tmp_path / "journal.db",
        bot_delay_s=0.0,
        chance_delay_s=0.0,
        server=ServerConfig(host="127.0.0.1", port=0, threads=16),
        table=TableConfig(game="wheels", players=2, seats=("phone", "phone"), seed=7, wait_for_phones=False),
    )
    hub = Hub(config, clock=clock).start(inputs=False)
    server = listen(create_app({"HUB": hub}), hub)
    threading.Thread(target=server.run, daemon=True).start()
    yield hub, clock, f"http://127.0.0.1:{server.effective_port}"
    server.close()
    hub.stop()


def test_the_table_screen_tells_the_host_whom_it_waits_for_at_3_minutes(
    stalled_hub: tuple[Hub, FakeClock, str], screen: webdriver.Chrome
) -> None:
    hub, clock, url = stalled_hub
    worker = hub.tables()[0]
    screen.get(f"{url}/tables/1")
    wait(screen).until(lambda d: d.find_element(By.ID, "status").text.startswith("To act"))
    for seconds in (120, 60):  # the nudge, then the host's 3 minutes
        clock.advance(seconds)
        worker.post(Barrier()).result(10)
        worker.post(Barrier()).result(10)
    status = wait(screen).until(lambda d: d.find_element(By.ID, "status").text)
    told = "The table has waited 3 minutes for seat 1 and seat 2"  # the opening waits for both
    wait(screen).until(lambda d: told in d.find_element(By.ID, "status").text)
    assert screen.find_element(By.ID, "status").text == f"{told}.", status  # no seat waits idle: no why
    shots(screen, "table-told-3-minutes", mobile=False)
    size(screen, 360, 740, mobile=True)  # a host who reads the table on a phone
    screen.save_screenshot(str(ARTIFACTS / "seat-leaves" / "table-told-3-minutes-360x740.png"))
    size(screen, 390, 844, mobile=True)
    screen.save_screenshot(str(ARTIFACTS / "seat-leaves" / "table-told-3-minutes-390x844.png"))
