"""A phone installs the seat page, in headless Chromium against a real ``tabletop serve``: the seat
page registers the hub's service worker, which controls the page after a reload; Chromium finds
the page installable (the DevTools protocol's ``Page.getInstallabilityErrors`` names no error);
the home-screen address ``/seat`` brings the phone back to its seat, and on to the same seat once
the host has started the next game; and with the hub stopped the seat's address opens the cached
offline page, saying so in words, while no page, API answer or stream of the hub is in any cache;
once the hub is back, the page returns to the seat by itself.

The hub is served on 127.0.0.1: this machine is a secure context, as https is; a phone on the
hub's plain-http LAN address is not (docs/phones.md).
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import serialization

from console.web.hub_process import HubProcess
from tests.helpers.browser import (
    ARTIFACTS,
    By,
    WebDriverWait,
    close_chromium,
    host_at_table_screen,
    open_chromium,
    webdriver,
)
from tests.web.conftest import Browser

pytestmark = [pytest.mark.browser, pytest.mark.slow]

QUICK = ("--port", "0", "--bot-delay", "0", "--chance-delay", "0", "--keepalive", "1")
# Everything the service worker may keep: the offline page, the manifest and static files.
SHELL_PREFIXES = ("/offline", "/manifest.webmanifest", "/static/")


@pytest.fixture
def hub(tmp_path: Path) -> Iterator[HubProcess]:
    process = HubProcess(tmp_path / "journal.db", *QUICK, "--host", "127.0.0.1", "--seats", "phone,phone")
    yield process
    process.stop()


def cached_paths(driver: webdriver.Chrome) -> list[str]:
    """The path of every response in every cache of the page's origin."""
    found: list[str] = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "caches.keys().then((names) => Promise.all(names.map((name) => caches.open(name)"
        "  .then((cache) => cache.keys()).then((requests) => requests.map((r) => new URL(r.url).pathname)))))"
        "  .then((lists) => done(lists.flat()), (error) => done(['error: ' + error]));"
    )
    return found


