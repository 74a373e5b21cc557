"""An evening at a venue, run from docs/venue.md as written and walked in real Chromium as the
organiser and the hosts do it: the broker set up by the documented commands, three hubs with the
documented [venue] section, the board; an event of named players whose Swiss rounds the organiser
pairs and publishes; one round clock; a judge called from a phone and answered; a drop and a late
entry; a late will that changes nothing; the broker restarted mid-round. The standings come out
right with nobody typing a result.

The hubs run in this process (their own waitress sites), so a late will can be sent through a
hub's own connection, the only one its user may have.
"""

from __future__ import annotations

import dataclasses
import json
import threading
import time
import tomllib
from collections.abc import Iterator

import pytest
from waitress.server import create_server

from console.games import find_game
from console.hub.config import config_from_mapping
from console.hub.service import Hub
from console.venue import topics
from console.venue.board import Board, ResultStore
from console.venue.broker import BOARD_USER
from console.venue.web import create_board_app
from console.web import create_app
from tests.helpers.browser import By, WebDriverWait, webdriver
from tests.venue.conftest import wait_for
from tests.venue.test_venue_browser import PIN, browser  # noqa: F401 (the fixture)
from tests.venue.test_venue_browser_judge import Open, seconds_left
from tests.venue.test_venue_documented import Venue, code_blocks, venue  # noqa: F401 (the fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
PLAYERS = ["Ada", "Bea", "Cal", "Dov", "Eli", "Fay"]
HOST_PIN = "97531246"


@dataclasses.dataclass
class Evening:
    venue: Venue
    hubs: dict[str, Hub]
    sites: dict[str, str]  # hub name -> its site's address
    board: Board
    board_url: str


@pytest.fixture
def evening(venue: Venue) -> Iterator[Evening]:  # noqa: F811 (the fixture)
    step_1 = code_blocks("sh")[0]
    (step_2,) = code_blocks("toml")[:1]
    venue.run_step_1(step_1)
    hubs, sites, servers = {}, {}, []
    for name in venue.hubs:
        documented = tomllib.loads(venue.hub_config(name, step_2).read_text())
        config = config_from_mapping(documented)
        config = dataclasses.replace(
            config,
            journal=venue.folder / name / "journal.db",
            host_pin=HOST_PIN,
            bot_delay_s=0.05,  # a game lasts some seconds: the broker can restart mid-round
            chance_delay_s=0.0,
            venue=dataclasses.replace(config.venue, keepalive_s=5.0, resend_s=1.0),
        )
        hub = Hub(config).start(inputs=False)
        server = create_server(create_app({"HUB": hub}), host="127.0.0.1", port=0, threads=8)
        threading.Thread(target=server.run, daemon=True).start()
        hubs[name], sites[name] = hub, f"http://127.0.0.1:{server.effective_port}"
        servers.append(server)
    board_config = dataclasses.replace(
        next(iter(hubs.values())).config.venue, hub="", username=BOARD_USER, password=venue.passwords["board"]
    )
    board = Board(board_config, ResultStore(venue.folder / "results.db")).start()
    page = create_server(create_board_app(board, {"ORGANISER_PIN": PIN}), host="127.0.0.1", port=0, threads=8)
    threading.Thread(target=page.run, daemon=True).start()
    yield Evening(venue, hubs, sites, board, f"http://127.0.0.1:{page.effective_port}")
    page.close()
    board.stop()
    for server in servers:
        server.close()
    for hub in hubs.values():
        hub.stop()


def organiser_says(organiser: webdriver.Chrome, words: str) -> str:
    message = organiser.find_element(By.ID, "message")
    WebDriverWait(organiser, 15).until(lambda d: words in message.text)
    assert message.get_attribute("data-ok") == "yes", message.text
    return str(message.text)


def host_starts_the_venues_table(screen: webdriver.Chrome, site: str, hub: Hub) -> int:
    """At the hub's table screen the host types the PIN and starts the venue's table with bots."""
    assert hub.venue is not None
    wait_for(lambda: hub.venue.offer, what=f"the seating at {hub.venue.hub} ({hub.venue.status()})")
    screen.get(f"{site}/tables/{hub.tables()[0].table.id}")
    offer = screen.find_element(By.ID, "venue-offer")
    WebDriverWait(screen, 15).until(lambda d: offer.is_displayed())
    screen.find_element(By.CSS_SELECTOR, "#host summary").click()
    screen.find_element(By.CSS_SELECTOR, "#host-form input[name=pin]").send_keys(HOST_PIN)
    before = {worker.table.id for worker in hub.tables()}
    offer.find_element(By.CSS_SELECTOR, 'button[data-seats="bot"]').click()
    WebDriverWait(screen, 15).until(lambda d: {w.table.id for w in hub.tables()} - before)
    (started,) = {worker.table.id for worker in hub.tables()} - before
    # The screen goes to the new table (the page's own step, awaited before the next page).
    WebDriverWait(screen, 15).until(lambda d: d.current_url == f"{site}/tables/{started}")
    return started


def play_a_round(
    evening: Evening, organiser: webdriver.Chrome, screen: webdriver.Chrome, number: int
) -> None:
    organiser.find_element(By.CSS_SELECTOR, "#round-form button[type=submit]").click()
    organiser_says(organiser, f"Round {number} is paired and held")
    organiser.find_element(By.ID, "publish-round").click()
    organiser_says(organiser, f"Round {number} is published")
    for name, hub in evening.hubs.items():
        host_starts_the_venues_table(screen, evening.sites[name], hub)


