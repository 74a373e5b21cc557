"""The hub's web site: the table screen, the phone seat pages, the JSON API and the live streams.

``create_app(config)`` builds the Flask app around a started ``Hub`` (``config["HUB"]``); without
one it builds and starts a hub from ``config["HUB_CONFIG"]`` (a ``HubConfig``, default settings if
absent). Debug mode is never on: tracebacks stay in the server log.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib.metadata import entry_points
from typing import Any

from flask import Flask

from console.http.limits import Limits, PinGuard, PublicStreams
from console.hub.config import HubConfig
from console.hub.service import Hub
from console.web.once import Once

# Extensions of the web app, found through these entry points (pyproject.toml): each is called
# with the app once its own routes are in.
WEB_EXTENSIONS = "tabletop.web_extensions"


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    app = Flask(__name__)
    app.config.update(config or {})
    hub = app.config.get("HUB")
    if hub is None:
        hub = Hub(app.config.get("HUB_CONFIG") or HubConfig()).start()
        app.config["HUB"] = hub
    app.config["MAX_CONTENT_LENGTH"] = hub.config.server.max_body_bytes
    app.config["DEBUG"] = False
    app.config["PROPAGATE_EXCEPTIONS"] = False
    app.extensions["hub"] = hub
    limits = app.config.get("LIMITS") or Limits()
    app.extensions["limits"] = limits
    # Public streams never take the seats' share of the stream slots.
    app.extensions["public_streams"] = PublicStreams(
        hub.slots.limit - min(limits.seat_share, hub.slots.limit // 2), limits.public_streams_per_client
    )
    app.extensions["pin_guard"] = PinGuard()
    app.extensions["once"] = Once(hub.journal)

    from console.http import security
    from console.web import api, deck, language, pages, refusals, shell, trust

    security.install(app)
    language.install(app)
    refusals.install(app)  # after console/http's: the hub's refusals in the asker's language
    app.register_blueprint(api.blueprint, url_prefix="/api")
    app.register_blueprint(pages.table_pages)
    app.register_blueprint(pages.seat_pages)
    app.register_blueprint(deck.deck_pages)
    app.register_blueprint(shell.shell_pages)
    app.register_blueprint(trust.trust_pages)
    for entry in sorted(entry_points(group=WEB_EXTENSIONS), key=lambda e: e.name):
        entry.load()(app)  # the venue's routes and badge (console/venue/hub_api.py)
    return app
