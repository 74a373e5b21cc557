"""The host checks a deck from the hub's page, in a real headless Chromium: with the PIN typed and
the game chosen, cards laid on the simulated pods' readers (any pod, any order, each lying still
for the hub's 300 ms window) are counted, and Finish names the copy missing and the copy doubled."""

from __future__ import annotations

import time

import pytest

from console.hub.config import TableConfig
from console.hub.service import Hub
from console.inputs.simulated import SimulatedPod
from console.physical.cardmap import card_text
from console.physical.copies import CopyStore
from console.physical.tagstore import TagStore
from tests.helpers.browser import By, Select, WebDriverWait, webdriver
from tests.web.conftest import ServePods

pytestmark = [pytest.mark.browser, pytest.mark.slow]
TIMEOUT = 15
TAGS = {f"0400000{n}": str(n) for n in range(1, 7)}


@pytest.fixture
def pod_hub(serve_pods: ServePods) -> tuple[Hub, str]:
    # the default stable window: each card lies still on its reader
    table = TableConfig(game="wisteria", players=2, seats=("pod", "pod"), chance="physical", seed=7)
    hub, url = serve_pods(table, stable_ms=None)
    tags = TagStore(hub.journal.connection, hub.journal.lock)
    for uid, card in TAGS.items():
        tags.enrol(uid, "wisteria", card)
    return hub, url


def lay(hub: Hub, pod: SimulatedPod, uid: str, text: str = "") -> None:
    """Lay a card, leave it until its pod beeps (counted or not), and lift it."""
    beeps = len(pod.beeper.beeps)
    pod.place(uid, text)
    deadline = time.monotonic() + TIMEOUT
    while len(pod.beeper.beeps) == beeps:
        assert time.monotonic() < deadline, f"{uid} was never answered"
        time.sleep(0.01)
    pod.remove()


def test_the_host_checks_a_deck_and_finds_a_missing_and_a_doubled_copy(
    pod_hub: tuple[Hub, str], screen: webdriver.Chrome
) -> None:
    hub, url = pod_hub
    pods = {pod.seat: pod for pod in hub.inputs.simulated_pods}
    table = hub.tables()[0].table.id
    screen.get(url)
    screen.find_element(By.LINK_TEXT, "Check a deck").click()
    Select(screen.find_element(By.NAME, "game")).select_by_visible_text("Wizard of Wisteria: Mix-Up")
    screen.find_element(By.NAME, "pin").send_keys("2468")
    screen.find_element(By.ID, "deck-start").click()
    WebDriverWait(screen, TIMEOUT).until(
        lambda d: "0 of 6 copies" in d.find_element(By.ID, "deck-count").text
    )

    for number, uid in enumerate(["04000003", "04000001", "04000005", "04000001", "04000002"]):
        lay(hub, pods[1 + number % 2], uid)  # either seat's pod, any order; one copy laid twice
    lay(hub, pods[2], "04EE0004", card_text("wisteria", "4"))  # a stray Strength 4...
    lay(hub, pods[1], "04000004")  # ...and the deck's own; no Strength 6
    WebDriverWait(screen, TIMEOUT).until(
        lambda d: "6 of 6 copies" in d.find_element(By.ID, "deck-count").text
    )
    assert "Strength 1: this copy was already counted" in screen.find_element(By.ID, "deck-lines").text
    assert hub.journal.actions(table) == []  # the table heard none of it

    screen.find_element(By.ID, "deck-finish").click()
    report = WebDriverWait(screen, TIMEOUT).until(
        lambda d: d.find_element(By.ID, "deck-report-lines").text or None
    )
    assert "Missing: Strength 6 x1 (tag 04000006)" in str(report)
    assert "Doubled: Strength 4 x1 too many (tag 04EE0004)" in str(report)
    places = CopyStore(hub.journal.connection, hub.journal.lock).places("wisteria")
    assert places["04000006"] == ("6", "missing") and places["04EE0004"] == ("4", "deck")
