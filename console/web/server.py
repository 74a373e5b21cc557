"""Run the hub's site on the guarded server (console/http/server.py), sized so every open
live-update stream has a thread of its own, so no client, idle, slow or hostile, can hold the hub.

Each stream holds one waitress thread for as long as it is open; the hub caps streams at
``threads - RESERVED_THREADS`` so pages and posts always find a free thread. Bodies larger than
the configured cap are refused by waitress before they are read.
"""

from __future__ import annotations

import logging
import os
import ssl
import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO
from urllib.parse import urlsplit

from flask import Flask

from console.http.guarded import GuardedServer
from console.http.limits import Limits
from console.http.server import ServeError, guarded_server, https_server, run_until_stopped
from console.http.tls import HubAuthority, TlsError, local_name, renew
from console.hub.service import Hub
from console.web.join import phone_url

log = logging.getLogger("console.web")


def listen(app: Flask, hub: Hub, limits: Limits | None = None) -> GuardedServer:
    """The hub's site on the guarded server, sized by the hub's [server] settings."""
    settings = hub.config.server
    return guarded_server(
        app,
        settings.host,
        settings.port,
        threads=settings.threads,
        max_body_bytes=settings.max_body_bytes,
        limits=limits,
    )


def greeting(hub: Hub, port: int) -> list[str]:
    """What the hub says at start: its notes, the PIN, the address to open here, and the one
    phones use (or why they cannot join)."""
    settings = hub.config.server
    host = settings.host if settings.host not in ("0.0.0.0", "::", "") else "127.0.0.1"
    first = f"/tables/{hub.featured}" if hub.featured is not None else "/"
    lines = [
        *hub.messages,
        f"host PIN {hub.host_pin}",
        f"serving on http://{host}:{port}/ - open http://{host}:{port}{first}",
    ]
    phones = phone_url(settings, port)
    if phones.startswith("http://127.0.0.1:"):  # every interface, but no network to reach it by
        lines.append(
            "this machine is on no network yet: join it to the Wi-Fi and restart the hub so phones can join"
        )
    elif phones:
        lines.append(
            f"phones on this network join at {phones}/ : scan a seat's code on the table "
            "screen, or type the short address under it"
        )
    else:
        lines.append("only this machine can connect; to let phones join, serve with --host 0.0.0.0")
    return lines


def serve(
    app: Flask,
    hub: Hub,
    out: TextIO = sys.stdout,
    start: Callable[[], object] | None = None,
    tls_port: int = 8443,
) -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM), then close the hub cleanly. ``start`` (the
    hub's start: resuming and making tables) runs once the port is ours, so a port that is taken
    leaves no table behind. With the app's ``TLS`` authority, https is served on ``tls_port``
    too (console.http.tls_server), beside plain http."""
    tls: HubAuthority | None = app.config.get("TLS")
    try:
        server = listen(app, hub)
    except ServeError:
        hub.stop()
        raise
    if tls is not None:
        try:
            context = tls.context()
            tls.port = https_server(server, tls_port, context).effective_port
        except ServeError:
            server.close()
            hub.stop()
            raise
        tls.plain_port = server.effective_port
        keep_renewed(tls, context)
    settings = hub.config.server
    host = settings.host if settings.host not in ("0.0.0.0", "::", "") else "127.0.0.1"
    hub.store.set_served_by(f"at http://{host}:{server.effective_port}/, pid {os.getpid()}")
    if start is not None:
        try:
            start()
        except BaseException:
            server.close()
            raise

    def announce() -> None:
        lines = greeting(hub, server.effective_port)
        if tls is not None:
            lines += tls_greeting(hub, tls, server.effective_port)
        for line in lines:
            print(f"tabletop: {line}", file=out)
        out.flush()

    run_until_stopped(server, hub.stop, announce)


def tls_greeting(hub: Hub, tls: HubAuthority, port: int) -> list[str]:
    """Where https is served, what a phone checks before trusting the hub, and an address the
    certificate cannot name (a public one: the authority vouches for private ones only)."""
    phones = phone_url(hub.config.server, port) or f"http://127.0.0.1:{port}"
    host = urlsplit(phones).hostname or "127.0.0.1"
    lines = [
        f"https on https://{host if ':' not in host else f'[{host}]'}:{tls.port}/ - phones trust this hub "
        f"once at {phones}/trust (authority's SHA-256 fingerprint {tls.fingerprint})"
    ]
    if host not in tls.names and host not in [str(address) for address in tls.addresses]:
        lines.append(
            f"the hub's certificate cannot name {host} (only .local names and private addresses): "
            f"phones open https://{local_name(tls.names)}:{tls.port}/ instead"
        )
    return lines


RENEW_EVERY_S = 12 * 3600


def keep_renewed(tls: HubAuthority, context: ssl.SSLContext) -> None:
    """Check twice a day that the server certificate is not near its end and names the hub's
    addresses (a new Wi-Fi), and make it again if not: a hub may serve for months."""

    def renew_now_and_then() -> None:
        while True:
            time.sleep(RENEW_EVERY_S)
            try:
                if renew(tls, context):
                    log.warning(
                        "the hub's https certificate was made again (its end neared, or its addresses moved)"
                    )
            except TlsError as error:
                log.warning("the hub's https certificate could not be made again: %s", error)

    threading.Thread(target=renew_now_and_then, name="tls-renew", daemon=True).start()


__all__ = ["greeting", "listen", "serve", "tls_greeting"]
