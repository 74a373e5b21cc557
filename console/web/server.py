"""Run the hub's site on the guarded server (console/http/server.py), sized so every open
live-update stream has a thread of its own, so no client, idle, slow or hostile, can hold the hub.

Each stream holds one waitress thread for as long as it is open; the hub caps streams at
``threads - RESERVED_THREADS`` so pages and posts always find a free thread. Bodies larger than
the configured cap are refused by waitress before they are read.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TextIO

from flask import Flask

from console.http.guarded import GuardedServer
from console.http.limits import Limits
from console.http.server import ServeError, guarded_server, run_until_stopped
from console.hub.service import Hub
from console.web.join import phone_url


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


def serve(app: Flask, hub: Hub, out: TextIO = sys.stdout, start: Callable[[], object] | None = None) -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM), then close the hub cleanly. ``start`` (the
    hub's start: resuming and making tables) runs once the port is ours, so a port that is taken
    leaves no table behind."""
    try:
        server = listen(app, hub)
    except ServeError:
        hub.stop()
        raise
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
        for line in greeting(hub, server.effective_port):
            print(f"tabletop: {line}", file=out)
        out.flush()

    run_until_stopped(server, hub.stop, announce)


__all__ = ["greeting", "listen", "serve"]