def test_the_seat_page_is_installable_and_opens_offline_without_caching_the_seat(
    tmp_path: Path, hub: HubProcess, browser: Browser
) -> None:
    phone = browser(phone=True)
    phone.get(hub.join_links(1)[1])
    WebDriverWait(phone, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board *"))
    seat_url = phone.current_url
    assert seat_url.endswith("/tables/1/seats/1")

    scope = phone.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.serviceWorker.ready.then((r) => done(r.scope), (e) => done('error: ' + e));"
    )
    assert scope == f"{hub.url}/", scope
    phone.refresh()
    WebDriverWait(phone, 20).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
    errors = phone.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"]
    assert errors == [], errors
    manifest = phone.execute_cdp_cmd("Page.getAppManifest", {})
    assert manifest["url"] == f"{hub.url}/manifest.webmanifest" and not manifest["errors"], manifest

    phone.get(f"{hub.url}/seat")  # the installed app's start address: back to this phone's seat
    assert phone.current_url == seat_url
    WebDriverWait(phone, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board *"))
    shell = cached_paths(phone)
    assert "/offline" in shell and "/static/style.css" in shell, shell
    # A join through the worker: its redirects and the seat's new cookie reach the browser as
    # without it (a phone holds one seat a table: this one is now seat 2's).
    phone.get(hub.join_links(1)[2])
    WebDriverWait(phone, 30).until(lambda d: d.current_url.endswith("/tables/1/seats/2"))
    assert "Seat 2" in phone.find_element(By.TAG_NAME, "h1").text
    seat_url = phone.current_url

    hub.stop()
    phone.get(seat_url)
    heading = WebDriverWait(phone, 20).until(lambda d: d.find_element(By.TAG_NAME, "h1").text)
    assert heading == "The hub cannot be reached"
    said = phone.find_element(By.ID, "offline-where").text
    assert "seat 2 at table 1" in said and "nothing is lost" in said, said
    assert phone.execute_script("return getComputedStyle(document.body).fontFamily").startswith("system-ui")
    ARTIFACTS.mkdir(exist_ok=True)
    phone.save_screenshot(str(ARTIFACTS / "install-offline-390x844.png"))

    stored = cached_paths(phone)
    assert stored and all(path.startswith(SHELL_PREFIXES) for path in stored), stored
    assert not any(path.startswith(("/api", "/tables", "/join", "/j/", "/seat")) for path in stored), stored

    # The hub is back (on the same address): the page goes back to the seat by itself.
    again = HubProcess(tmp_path / "journal.db", *QUICK[2:], "--port", str(hub.port), "--host", "127.0.0.1")
    try:
        WebDriverWait(phone, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board *"))
        assert phone.current_url == seat_url
    finally:
        again.stop()


def test_the_home_screen_address_follows_the_seat_to_the_hosts_next_game(
    hub: HubProcess, browser: Browser
) -> None:
    phone = browser(phone=True)
    phone.get(hub.join_links(1)[1])
    WebDriverWait(phone, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board *"))
    phone.refresh()  # the service worker controls the page from here on, as on an installed phone
    WebDriverWait(phone, 20).until(lambda d: d.execute_script("return !!navigator.serviceWorker.controller"))
    # The host, at the table screen: ends the game and starts the next with the same seats.
    screen = browser()
    wait = host_at_table_screen(screen, f"{hub.url}/tables/1", hub.pin)
    screen.find_element(By.CSS_SELECTOR, "[data-command=end]").click()
    wait.until(lambda d: d.find_element(By.ID, "host-confirm")).find_element(
        By.XPATH, ".//button[text()='End the game']"
    ).click()
    wait.until(lambda d: d.find_element(By.ID, "again-button").is_displayed())
    screen.find_element(By.ID, "again-button").click()
    wait.until(lambda d: d.current_url.endswith("/tables/2"))  # the screen goes on to the new table
    # The phone opens its icon: it is in its seat of the new game, not the finished one.
    phone.get(f"{hub.url}/seat")
    WebDriverWait(phone, 30).until(lambda d: d.current_url.endswith("/tables/2/seats/1"))
    WebDriverWait(phone, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board *"))
    assert "Seat 1" in phone.find_element(By.TAG_NAME, "h1").text
    phone.get(f"{hub.url}/seat")  # and again: it holds that seat now
    WebDriverWait(phone, 30).until(lambda d: d.current_url.endswith("/tables/2/seats/1"))


def spki_hash(certificate: Path) -> str:
    """Chromium's pin of a certificate: base64 of the SHA-256 of its public key's DER."""
    cert = x509.load_pem_x509_certificate(certificate.read_bytes())
    der = cert.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


def test_over_the_hubs_https_a_phone_on_the_network_installs_the_seat_page(
    tmp_path: Path, require_program: Callable[..., str]
) -> None:
    """The same over ``--tls`` by the hub's ``.local`` name, not this machine's address: only the
    hub's https makes the page a secure context. Chromium trusts the hub's certificate as a phone
    that enrolled the authority does (by its key: a test cannot add an authority to Chromium's
    store without the system's tools)."""
    chromium, driver_path = require_program("chromium", "chromium-browser"), require_program("chromedriver")
    hub = HubProcess(
        tmp_path / "journal.db",
        *QUICK,
        "--host",
        "127.0.0.1",
        "--seats",
        "phone,bot",
        "--tls",
        "--tls-port",
        "0",
    )
    try:
        name = next(n for n in local_names(tmp_path / "tls" / "hub.pem") if n != "localhost")
        rules = f"--host-resolver-rules=MAP {name} 127.0.0.1"
        pin = f"--ignore-certificate-errors-spki-list={spki_hash(tmp_path / 'tls' / 'hub.pem')}"
        phone = open_chromium(chromium, driver_path, phone=True, flags=(rules, pin))
        try:
            link = hub.join_links(1)[1]
            assert link.startswith("https://127.0.0.1:")
            phone.get(link.replace("https://127.0.0.1:", f"https://{name}:"))
            WebDriverWait(phone, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board *"))
            assert phone.current_url.startswith(f"https://{name}:") and phone.execute_script(
                "return isSecureContext"
            )
            phone.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "navigator.serviceWorker.ready.then(() => done(true), () => done(false));"
            )
            phone.refresh()
            WebDriverWait(phone, 20).until(
                lambda d: d.execute_script("return !!navigator.serviceWorker.controller")
            )
            assert phone.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []
            ARTIFACTS.mkdir(exist_ok=True)
            phone.save_screenshot(str(ARTIFACTS / "install-seat-https-390x844.png"))
        finally:
            close_chromium(phone)
    finally:
        hub.stop()


def local_names(certificate: Path) -> list[str]:
    cert = x509.load_pem_x509_certificate(certificate.read_bytes())
    alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return [str(name) for name in alt.get_values_for_type(x509.DNSName)]
