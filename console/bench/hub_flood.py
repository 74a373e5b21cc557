"""``tabletop bench hub``'s figures under a hostile network, on a real ``tabletop serve`` process.

While 1,000 idle connections (from 50 addresses, each sending only ``GET / HTTP/1.1`` and, every
20 s, one more header line; reopened when the hub closes them) and 200 streams that never read
(from 25 addresses) are open, 50 phones (the ``hub.scan_to_phone`` rig) follow 30 scans:

* ``hub.page_p99_ms_under_flood``: ``GET /api/tables`` from a phone of its own, p99;
* ``hub.events_lost_under_flood``: events the 50 phones should have had and did not;
* ``hub.rss_mb_under_flood``: the hub's resident memory at the end;
* ``hub.temp_files_under_flood``: temporary files the hub opened meanwhile (disk spill), 0;
* ``hub.sockets_under_flood``: sockets the hub process held at the end (the flood reached it).
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import threading
import time
from typing import Any

from console.bench.hub import logged_ids, open_phones, percentile, running_hub, scan_once
from console.web.hub_process import HubProcess

IDLE, IDLE_ADDRESSES = 1000, 50
SILENT, SILENT_ADDRESSES = 200, 25


def _connect(port: int, source: str) -> socket.socket | None:
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    except OSError:
        return None
    return sock


class Flood:
    """Idle connections kept at ``IDLE`` (reopened as the hub closes them) and silent streams."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.idle: list[tuple[socket.socket | None, str, float]] = []
        self.silent: list[socket.socket] = []
        self._stop = threading.Event()
        for number in range(IDLE):
            self.idle.append(self._open_idle(f"127.0.1.{number % IDLE_ADDRESSES + 1}"))
        for number in range(SILENT):
            sock = _connect(port, f"127.0.2.{number % SILENT_ADDRESSES + 1}")
            if sock is None:
                continue
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.sendall(b"GET /api/tables/1/events HTTP/1.1\r\nHost: hub\r\n\r\n")
            self.silent.append(sock)  # never read again
        self._keeper = threading.Thread(target=self._keep, daemon=True)
        self._keeper.start()

    def _open_idle(self, source: str) -> tuple[socket.socket | None, str, float]:
        sock = _connect(self.port, source)
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.sendall(b"GET / HTTP/1.1\r\n")
            sock.setblocking(False)
        return sock, source, time.monotonic()

    def _keep(self) -> None:
        while not self._stop.wait(0.5):
            for index, (sock, source, since) in enumerate(self.idle):
                if sock is None or self._closed(sock):
                    if sock is not None:
                        sock.close()
                    self.idle[index] = self._open_idle(source)
                elif time.monotonic() - since > 20:
                    with contextlib.suppress(OSError):
                        sock.send(b"X-Slow: 1\r\n")
                    self.idle[index] = (sock, source, time.monotonic())

    @staticmethod
    def _closed(sock: socket.socket) -> bool:
        try:
            return sock.recv(4096, socket.MSG_PEEK) == b""
        except BlockingIOError:
            return False
        except OSError:
            return True

    def close(self) -> None:
        self._stop.set()
        self._keeper.join(5)
        for sock, _, _ in self.idle:
            if sock is not None:
                sock.close()
        for sock in self.silent:
            sock.close()


class PageLoader:
    """``GET /api/tables`` every 50 ms from an address of its own; the milliseconds of each."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.times: list[float] = []
        self.failures = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._load, daemon=True)
        self._thread.start()

    def _load(self) -> None:
        while not self._stop.wait(0.05):
            started = time.monotonic()
            try:
                with socket.create_connection(
                    ("127.0.0.1", self.port), timeout=10, source_address=("127.0.3.1", 0)
                ) as sock:
                    sock.sendall(b"GET /api/tables HTTP/1.1\r\nHost: hub\r\nConnection: close\r\n\r\n")
                    answer = b""
                    while chunk := sock.recv(65536):
                        answer += chunk
                ok = answer.startswith(b"HTTP/1.1 200")
            except OSError:
                ok = False
            if ok:
                self.times.append((time.monotonic() - started) * 1000)
            else:
                self.failures += 1

    def close(self) -> None:
        self._stop.set()
        self._thread.join(15)


def temp_files(process: HubProcess) -> int:
    """Files the hub holds open in the temporary folder (waitress's disk spill goes there)."""
    count = 0
    for fd in os.listdir(f"/proc/{process.process.pid}/fd"):
        with contextlib.suppress(OSError):
            target = os.readlink(f"/proc/{process.process.pid}/fd/{fd}")
            count += target.startswith(("/tmp/", "/var/tmp/")) and not target.endswith(".db")
    return count


def sockets(process: HubProcess) -> int:
    """Sockets the hub holds open: the flood really reached it."""
    count = 0
    for fd in os.listdir(f"/proc/{process.process.pid}/fd"):
        with contextlib.suppress(OSError):
            count += os.readlink(f"/proc/{process.process.pid}/fd/{fd}").startswith("socket:")
    return count


def under_flood(scans: int = 30) -> dict[str, Any]:
    with running_hub() as (hub, pods, replica, journal):
        spill_before = temp_files(hub)
        phones = open_phones(hub, journal, 50, replica.table_id)
        flood = Flood(hub.port)
        time.sleep(1.0)
        loader = PageLoader(hub.port)
        try:
            first_id = json.loads(hub.get("/api/tables/1"))["last_id"]
            for number in range(scans):
                scan_once(pods, replica, phones, number)
                time.sleep(0.1)
            final = json.loads(hub.get("/api/tables/1"))
            loader.close()
            rss, spill_after, held = hub.rss_mb(), temp_files(hub), sockets(hub)
            logs: dict[str, set[int]] = {}
            for phone in phones.phones:
                if phone.path not in logs:
                    logs[phone.path] = logged_ids(hub, phone.path, phone.token, first_id, final["last_id"])
            lost = sum(len(logs[phone.path] - set(phone.event_ids)) for phone in phones.phones)
        finally:
            loader.close()
            flood.close()
            phones.close()
        return {
            "p99": percentile(loader.times, 0.99) if loader.times else float("inf"),
            "failures": loader.failures,
            "lost": lost,
            "rss": rss,
            "spill": spill_after - spill_before,
            "sockets": held,
        }


def benchmarks() -> list[dict[str, Any]]:
    figures = under_flood()
    return [
        {"name": "hub.page_p99_ms_under_flood", "value": figures["p99"], "unit": "ms"},
        {"name": "hub.page_failures_under_flood", "value": figures["failures"], "unit": "pages"},
        {"name": "hub.events_lost_under_flood", "value": figures["lost"], "unit": "events"},
        {"name": "hub.rss_mb_under_flood", "value": figures["rss"], "unit": "MB"},
        {"name": "hub.temp_files_under_flood", "value": figures["spill"], "unit": "files"},
        {"name": "hub.sockets_under_flood", "value": figures["sockets"], "unit": "sockets"},
    ]


if __name__ == "__main__":
    for figure in benchmarks():
        print(f"{figure['name']:<34} {figure['value']:>12.3f} {figure['unit']}")
