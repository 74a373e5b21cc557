"""The hardware documents agree with the code and with the Pi: a person builds from them alone."""

from __future__ import annotations

import re
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from console.inputs import protocol
from console.inputs.discovery import PICO_USB_ID
from console.inputs.events import Key
from console.inputs.pins import load_pin_map

ROOT = Path(__file__).parents[2]
HARDWARE = ROOT / "hardware"


def _header() -> dict[int, str]:
    """The Pi 4's 40-pin header as gpiozero knows it: physical pin -> GPIOn, GND, 3V3, 5V."""
    factory = MockFactory(revision="c03111")
    try:
        return {pin.number: pin.name for pin in factory.board_info.headers["J8"].pins.values()}
    finally:
        factory.close()


J8 = _header()


def test_every_line_of_the_protocol_example_is_a_valid_frame() -> None:
    text = (HARDWARE / "protocol.md").read_text()
    example = text[text.index("## Example session") :]
    lines = re.findall(r"^(?:hub|pod)  (\$\S+)$", example, re.MULTILINE)
    assert len(lines) == 7
    for line in lines:
        protocol.parse_line(line)


def test_the_pi_wiring_table_matches_the_pin_map() -> None:
    pins = load_pin_map()
    rows = re.findall(r"^\| (\d) \| (.+) \|$", (HARDWARE / "wiring.md").read_text(), re.MULTILINE)
    assert [int(seat) for seat, _ in rows] == [1, 2, 3, 4]
    for seat, cells in rows:
        gpios = [int(n) for n in re.findall(r"GPIO(\d+)", cells)]
        expected = pins.seats[int(seat)]
        assert gpios == [*(expected.keys[key] for key in (Key.UP, Key.DOWN, Key.OK, Key.BACK)), expected.led]


def test_every_gpio_and_header_pin_pair_in_the_wiring_doc_is_true_of_the_pi() -> None:
    text = (HARDWARE / "wiring.md").read_text() + (HARDWARE / "pins.toml").read_text()
    pairs = re.findall(r"GPIO(\d+) \(pin (\d+)\)", text)
    assert len(pairs) >= 21
    for gpio, pin in pairs:
        assert J8[int(pin)] == f"GPIO{gpio}", f"GPIO{gpio} is not header pin {pin}"


def test_the_ground_pins_named_for_the_panel_are_ground() -> None:
    rows = re.findall(
        r"^\| (?:\d|status) \|.*\| pin ([\d /]+) \|$", (HARDWARE / "wiring.md").read_text(), re.MULTILINE
    )
    grounds = [int(n) for row in rows for n in re.findall(r"\d+", row)]
    assert len(rows) == 5
    assert all(J8[pin] == "GND" for pin in grounds)


def test_the_header_drawing_labels_every_pin_as_the_pi_does() -> None:
    drawing = re.findall(r"(\S+)\s+\((\d+)\) \((\d+)\)\s+(\S+)", (HARDWARE / "wiring.md").read_text())
    assert len(drawing) == 20
    for left, odd, even, right in drawing:
        assert J8[int(odd)] == left
        assert J8[int(even)] == right


def test_the_pod_wiring_matches_the_firmware_config() -> None:
    config = _config()
    wiring = (HARDWARE / "wiring.md").read_text()
    for key, gpio in config["BUTTONS"].items():
        assert re.search(rf"\| {key} button \| \d+ \| GP{gpio} \|", wiring)
    assert re.search(rf"\| LED via 330 Ω \| \d+ \| GP{config['LED']} \|", wiring)
    for name, gpio in config["RC522"].items():
        if name in ("sck", "mosi", "miso", "rst"):
            assert re.search(rf"\| {name.upper()} \| \d+ \| GP{gpio} \|", wiring)


def _config() -> dict:
    namespace: dict = {}
    exec((ROOT / "firmware/pod/config.py").read_text(), namespace)  # plain assignments only
    return namespace


def test_the_udev_rule_matches_the_usb_id_the_hub_looks_for() -> None:
    rule = (HARDWARE / "99-tabletop-pods.rules").read_text()
    vendor, product = PICO_USB_ID
    assert f'ATTRS{{idVendor}}=="{vendor:04x}", ATTRS{{idProduct}}=="{product:04x}"' in rule
    assert 'ENV{ID_MM_DEVICE_IGNORE}="1"' in rule


def test_the_systemd_unit_restarts_the_hub_on_failure_and_starts_at_boot() -> None:
    unit = (HARDWARE / "tabletop.service").read_text()
    assert "Restart=on-failure" in unit and "WantedBy=multi-user.target" in unit
    assert re.search(r"^ExecStart=\S+/tabletop serve$", unit, re.MULTILINE)
