"""The tabletop console: a Raspberry Pi hub that referees tavern card games at a real table."""

__version__ = "0.1.0"
