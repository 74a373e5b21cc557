"""Nothing a phone loads comes from outside the hub: on a table's Wi-Fi without internet every page
works. Every page the hub serves (each kind, for every game), every script, stylesheet and icon
they name, every file of the static folder, each game's own script and styles, the manifest and
the service worker are read, and any address of another host fails the test.

The one exception is an XML namespace (an SVG drawn by a script names it): a name, never fetched.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from flask.testing import FlaskClient

from console.games import game_names
from console.hub.config import TableConfig
from console.hub.service import Hub
from console.web import shell
from console.web.join import lan_address
from tests.web.conftest import join

# An address with a host: //host, with or without a scheme (in HTML, CSS, JS or JSON).
ADDRESS = re.compile(r"""(?:\b[a-z][a-z0-9+.-]*:)?//[^\s"'<>()`\\]+""", re.IGNORECASE)
NAMESPACES = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink", "http://www.w3.org/1999/xhtml"}
# What a page names as a resource or a link.
NAMED = re.compile(r"""(?:src|href|action)=["']([^"']+)["']""")
CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+)""")


def outside(text: str, hub_hosts: set[str]) -> list[str]:
    """Every address in ``text`` whose host is not the hub's own."""
    found = []
    for match in ADDRESS.finditer(text):
        address = match.group(0).rstrip(".,;:")
        if address in NAMESPACES:
            continue
        host = urlsplit(address if "://" in address else "http:" + address.split(":", 1)[-1]).hostname
        if host not in hub_hosts:
            found.append(address)
    return found


def test_no_page_script_stylesheet_manifest_or_worker_names_another_host(
    client: FlaskClient, hub: Hub
) -> None:
    hub_hosts = {"localhost", "127.0.0.1", lan_address()}
    for game in game_names():  # a table of every game, so each game's script and styles are served
        if game != hub.tables()[0].table.game.name:
            hub.start_table(TableConfig(game=game, players=2, seats=("phone", "bot"), seed=1))
    tables = sorted(worker.table.id for worker in hub.tables())
    other_phone = client.application.test_client()
    pages = ["/", "/deck-check", "/offline", "/nowhere", "/manifest.webmanifest", "/sw.js"]
    for table in tables:
        pages += [f"/tables/{table}", f"/tables/{table}/spectate"]
        token = hub.tokens(table)[1]
        join(client, f"/join/{table}/1/{token}")
        pages += [f"/tables/{table}/seats/1", f"/join/{table}/1/{token}"]  # its own seat, then taken
    seen: dict[str, str] = {}
    to_read = list(pages)
    to_read += [
        f"/static/{path.relative_to(shell.STATIC)}" for path in shell.STATIC.rglob("*") if path.is_file()
    ]
    while to_read:
        path = to_read.pop()
        if path in seen:
            continue
        answer = join(other_phone, path) if path.startswith("/join/") else client.get(path)
        assert answer.status_code in (200, 404, 409), (path, answer.status_code)
        if (answer.mimetype or "").startswith("image/"):
            seen[path] = ""
            continue
        text = answer.get_data(as_text=True)
        seen[path] = text
        named = NAMED.findall(text) + CSS_URL.findall(text)
        to_read += [name for name in named if name.startswith("/") and not name.startswith("//")]
    for kind in ("page.js", "page.css"):
        assert any(path.endswith(kind) for path in seen), f"no game's {kind} was read"
    assert any(path.endswith(".png") for path in seen) and any(path.endswith(".js") for path in seen)
    found = {path: outside(text, hub_hosts) for path, text in seen.items()}
    assert not any(found.values()), {path: addresses for path, addresses in found.items() if addresses}


def test_the_check_finds_an_address_of_another_host() -> None:
    hosts = {"localhost"}
    assert outside('<script src="https://cdn.example/x.js"></script>', hosts) == ["https://cdn.example/x.js"]
    assert outside("@import url(//fonts.example/css);", hosts) == ["//fonts.example/css"]
    assert outside('fetch("wss://stream.example/a")', hosts) == ["wss://stream.example/a"]
    assert outside('<a href="http://localhost/tables/1">', hosts) == []
    assert outside('const SVG = "http://www.w3.org/2000/svg";', hosts) == []
