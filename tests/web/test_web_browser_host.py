"""The host's paths in a real headless Chromium against a real hub process, done as people do
them: a player whose phone died gets the seat back on a new phone (the host types the PIN into the
page's own form), the old phone is told at once, a post from another site is refused, and End asks
before it ends anything."""

from __future__ import annotations

import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.browser import (
    ARTIFACTS,
    By,
    WebDriverException,
    WebDriverWait,
    host_at_table_screen,
    size,
    webdriver,
)
from tests.web.conftest import Browser

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def wisteria_hub(tmp_path: Path, hub_process: Callable[..., Any], *options: str) -> Any:
    """A hub on this machine with Wisteria for a phone at seat 1 and a bot at seat 2."""
    return hub_process(
        tmp_path / "journal.db", "--game", "wisteria", "--seats", "phone,bot", "--host", "127.0.0.1", *options
    )


def shot(driver: webdriver.Chrome, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def seat_link(screen: webdriver.Chrome, url: str, seat: int) -> str:
    """The address in seat ``seat``'s QR code on the table screen: what a phone's camera opens."""
    screen.get(f"{url}/tables/1")
    found = WebDriverWait(screen, 20).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, f"#codes .code[data-seat='{seat}'] a.code-link")
    )
    return str(found[0].get_attribute("href"))


def visible_text(driver: webdriver.Chrome, css: str) -> str:
    return " ".join(node.text for node in driver.find_elements(By.CSS_SELECTOR, css) if node.is_displayed())


