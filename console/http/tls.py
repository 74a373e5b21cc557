"""The hub's own certificate authority and its server certificate, for ``tabletop serve --tls``.

A phone installs a web app, or runs its service worker, only from a secure context: https, or
the phone itself. Nobody can get a public certificate for 192.168.1.20, so the hub makes its own
authority once (kept in its data folder, the private key readable by its user alone) and a
phone that should trust it enrols the authority's certificate (docs/phones.md).

Trusting an authority lets it vouch for any name, so this one is made able to vouch for the
table's network only: its name constraints permit ``.local`` names, ``localhost`` and private
addresses, and a phone refuses any certificate it signs for a bank's name, even if the hub's key
were stolen. The server certificate names the hub's addresses (its LAN addresses, loopback and
``HOSTNAME.local``) and is made again when it nears its end or the hub's addresses change.
"""

from __future__ import annotations

import contextlib
import datetime
import fcntl
import hashlib
import ipaddress
import os
import socket
import ssl
import stat
import struct
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

CA_YEARS = 10
SERVER_DAYS = 397  # the longest any browser accepts for a server certificate
RENEW_DAYS = 30  # a server certificate this close to its end is made again
Address = ipaddress.IPv4Address | ipaddress.IPv6Address
PRIVATE = tuple(
    ipaddress.ip_network(net)
    for net in (
        "10.0.0.0/8",
        "172.16.0.0/12",
        "192.168.0.0/16",
        "127.0.0.0/8",
        "169.254.0.0/16",
        "100.64.0.0/10",  # carrier-grade NAT: a phone's hotspot hands these out
        "fc00::/7",
        "fe80::/10",
        "::1/128",
    )
)
PERMITTED_NAMES = ("local", "localhost")


class TlsError(ValueError):
    """The hub's TLS files cannot be used: one line saying why and what to do."""


def now_utc() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def is_private(address: Address) -> bool:
    return any(address in net for net in PRIVATE if net.version == address.version)


def machine_addresses() -> list[Address]:
    """This machine's IPv4 addresses, one per network interface (Linux), with loopback."""
    found: list[Address] = [ipaddress.ip_address("127.0.0.1"), ipaddress.ip_address("::1")]
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        for _, name in socket.if_nameindex():
            try:  # SIOCGIFADDR: the interface's address, without a library for it
                answer = fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", name.encode()[:15]))
            except OSError:  # down, or no IPv4 address
                continue
            found.append(ipaddress.ip_address(socket.inet_ntoa(answer[20:24])))
    finally:
        probe.close()
    return sorted(set(found), key=lambda a: (a.version, int(a)))


def hub_names(extra_hosts: Iterable[str] = ()) -> tuple[list[str], list[Address]]:
    """The names and addresses the server certificate should hold: ``HOSTNAME.local``,
    ``localhost``, this machine's private addresses and ``extra_hosts`` (the address it listens
    on, the configured public address), each only if the authority may vouch for it."""
    names = {"localhost", f"{socket.gethostname().split('.')[0].lower()}.local"}
    addresses = {a for a in machine_addresses() if is_private(a)}
    for host in extra_hosts:
        host = host.strip("[]")
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            if host.endswith(".local") or host == "localhost":
                names.add(host.lower())
            continue
        if is_private(address):
            addresses.add(address)
    return sorted(names), sorted(addresses, key=lambda a: (a.version, int(a)))


def local_name(names: Iterable[str]) -> str:
    """The ``HOSTNAME.local`` among a certificate's names (phones find the hub by it)."""
    return next((name for name in names if name.endswith(".local")), "localhost")


def fingerprint(der: bytes) -> str:
    """A certificate's SHA-256 fingerprint as phones show it: 32 pairs of hex digits."""
    return " ".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())


