"""Cut a serial byte stream into whole lines, however the reads happen to split it.

``readline()`` with a timeout hands back half lines, so every serial source buffers here and
handles only complete lines. A line longer than the limit is dropped whole (reported once, as
``OVERLONG``) instead of growing the buffer without bound.
"""

from __future__ import annotations

OVERLONG = b"\x00overlong"  # a marker no real line can equal: real lines never hold NUL + text


class LineBuffer:
    """Feed bytes in; get back complete lines without their ``\\r\\n``."""

    def __init__(self, max_line: int = 256) -> None:
        self.max_line = max_line
        self._pending = bytearray()
        self._discarding = False

    def feed(self, data: bytes) -> list[bytes]:
        lines: list[bytes] = []
        start = 0
        while True:
            end = data.find(b"\n", start)
            if end < 0:
                self._keep(data[start:], lines)
                return lines
            self._keep(data[start:end], lines)
            if self._discarding:
                self._discarding = False
            else:
                lines.append(bytes(self._pending).rstrip(b"\r"))
            self._pending.clear()
            start = end + 1

    def _keep(self, chunk: bytes, lines: list[bytes]) -> None:
        if self._discarding or not chunk:
            return
        self._pending += chunk
        if len(self._pending) > self.max_line:
            self._pending.clear()
            self._discarding = True
            lines.append(OVERLONG)

    def clear(self) -> None:
        """Forget a half line, e.g. after the port was reopened."""
        self._pending.clear()
        self._discarding = False
