"""Finding pods by their /dev/serial/by-id names and by USB id."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from console.inputs.discovery import FoundPort, find_pods


@dataclass
class Port:
    device: str
    vid: int | None
    pid: int | None
    serial_number: str = ""
    description: str = ""


def by_id(tmp_path: Path, *names: str) -> Path:
    folder = tmp_path / "by-id"
    folder.mkdir()
    for index, name in enumerate(names):
        device = tmp_path / f"ttyACM{index}"
        device.touch()
        (folder / name).symlink_to(device)
    return folder


def test_a_micropython_pico_is_found_by_its_stable_by_id_name(tmp_path: Path) -> None:
    folder = by_id(tmp_path, "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00", "usb-FTDI_FT232R-if00")
    name = "usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00"
    assert find_pods(folder, comports=list) == [
        FoundPort(str(folder / name), str(tmp_path / "ttyACM0"), "e6614c311b7e6f35", name)
    ]


def test_a_pico_without_a_by_id_name_is_found_by_usb_id(tmp_path: Path) -> None:
    ports = [Port("/dev/ttyACM3", 0x2E8A, 0x0005, "E661"), Port("/dev/ttyUSB0", 0x0403, 0x6001)]
    assert find_pods(tmp_path / "none", comports=lambda: ports) == [
        FoundPort("/dev/ttyACM3", "/dev/ttyACM3", "E661")
    ]


def test_a_pod_seen_both_ways_is_listed_once_by_its_by_id_name(tmp_path: Path) -> None:
    folder = by_id(tmp_path, "usb-MicroPython_Board_in_FS_mode_AB-if00")
    ports = [Port(str(tmp_path / "ttyACM0"), 0x2E8A, 0x0005, "AB")]
    [found] = find_pods(folder, comports=lambda: ports)
    assert found.path.endswith("usb-MicroPython_Board_in_FS_mode_AB-if00")


def test_a_pico_in_bootsel_mode_is_not_a_pod(tmp_path: Path) -> None:
    assert find_pods(tmp_path, comports=lambda: [Port("/dev/ttyACM0", 0x2E8A, 0x0003)]) == []
