"""A hub reaches a broker that speaks only TLS, checking its certificate against the venue's CA
(``tls = true``, ``ca_file``); without that CA it refuses the broker and plays on unconnected."""

from __future__ import annotations

import gc
import shutil
import subprocess
from pathlib import Path

import pytest

from console.hub.config import VenueConfig
from console.journal import Journal
from console.venue.broker import LocalBroker, find_mosquitto
from console.venue.publisher import VenuePublisher
from tests.venue.conftest import USERS, VENUE, WATCHER, need, wait_for

pytestmark = pytest.mark.slow


def make_certificates(folder: Path) -> tuple[Path, Path, Path]:
    """A CA, and a certificate it signs for 127.0.0.1, made with openssl."""
    folder.mkdir(parents=True)
    names = ("ca.key", "ca.pem", "broker.key", "broker.csr", "broker.pem")
    ca_key, ca, key, request, cert = (folder / name for name in names)
    (folder / "san.cnf").write_text("subjectAltName = IP:127.0.0.1\n")

    def openssl(*args: str) -> None:
        subprocess.run(["openssl", *args], check=True, capture_output=True)

    openssl(
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        str(ca_key),
        "-out",
        str(ca),
        "-days",
        "2",
        "-subj",
        "/CN=tabletop test venue CA",
    )
    openssl(
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-keyout",
        str(key),
        "-out",
        str(request),
        "-subj",
        "/CN=127.0.0.1",
    )
    openssl(
        "x509",
        "-req",
        "-in",
        str(request),
        "-CA",
        str(ca),
        "-CAkey",
        str(ca_key),
        "-CAcreateserial",
        "-out",
        str(cert),
        "-days",
        "2",
        "-extfile",
        str(folder / "san.cnf"),
    )
    return ca, cert, key


# paho leaves the socket of a refused TLS handshake for the garbage collector to close.
PAHO_LEAK = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


@pytest.mark.parametrize("trusted", [True, pytest.param(False, marks=PAHO_LEAK)])
def test_a_hub_speaks_tls_to_a_broker_it_trusts(trusted: bool, tmp_path: Path) -> None:
    need("mosquitto", find_mosquitto())
    need("openssl", shutil.which("openssl"))
    ca, cert, key = make_certificates(tmp_path / "tls")
    broker = LocalBroker(tmp_path / "broker", VENUE, USERS, tls=(ca, cert, key), readers=[WATCHER]).start()
    journal = Journal(tmp_path / "journal.db")
    config = VenueConfig(
        broker="127.0.0.1",
        port=broker.port,
        venue=VENUE,
        hub="hub1",
        password=USERS["hub1"],
        tls=True,
        ca_file=str(ca) if trusted else "",
    )
    publisher = VenuePublisher(config, journal).start()
    try:
        if trusted:
            wait_for(lambda: publisher.connected, what="the TLS connection")
        else:
            wait_for(lambda: publisher.problem, what="the hub to give up on the broker")
            assert not publisher.connected
    finally:
        publisher.stop()
        journal.close()
        broker.stop()
        gc.collect()  # paho's leaked socket is closed here, under this test's filter, not in another
