"""The files the package ships beside its code: the pin map (hardware/pins.toml) and the pod
firmware (firmware/pod/), found the same way from a source checkout, an editable or a wheel install.

setup.py maps the repository's top-level ``hardware/`` and ``firmware/pod/`` folders onto the
subpackages ``console.hardware`` and ``console.pod_firmware``; an editable install resolves them
to those folders, a wheel carries copies.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

# Subpackage of the shipped folder, and where it lives in a source checkout (beside console/).
FOLDERS = {"hardware": ("console.hardware", "hardware"), "firmware": ("console.pod_firmware", "firmware/pod")}


def shipped_folder(name: str) -> Path:
    """The folder ``name`` (``hardware`` or ``firmware``) as installed, else in the checkout."""
    package, checkout_path = FOLDERS[name]
    try:
        spec = importlib.util.find_spec(package)
    except ModuleNotFoundError:
        spec = None
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    # Run from a checkout without installing (python -m console.cli with the repository on the path).
    return Path(__file__).resolve().parents[1] / checkout_path
