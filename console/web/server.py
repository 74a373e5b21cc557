"""Run the site under waitress, sized so every open live-update stream has a thread of its own, and
guarded (console.http.guarded) so no client, idle, slow or hostile, can hold the hub.

Each stream holds one waitress thread for as long as it is open; the hub caps streams at
``threads - RESERVED_THREADS`` so pages and posts always find a free thread. Bodies larger than
the configured cap are refused by waitress before they are read.
"""

from __future__ import annotations

import resource
import signal
import socket
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any, TextIO

from flask import Flask
from waitress.adjustments import Adjustments

from console.http.guarded import GuardedServer
from console.http.limits import Limits
from console.hub.service import Hub
from console.web.join import phone_url


class ServeError(ValueError):
    """The site cannot be served (the port is taken): one line for the user."""


def listen(app: Flask, hub: Hub, limits: Limits | None = None) -> GuardedServer:
    settings = hub.config.server
    limits = limits or Limits()
    _raise_file_limit(limits.connections + settings.threads + 256)
    try:
        adjustments = Adjustments(
            host=settings.host,
            port=settings.port,
            threads=settings.threads,
            connection_limit=limits.connections,
            max_request_body_size=settings.max_body_bytes,
            max_request_header_size=limits.max_header_bytes,
            asyncore_use_poll=True,  # select() cannot watch more than 1024 sockets
            channel_timeout=limits.idle_s,
            cleanup_interval=1,
            # Read while a stream is served: a phone that leaves is noticed at once.
            channel_request_lookahead=1,
            # No disk spill: a response's output stays in memory, bounded by the guarded channel
            # (response_buffer_bytes) far below the point where waitress would spill to a file.
            outbuf_overflow=64 * 1024 * 1024,
            outbuf_high_watermark=32 * 1024 * 1024,
            inbuf_overflow=max(settings.max_body_bytes, 512 * 1024) + 1,
            ident="tabletop",
            expose_tracebacks=False,
        )
        adjustments.socket_options = [
            (socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),
            (socket.SOL_SOCKET, socket.SO_SNDBUF, limits.send_buffer_bytes),
        ]
        return GuardedServer(app, limits, adj=adjustments, sockinfo=adjustments.listen[0])
    except OSError as error:
        raise ServeError(f"cannot listen on {settings.host}:{settings.port}: {error.strerror}") from None


def _raise_file_limit(wanted: int) -> None:
    """Every connection is a file descriptor: a Pi's default soft limit (1024) is below the
    connection bound, so raise it towards the hard limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


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


def run_until_stopped(
    server: Any, then: Callable[[], object], ready: Callable[[], object] | None = None
) -> None:
    """Serve until Ctrl-C or SIGTERM (systemd's stop), then close the server and run ``then``.
    ``ready`` (the greeting) runs once SIGTERM is ours: whoever reads it may stop us cleanly."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        if ready is not None:
            ready()
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        server.close()
        then()
