"""The installable app's files: the manifest (valid JSON, the members a browser needs to install,
icons that are PNGs of the sizes it states), the service worker served from the root with the
shell's addresses (public static files only) and a version that follows the files, the
home-screen address ``/seat`` that brings a phone back to its seat without a seat's secret in any
shared file, and a CSP that allows both and stays strict."""

from __future__ import annotations

import json
import re
import shutil
import struct
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from console.hub.service import Hub
from console.web import icons, shell
from tests.web.conftest import ORIGIN, join

STYLE = Path(shell.__file__).resolve().parent / "static" / "style.css"


def png_size(data: bytes) -> tuple[int, int, int]:
    """A PNG's width, height and colour type (2: RGB, opaque; 6: RGBA), from its header chunk."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", data[:16]
    width, height, _, colour = struct.unpack(">IIBB", data[16:26])
    return width, height, colour


def test_the_manifest_has_what_a_browser_needs_to_install_the_seat_page(client: FlaskClient) -> None:
    answer = client.get("/manifest.webmanifest")
    assert answer.status_code == 200 and answer.mimetype == "application/manifest+json"
    manifest = json.loads(answer.get_data(as_text=True))
    for member in ("id", "name", "short_name", "start_url", "scope", "display", "icons"):
        assert manifest.get(member), member
    assert manifest["display"] == "standalone" and manifest["scope"] == "/"
    assert manifest["start_url"] == "/seat"  # the same for every phone: no seat, no token
    assert len(manifest["short_name"]) <= 12  # what a home screen shows under the icon
    sizes = set()
    for icon in manifest["icons"]:
        assert icon["type"] == "image/png" and icon["src"].startswith("/static/icons/")
        image = client.get(icon["src"])
        assert image.status_code == 200 and image.mimetype == "image/png"
        width, height, colour = png_size(image.data)
        assert f"{width}x{height}" == icon["sizes"], icon
        if icon["purpose"] == "maskable":
            assert colour == 2, f"{icon['src']} must be opaque to its edges (a phone masks it)"
        sizes.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= sizes


def test_the_manifests_colours_are_the_pages(client: FlaskClient) -> None:
    manifest = client.get("/manifest.webmanifest").get_json(force=True)
    css = STYLE.read_text()
    accent = re.search(r"--accent: (#[0-9a-f]{6})", css)
    paper = re.search(r"--paper: (#[0-9a-f]{6})", css)
    assert accent and paper
    assert manifest["theme_color"] == accent.group(1) and manifest["background_color"] == paper.group(1)
    page = client.get("/").get_data(as_text=True)
    assert f'<meta name="theme-color" content="{accent.group(1)}">' in page


def test_the_seat_page_and_the_table_screen_link_the_manifest_and_register_the_worker(
    client: FlaskClient, hub: Hub
) -> None:
    seat_page = join(client, f"/join/1/1/{hub.tokens(1)[1]}", follow_redirects=True).get_data(as_text=True)
    for page in (seat_page, client.get("/tables/1").get_data(as_text=True)):
        assert '<link rel="manifest" href="/manifest.webmanifest">' in page
        assert 'src="/static/sw-register.js"' in page
    assert 'register("/sw.js", { scope: "/" })' in client.get("/static/sw-register.js").get_data(as_text=True)


def test_the_service_worker_is_served_from_the_root_and_keeps_only_public_static_files(
    client: FlaskClient,
) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200 and answer.mimetype == "text/javascript"
    assert answer.headers["Cache-Control"] == "no-store"  # a phone asks for a new version each visit
    first = answer.get_data(as_text=True).splitlines()[0]
    assert first.startswith("const SHELL = ") and first.endswith(";")
    listed = json.loads(first.removeprefix("const SHELL = ").removesuffix(";"))
    assert re.fullmatch(r"[0-9a-f]{16}", listed["version"]) and listed["offline"] == "/offline"
    for path in listed["files"]:
        assert path in ("/offline", "/manifest.webmanifest") or path.startswith("/static/"), path
        fetched = client.get(path)
        assert fetched.status_code == 200, path
        assert "tt_seat_" not in fetched.headers.get("Set-Cookie", ""), path
    offline = client.get("/offline").get_data(as_text=True)
    assert "The hub cannot be reached" in offline and "data-initial" not in offline


def test_the_shell_version_follows_its_files(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    static = tmp_path / "static"
    shutil.copytree(shell.STATIC, static)
    monkeypatch.setattr(shell, "STATIC", static)
    before = shell.shell_version()
    assert shell.shell_version() == before
    (static / "style.css").write_text((static / "style.css").read_text() + "\n/* an upgrade */\n")
    assert shell.shell_version() != before


def test_the_csp_allows_the_manifest_and_worker_from_the_hub_only(client: FlaskClient) -> None:
    policy = client.get("/sw.js").headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["manifest-src"] == "'self'" and directives["worker-src"] == "'self'"
    assert directives["script-src"] == "'self'" and directives["default-src"] == "'self'"
    assert "unsafe" not in policy and "*" not in policy


def test_the_home_screen_address_brings_a_phone_back_to_its_seat(client: FlaskClient, hub: Hub) -> None:
    stranger = client.application.test_client()
    assert stranger.get("/seat").location == "/"  # no seat of its own: the list of tables
    stranger.set_cookie("tt_seat_1", "not-a-token")
    assert stranger.get("/seat").location == "/"
    join(client, f"/join/1/2/{hub.tokens(1)[2]}")
    assert client.get("/seat").location == "/tables/1/seats/2"
    # the host starts the next game with the same seats: the phone follows its link once...
    host = {**ORIGIN, "X-Host-Pin": "2468"}
    assert client.post("/api/tables/1/host", json={"command": "end"}, headers=host).status_code == 200
    assert client.get("/seat").location == "/tables/1/seats/2"  # the seat page offers the next game
    assert client.post("/api/tables/1/host", json={"command": "again"}, headers=host).status_code == 200
    # once the host has started it, the icon takes the phone on to its seat there...
    onward = client.get("/seat").location
    assert onward == "/tables/1/seats/2/next"
    join(client, onward)
    # ...and from then on opens the new table's seat, not the finished one
    assert client.get("/seat").location == "/tables/2/seats/2"
    assert stranger.get("/seat").location == "/"  # another phone is not taken to anybody's seat


@pytest.mark.slow
def test_the_committed_icons_are_the_ones_the_script_draws() -> None:
    assert (icons.FOLDER / "maskable-192.png").read_bytes() == icons.draw(192, "maskable")
    assert set(path.name for path in icons.FOLDER.iterdir()) == set(icons.icon_names())
