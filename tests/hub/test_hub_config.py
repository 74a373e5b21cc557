"""The hub's configuration: defaults that work on a fresh machine, and a clear error for a bad key."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.hub.config import ConfigError, HubConfig, config_from_mapping, load_config


def test_with_no_file_the_hub_serves_one_wisteria_table_with_a_phone_and_a_bot_on_every_interface(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("TABLETOP_JOURNAL", raising=False)
    config = load_config()
    assert config.server.host == "0.0.0.0"  # phones on the Wi-Fi can join from the first command
    assert (config.table.game, config.table.seats) == ("wisteria", ("phone", "bot"))
    assert config.journal == tmp_path / "data" / "tabletop" / "journal.db"


def test_threads_are_sized_for_two_hundred_streams_and_more() -> None:
    assert HubConfig().server.threads >= 200 + 16


def test_a_file_overrides_the_defaults(tmp_path: Path) -> None:
    path = tmp_path / "hub.toml"
    path.write_text(
        'journal = "~/games.db"\nhost_pin = "4321"\n[server]\nport = 9000\nkeepalive_s = 5\n'
        '[table]\ngame = "wheels"\nplayers = 2\nseats = ["pod", "phone"]\n[table.options]\n',
        encoding="utf-8",
    )
    config = load_config(path)
    assert config.server.port == 9000 and config.server.keepalive_s == 5.0
    assert config.table.seats == ("pod", "phone") and config.host_pin == "4321"
    assert config.journal == Path("~/games.db").expanduser()


def test_players_without_seats_gives_one_phone_and_bots_for_the_rest() -> None:
    assert config_from_mapping({"table": {"players": 3}}).table.seats == ("phone", "bot", "bot")


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"sever": {}}, "'sever'"),
        ({"server": {"prot": 1}}, "'prot'"),
        ({"server": {"port": "eighty"}}, "port"),
        ({"table": {"seats": ["phone", "robot"]}}, "'robot'"),
        ({"table": {"players": 3, "seats": ["phone", "bot"]}}, "3 players"),
        ({"inputs": {"mode": "psychic"}}, "mode"),
        ({"inputs": {"positional_readers": 1}}, "positional_readers"),
        ({"host_pin": "12ab"}, "host_pin"),
    ],
)
def test_a_bad_key_or_value_is_refused_with_its_name(data: dict[str, object], named: str) -> None:
    with pytest.raises(ConfigError, match=named):
        config_from_mapping(data)


def test_positional_readers_are_off_unless_the_file_turns_them_on() -> None:
    assert HubConfig().inputs.positional_readers is False
    assert config_from_mapping({"inputs": {"positional_readers": True}}).inputs.positional_readers is True


def test_a_file_that_is_not_toml_is_refused_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "hub.toml"
    path.write_text("[server\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"hub\.toml"):
        load_config(path)


def test_the_example_file_shows_exactly_the_defaults() -> None:
    example = Path(__file__).resolve().parents[2] / "console" / "hub" / "hub.example.toml"
    assert load_config(example) == HubConfig()
