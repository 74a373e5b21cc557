"""What ``tabletop serve --tls`` says at its start: where https is, where a phone trusts the hub,
the authority's fingerprint, and when the certificate cannot name the address phones use (a
public one: the authority vouches for private addresses only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.http import tls
from console.hub.service import Hub
from console.web import join
from console.web.server import tls_greeting


def test_the_start_says_where_https_is_and_what_to_compare(
    hub: Hub, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    authority = tls.authority(tmp_path / "tls", ["192.168.1.20"])
    authority.port = 8443
    monkeypatch.setattr(join, "lan_address", lambda: "192.168.1.20")
    said = tls_greeting(hub, authority, 8000)
    assert said == [
        "https on https://192.168.1.20:8443/ - phones trust this hub once at http://192.168.1.20:8000/trust "
        f"(authority's SHA-256 fingerprint {authority.fingerprint})"
    ]
    monkeypatch.setattr(join, "lan_address", lambda: "203.0.113.9")  # a public address
    said = tls_greeting(hub, authority, 8000)
    assert said[-1].startswith("the hub's certificate cannot name 203.0.113.9 (only .local names")
    assert f"phones open https://{tls.local_name(authority.names)}:8443/ instead" in said[-1]
