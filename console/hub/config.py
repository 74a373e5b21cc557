"""The hub's configuration: a TOML file whose every key has a default that works on a fresh machine.

Read with ``load_config(path)``; an unknown section or key, or a value of the wrong type, is refused
with a ``ConfigError`` naming it. With no file at all the hub serves one table of the registry's
``DEFAULT_GAME`` (a phone and a bot) on every interface, its journal in the user's data folder.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from console.games import DEFAULT_GAME
from console.paths import default_journal_path

CONTROLLERS = ("phone", "bot", "buttons", "pod")
INPUT_MODES = ("auto", "simulated", "none")
CHANCE_MODES = ("virtual", "physical")
# A venue or hub name is one MQTT topic level: no '/', '+', '#' or spaces.
TOPIC_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")


class ConfigError(ValueError):
    """The configuration file cannot be used; the message names the bad key."""


def default_config_path() -> Path:
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "tabletop" / "hub.toml"


@dataclass(frozen=True)
class ServerConfig:
    # Every interface, as OctoPrint and Home Assistant do, so a phone on the same Wi-Fi can join
    # from the first command; seat tokens and the host PIN guard what matters.
    host: str = "0.0.0.0"
    port: int = 8000
    # Every open live-update stream holds one waitress thread; the rest serve pages and posts.
    # 320: 16 kept for pages, 48 for the seats' streams, 256 for spectators (at most 8 a device).
    threads: int = 320
    # The address phones are sent to (QR codes); empty: worked out from the bind address.
    public_url: str = ""
    keepalive_s: float = 15.0
    # A stream is closed after this long (the browser reconnects at once with Last-Event-ID), so a
    # phone that vanished without closing its connection cannot hold a thread for ever.
    max_stream_s: float = 600.0
    max_body_bytes: int = 64 * 1024
    # The table screen's language (en, de, es); "" is this machine's ($LC_ALL, $LANG), else English.
    # Each phone reads its own (console/web/language.py).
    language: str = ""


@dataclass(frozen=True)
class TableConfig:
    """The table the hub starts when the journal holds no unfinished table."""

    game: str = DEFAULT_GAME
    players: int = 2
    seats: tuple[str, ...] = ("phone", "bot")
    options: dict[str, Any] = field(default_factory=dict)
    bot: str = "heuristic"
    chance: str = "virtual"
    seed: int | None = None
    # The clock, the dealer and the bots wait until every phone seat has joined (or the host starts
    # the game anyway). False for a table played through the API, whose seats hold their tokens.
    wait_for_phones: bool = True


@dataclass(frozen=True)
class InputsConfig:
    mode: str = "auto"
    pins: str = ""
    pods: tuple[str, ...] = ()
    # Each seat's reader number is a table position: a seat kit with a reader per shelf.
    positional_readers: bool = False
    # Kit -> "TABLE:SEAT": a pod (its name or HELLO unique id) or a GPIO seat ("gpio:3") bound to a
    # table's seat (console/physical/kits.py). Unbound kits join the newest open table that can use them.
    kits: dict[str, str] = field(default_factory=dict)
    # A card counts once it has lain still on a pod's reader this long (console/inputs/pods.py):
    # a card swept over a reader or laid twice in a breath acts once or not at all. 0 turns it off.
    stable_ms: int = 300


@dataclass(frozen=True)
class VenueConfig:
    """The venue's MQTT broker (docs/venue.md); an empty ``broker`` keeps the hub an island."""

    broker: str = ""
    port: int = 1883
    venue: str = "venue"
    # Empty: the machine's host name. Topics and the broker user are per hub.
    hub: str = ""
    username: str = ""
    password: str = ""
    tls: bool = False
    ca_file: str = ""
    # The broker marks a silent hub offline after 1.5 keep-alives.
    keepalive_s: float = 5.0
    # Results not yet acknowledged by the venue are sent again this often.
    resend_s: float = 5.0


@dataclass(frozen=True)
class HubConfig:
    journal: Path = field(default_factory=default_journal_path)
    host_pin: str = ""
    # Pause between bot moves, so the people at the table can follow them.
    bot_delay_s: float = 0.8
    # Pause before the table deals (chance in virtual play), so a round can be watched.
    chance_delay_s: float = 0.4
    # A seat that has not acted for this long is nudged (its phone vibrates, its pod's LED flickers).
    nudge_after_s: float = 120.0
    server: ServerConfig = field(default_factory=ServerConfig)
    table: TableConfig = field(default_factory=TableConfig)
    inputs: InputsConfig = field(default_factory=InputsConfig)
    venue: VenueConfig = field(default_factory=VenueConfig)

    def with_server(self, **changes: Any) -> HubConfig:
        return replace(self, server=replace(self.server, **changes))


