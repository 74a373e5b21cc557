"""Join links: the address a phone opens to take a seat (it carries the seat's join token), its
QR code for the table screen, and a short address (``/j/CODE``) a person can type instead.

The address must be one a phone can reach: the configured ``public_url``, else, when the hub
listens on every interface, this machine's address on the local network, else the address the
table screen itself was opened with.
"""

from __future__ import annotations

import re
import socket
from typing import Any
from urllib.parse import urlsplit

import segno
from flask import current_app, request

from console.http.security import hub
from console.http.tls import HubAuthority
from console.hub.config import ServerConfig
from console.hub.store import short_code

EVERY_INTERFACE = ("0.0.0.0", "::", "")


def base_url() -> str:
    """The plain-http address phones open (the one a person types)."""
    server = hub().config.server
    # the port the screen reached the hub on (the configured one may be 0: "pick a free one")
    port = urlsplit(f"//{request.host}").port or server.port
    tls = authority()
    if request.is_secure and tls is not None and tls.plain_port is not None:
        port = tls.plain_port  # a screen opened over https: phones type the plain port
        own = f"http://{urlsplit(request.host_url).netloc.rsplit(':', 1)[0]}:{port}"
        return phone_url(server, port) or own
    return phone_url(server, port) or request.host_url.rstrip("/")


def authority() -> HubAuthority | None:
    """The hub's certificate authority when it serves https (``tabletop serve --tls``)."""
    found: HubAuthority | None = current_app.config.get("TLS")
    return found


def secure_base_url() -> str:
    """The https address phones open when the hub serves https, else ""."""
    tls = authority()
    if tls is None or tls.port is None:
        return ""
    public = hub().config.server.public_url
    if public.startswith("https://"):
        return public.rstrip("/")
    host = urlsplit(base_url()).hostname or "127.0.0.1"
    return f"https://{f'[{host}]' if ':' in host else host}:{tls.port}"


def phone_url(server: ServerConfig, port: int) -> str:
    """The address phones on the network open (no trailing slash), or "" when the hub listens
    on one address only (then the address the screen was opened with is the one to give)."""
    if server.public_url:
        return server.public_url.rstrip("/")
    if server.host in EVERY_INTERFACE:
        return f"http://{lan_address()}:{port}"
    if server.host not in ("127.0.0.1", "localhost", "::1"):
        return f"http://{server.host}:{port}"
    return ""


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent), or loopback if none."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def join_path(table_id: int, seat: int, token: str) -> str:
    return f"/join/{table_id}/{seat}/{token}"


def qr_svg(url: str) -> str:
    """An inline SVG QR code, scaled by its container."""
    return str(segno.make(url, error="m").svg_inline(scale=1, omitsize=True, light="#fff", border=2))


def join_links(
    table_id: int, tokens: dict[int, str], claimed: dict[str, bool] | None = None
) -> list[dict[str, Any]]:
    """Each seat's join link: ``url`` (the QR code's), ``short_url`` and its ``text`` (the short
    address without ``http://``, to read out or type, and its ``parts`` to break a line between),
    the QR code's ``svg``, and ``claimed``."""
    base = base_url()
    # Scanned, a code opens the https address when the hub serves one (an installable seat);
    # typed, the short address stays plain http, which a browser assumes for a typed address.
    scanned = secure_base_url() or base
    links = []
    for seat, token in sorted(tokens.items()):
        url = scanned + join_path(table_id, seat, token)
        short = f"{base}/j/{short_code(token)}"
        links.append(
            {
                "seat": seat,
                "url": url,
                "short_url": short,
                "text": short.split("://", 1)[-1],
                "parts": address_parts(short.split("://", 1)[-1]),
                "svg": qr_svg(url),
                "claimed": bool((claimed or {}).get(str(seat))),
            }
        )
    return links


def address_parts(text: str) -> list[str]:
    """``192.168.1.5:8000/j/AB12`` as the pieces a line may break between (after a dot, a colon
    or a slash), so a narrow column never splits a number or the code in two."""
    return re.findall(r"[^./:]*[./:]?", text)[:-1] or [text]
