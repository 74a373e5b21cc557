"""Load the pod firmware's pure modules (firmware/pod/, shipped in the package as
``console.pod_firmware``) on CPython, for the simulator and tests.

The firmware is flat MicroPython files that import each other by bare name (``import
pod_protocol``), as they do on the Pico; we load each by path under that same name, so the
simulated pod runs exactly the code a real pod runs.
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from console.resources import shipped_folder

FIRMWARE_DIR = shipped_folder("firmware")
PURE_MODULES = ("pod_protocol", "pod_sensing", "pod_ndef", "pod_core")


class FirmwareMissing(RuntimeError):
    """The firmware files are not where the package says (a broken or partial install)."""


def load_firmware_module(name: str) -> ModuleType:
    """One of the pure firmware modules, loaded once."""
    if name not in PURE_MODULES:
        raise ValueError(f"{name} is not one of the firmware's pure modules {PURE_MODULES}")
    for needed in PURE_MODULES[: PURE_MODULES.index(name) + 1]:
        if needed in sys.modules:
            continue
        path = FIRMWARE_DIR / f"{needed}.py"
        if not path.exists():
            raise FirmwareMissing(f"the pod firmware is not at {FIRMWARE_DIR}: reinstall tabletop-console")
        spec = importlib.util.spec_from_file_location(needed, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[needed] = module
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[needed]
            raise
    return sys.modules[name]
