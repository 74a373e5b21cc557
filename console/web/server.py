"""Run the site under waitress, sized so every open live-update stream has a thread of its own.

Each stream holds one waitress thread for as long as it is open; the hub caps streams at
``threads - RESERVED_THREADS`` so pages and posts always find a free thread. Bodies larger than
the configured cap are refused by waitress before they are read.
"""

from __future__ import annotations

import signal
import sys
from types import FrameType
from typing import Any, TextIO

from flask import Flask
from waitress.server import create_server

from console.hub.service import Hub


class ServeError(ValueError):
    """The site cannot be served (the port is taken): one line for the user."""


def listen(app: Flask, hub: Hub) -> Any:
    settings = hub.config.server
    try:
        return create_server(
            app,
            host=settings.host,
            port=settings.port,
            threads=settings.threads,
            connection_limit=settings.threads + 64,
            max_request_body_size=settings.max_body_bytes,
            asyncore_use_poll=True,
            channel_timeout=60,
            ident="tabletop",
            expose_tracebacks=False,
        )
    except OSError as error:
        raise ServeError(f"cannot listen on {settings.host}:{settings.port}: {error.strerror}") from None


def serve(app: Flask, hub: Hub, out: TextIO = sys.stdout) -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM), then close the hub cleanly."""
    settings = hub.config.server
    try:
        server = listen(app, hub)
    except ServeError:
        hub.stop()
        raise
    port = server.effective_port
    host = settings.host if settings.host not in ("0.0.0.0", "::", "") else "127.0.0.1"
    for message in hub.messages:
        print(f"tabletop: {message}", file=out)
    print(f"tabletop: host PIN {hub.host_pin}", file=out)
    tables = hub.tables()
    first = f"/tables/{tables[0].table.id}" if len(tables) == 1 else "/"
    print(f"tabletop: serving on http://{host}:{port}/ - open http://{host}:{port}{first}", file=out)
    if settings.host in ("127.0.0.1", "localhost", "::1"):
        print("tabletop: only this machine can connect; to let phones join, serve with --host 0.0.0.0",
              file=out)
    out.flush()

    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        server.close()
        hub.stop()
