"""A journal's write-ahead log read by hand before SQLite opens it (https://sqlite.org/fileformat.html,
"The WAL File Format"), because SQLite's own recovery is silent about damage.

SQLite replays a WAL's frames up to the first whose salts or cumulative checksum fail, and treats
everything after it as never written. After a kill that is right: the last frame may be torn, and
frames of an older generation (other salts) may follow the current ones. But a frame of the
current generation (its salts) that fails its checksum *before* another frame of the current
generation is damage, not a torn write: SQLite would drop every committed transaction from there
on, acknowledged actions included, and the next checkpoint would make the loss permanent.
"""

from __future__ import annotations

import struct
from pathlib import Path

HEADER = 32
FRAME_HEADER = 24
MAGIC_LITTLE, MAGIC_BIG = 0x377F0682, 0x377F0683
MASK = 0xFFFFFFFF


def _checksum(data: bytes, big_endian: bool, s0: int, s1: int) -> tuple[int, int]:
    """SQLite's WAL checksum of ``data`` (a multiple of 8 bytes), continuing from ``s0, s1``."""
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    for index in range(0, len(words), 2):
        s0 = (s0 + words[index] + s1) & MASK
        s1 = (s1 + words[index + 1] + s0) & MASK
    return s0, s1


def wal_damage(wal: Path) -> str | None:
    """Why the WAL at ``wal`` is damaged (a frame of its current generation that fails its checksum
    with another of that generation after it), or None: absent, empty, sound, or only torn at its
    end. A WAL whose own header fails is left to SQLite (it ignores the whole file)."""
    try:
        data = wal.read_bytes()
    except FileNotFoundError:
        return None
    if len(data) < HEADER:
        return None
    magic, _version, page_size, _checkpoint, salt1, salt2, sum1, sum2 = struct.unpack(">8I", data[:HEADER])
    if magic not in (MAGIC_LITTLE, MAGIC_BIG) or page_size < 512 or page_size & (page_size - 1):
        return None
    big_endian = magic == MAGIC_BIG
    if _checksum(data[:24], big_endian, 0, 0) != (sum1, sum2):
        return None
    frame_size = FRAME_HEADER + page_size
    frames = (len(data) - HEADER) // frame_size
    s0, s1 = sum1, sum2
    broken: int | None = None  # the first frame that fails
    for number in range(frames):
        start = HEADER + number * frame_size
        header = data[start : start + FRAME_HEADER]
        _page, _commit, f_salt1, f_salt2, f_sum1, f_sum2 = struct.unpack(">6I", header)
        current = (f_salt1, f_salt2) == (salt1, salt2)
        if broken is not None:
            if current:
                return (
                    f"frame {broken + 1} of {frames} fails its checksum and frame {number + 1} after it "
                    "is of the same generation: SQLite would drop everything from that frame on"
                )
            continue
        s0, s1 = _checksum(header[:8] + data[start + FRAME_HEADER : start + frame_size], big_endian, s0, s1)
        if not current or (s0, s1) != (f_sum1, f_sum2):
            broken = number
    return None
