"""HTTPS on the guarded server: waitress has no TLS of its own, so each accepted connection is
wrapped in the hub's ``ssl.SSLContext`` and read and written through it, in the same event loop,
under the same bounds (console.http.guarded).

Why in the hub and not a proxy in front of it (stunnel, Caddy): every connection would then come
from loopback, which the hub trusts as its own display and exempts from the per-device bounds
and the PIN lock-out. Here the hub still sees each phone's own address.

The handshake is done without blocking, as the loop asks: a client that stalls it is idle and
closed after ``idle_s`` like any other. A TLS record may hold more than one read asks for, and
what stays decrypted inside the connection is not seen by the loop's poll, so every read takes
all of it (``pending``).
"""

from __future__ import annotations

import ssl
import time
from typing import Any

from waitress.adjustments import Adjustments

from console.http.guarded import GuardedChannel, GuardedServer
from console.http.limits import Limits


class TlsChannel(GuardedChannel):
    socket: ssl.SSLSocket
    handshaken = False
    _wants_write = False  # the handshake waits to write (the kernel's send buffer is full)

    def readable(self) -> bool:
        return True if not self.handshaken else bool(super().readable())

    def writable(self) -> bool:
        if not self.handshaken:
            return self._wants_write or bool(self.will_close)
        return bool(super().writable())

    def settled(self) -> bool:
        if not self.handshaken:
            return not (self._wants_write or self.will_close)
        return super().settled()

    def _handshake(self) -> bool:
        """One step of the handshake; whether it is done (a failure closes the connection)."""
        try:
            self.socket.do_handshake()
        except ssl.SSLWantReadError:
            self._wants_write = False
            return False
        except ssl.SSLWantWriteError:
            self._wants_write = True
            return False
        except OSError:  # not TLS (plain http to this port), a client that refused us, a reset
            self.server.tls_refused += 1
            self.handle_close()
            return False
        self.handshaken, self._wants_write = True, False
        return True

    def handle_read(self) -> None:
        if not self.handshaken and not self._handshake():
            return
        try:
            data = self.socket.recv(self.adj.recv_bytes)
            while data and self.socket.pending():
                data += self.socket.recv(self.socket.pending())
        except (ssl.SSLWantReadError, ssl.SSLWantWriteError):
            return  # a record not yet whole
        except OSError:
            self.handle_close()
            return
        if not data:  # the client closed
            self.handle_close()
            return
        self.last_activity = time.time()
        self.received(data)

    def handle_write(self) -> None:
        if not self.handshaken:
            if self.will_close:  # timed out during the handshake
                self.handle_close()
            else:
                self._handshake()
            return
        super().handle_write()

    def send(self, data: bytes, do_close: bool = True) -> int:
        try:
            return int(super().send(data, do_close))
        except (ssl.SSLWantWriteError, ssl.SSLWantReadError):
            return 0  # tried again with the same bytes when the socket can take them


class TlsServer(GuardedServer):
    """The guarded server's https twin: it shares the plain server's event loop, threads and
    per-device counts, and wraps each connection it accepts."""

    channel_class = TlsChannel

    def __init__(self, application: Any, limits: Limits, context: ssl.SSLContext, **kw: Any) -> None:
        self.context = context
        self.tls_refused = 0
        super().__init__(application, limits, **kw)

    def wrap(self, conn: Any) -> Any:
        return self.context.wrap_socket(conn, server_side=True, do_handshake_on_connect=False)


def https_beside(plain: GuardedServer, port: int, context: ssl.SSLContext) -> TlsServer:
    """An https server on ``port`` (0: a free one) of the plain server's host, run by its loop
    and threads, with its bounds and application; closed with it."""
    settings = dict(plain.adj_settings, port=port, url_scheme="https")
    adjustments = Adjustments(**settings)
    adjustments.socket_options = plain.adj.socket_options
    server = TlsServer(
        plain.application,
        plain.limits,
        context,
        adj=adjustments,
        sockinfo=adjustments.listen[0],
        map=plain._map,
        _dispatcher=plain.task_dispatcher,
    )
    server.per_client = plain.per_client  # a device's connections are counted across both ports
    plain.beside.append(server)
    return server
