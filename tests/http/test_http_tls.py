"""The hub's own certificate authority (console/http/tls.py): made once, its private key and the
server's readable by the user alone; a server certificate for the hub's names and addresses,
made again before its end or when an address is new; an authority that may vouch for the
table's network only; and a key others may read refused in one line."""

from __future__ import annotations

import datetime
import ipaddress
import os
import stat
from pathlib import Path

import pytest
from cryptography import x509

from console.http import tls


def load(path: Path) -> x509.Certificate:
    return x509.load_pem_x509_certificate(path.read_bytes())


def test_the_authority_is_made_once_with_keys_for_the_user_alone(tmp_path: Path) -> None:
    folder = tmp_path / "tls"
    made = tls.authority(folder, ["192.168.1.20"])
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    for name in ("ca.key", "hub.key"):
        assert stat.S_IMODE((folder / name).stat().st_mode) == 0o600, name
    ca, server = load(made.ca_path), load(made.cert_path)
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    server.verify_directly_issued_by(ca)
    again = tls.authority(folder, ["192.168.1.20"])
    assert again.fingerprint == made.fingerprint and load(again.cert_path) == server  # nothing made anew
    assert len(made.fingerprint.split()) == 32


def test_the_server_certificate_names_the_hubs_addresses_and_serves_a_server_only(tmp_path: Path) -> None:
    made = tls.authority(tmp_path / "tls", ["192.168.1.20", "tabletop.local", "8.8.8.8"])
    server = load(made.cert_path)
    alt = server.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    addresses = alt.get_values_for_type(x509.IPAddress)
    names = alt.get_values_for_type(x509.DNSName)
    assert (
        ipaddress.ip_address("192.168.1.20") in addresses and ipaddress.ip_address("127.0.0.1") in addresses
    )
    assert "localhost" in names and "tabletop.local" in names and any(n.endswith(".local") for n in names)
    assert ipaddress.ip_address("8.8.8.8") not in addresses  # a public address: the authority may not
    assert not server.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    usage = server.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert list(usage) == [x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]
    assert server.not_valid_after_utc - server.not_valid_before_utc <= datetime.timedelta(days=398)


def test_the_authority_may_vouch_only_for_the_tables_network(tmp_path: Path) -> None:
    ca = load(tls.authority(tmp_path / "tls").ca_path)
    constraints = ca.extensions.get_extension_for_class(x509.NameConstraints)
    assert constraints.critical
    permitted = constraints.value.permitted_subtrees or []
    assert {n.value for n in permitted if isinstance(n, x509.DNSName)} == {"local", "localhost"}
    networks = {n.value for n in permitted if isinstance(n, x509.IPAddress)}
    assert ipaddress.ip_network("192.168.0.0/16") in networks
    shared = ipaddress.ip_network("100.64.0.0/10")  # carrier-grade NAT, a phone's hotspot
    assert all(net.is_private or net == shared for net in networks)


def test_the_server_certificate_is_made_again_before_its_end_or_for_a_new_address(tmp_path: Path) -> None:
    folder = tmp_path / "tls"
    made = tls.authority(folder, ["192.168.1.20"])
    first = load(made.cert_path)
    later = first.not_valid_after_utc - datetime.timedelta(days=tls.RENEW_DAYS - 1)
    renewed = tls.authority(folder, ["192.168.1.20"], now=later)
    second = load(renewed.cert_path)
    assert (
        second.serial_number != first.serial_number and second.not_valid_after_utc > first.not_valid_after_utc
    )
    assert renewed.fingerprint == made.fingerprint  # the same authority: phones keep trusting it
    moved = tls.authority(folder, ["10.0.0.7"])  # the hub on another network
    alt = load(moved.cert_path).extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert ipaddress.ip_address("10.0.0.7") in alt.get_values_for_type(x509.IPAddress)


def test_a_running_hub_loads_a_renewed_certificate(tmp_path: Path) -> None:
    made = tls.authority(tmp_path / "tls")
    context = made.context()
    assert not tls.renew(made, context)  # nothing due
    first = load(made.cert_path)
    assert tls.renew(made, context, now=first.not_valid_after_utc - datetime.timedelta(days=1))
    assert load(made.cert_path).serial_number != first.serial_number


def test_a_key_others_may_read_or_a_broken_file_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "tls"
    tls.authority(folder)
    os.chmod(folder / "ca.key", 0o644)
    with pytest.raises(tls.TlsError, match=r"may be read by other users \(mode 644\): chmod 600 .*ca.key$"):
        tls.authority(folder)
    os.chmod(folder / "ca.key", 0o600)
    (folder / "ca.pem").write_text("not a certificate")
    with pytest.raises(tls.TlsError, match="is not a certificate the hub made") as raised:
        tls.authority(folder)
    assert "\n" not in str(raised.value)
    (folder / "ca.pem").unlink()
    with pytest.raises(tls.TlsError, match="cannot read the certificate"):
        tls.authority(folder)
