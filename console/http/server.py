"""A web app under waitress, guarded (console.http.guarded) so no client, idle, slow or hostile, can
hold it: the hub's site (console/web/server.py sizes it) and the venue's board both run on it.
Bodies larger than the cap are refused by waitress before they are read.
"""

from __future__ import annotations

import resource
import signal
import socket
import ssl
from collections.abc import Callable
from types import FrameType
from typing import Any

from waitress.adjustments import Adjustments

from console.http.guarded import GuardedServer
from console.http.limits import Limits
from console.http.tls_server import TlsServer, https_beside


class ServeError(ValueError):
    """The site cannot be served (the port is taken): one line for the user."""


def guarded_server(
    app: Any,
    host: str,
    port: int,
    *,
    threads: int,
    max_body_bytes: int,
    limits: Limits | None = None,
    ident: str = "tabletop",
) -> GuardedServer:
    """A guarded waitress server (console.http.guarded) for ``app`` on ``host:port``, not yet
    running; ServeError if the port cannot be had."""
    limits = limits or Limits()
    _raise_file_limit(limits.connections + threads + 256)
    settings: dict[str, Any] = dict(
        host=host,
        port=port,
        threads=threads,
        connection_limit=limits.connections,
        max_request_body_size=max_body_bytes,
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
        inbuf_overflow=max(max_body_bytes, 512 * 1024) + 1,
        ident=ident,
        expose_tracebacks=False,
    )
    try:
        adjustments = Adjustments(**settings)
        adjustments.socket_options = [
            (socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),
            (socket.SOL_SOCKET, socket.SO_SNDBUF, limits.send_buffer_bytes),
        ]
        return GuardedServer(app, limits, adj=adjustments, sockinfo=adjustments.listen[0], settings=settings)
    except OSError as error:
        raise ServeError(f"cannot listen on {host}:{port}: {error.strerror}") from None


def https_server(plain: GuardedServer, port: int, context: ssl.SSLContext) -> TlsServer:
    """HTTPS on ``port`` beside ``plain`` (console.http.tls_server); ServeError if the port
    cannot be had."""
    try:
        return https_beside(plain, port, context)
    except OSError as error:
        raise ServeError(f"cannot listen on {plain.adj.host}:{port} for https: {error.strerror}") from None


def _raise_file_limit(wanted: int) -> None:
    """Every connection is a file descriptor: a Pi's default soft limit (1024) is below the
    connection bound, so raise it towards the hard limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(hard, wanted)
    if soft != resource.RLIM_INFINITY and soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


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
