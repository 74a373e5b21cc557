"""A browser the pool hands out again is a new device: the browser tests reuse this worker's
Chromiums (``Chromiums`` in tests/helpers/browser.py) and promise each test's browsers their own
cookies, as if each were another phone. A site here sets a cookie, localStorage and
sessionStorage and serves a script to cache; a reused browser carries none of it, nor the tabs,
history or screen size the test left it with."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.helpers.browser import Chromiums, WebDriverWait, size, webdriver

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# The first page leaves everything a site can leave on a device; the probe page only loads the
# cached script (a fresh device asks the site for it again).
SETS = (
    "<script src='/cached.js'></script><script>"
    "localStorage.setItem('device', 'old'); sessionStorage.setItem('device', 'old');</script>"
)
PROBE = "<script src='/cached.js'></script><p>probe</p>"


class Site(ThreadingHTTPServer):
    script_fetches = 0


class Handler(BaseHTTPRequestHandler):
    server: Site

    def do_GET(self) -> None:  # (the name http.server calls)
        if self.path == "/cached.js":
            self.server.script_fetches += 1
            body, kind = b"window.loaded = true;", "text/javascript"
            headers = {"Cache-Control": "max-age=3600"}
        else:
            page = SETS if self.path == "/" else PROBE
            head = "<meta name=viewport content='width=device-width'><title>t</title>"
            body, kind = f"<!doctype html>{head}{page}".encode(), "text/html"
            headers = {"Set-Cookie": "device=old; Path=/; Max-Age=3600"} if self.path == "/" else {}
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:  # (http.server's names)
        pass


@pytest.fixture
def site() -> Iterator[Site]:
    server = Site(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def stored(driver: webdriver.Chrome) -> list[object]:
    return list(driver.execute_script("return [localStorage.length, sessionStorage.length, history.length]"))


@pytest.mark.parametrize("phone", [False, True], ids=["screen", "phone"])
def test_a_browser_handed_out_again_carries_nothing_of_the_last_test(
    chromiums: Chromiums, site: Site, phone: bool
) -> None:
    url = f"http://127.0.0.1:{site.server_address[1]}"
    driver = chromiums.take(phone)
    driver.get(f"{url}/")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return window.loaded === true"))
    driver.get(f"{url}/probe")  # history, and the script from the cache
    assert driver.get_cookie("device") and stored(driver) == [1, 1, 3], stored(driver)
    size(driver, 300, 500, mobile=True)
    driver.switch_to.new_window("tab")  # a second tab left open
    driver.get(f"{url}/")
    fetched, session = site.script_fetches, driver.session_id
    chromiums.give_back(driver)

    again = chromiums.take(phone)
    assert again.session_id == session, "the pool opened another browser: this test proves nothing"
    assert len(again.window_handles) == 1
    again.get(f"{url}/probe")
    WebDriverWait(again, 10).until(lambda d: d.execute_script("return window.loaded === true"))
    assert again.get_cookies() == [], again.get_cookies()
    assert stored(again) == [0, 0, 2], stored(again)  # the blank tab it was given, then the probe
    assert site.script_fetches == fetched + 1, "the script came from the last test's cache"
    width, ratio = again.execute_script("return [innerWidth, devicePixelRatio]")
    if phone:
        assert (width, ratio) == (390, 2), (width, ratio)  # the phone it was: chromedriver's emulation
    else:
        assert again.get_window_size() == {"width": 1600, "height": 900} and width > 300, width
    chromiums.give_back(again)
