"""The documented broker setup (hardware/mosquitto/) is the one the tests run, and the hub's
[venue] section is checked like the rest of its configuration."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.hub.config import ConfigError, VenueConfig, config_from_mapping
from console.venue.broker import BROKER_SETTINGS, LISTENER_SETTINGS, acl_text

FOLDER = Path(__file__).resolve().parents[2] / "hardware" / "mosquitto"


def test_the_acl_names_each_hub_and_no_pattern_the_board_could_use() -> None:
    made = acl_text("cafe", ["t1", "t2"])
    lines = [line for line in made.splitlines() if line and not line.startswith("#")]
    assert lines == [
        "user t1",
        "topic readwrite tt/v1/cafe/t1/#",
        "topic read tt/v1/cafe/clock",
        "user t2",
        "topic readwrite tt/v1/cafe/t2/#",
        "topic read tt/v1/cafe/clock",
        "user board",
        "topic read tt/v1/cafe/#",
        "topic write tt/v1/cafe/clock",
        "topic write tt/v1/cafe/t1/ack",
        "topic write tt/v1/cafe/t1/seating",
        "topic write tt/v1/cafe/t1/judge",
        "topic write tt/v1/cafe/t2/ack",
        "topic write tt/v1/cafe/t2/seating",
        "topic write tt/v1/cafe/t2/judge",
    ]
    for hubs, words in [(["board"], "board"), (["a/b"], "letters"), (["t1", "t1"], "twice"), ([], "name")]:
        with pytest.raises(ValueError, match=words):
            acl_text("cafe", hubs)


def test_the_documented_broker_has_every_setting_the_tests_broker_has() -> None:
    settings = dict(
        line.split(None, 1)
        for line in (FOLDER / "tabletop.conf").read_text().splitlines()
        if line and not line.startswith("#")
    )
    assert settings["acl_file"].endswith("tabletop.acl") and settings["password_file"]
    for line in (BROKER_SETTINGS + LISTENER_SETTINGS).splitlines():
        key, value = line.split(None, 1)
        assert settings[key] == value, key


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
