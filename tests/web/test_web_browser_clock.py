"""The table clock in a real headless Chromium: a 1-minute Time Limit game of Wisteria, served by
a hub whose clock the test moves by hand, counts down on the table screen, stops when the host
pauses, and ends the game when the minute is up (the round in progress is finished by the bots,
then the game is scored). Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from console.hub.config import HubConfig, ServerConfig, TableConfig
from console.hub.service import Hub
from console.hub.worker import Barrier, HostCommand
from console.web import create_app
from console.web.server import listen
from tests.helpers.browser import ARTIFACTS, By, WebDriverWait, webdriver
from tests.helpers.fake_clock import FakeClock

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TIMEOUT = 15


@pytest.fixture
def clocked_hub(tmp_path: Path) -> Iterator[tuple[Hub, FakeClock, str]]:
    """Two bots, each taking one (fake) second a move, so nothing moves until the test says."""
    clock = FakeClock()
    config = HubConfig(
        journal=tmp_path / "journal.db",
        bot_delay_s=1.0,
        chance_delay_s=0.0,
        server=ServerConfig(host="127.0.0.1", port=0, threads=16),
        table=TableConfig(
            game="wisteria",
            players=2,
            seats=("bot", "bot"),
            seed=3,
            options={"victory": "time_limit", "time_limit_minutes": 1},
        ),
    )
    hub = Hub(config, clock=clock).start(inputs=False)
    server = listen(create_app({"HUB": hub}), hub)
    threading.Thread(target=server.run, daemon=True).start()
    yield hub, clock, f"http://127.0.0.1:{server.effective_port}"
    server.close()
    hub.stop()


def settle(hub: Hub) -> None:
    """The worker has done what its clock made due (it does that before its next command)."""
    worker = hub.tables()[0]
    worker.post(Barrier()).result(TIMEOUT)
    worker.post(Barrier()).result(TIMEOUT)


def clock_text(driver: webdriver.Chrome) -> str:
    return str(driver.find_element(By.ID, "clock").text)


def test_the_clock_counts_down_stops_for_a_pause_and_ends_a_one_minute_game(
    clocked_hub: tuple[Hub, FakeClock, str], screen: webdriver.Chrome
) -> None:
    hub, clock, url = clocked_hub
    worker = hub.tables()[0]
    screen.get(f"{url}/tables/{worker.table.id}")
    WebDriverWait(screen, TIMEOUT).until(lambda d: re.match(r"Time left [01]:\d\d$", clock_text(d)))

    clock.advance(20)
    settle(hub)
    worker.post(HostCommand("pause")).result(TIMEOUT)  # the page hears the clock stop at 0:40
    WebDriverWait(screen, TIMEOUT).until(lambda d: clock_text(d) == "Time left 0:40 (stopped)")
    clock.advance(600)  # paused time is nobody's playing time
    worker.post(HostCommand("resume")).result(TIMEOUT)
    settle(hub)
    assert "chance:time-up" not in hub.journal.actions(worker.table.id)

    clock.advance(41)  # the minute is up: time-up is journalled, the bots finish the round
    for _ in range(500):
        settle(hub)
        if worker.table.state.outcome() is not None:
            break
        clock.advance(1.0)
    assert "chance:time-up" in hub.journal.actions(worker.table.id)
    outcome = worker.table.state.outcome()
    assert outcome is not None and "time" in outcome.reason.lower()
    WebDriverWait(screen, TIMEOUT).until(lambda d: clock_text(d) == "Time is up")
    WebDriverWait(screen, TIMEOUT).until(
        lambda d: d.find_element(By.ID, "status").text.startswith("Game over")
    )
    ARTIFACTS.mkdir(exist_ok=True)
    screen.save_screenshot(str(ARTIFACTS / "wisteria-time-limit-over-1366x768.png"))