@dataclass
class HubAuthority:
    """The hub's TLS files in ``folder``: ``ca.pem`` and ``ca.key`` (the authority), ``hub.pem``
    and ``hub.key`` (the server's). ``port`` is the https port once the hub listens on it."""

    folder: Path
    ca_der: bytes
    port: int | None = None
    plain_port: int | None = None  # the plain-http port beside it, where phones enrol
    names: list[str] = field(default_factory=list)
    addresses: list[Address] = field(default_factory=list)

    @property
    def ca_path(self) -> Path:
        return self.folder / "ca.pem"

    @property
    def cert_path(self) -> Path:
        return self.folder / "hub.pem"

    @property
    def key_path(self) -> Path:
        return self.folder / "hub.key"

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.ca_der)

    def context(self) -> ssl.SSLContext:
        """A server context with the current certificate (``renew`` loads a new one into it)."""
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.minimum_version = ssl.TLSVersion.TLSv1_2
        context.options |= ssl.OP_NO_RENEGOTIATION  # a client cannot make a write wait on a read
        context.set_alpn_protocols(["http/1.1"])  # the server speaks HTTP/1.1 only
        context.load_cert_chain(self.cert_path, self.key_path)
        return context


def authority(
    folder: Path, extra_hosts: Iterable[str] = (), now: datetime.datetime | None = None
) -> HubAuthority:
    """The hub's authority in ``folder`` (made the first time), with a server certificate for
    this machine's names and addresses valid for at least ``RENEW_DAYS`` more (made again if not)."""
    now = now or now_utc()
    _private_folder(folder)
    ca_key, ca_cert = _ca(folder, now)
    names, addresses = hub_names(extra_hosts)
    found = HubAuthority(
        folder, ca_cert.public_bytes(serialization.Encoding.DER), names=names, addresses=addresses
    )
    if not _server_fits(found, ca_cert, names, addresses, now):
        _make_server(found, ca_key, ca_cert, names, addresses, now)
    return found


def renew(found: HubAuthority, context: ssl.SSLContext, now: datetime.datetime | None = None) -> bool:
    """Make the server certificate again if it nears its end or the addresses changed, and load
    it into the running ``context`` (new connections get it); whether it was made again."""
    now = now or now_utc()
    ca_key, ca_cert = _ca(found.folder, now)
    names, addresses = hub_names(found.names + [str(a) for a in found.addresses])
    if _server_fits(found, ca_cert, names, addresses, now):
        return False
    _make_server(found, ca_key, ca_cert, names, addresses, now)
    found.names, found.addresses = names, addresses
    context.load_cert_chain(found.cert_path, found.key_path)
    return True


def _private_folder(folder: Path) -> None:
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        raise TlsError(f"cannot make the hub's TLS folder {folder}: {error.strerror}") from None
    if not folder.is_dir():
        raise TlsError(f"the hub's TLS folder {folder} is not a folder")


def _ca(folder: Path, now: datetime.datetime) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    key_path, cert_path = folder / "ca.key", folder / "ca.pem"
    if not key_path.exists() and not cert_path.exists():
        key = ec.generate_private_key(ec.SECP256R1())
        cert = _make_ca(key, now)
        _write_private(key_path, _key_bytes(key))
        _write_public(cert_path, cert.public_bytes(serialization.Encoding.PEM))
        return key, cert
    loaded_key = _read_key(key_path)
    cert = _read_cert(cert_path)
    if cert.public_key() != loaded_key.public_key():
        raise TlsError(
            f"{key_path} is not the key of {cert_path}: restore both, or remove the folder {folder}"
        )
    if cert.not_valid_after_utc <= now:
        raise TlsError(
            f"the hub's certificate authority ({cert_path}) has expired: remove the folder {folder} to make "
            "a new one, and have every phone enrol it again"
        )
    return loaded_key, cert


def _make_ca(key: ec.EllipticCurvePrivateKey, now: datetime.datetime) -> x509.Certificate:
    name = x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Tabletop hub"),
            x509.NameAttribute(NameOID.COMMON_NAME, f"Tabletop hub {socket.gethostname()[:40]} authority"),
        ]
    )
    permitted: list[x509.GeneralName] = [x509.DNSName(n) for n in PERMITTED_NAMES]
    permitted += [x509.IPAddress(net) for net in PRIVATE]
    public = key.public_key()
    return (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(public)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=365 * CA_YEARS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(_key_usage(signs_certificates=True), critical=True)
        .add_extension(
            x509.NameConstraints(permitted_subtrees=permitted, excluded_subtrees=None), critical=True
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(public), critical=False)
        .sign(key, hashes.SHA256())
    )


