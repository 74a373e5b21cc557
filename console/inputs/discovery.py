"""Finding pods: by their stable /dev/serial/by-id names, or by USB id (a MicroPython Pico is
2e8a:0005). The by-id path is preferred: it survives replugging and tells pods apart by serial
number, and it is what the reconnect loop reopens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from serial.tools import list_ports

BY_ID_DIR = Path("/dev/serial/by-id")
PICO_USB_ID = (0x2E8A, 0x0005)  # Raspberry Pi Pico running MicroPython (0003 is BOOTSEL mode)
POD_NAME_MARKERS = ("MicroPython", "Tabletop")  # in the by-id names our pods appear under


@dataclass(frozen=True)
class FoundPort:
    path: str  # what to open: the by-id link when there is one
    device: str  # the kernel device it points at now (/dev/ttyACM0)
    serial_number: str = ""
    description: str = ""


def find_pods(
    by_id_dir: Path = BY_ID_DIR,
    comports: Callable[[], Iterable[Any]] = list_ports.comports,
    usb_id: tuple[int, int] = PICO_USB_ID,
) -> list[FoundPort]:
    """Every pod plugged in now, sorted by path."""
    found: dict[str, FoundPort] = {}
    if by_id_dir.is_dir():
        for link in sorted(by_id_dir.iterdir()):
            if any(marker in link.name for marker in POD_NAME_MARKERS):
                device = str(link.resolve())
                found[device] = FoundPort(str(link), device, _serial_from_name(link.name), link.name)
    for port in comports():
        if (getattr(port, "vid", None), getattr(port, "pid", None)) != usb_id:
            continue
        device = str(Path(port.device).resolve())
        if device not in found:
            found[device] = FoundPort(port.device, device, port.serial_number or "", port.description or "")
    return sorted(found.values(), key=lambda port: port.path)


def _serial_from_name(name: str) -> str:
    """``usb-MicroPython_Board_in_FS_mode_e6614c311b7e6f35-if00`` -> ``e6614c311b7e6f35``."""
    stem = name.removesuffix("-if00").removesuffix("-if01")
    return stem.rsplit("_", 1)[-1] if "_" in stem else ""
