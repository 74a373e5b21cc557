"""Simulated hardware that the hub cannot tell from the real thing.

``SimulatedPod`` runs the real pod firmware (firmware/pod/pod_core.py) on its own thread, with a
pretend reader and buttons, behind a real pseudo-terminal: the hub opens the pty's device through
pyserial exactly as it opens a Pico's /dev/ttyACM0, at a stable path like /dev/serial/by-id.
Cards are put on and taken off its readers, buttons pressed, the cable pulled and plugged back.
``SimulatedLineScanner`` is a QR scanner in serial mode on a pty: one line per scan.

Every method that acts waits, with a timeout, until the pod has really sent the frame it causes,
so a script never needs to sleep.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import select
import shutil
import tempfile
import threading
import time
import tty
from pathlib import Path
from typing import Any

from console.inputs.events import Key
from console.inputs.firmware import load_firmware_module

WAIT_S = 5.0


class SimulationTimeout(TimeoutError):
    pass


class _Pty:
    """A pseudo-terminal pair in raw mode; the device side is what the hub opens."""

    def __init__(self) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # no echo, no CR/LF translation: a clean 8-bit line like USB CDC
        os.set_blocking(self.master, False)
        self.device = os.ttyname(self.slave)

    def close(self) -> None:
        for fd in (self.master, self.slave):
            with contextlib.suppress(OSError):
                os.close(fd)


def _point(link: Path, target: str) -> None:
    """Atomically (re)point ``link`` at ``target``, like udev updating /dev/serial/by-id."""
    temporary = link.with_name(link.name + ".new")
    if temporary.is_symlink():
        temporary.unlink()
    temporary.symlink_to(target)
    os.replace(temporary, link)


class SimReader:
    """A pretend NFC reader: the card lying on it, if any."""

    def __init__(self) -> None:
        self.card: tuple[str, str] | None = None
        self.error: str = ""

    def read(self) -> tuple[str, str] | None:
        if self.error:
            raise OSError(self.error)
        return self.card


class SimButton:
    def __init__(self) -> None:
        self.down = False

    def pressed(self) -> bool:
        return self.down


class SimLed:
    """The LED the firmware drives; ``history`` is every mode it was set to, with its time."""

    def __init__(self) -> None:
        self.mode = "OFF"
        self.history: list[tuple[float, str]] = []

    def set(self, mode: str) -> None:
        self.mode = mode
        self.history.append((time.monotonic(), mode))


class SimBeeper:
    def __init__(self) -> None:
        self.beeps: list[int] = []
        self.times: list[float] = []

    def beep(self, ms: int) -> None:
        self.beeps.append(ms)
        self.times.append(time.monotonic())


class _PtyLink:
    """The firmware's ``link``: writes go to the pty (dropped while unplugged or when nobody
    reads, as a Pico's USB serial drops them), lines come from the hub's writes."""

    def __init__(self, pod: SimulatedPod) -> None:
        self.pod = pod
        self.pending = bytearray()
        self.incoming: list[str] = []
        self.to_lose = 0

    def write(self, text: str) -> None:
        self.pod._record(text)
        pty = self.pod._pty
        if pty is None:
            return
        if self.to_lose:
            self.to_lose -= 1
            return
        with contextlib.suppress(BlockingIOError, OSError):
            os.write(pty.master, text.encode("ascii"))

    def feed(self, data: bytes) -> None:
        for byte in data:
            if byte == 0x0A:
                self.incoming.append(self.pending.decode("ascii", "replace"))
                self.pending.clear()
            elif len(self.pending) < 256:
                self.pending.append(byte)

    def read_lines(self) -> list[str]:
        lines, self.incoming = self.incoming, []
        return lines


class SimulatedPod:
    """A seat pod: ``readers`` NFC readers, four buttons, a LED and a beeper, on a pty.

    Open ``pod.path`` from the hub. ``seat=0`` makes a central pod whose reader N serves seat N.
    """

    def __init__(
        self,
        *,
        seat: int = 1,
        readers: int = 1,
        unique_id: str | None = None,
        link_dir: str | Path | None = None,
        poll_ms: int = 2,
        heartbeat_ms: int = 1000,
        miss_limit: int = 2,
        debounce_ms: int = 0,
    ) -> None:
        self.pod_core = load_firmware_module("pod_core")
        self.seat = seat
        self.unique_id = unique_id or secrets.token_hex(8).upper()
        self.poll_ms = poll_ms
        self.settings = {"heartbeat_ms": heartbeat_ms, "miss_limit": miss_limit, "debounce_ms": debounce_ms}
        self.readers = [SimReader() for _ in range(readers)]
        self.buttons = {key.value: SimButton() for key in Key}
        self.leds = {0: SimLed(), **{n + 1: SimLed() for n in range(readers)}}
        self.beeper = SimBeeper()
        self._own_dir = link_dir is None
        self._dir = Path(link_dir) if link_dir else Path(tempfile.mkdtemp(prefix="simpod-"))
        self.path = str(self._dir / f"usb-Tabletop_Simulated_Pod_{self.unique_id}-if00")
        self._pty: _Pty | None = None
        self._link = _PtyLink(self)
        self._sent: list[str] = []
        self.sent_at: list[float] = []
        self._sent_changed = threading.Condition()
        self._firmware_lock = threading.Lock()  # the firmware runs one step at a time
        self._frozen = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.boots = 0
        self.firmware = self._boot()
        self._plug()

    # -- power, cable ---------------------------------------------------------------------------

    def _boot(self, boot: str | None = None) -> Any:  # a pod_core.Pod, from the firmware loaded by path
        self.boots += 1
        return self.pod_core.Pod(
            self._link,
            self.readers,
            self.buttons,
            self.leds,
            self.beeper,
            unique_id=self.unique_id,
            boot=boot or secrets.token_hex(4).upper(),
            seat=self.seat,
            **self.settings,
        )

    def _plug(self) -> None:
        self._pty = _Pty()
        _point(Path(self.path), self._pty.device)

    def start(self) -> SimulatedPod:
        if self._thread is None:
            self._started_at = time.monotonic()
            self._thread = threading.Thread(target=self._run, name=f"simpod-{self.unique_id}", daemon=True)
            self._thread.start()
        return self

    def unplug(self) -> None:
        """Pull the cable: the hub's port fails, the device node and its by-id link vanish. The
        pod keeps running (a powered hub), so what happens meanwhile is kept for a RESEND."""
        with self._firmware_lock:
            pty, self._pty = self._pty, None
            Path(self.path).unlink(missing_ok=True)
            if pty is not None:
                pty.close()

    def replug(self, reboot: bool = False, boot: str | None = None) -> None:
        """Plug the cable back; ``reboot`` restarts the firmware too (a bus-powered pod), with
        the boot id ``boot`` if given (to test a repeated random id)."""
        with self._firmware_lock:
            if reboot:
                self.firmware = self._boot(boot)
            self._plug()

    def freeze(self) -> None:
        """Stop the firmware (a hung pod): the port stays open but nothing is sent."""
        self._frozen.set()

    def thaw(self) -> None:
        self._frozen.clear()

    def lose_next_frames(self, count: int) -> None:
        """The next ``count`` frames the pod sends never arrive (a noisy cable)."""
        self._link.to_lose = count

    def inject(self, raw: bytes) -> None:
        """Put raw bytes on the line, as electrical noise or a buggy pod would."""
        if self._pty is not None:
            os.write(self._pty.master, raw)

    # -- the table ------------------------------------------------------------------------------

    def place(self, uid: str, text: str = "", reader: int = 1, wait: bool = True) -> None:
        """Lay a card on a reader; with ``wait``, return once the pod has sent its CARD."""
        mark = self._mark()
        self.readers[reader - 1].card = (uid, text)
        if wait:
            self.wait_sent("$CARD,", mark, f",{reader},{uid}")

    def remove(self, reader: int = 1, wait: bool = True) -> None:
        mark = self._mark()
        self.readers[reader - 1].card = None
        if wait:
            self.wait_sent("$GONE,", mark, f",{reader}*")

    def scan(self, uid: str, text: str = "", reader: int = 1) -> None:
        """Lay a card on the reader and take it away again."""
        self.place(uid, text, reader)
        self.remove(reader)

    def press(self, key: Key | str, wait: bool = True) -> None:
        mark = self._mark()
        self.buttons[Key(key).value].down = True
        if wait:
            self.wait_sent("$BTN,", mark, f",{Key(key).value},P*")

    def release(self, key: Key | str, wait: bool = True) -> None:
        mark = self._mark()
        self.buttons[Key(key).value].down = False
        if wait:
            self.wait_sent("$BTN,", mark, f",{Key(key).value},R*")

    def tap(self, key: Key | str) -> None:
        self.press(key)
        self.release(key)

    # -- what it sent ---------------------------------------------------------------------------

    @property
    def sent(self) -> list[str]:
        """Every line the firmware sent (plugged in or not), oldest first."""
        with self._sent_changed:
            return list(self._sent)

    def _record(self, text: str) -> None:
        with self._sent_changed:
            self._sent.append(text)
            self.sent_at.append(time.monotonic())  # for the scan-to-feedback benchmark
            self._sent_changed.notify_all()

    def _mark(self) -> int:
        with self._sent_changed:
            return len(self._sent)

    def wait_sent(self, prefix: str, after: int = 0, contains: str = "", timeout: float = WAIT_S) -> str:
        """The first line sent at index ``after`` or later that starts with ``prefix`` and
        contains ``contains``; SimulationTimeout if none comes."""

        def found() -> str | None:
            for line in self._sent[after:]:
                if line.startswith(prefix) and contains in line:
                    return line
            return None

        with self._sent_changed:
            if not self._sent_changed.wait_for(lambda: found() is not None, timeout=timeout):
                raise SimulationTimeout(f"the simulated pod sent no {prefix}...{contains} in {timeout} s")
            line = found()
            assert line is not None
            return line

    # -- the firmware's thread --------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            pty = self._pty
            if pty is not None:
                try:
                    ready, _, _ = select.select([pty.master], [], [], self.poll_ms / 1000)
                    if ready:
                        self._link.feed(os.read(pty.master, 4096))
                except OSError:  # unplugged under our feet, or the hub side not open: no input
                    self._stop.wait(self.poll_ms / 1000)
            else:
                self._stop.wait(self.poll_ms / 1000)
            if not self._frozen.is_set():
                with self._firmware_lock:
                    self.firmware.step(int((time.monotonic() - self._started_at) * 1000))

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        self.unplug()
        if self._own_dir:
            shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> SimulatedPod:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class SimulatedLineScanner:
    """A QR/barcode scanner in serial mode on a pty: ``scan(text)`` sends one line."""

    def __init__(
        self, *, link_dir: str | Path | None = None, label: str = "usb-Simulated_QR_Scanner-if00"
    ) -> None:
        self._own_dir = link_dir is None
        self._dir = Path(link_dir) if link_dir else Path(tempfile.mkdtemp(prefix="simscanner-"))
        self.path = str(self._dir / label)
        self._pty = _Pty()
        _point(Path(self.path), self._pty.device)

    def scan(self, text: str) -> None:
        os.write(self._pty.master, text.encode("utf-8") + b"\r\n")

    def inject(self, raw: bytes) -> None:
        os.write(self._pty.master, raw)

    def close(self) -> None:
        self._pty.close()
        Path(self.path).unlink(missing_ok=True)
        if self._own_dir:
            shutil.rmtree(self._dir, ignore_errors=True)

    def __enter__(self) -> SimulatedLineScanner:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