def _server_fits(
    found: HubAuthority,
    ca: x509.Certificate,
    names: list[str],
    addresses: list[Address],
    now: datetime.datetime,
) -> bool:
    """The server certificate on disk is this authority's, names every wanted name and address,
    and has more than ``RENEW_DAYS`` to run."""
    if not found.cert_path.exists() or not found.key_path.exists():
        return False
    cert = _read_cert(found.cert_path)
    key = _read_key(found.key_path)
    if cert.issuer != ca.subject or cert.public_key() != key.public_key():
        return False
    try:
        cert.verify_directly_issued_by(ca)
    except (ValueError, TypeError, InvalidSignature):  # signed by another authority
        return False
    if cert.not_valid_after_utc - now < datetime.timedelta(days=RENEW_DAYS):
        return False
    alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    held_names = set(alt.get_values_for_type(x509.DNSName))
    held_addresses = set(alt.get_values_for_type(x509.IPAddress))
    return set(names) <= held_names and set(addresses) <= held_addresses


def _make_server(
    found: HubAuthority,
    ca_key: ec.EllipticCurvePrivateKey,
    ca: x509.Certificate,
    names: list[str],
    addresses: list[Address],
    now: datetime.datetime,
) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key()
    ends = min(now + datetime.timedelta(days=SERVER_DAYS), ca.not_valid_after_utc)
    alt: list[x509.GeneralName] = [x509.DNSName(n) for n in names] + [x509.IPAddress(a) for a in addresses]
    ca_ski = ca.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, local_name(names))]))
        .issuer_name(ca.subject)
        .public_key(public)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(ends)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(_key_usage(signs_certificates=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(public), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ca_ski), critical=False)
        .sign(ca_key, hashes.SHA256())
    )
    _write_private(found.key_path, _key_bytes(key))
    _write_public(found.cert_path, cert.public_bytes(serialization.Encoding.PEM))


def _key_bytes(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def _write_private(path: Path, data: bytes) -> None:
    """Written beside and renamed into place, readable by this user alone from its first byte."""
    _write(path, data, 0o600)


def _write_public(path: Path, data: bytes) -> None:
    _write(path, data, 0o644)


def _write(path: Path, data: bytes, mode: int) -> None:
    partial = path.with_name(path.name + ".new")
    try:
        with contextlib.suppress(FileNotFoundError):
            partial.unlink()
        handle = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, path)
    except OSError as error:
        raise TlsError(f"cannot write {path}: {error.strerror}") from None


def _read_key(path: Path) -> ec.EllipticCurvePrivateKey:
    try:
        found = path.stat()
        data = path.read_bytes()
    except OSError as error:
        raise TlsError(f"cannot read the hub's key {path}: {error.strerror}") from None
    if stat.S_IMODE(found.st_mode) & 0o077:
        raise TlsError(
            f"the hub's key {path} may be read by other users (mode {stat.S_IMODE(found.st_mode):o}): "
            f"chmod 600 {path}"
        )
    try:
        key = serialization.load_pem_private_key(data, password=None)
    except ValueError:
        raise TlsError(
            f"{path} is not a private key the hub made: restore it, or remove its folder"
        ) from None
    if not isinstance(key, ec.EllipticCurvePrivateKey):
        raise TlsError(f"{path} is not a private key the hub made: restore it, or remove its folder")
    return key


def _read_cert(path: Path) -> x509.Certificate:
    try:
        return x509.load_pem_x509_certificate(path.read_bytes())
    except OSError as error:
        raise TlsError(f"cannot read the certificate {path}: {error.strerror}") from None
    except ValueError:
        raise TlsError(
            f"{path} is not a certificate the hub made: restore it, or remove its folder"
        ) from None


def _key_usage(signs_certificates: bool) -> x509.KeyUsage:
    """A signature key's usage: an authority's also signs certificates and revocation lists."""
    return x509.KeyUsage(
        digital_signature=True,
        key_cert_sign=signs_certificates,
        crl_sign=signs_certificates,
        content_commitment=False,
        key_encipherment=False,
        data_encipherment=False,
        key_agreement=False,
        encipher_only=False,
        decipher_only=False,
    )