def test_a_new_phone_gets_the_seat_back_with_the_host_pin_and_the_old_phone_is_told(
    tmp_path: Path, hub_process: Callable[..., Any], browser: Browser
) -> None:
    hub = wisteria_hub(tmp_path, hub_process)
    screen = browser()
    link = seat_link(screen, hub.url, 1)
    old_phone, new_phone = browser(phone=True), browser(phone=True)
    old_phone.get(link)
    WebDriverWait(old_phone, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-panel"))
    # The only phone seat has joined: the game begins by itself (the dealer deals, a War is on).
    WebDriverWait(old_phone, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "button.choice"))

    # The player is asked for a name, types it, and every screen says it; the bot is a bot.
    name = old_phone.find_element(By.CSS_SELECTOR, "#name-form input[name=name]")
    assert name.is_displayed(), "the name is not asked for"
    name.send_keys("Ana")
    old_phone.find_element(By.CSS_SELECTOR, "#name-form button[type=submit]").click()
    WebDriverWait(old_phone, 10).until(lambda d: "Ana (you)" in d.find_element(By.ID, "board").text)
    WebDriverWait(screen, 10).until(lambda d: "Ana" in d.find_element(By.ID, "board").text)
    assert "Bot 2 (normal)" in screen.find_element(By.ID, "board").text

    # The player's new phone scans the same code: the seat is taken, the host is asked for.
    new_phone.get(link)
    WebDriverWait(new_phone, 20).until(lambda d: "is taken" in d.find_element(By.TAG_NAME, "h1").text)
    pin = new_phone.find_element(By.CSS_SELECTOR, "form input[name=pin]")
    assert pin.get_attribute("type") == "password", "the PIN is typed in clear"
    pin.send_keys("000000" if hub.pin != "000000" else "111111")
    new_phone.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    # (the page is replaced by the answer: a body read as it goes is asked for again)
    refused = WebDriverWait(new_phone, 20, ignored_exceptions=(WebDriverException,)).until(
        lambda d: "403" in d.find_element(By.TAG_NAME, "h1").text and d.find_element(By.TAG_NAME, "body").text
    )
    assert "printed it when it started" in refused, refused  # where the PIN is, not "shown on the screen"
    new_phone.back()

    pin = WebDriverWait(new_phone, 20).until(
        lambda d: d.find_element(By.CSS_SELECTOR, "form input[name=pin]")
    )
    pin.clear()
    pin.send_keys(hub.pin)
    new_phone.find_element(By.CSS_SELECTOR, "form button[type=submit]").click()
    WebDriverWait(new_phone, 20).until(lambda d: d.current_url.endswith("/tables/1/seats/1"))
    WebDriverWait(new_phone, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-panel"))
    assert "Seat 1" in new_phone.find_element(By.TAG_NAME, "h1").text
    shot(new_phone, "host-seat-given-390x844")

    # The old phone is told at once, in words, with the way back; it offers no move any more.
    WebDriverWait(old_phone, 10).until(lambda d: d.find_element(By.ID, "seat-lost").is_displayed())
    told = old_phone.find_element(By.ID, "seat-lost").text
    assert "host gave this seat to another phone" in told, told
    assert "ask the host to type the host PIN" in told, told
    assert not old_phone.find_elements(By.CSS_SELECTOR, "#actions")
    assert "Reconnecting" not in visible_text(old_phone, "#link")
    shot(old_phone, "host-seat-lost-390x844")


class _CrossSitePage(BaseHTTPRequestHandler):
    """Another site on the same network: its page posts a form to the hub by itself."""

    target = ""

    def do_GET(self) -> None:
        body = (
            f'<!doctype html><title>Free prizes</title><form method="post" action="{self.target}">'
            '<input name="pin" value="123456"></form><script>document.forms[0].submit()</script>'
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def test_a_post_from_another_site_is_refused_and_moves_no_seat(
    tmp_path: Path, hub_process: Callable[..., Any], browser: Browser
) -> None:
    hub = wisteria_hub(tmp_path, hub_process)
    link = seat_link(browser(), hub.url, 1)
    phone = browser(phone=True)
    phone.get(link)
    WebDriverWait(phone, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-panel"))

    page = type("Page", (_CrossSitePage,), {"target": link})
    other_site = ThreadingHTTPServer(("127.0.0.1", 0), page)
    threading.Thread(target=other_site.serve_forever, daemon=True).start()
    try:
        visitor = browser(phone=True)
        visitor.get(f"http://127.0.0.1:{other_site.server_address[1]}/")
        WebDriverWait(visitor, 20).until(lambda d: d.current_url.startswith(hub.url))
        refusal = WebDriverWait(visitor, 20).until(lambda d: d.find_element(By.TAG_NAME, "body").text)
        assert "refused" in refusal and "only this hub's own pages may post" in refusal, refusal
    finally:
        other_site.shutdown()
        other_site.server_close()
    phone.refresh()  # the seat is still this phone's
    WebDriverWait(phone, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".seat-panel"))
    assert not phone.find_element(By.ID, "seat-lost").is_displayed()


def test_end_asks_first_and_a_finished_game_offers_only_what_applies(
    tmp_path: Path, hub_process: Callable[..., Any], browser: Browser
) -> None:
    hub = wisteria_hub(tmp_path, hub_process)
    screen = browser()
    wait = host_at_table_screen(screen, f"{hub.url}/tables/1", hub.pin)
    # Nobody has joined seat 1: the game, its clock and its bot wait, and the host may start anyway.
    assert "Waiting for seat 1 to join" in screen.find_element(By.ID, "status").text
    assert not screen.find_element(By.CSS_SELECTOR, "[data-command=pause]").is_displayed()
    screen.find_element(By.CSS_SELECTOR, "[data-command=start]").click()
    wait.until(lambda d: d.find_element(By.ID, "status").text.startswith("To act"))
    assert not screen.find_element(By.CSS_SELECTOR, "[data-command=start]").is_displayed()
    end = screen.find_element(By.CSS_SELECTOR, "[data-command=end]")
    assert not screen.find_element(By.CSS_SELECTOR, "[data-command=resume]").is_displayed()

    end.click()
    question = wait.until(lambda d: d.find_element(By.ID, "host-confirm"))
    assert question.is_displayed() and "cannot be taken back" in question.text, question.text
    question.find_element(By.XPATH, ".//button[text()='Keep playing']").click()
    assert not question.is_displayed()
    assert "Game over" not in screen.find_element(By.ID, "status").text

    end.click()
    question.find_element(By.XPATH, ".//button[text()='End the game']").click()
    wait.until(lambda d: "Game over" in d.find_element(By.ID, "status").text)
    for control in (
        "[data-command=pause]",
        "[data-command=resume]",
        "[data-command=end]",
        "#extend",
        "#seat-controls",
    ):
        assert not screen.find_element(By.CSS_SELECTOR, control).is_displayed(), control
    assert screen.find_element(By.ID, "again-button").is_displayed()
    shot(screen, "host-ended-1600x900")


def test_battle_and_retreat_are_in_view_the_moment_a_war_needs_them_on_a_small_phone(
    tmp_path: Path, hub_process: Callable[..., Any], browser: Browser
) -> None:
    hub = wisteria_hub(tmp_path, hub_process, "--seed", "1")
    link = seat_link(browser(), hub.url, 1)
    phone = browser(phone=True)
    size(phone, 360, 740, mobile=True)
    phone.get(link)
    buttons = WebDriverWait(phone, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "button.choice"))
    assert {b.get_attribute("data-action") for b in buttons} == {"1:battle", "1:retreat"}
    in_view = phone.execute_script(
        "return [...document.querySelectorAll('button.choice')].map((b) => {"
        " const r = b.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; })"
    )
    shot(phone, "wisteria-war-360x740")
    assert in_view == [True, True], "Battle or Retreat is below the fold"
    heights = phone.execute_script(
        "return [...document.querySelectorAll('button.choice')].map((b) => b.offsetHeight)"
    )
    assert min(heights) >= 44  # a thumb's target
