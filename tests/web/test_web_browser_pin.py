"""Someone at the café guessing the host PIN: the host sees it in the table screen's host controls,
and once the guesses lock other devices out, the host lets them in again from the hub's display."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from console.http.limits import PinGuard
from console.hub.errors import Forbidden
from console.hub.service import Hub
from console.web import create_app
from console.web.server import listen
from tests.helpers.browser import ARTIFACTS, By, WebDriverWait, size
from tests.web.conftest import Browser, hub_config

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_host_sees_guesses_from_other_devices_and_lets_them_in_again(
    tmp_path: Path, browser: Browser
) -> None:
    config = hub_config(tmp_path, game="wisteria", seats=("phone", "bot"), host="127.0.0.1", port=0)
    hub = Hub(config).start(inputs=False)  # a free port: another test file may hold 8000
    app = create_app({"HUB": hub})
    guard = app.extensions["pin_guard"] = PinGuard(lock_total=5)
    server = listen(app, hub)
    threading.Thread(target=server.run, daemon=True).start()
    try:
        for address in range(5):  # a stranger's phone, address after address
            with pytest.raises(Forbidden):
                guard.check(f"2001:db8::{address:x}", hub.host_pin, "000000")
        screen = browser()
        size(screen, 1366, 768)
        screen.get(f"http://127.0.0.1:{server.effective_port}/tables/1")
        screen.find_element(By.CSS_SELECTOR, "#host summary").click()
        said = WebDriverWait(screen, 10).until(lambda d: d.find_element(By.ID, "pin-attempts").text)
        assert "locked after 5 wrong host PINs" in said and "Use a control here with the PIN" in said, said
        ARTIFACTS.mkdir(exist_ok=True)
        screen.save_screenshot(str(ARTIFACTS / "host-pins-locked-1366x768.png"))
        screen.find_element(By.CSS_SELECTOR, "#host-form input[name=pin]").send_keys(hub.host_pin)
        screen.find_element(By.CSS_SELECTOR, "#host-form [data-command=pause]").click()
        WebDriverWait(screen, 10).until(lambda d: "Paused" in d.find_element(By.ID, "status").text)
        assert not guard.attempts()["locked"]
        screen.find_element(By.CSS_SELECTOR, "#host summary").click()  # closed, and opened again
        screen.find_element(By.CSS_SELECTOR, "#host summary").click()
        WebDriverWait(screen, 10).until(lambda d: "locked" not in d.find_element(By.ID, "pin-attempts").text)
        assert (
            "5 wrong host PINs typed on other devices in the last hour"
            in screen.find_element(By.ID, "pin-attempts").text
        )
    finally:
        server.close()
        hub.stop()