def test_an_evening_runs_itself_from_the_documented_setup(evening: Evening, browser: Open) -> None:  # noqa: F811
    board = evening.board
    wait_for(lambda: board.online_hubs() == sorted(evening.hubs), timeout=30, what="three hubs online")
    organiser, screen, phone, big = browser(False), browser(False), browser(True), browser(False)
    organiser.get(evening.board_url + "/organiser")
    organiser.find_element(By.ID, "pin").send_keys(PIN)
    form = organiser.find_element(By.ID, "event-form")
    form.find_element(By.NAME, "game").send_keys("wheels")
    form.find_element(By.NAME, "players").send_keys("\n".join(PLAYERS))
    form.find_element(By.CSS_SELECTOR, "button").click()
    organiser_says(organiser, f"Event 1 is made: {find_game('wheels').title}, 3 rounds, 6 players.")

    # Round 1, the broker restarted while its games play: their results wait and come by themselves.
    play_a_round(evening, organiser, screen, 1)
    playing = [w for hub in evening.hubs.values() for w in hub.tables()[1:] if w.status == "playing"]
    assert playing, "the round is under way when the broker stops"
    evening.venue.stop()
    time.sleep(1.0)
    evening.venue.start_broker()
    wait_for(lambda: len(board.results.all()) == 3, timeout=60, what="round 1's three results")

    # One round clock; a judge called from a phone and answered on the organiser page.
    clock = organiser.find_element(By.ID, "clock-form")
    clock.find_element(By.NAME, "at_time").send_keys("play the game out")
    clock.find_element(By.CSS_SELECTOR, "button").click()
    organiser_says(organiser, "Round 1's clock runs: 50 minutes")
    big.get(evening.board_url + "/")
    WebDriverWait(big, 15).until(lambda d: "left" in d.find_element(By.ID, "round-clock").text)
    table1 = evening.hubs["table1"]
    own_table = table1.tables()[0].table.id  # the hub's own table, with phones
    phone.get(f"{evening.sites['table1']}/join/{own_table}/1/{table1.tokens(own_table)[1]}")
    WebDriverWait(phone, 15).until(lambda d: "left" in d.find_element(By.ID, "round-clock").text)
    started = time.monotonic()
    on_phone, on_board = seconds_left(phone), seconds_left(big)
    assert abs(on_phone - on_board) <= 1.0 + (time.monotonic() - started), "one clock, to the second"
    phone.find_element(By.ID, "judge-call").click()
    calls = organiser.find_element(By.ID, "calls")
    WebDriverWait(organiser, 15).until(lambda d: "seat 1" in calls.text)
    organiser.find_element(By.ID, "judge-name").send_keys("Jo")
    calls.find_element(By.XPATH, ".//button[.='On my way']").click()
    state = phone.find_element(By.ID, "judge-state")
    WebDriverWait(phone, 15).until(lambda d: state.text == "Jo is coming.")
    WebDriverWait(organiser, 15).until(lambda d: calls.find_elements(By.XPATH, ".//button[.='Close']"))
    calls.find_element(By.XPATH, ".//button[.='Close']").click()
    WebDriverWait(phone, 15).until(lambda d: state.text == "Jo closed the call.")

    # A drop and a late entry.
    roster = organiser.find_element(By.ID, "roster-form")
    roster.find_element(By.NAME, "name").send_keys("Fay")
    organiser.find_element(By.ID, "drop-player").click()
    organiser_says(organiser, "Fay has dropped")
    roster.find_element(By.NAME, "name").clear()
    roster.find_element(By.NAME, "name").send_keys("Gus")
    roster.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
    organiser_says(organiser, "Gus joins the event: paired from round 2 on.")

    # A late will: a will of an older connection of table2's, delivered now. Nothing changes.
    table2 = evening.hubs["table2"].venue
    late = {"hub": "table2", "venue": "cafe", "online": False, "session": table2.session - 1}
    table2.client.publish(topics.status("cafe", "table2"), json.dumps(late), qos=1, retain=True)
    wait_for(lambda: board.late_wills >= 1, what="the late will at the board")
    assert board.online_hubs() == sorted(evening.hubs)

    play_a_round(evening, organiser, screen, 2)
    wait_for(lambda: len(board.results.all()) == 6, timeout=60, what="round 2's three results")
    standings = {row["player"]: row for row in (board.event_snapshot() or {})["standings"]}
    assert set(standings) == {*PLAYERS, "Gus"}
    assert sum(row["match_points"] for row in standings.values()) == 6, "six games, a point each"
    assert standings["Fay"]["dropped"] and not standings["Gus"]["dropped"]
    second = [s for s in board.events.seatings(1) if s.round == 2]
    seated = {name for s in second for name in s.names.values()}
    assert "Fay" not in seated and "Gus" in seated
    typed = [r for r in board.results_now() if r.get("corrected") or r.get("seating_fixed")]
    assert typed == [], "nobody typed a result"
    big.get(evening.board_url + "/")
    assert "Gus" in big.find_element(By.CSS_SELECTOR, "table.event").text
