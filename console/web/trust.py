"""Trusting the hub over https (``tabletop serve --tls``): the page a phone opens by the table
screen's "trust this hub" code, and the hub's authority certificate it downloads to enrol.

Both are served over plain http too, since a phone that has not enrolled the authority cannot
yet open the hub's https address without a warning. The certificate is public (it holds no key);
its SHA-256 fingerprint is on the page, in words, for a careful person to compare with what the
phone shows before trusting it. Without --tls there is nothing to trust: both are a 404.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, render_template

from console.http.tls import HubAuthority
from console.hub.errors import NotFound
from console.i18n.said import say
from console.web.join import address_parts, authority, base_url, qr_svg, secure_base_url

trust_pages = Blueprint("trust", __name__)

CA_FILE = "tabletop-hub-ca.crt"


def _authority() -> HubAuthority:
    found = authority()
    if found is None:
        raise NotFound(say("this hub serves no https: start it with tabletop serve --tls"))
    return found


def trust_url() -> str:
    """The plain-http address of the trust page, for the table screen's code."""
    return f"{base_url()}/trust"


def fingerprint_lines(text: str, per_line: int = 8) -> list[str]:
    pairs = text.split()
    return [" ".join(pairs[i : i + per_line]) for i in range(0, len(pairs), per_line)]


@trust_pages.get("/trust")
def trust() -> str:
    found = _authority()
    return render_template(
        "trust.html",
        fingerprint=fingerprint_lines(found.fingerprint),
        secure=secure_base_url(),
        ca_file=CA_FILE,
    )


@trust_pages.get(f"/trust/{CA_FILE}")
def authority_certificate() -> Response:
    """The authority's certificate (DER), as phones install a CA: Android saves it for Settings,
    iOS offers it as a profile."""
    response = Response(_authority().ca_der, mimetype="application/x-x509-ca-cert")
    response.headers["Content-Disposition"] = f'attachment; filename="{CA_FILE}"'
    return response


def trust_code() -> dict[str, Any] | None:
    """The table screen's "trust this hub" code, when the hub serves https."""
    if authority() is None:
        return None
    url = trust_url()
    text = url.split("://", 1)[-1]
    return {"url": url, "text": text, "parts": address_parts(text), "svg": qr_svg(url)}
