"""``tabletop serve --tls`` as typed, with real TLS clients (Python's ssl module and ``openssl
s_client``): the hub's https answers a client that trusts the hub's authority file alone, for the
hub's address and name, and a client without it is refused verification; pages, large files and
live streams come whole over https; the authority's certificate and the trust page are on plain
http, which keeps serving everything; a plain request sent to the https port is dropped."""

from __future__ import annotations

import hashlib
import http.client
import re
import socket
import ssl
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from console.cli import main
from console.web.hub_process import HubProcess
from tests.conftest import find_program

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[HubProcess]:
    journal = tmp_path_factory.mktemp("tls") / "journal.db"
    quick = ("--port", "0", "--bot-delay", "0", "--chance-delay", "0", "--keepalive", "1")
    process = HubProcess(
        journal, *quick, "--host", "127.0.0.1", "--seats", "phone,bot", "--tls", "--tls-port", "0"
    )
    deadline = time.monotonic() + 20
    while "https on" not in "".join(process.lines) and time.monotonic() < deadline:
        time.sleep(0.05)
    yield process
    process.stop()


def https_port(hub: HubProcess) -> int:
    found = re.search(r"https on https://127\.0\.0\.1:(\d+)/", "".join(hub.lines))
    assert found, hub.lines
    return int(found.group(1))


def ca_file(hub: HubProcess) -> Path:
    """The authority's certificate, in the ``tls`` folder beside the hub's journal."""
    args = [str(arg) for arg in hub.process.args]  # type: ignore[union-attr]
    return Path(args[args.index("--journal") + 1]).parent / "tls" / "ca.pem"


def trusting(hub: HubProcess) -> ssl.SSLContext:
    """A client that trusts the hub's authority file and nothing else."""
    return ssl.create_default_context(cafile=str(ca_file(hub)))


def fetch(hub: HubProcess, path: str) -> tuple[int, dict[str, str], bytes]:
    """A GET over https by a client that trusts the hub's authority: status, headers, body."""
    connection = http.client.HTTPSConnection("127.0.0.1", https_port(hub), context=trusting(hub), timeout=10)
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
        return answer.status, dict(answer.getheaders()), answer.read()
    finally:
        connection.close()


