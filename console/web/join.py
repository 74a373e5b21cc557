"""Join links: the address a phone opens to take a seat (it carries the seat's token), and its QR
code for the table screen.

The address must be one a phone can reach: the configured ``public_url``, else, when the hub
listens on every interface, this machine's address on the local network, else the address the
table screen itself was opened with.
"""

from __future__ import annotations

import socket
from typing import Any

import segno
from flask import request

from console.web.security import hub


def base_url() -> str:
    server = hub().config.server
    if server.public_url:
        return server.public_url.rstrip("/")
    if server.host in ("0.0.0.0", "::", ""):
        return f"http://{lan_address()}:{request.host.rpartition(':')[2] or server.port}"
    return request.host_url.rstrip("/")


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


def join_links(table_id: int, tokens: dict[int, str]) -> list[dict[str, Any]]:
    base = base_url()
    links = []
    for seat, token in sorted(tokens.items()):
        url = base + join_path(table_id, seat, token)
        links.append({"seat": seat, "url": url, "svg": qr_svg(url)})
    return links
