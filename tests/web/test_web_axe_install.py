"""axe-core finds no WCAG 2.2 A or AA violation on the pages of the installable app and of
``--tls``: the offline page, the trust page, and the table screen with its "trust this hub" code,
each at the phone sizes and the table screens' (360x740, 390x844, 1366x768, 1920x1080); the
screenshots are kept in test-artifacts/ (axe-install-*)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from console.web.hub_process import HubProcess
from tests.helpers.browser import By, WebDriverWait
from tests.web.conftest import Browser
from tests.web.test_web_axe import SCREENS, SIZES, axe, violations  # noqa: F401 - axe: a fixture

pytestmark = [pytest.mark.browser, pytest.mark.slow]
EVERY_SIZE = {"phone-360": (360, 740, True), "phone-390": (390, 844, True), **SCREENS}
assert set(SIZES.values()) < set(EVERY_SIZE.values())


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HubProcess]:
    quick = ("--port", "0", "--bot-delay", "0", "--chance-delay", "0", "--keepalive", "1")
    journal = tmp_path_factory.mktemp("axe-install") / "journal.db"
    process = HubProcess(
        journal, *quick, "--host", "127.0.0.1", "--seats", "phone,bot", "--tls", "--tls-port", "0"
    )
    yield process
    process.stop()


def test_the_offline_and_trust_pages_and_the_table_screen_with_its_trust_code(
    hub: HubProcess,
    browser: Browser,
    axe: str,  # noqa: F811 - the imported fixture
) -> None:
    driver = browser()
    found: list[str] = []
    # The offline page asks the hub every few seconds and leaves once it answers: here it cannot.
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/api/tables"]})
    driver.get(f"{hub.url}/offline")
    for viewport in EVERY_SIZE.values():
        found += violations(driver, axe, viewport, "install-offline")
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})
    driver.get(f"{hub.url}/trust")
    for viewport in EVERY_SIZE.values():
        found += violations(driver, axe, viewport, "install-trust")
    driver.get(f"{hub.url}/tables/1")
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board *"))
    assert driver.find_elements(By.CSS_SELECTOR, "figure.trust-code svg")
    for viewport in EVERY_SIZE.values():
        found += violations(driver, axe, viewport, "install-table-trust")
    assert not found, "\n".join(found)
