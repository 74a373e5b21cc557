"""The documented broker setup (hardware/mosquitto/) is the one the tests run, and the hub's
[venue] section is checked like the rest of its configuration."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.hub.config import ConfigError, VenueConfig, config_from_mapping
from console.venue.broker import acl_text

FOLDER = Path(__file__).resolve().parents[2] / "hardware" / "mosquitto"


def test_the_documented_acl_is_the_one_the_tests_use() -> None:
    lines = [
        line
        for line in (FOLDER / "tabletop.acl").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    assert lines == [line for line in acl_text("venue").splitlines() if line and not line.startswith("#")]


def test_the_documented_broker_refuses_anonymous_users() -> None:
    settings = dict(
        line.split(None, 1)
        for line in (FOLDER / "tabletop.conf").read_text().splitlines()
        if line and not line.startswith("#")
    )
    assert settings["allow_anonymous"] == "false"
    assert settings["acl_file"].endswith("tabletop.acl") and settings["password_file"]


def test_the_venue_section_is_read_and_checked() -> None:
    config = config_from_mapping(
        {"venue": {"broker": "venue.local", "hub": "table-3", "port": 8883, "tls": True}}
    )
    assert config.venue == VenueConfig(broker="venue.local", hub="table-3", port=8883, tls=True)
    for bad, words in [
        ({"hub": "a/b"}, "topic level"),
        ({"hub": "board"}, "board"),
        ({"port": 0}, "port"),
        ({"brokr": "x"}, "no key 'brokr'"),
    ]:
        with pytest.raises(ConfigError, match=words):
            config_from_mapping({"venue": bad})
