"""The hub's app icons, drawn here and committed as PNGs under static/icons/ (``python -m
console.web.icons`` draws them again): two cards fanned on the pages' accent colour.

Drawn in plain Python (zlib and struct) so building them needs no imaging library on the Pi. Two
kinds, as the web app manifest asks: "any" (a rounded tile, transparent outside it) and
"maskable" (the colour to every edge, the cards inside the central 80 % circle a phone's mask
always keeps).
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from pathlib import Path

FOLDER = Path(__file__).resolve().parent / "static" / "icons"
SIZES = (192, 512)
ACCENT = (0x6B, 0x3F, 0xA0)  # style.css's --accent: the manifest's theme colour
PAPER = (0xFA, 0xF8, 0xF3)  # style.css's --paper: the manifest's background colour
INK = (0x1D, 0x1B, 0x22)
SAMPLES = 3  # per pixel and axis: smooth edges


def icon_names() -> dict[str, tuple[int, str]]:
    """Each icon's file name with its size and purpose."""
    return {f"{purpose}-{size}.png": (size, purpose) for size in SIZES for purpose in ("any", "maskable")}


def _card(x: float, y: float, centre: tuple[float, float], angle: float, half: tuple[float, float]) -> bool:
    """Whether (x, y) lies on a card (a rounded rectangle) turned by ``angle`` about ``centre``."""
    cos, sin = math.cos(angle), math.sin(angle)
    dx, dy = x - centre[0], y - centre[1]
    u, v = dx * cos + dy * sin, -dx * sin + dy * cos
    radius = 0.035
    qx, qy = abs(u) - (half[0] - radius), abs(v) - (half[1] - radius)
    return math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) <= radius


def _colour(x: float, y: float, maskable: bool) -> tuple[int, int, int, int] | None:
    """The colour at (x, y) of a unit square, or None outside the tile (transparent)."""
    if not maskable:  # a rounded tile, inset a little
        qx, qy = abs(x - 0.5) - 0.30, abs(y - 0.5) - 0.30
        if math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0) > 0.16:
            return None
    scale = 0.78 if maskable else 0.9  # the cards inside a maskable icon's safe circle
    sx, sy = 0.5 + (x - 0.5) / scale, 0.5 + (y - 0.5) / scale
    half = (0.17, 0.24)
    front = ((0.57, 0.52), math.radians(12))
    if _card(sx, sy, *front, half):
        # a diamond pip in the middle of the front card
        dx, dy = sx - front[0][0], sy - front[0][1]
        cos, sin = math.cos(front[1]), math.sin(front[1])
        u, v = dx * cos + dy * sin, -dx * sin + dy * cos
        return (*ACCENT, 255) if abs(u) / 0.07 + abs(v) / 0.1 <= 1 else (*PAPER, 255)
    if _card(sx, sy, (0.44, 0.49), math.radians(-14), (half[0] + 0.012, half[1] + 0.012)):
        return (*INK, 255)  # the back card, face down
    return (*ACCENT, 255)


def draw(size: int, purpose: str) -> bytes:
    """The icon as PNG bytes: RGB for a maskable icon (opaque to every edge), RGBA for "any"."""
    maskable = purpose == "maskable"
    rows = []
    for row in range(size):
        line = bytearray([0])  # filter: none
        for column in range(size):
            total = [0, 0, 0, 0]
            for i in range(SAMPLES):
                for j in range(SAMPLES):
                    x = (column + (i + 0.5) / SAMPLES) / size
                    y = (row + (j + 0.5) / SAMPLES) / size
                    found = _colour(x, y, maskable)
                    if found is not None:
                        for k in range(3):
                            total[k] += found[k] * found[3]
                        total[3] += found[3]
            alpha = total[3] / SAMPLES**2
            rgb = [round(total[k] / total[3]) if total[3] else 0 for k in range(3)]
            line += bytes(rgb) if maskable else bytes([*rgb, round(alpha)])
        rows.append(bytes(line))
    kind = 2 if maskable else 6  # RGB or RGBA, 8 bits a channel
    header = struct.pack(">IIBBBBB", size, size, 8, kind, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + _chunk(b"IEND", b"")
    )


def _chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def main() -> int:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, (size, purpose) in icon_names().items():
        (FOLDER / name).write_bytes(draw(size, purpose))
        print(f"wrote {FOLDER / name}", file=sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
