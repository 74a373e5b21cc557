"""A card laid on the wrong seat's reader, seen from the table screen in a real headless Chromium:
the host is asked "meant for seat 2?" and one click (with the PIN) moves the card there."""

from __future__ import annotations

import pytest

from console.hub.config import TableConfig
from console.hub.service import Hub
from console.physical.cardmap import card_text
from tests.helpers.browser import By, WebDriverWait, webdriver
from tests.hub.test_hub_feedback import card_to_draw, until
from tests.web.conftest import ServePods

pytestmark = [pytest.mark.browser, pytest.mark.slow]
TIMEOUT = 15


@pytest.fixture
def pod_table(serve_pods: ServePods) -> tuple[Hub, str]:
    # cards laid and lifted in a breath (no stable window)
    return serve_pods(
        TableConfig(game="wisteria", players=2, seats=("pod", "pod"), chance="physical", seed=7)
    )


def test_the_host_moves_a_card_from_the_wrong_reader_with_one_click(
    pod_table: tuple[Hub, str], screen: webdriver.Chrome
) -> None:
    hub, url = pod_table
    table = hub.tables()[0].table.id
    pods = {pod.seat: pod for pod in hub.inputs.simulated_pods}
    until(lambda: pods[1].leds[0].mode == "ON", "seat 1's LED says it has a card to scan")
    first = card_to_draw(hub, 1)
    pods[1].scan("04CC0000000001", text=card_text("wisteria", first))
    until(lambda: len(hub.journal.actions(table)) == 1, "seat 1 drew its card")
    screen.get(f"{url}/tables/{table}")
    offer = screen.find_element(By.ID, "misplaced")
    assert not offer.is_displayed()

    second = card_to_draw(hub, 2)
    pods[1].scan("04CC0000000002", text=card_text("wisteria", second))  # seat 2's card, seat 1's reader
    WebDriverWait(screen, TIMEOUT).until(lambda d: offer.is_displayed())
    assert "Meant for seat 2?" in offer.text and "seat 1's reader" in offer.text
    move = screen.find_element(By.ID, "misplaced-move")
    assert move.text == "Move it to seat 2"
    move.click()
    assert "PIN" in screen.find_element(By.ID, "host-error").text  # asked for, never shown
    screen.find_element(By.CSS_SELECTOR, "#host-form input[name=pin]").send_keys("2468")
    move.click()
    WebDriverWait(screen, TIMEOUT).until(lambda d: not offer.is_displayed())
    assert hub.journal.actions(table) == [f"chance:draw 1 {first}", f"chance:draw 2 {second}"]
    note = "seat 2's card, laid on seat 1's reader, moved there by the host"
    assert hub.journal.notes(table) == {1: [note]}