def request_over_tls(hub: HubProcess, host: str) -> tuple[str | None, list[str], bytes]:
    """``GET /`` over a TLS socket checked for ``host``: its protocol, the certificate's IP
    addresses and the raw answer."""
    with (
        socket.create_connection(("127.0.0.1", https_port(hub)), timeout=10) as raw,
        trusting(hub).wrap_socket(raw, server_hostname=host) as secure,
    ):
        version = secure.version()
        alt: Any = (secure.getpeercert() or {}).get("subjectAltName", ())
        addresses = [str(value) for kind, value in alt if kind == "IP Address"]
        secure.sendall(f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        answer = b""
        while chunk := secure.recv(65536):
            answer += chunk
        return version, addresses, answer


def test_a_client_that_trusts_the_hubs_authority_alone_verifies_its_address_and_name(hub: HubProcess) -> None:
    for host in ("127.0.0.1", "localhost"):
        version, addresses, answer = request_over_tls(hub, host)
        assert version in ("TLSv1.2", "TLSv1.3") and "127.0.0.1" in addresses
        assert answer.startswith(b"HTTP/1.1 200") and b"Tabletop hub" in answer, answer[:200]


def test_a_client_without_the_authority_or_for_another_name_is_refused(hub: HubProcess) -> None:
    for context, host in ((ssl.create_default_context(), "127.0.0.1"), (trusting(hub), "example.com")):
        with (
            socket.create_connection(("127.0.0.1", https_port(hub)), timeout=10) as raw,
            pytest.raises(ssl.SSLCertVerificationError),
        ):
            context.wrap_socket(raw, server_hostname=host)
    status, _ = hub.request("GET", "/api/tables")  # the refused handshakes cost the hub nothing
    assert status == 200


def test_openssl_verifies_the_chain_against_the_hubs_authority_file_only(hub: HubProcess) -> None:
    openssl = find_program("openssl")
    target = ["-connect", f"127.0.0.1:{https_port(hub)}", "-verify_return_error", "-verify_ip", "127.0.0.1"]
    trusted = subprocess.run(
        [openssl, "s_client", *target, "-CAfile", str(ca_file(hub)), "-no-CApath", "-no-CAstore"],
        input="",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert "Verify return code: 0 (ok)" in trusted.stdout, trusted.stdout + trusted.stderr
    untrusted = subprocess.run(
        [openssl, "s_client", *target, "-no-CAfile", "-no-CApath", "-no-CAstore"],
        input="",
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert untrusted.returncode != 0 and "Verify return code: 0 (ok)" not in untrusted.stdout


def test_pages_files_and_streams_come_whole_over_https(hub: HubProcess) -> None:
    status, headers, page = fetch(hub, "/tables/1")
    assert status == 200 and headers["Cross-Origin-Opener-Policy"] == "same-origin" and b"Wizard" in page
    for path in ("/static/live.js", "/static/icons/any-512.png", "/sw.js"):
        assert fetch(hub, path)[2] == hub.get(path), path  # the same bytes as plain http
    status, join = hub.request("GET", "/api/tables/1/join", **{"X-Host-Pin": hub.pin})
    assert status == 200
    link = join["seats"][0]
    assert link["url"].startswith(f"https://127.0.0.1:{https_port(hub)}/join/1/1/")  # scanned: https
    assert link["short_url"].startswith(f"{hub.url}/j/")  # typed: plain http, as a browser assumes
    connection = http.client.HTTPSConnection("127.0.0.1", https_port(hub), context=trusting(hub), timeout=10)
    try:
        connection.request("GET", "/api/tables/1/events")
        stream = connection.getresponse()
        assert stream.status == 200 and stream.getheader("Content-Type", "").startswith("text/event-stream")
        assert stream.read1(4096).startswith(b": tabletop live updates")
    finally:
        connection.close()


def test_the_authority_and_the_trust_page_are_on_plain_http_which_keeps_serving(hub: HubProcess) -> None:
    with socket.create_connection(("127.0.0.1", https_port(hub)), timeout=10) as raw:  # http to https
        raw.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        try:
            reply = raw.recv(1024)  # at most a TLS alert, then the hub closes it
        except ConnectionResetError:
            reply = b""
        assert not reply.startswith(b"HTTP"), reply
    request = http.client.HTTPConnection("127.0.0.1", hub.port, timeout=10)
    try:
        request.request("GET", "/trust/tabletop-hub-ca.crt")
        answer = request.getresponse()
        der = answer.read()
    finally:
        request.close()
    assert answer.status == 200 and answer.getheader("Content-Type") == "application/x-x509-ca-cert"
    assert der == ssl.PEM_cert_to_DER_cert(ca_file(hub).read_text())
    fingerprint = " ".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())
    assert fingerprint in "".join(hub.lines)  # the hub's start says it too
    page = hub.get("/trust").decode()
    shown = " ".join(re.findall(r"<span>([0-9A-F ]+)</span>", page))
    assert shown == fingerprint and "Certificate Trust Settings" in page
    screen = hub.get("/tables/1").decode()  # the hub's own display: the trust code beside the seats'
    assert 'class="code trust-code"' in screen and f"{hub.url}/trust" in screen
    assert hub.request("GET", "/api/tables")[0] == 200


def test_without_tls_there_is_nothing_to_trust(
    tmp_path: Path, hub_process: Callable[..., HubProcess], capsys: pytest.CaptureFixture[str]
) -> None:
    plain = hub_process(tmp_path / "j.db", "--host", "127.0.0.1", "--inputs", "none")
    with pytest.raises(Exception, match="404"):
        plain.get("/trust/tabletop-hub-ca.crt")
    assert not (tmp_path / "tls").exists() and "https" not in "".join(plain.lines)
    assert main(["--journal", str(tmp_path / "k.db"), "serve", "--tls-port", "9443"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "give --tls with it" in err
