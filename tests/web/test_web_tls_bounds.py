"""The https server keeps the guarded server's bounds: a connection that never begins its TLS
handshake, or stalls in the middle of it, is idle and closed after ``idle_s`` like any other,
while a trusted client is served; a device's connections are counted across both ports."""

from __future__ import annotations

import dataclasses
import socket
import ssl
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from console.http import tls
from console.http.guarded import GuardedServer
from console.http.limits import Limits
from console.http.server import https_server
from console.http.tls_server import TlsServer
from console.hub.service import Hub
from console.web import create_app
from console.web.server import listen

pytestmark = pytest.mark.slow


@contextmanager
def serving_https(hub: Hub, folder: Path, limits: Limits) -> Iterator[tuple[GuardedServer, TlsServer]]:
    hub.config = dataclasses.replace(hub.config, server=dataclasses.replace(hub.config.server, port=0))
    authority = tls.authority(folder)
    plain = listen(create_app({"HUB": hub, "TLS": authority}), hub, limits)
    secure = https_server(plain, 0, authority.context())
    authority.port, authority.plain_port = secure.effective_port, plain.effective_port
    closing = threading.Event()

    def run() -> None:
        try:
            plain.run()
        except (OSError, ValueError):
            if not closing.is_set():
                raise

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        yield plain, secure
    finally:
        closing.set()
        plain.close()
        for server in (plain, secure):
            for channel in list(server.active_channels.values()):
                channel.handle_close()
        thread.join(10)


def closed_within(sock: socket.socket, seconds: float) -> bool:
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def test_a_stalled_handshake_is_closed_as_idle_while_a_trusted_client_is_served(
    hub: Hub, tmp_path: Path
) -> None:
    with serving_https(hub, tmp_path / "tls", Limits(idle_s=1.0)) as (plain, secure):
        port = secure.effective_port
        silent = socket.create_connection(("127.0.0.1", port))  # never says a word
        half = socket.create_connection(("127.0.0.1", port))
        half.sendall(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03")  # the first bytes of a ClientHello
        began = time.monotonic()
        context = ssl.create_default_context(cafile=str(tmp_path / "tls" / "ca.pem"))
        with (
            socket.create_connection(("127.0.0.1", port), timeout=5) as raw,
            context.wrap_socket(raw, server_hostname="127.0.0.1") as client,
        ):
            client.sendall(b"GET /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            assert client.recv(64).startswith(b"HTTP/1.1 200")
        for sock in (silent, half):
            with sock:
                assert closed_within(sock, 5.0)
        assert time.monotonic() - began < 5.0
        assert secure.per_client is plain.per_client and secure in plain.beside
        assert secure.timed_out >= 2
