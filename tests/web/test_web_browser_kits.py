"""The host binds a physical kit to a seat from the table screen, in a real headless Chromium: the
host controls list every pod and button seat with where it is bound, and one choice moves a pod
to another seat of this table (its scans go there and its LED follows)."""

from __future__ import annotations

import pytest

from console.hub.config import TableConfig
from console.hub.service import Hub
from tests.helpers.browser import By, Select, WebDriverWait, webdriver
from tests.web.conftest import ServePods

pytestmark = [pytest.mark.browser, pytest.mark.slow]
TIMEOUT = 15


@pytest.fixture
def physical_hub(serve_pods: ServePods) -> tuple[Hub, str]:
    return serve_pods(TableConfig(game="wheels", players=2, seats=("pod", "pod"), seed=5))


def test_the_host_sees_every_kit_and_binds_a_pod_to_another_seat(
    physical_hub: tuple[Hub, str], screen: webdriver.Chrome
) -> None:
    hub, url = physical_hub
    router = hub.router
    assert router is not None  # the hub started its inputs
    table = hub.tables()[0].table.id

    def pods_seen(_: object) -> bool:  # each simulated pod has said HELLO and joined its seat
        kits = router.listing()["kits"]
        return sum(kit["kind"] == "pod" and kit["bound"] is not None for kit in kits) == 2

    WebDriverWait(screen, TIMEOUT).until(pods_seen)
    screen.get(f"{url}/tables/{table}")
    screen.find_element(By.CSS_SELECTOR, "#host summary").click()
    screen.find_element(By.ID, "show-kits").click()
    assert "PIN" in screen.find_element(By.ID, "host-error").text  # asked for, never shown
    screen.find_element(By.CSS_SELECTOR, "#host-form input[name=pin]").send_keys("2468")
    screen.find_element(By.ID, "show-kits").click()
    rows = WebDriverWait(screen, TIMEOUT).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#kits .kit") or None
    )
    assert rows is not None  # until() returns only once the rows are there
    listing = router.listing()
    pods = [kit["kit"] for kit in listing["kits"] if kit["kind"] == "pod"]
    assert len(rows) == len(listing["kits"]) and len(pods) == 2
    first = next(row for row in rows if row.get_attribute("data-kit") == pods[0])
    Select(first.find_element(By.TAG_NAME, "select")).select_by_value("2")
    WebDriverWait(screen, TIMEOUT).until(
        lambda d: (
            router.kits.binding(pods[0]) is not None and str(router.kits.binding(pods[0])) == f"{table}:2"
        )
    )
    WebDriverWait(screen, TIMEOUT).until(
        lambda d: f"table {table}, seat 2" in d.find_element(By.ID, "kits").text
    )