def load_config(path: str | Path | None = None) -> HubConfig:
    """The configuration from ``path``, else from the default file if it exists, else defaults."""
    if path is None:
        path = default_config_path()
        if not path.exists():
            return HubConfig()
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ConfigError(f"cannot read the hub configuration {path}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{path} is not valid TOML: {error}") from None
    return config_from_mapping(data, str(path))


def config_from_mapping(data: dict[str, Any], where: str = "configuration") -> HubConfig:
    top = dict(data)
    table = dict(top.get("table", {})) if isinstance(top.get("table"), dict) else top.get("table")
    if isinstance(table, dict) and "players" in table and "seats" not in table:
        # One phone and bots for the rest, like the embedded default.
        players = table["players"]
        if isinstance(players, int) and players >= 1:
            table["seats"] = ["phone"] + ["bot"] * (players - 1)
        top["table"] = table
    sections = {
        "server": _section(ServerConfig, top.pop("server", {}), f"{where} [server]"),
        "table": _section(TableConfig, top.pop("table", {}), f"{where} [table]"),
        "inputs": _section(InputsConfig, top.pop("inputs", {}), f"{where} [inputs]"),
        "venue": _section(VenueConfig, top.pop("venue", {}), f"{where} [venue]"),
    }
    config = _section(HubConfig, top, where, **sections)
    check_config(config, where)
    return config


def _section(kind: type, values: Any, where: str, **given: Any) -> Any:
    if not isinstance(values, dict):
        raise ConfigError(f"{where} must be a table of keys")
    known = {f.name: f for f in fields(kind) if f.name not in given}
    defaults = kind(**given)
    converted: dict[str, Any] = {}
    for key, value in values.items():
        if key not in known:
            raise ConfigError(f"{where} has no key {key!r} (keys: {', '.join(sorted(known))})")
        converted[key] = _convert(getattr(defaults, key), value, f"{where} {key}")
    return kind(**given, **converted)


def _convert(default: Any, value: Any, where: str) -> Any:
    if isinstance(default, Path):
        if not isinstance(value, str) or not value:
            raise ConfigError(f"{where} must be a file path")
        return Path(value).expanduser()
    if isinstance(default, bool):  # before int: a bool is an int to Python, never to the file
        if isinstance(value, bool):
            return value
        raise ConfigError(f"{where} must be true or false, not {value!r}")
    if default is None:  # an optional whole number (the seed)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise ConfigError(f"{where} must be a whole number")
    if isinstance(default, float):
        if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
            return float(value)
        raise ConfigError(f"{where} must be a number of seconds, not {value!r}")
    if isinstance(default, int):
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return value
        raise ConfigError(f"{where} must be a whole number, not {value!r}")
    if isinstance(default, tuple):
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return tuple(value)
        raise ConfigError(f"{where} must be a list of strings")
    if isinstance(default, dict):
        if isinstance(value, dict):
            return dict(value)
        raise ConfigError(f"{where} must be a table")
    if not isinstance(value, str):
        raise ConfigError(f"{where} must be a string, not {value!r}")
    return value


def check_config(config: HubConfig, where: str = "configuration") -> None:
    table = config.table
    for seat, controller in enumerate(table.seats, start=1):
        if controller not in CONTROLLERS:
            choices = ", ".join(CONTROLLERS)
            raise ConfigError(f"{where} [table] seat {seat}: {controller!r} is not one of {choices}")
    if len(table.seats) != table.players:
        raise ConfigError(f"{where} [table] seats lists {len(table.seats)} seats for {table.players} players")
    if table.chance not in CHANCE_MODES:
        raise ConfigError(f"{where} [table] chance must be one of {', '.join(CHANCE_MODES)}")
    if config.inputs.mode not in INPUT_MODES:
        raise ConfigError(f"{where} [inputs] mode must be one of {', '.join(INPUT_MODES)}")
    for kit, binding in config.inputs.kits.items():
        from console.physical.kits import KitError, parse_binding

        try:
            parse_binding(str(binding), kit)
        except KitError as error:
            raise ConfigError(f"{where} [inputs] kits: {error}") from None
    if not config.nudge_after_s > 0:
        raise ConfigError(f"{where} nudge_after_s must be a number of seconds above 0")
    if config.host_pin and not (config.host_pin.isdigit() and 4 <= len(config.host_pin) <= 12):
        raise ConfigError(f"{where} host_pin must be 4 to 12 digits")
    if not 1 <= config.server.port <= 65535 and config.server.port != 0:
        raise ConfigError(f"{where} [server] port must be from 1 to 65535")
    if not 1 <= config.venue.port <= 65535:
        raise ConfigError(f"{where} [venue] port must be from 1 to 65535")
    for key in ("venue", "hub"):
        name = getattr(config.venue, key)
        if name and not TOPIC_NAME.fullmatch(name):
            raise ConfigError(f"{where} [venue] {key} must be letters, digits, '-' or '_' (a topic level)")
    if config.venue.hub == "board":
        raise ConfigError(f"{where} [venue] hub may not be named board: that is the venue board's user")
