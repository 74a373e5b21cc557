"""The tabletop console: a Raspberry Pi hub that referees tavern card games at a real table."""

from importlib.metadata import PackageNotFoundError, version

try:  # the one place the version is written is pyproject.toml; this reads the installed copy
    __version__ = version("tabletop-console")
except PackageNotFoundError:  # a checkout on the path that was never installed
    __version__ = "0+unknown"
