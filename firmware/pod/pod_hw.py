"""The Pico's hardware behind the small interface pod_core.Pod expects. MicroPython only.

Everything that touches ``machine``, ``select`` or a reader driver lives here, so the logic in
pod_core/pod_sensing/pod_protocol/pod_ndef runs and is tested on CPython. Reader drivers are
third-party files copied to the board (see README.md): ``mfrc522.py`` (danjperron's
micropython-mfrc522, for SelectTagSN and 7-byte UIDs) or a PN532 driver with
``read_passive_target`` and ``ntag2xx_read_block``.
"""

import select
import sys
import time

import machine
from pod_ndef import bytes_needed, text_record
from pod_protocol import HEX

MAX_NDEF_BYTES = 256


def hex_bytes(data) -> str:
    return "".join(HEX[b >> 4] + HEX[b & 15] for b in data)


class UsbLink:
    """The USB serial line (the REPL's stdin/stdout, with Ctrl-C disabled in main.py)."""

    def __init__(self) -> None:
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.pending = bytearray()

    def write(self, text: str) -> None:
        sys.stdout.write(text)

    def read_lines(self) -> list:
        lines = []
        while self.poller.poll(0):
            byte = sys.stdin.buffer.read(1)
            if not byte:
                break
            if byte in (b"\n", b"\r"):  # a terminal's Enter sends \r alone
                if self.pending:
                    lines.append(self.pending.decode("ascii", "replace"))
                self.pending = bytearray()
            elif len(self.pending) < 256:
                self.pending.extend(byte)
        return lines


class Uptime:
    """Milliseconds since boot that never wrap (ticks_ms wraps; ticks_diff is wrap-safe)."""

    def __init__(self) -> None:
        self.last = time.ticks_ms()
        self.total = 0

    def __call__(self) -> int:
        now = time.ticks_ms()
        self.total += time.ticks_diff(now, self.last)
        self.last = now
        return self.total


def _read_text(read_pages) -> str:
    """The NDEF text from user memory (page 4 on); ``read_pages(page)`` gives 16 bytes."""
    memory = bytearray()
    page = 4
    while len(memory) < MAX_NDEF_BYTES:
        block = read_pages(page)
        if not block:
            return ""
        memory.extend(block)
        page += 4
        if len(memory) >= bytes_needed(memory):
            break
    return text_record(bytes(memory)) or ""


class Rc522Reader:
    def __init__(self, settings: dict, read_ndef: bool) -> None:
        from mfrc522 import MFRC522  # copied to the board, see README.md

        self.driver = MFRC522(**settings)
        self.read_ndef = read_ndef

    def read(self):
        driver = self.driver
        driver.init()
        status, _tag_type = driver.request(driver.REQIDL)
        if status != driver.OK:
            return None
        status, uid = driver.SelectTagSN()
        if status != driver.OK:
            return None
        text = _read_text(self.driver.read) if self.read_ndef else ""
        return hex_bytes(uid), text


class Pn532Reader:
    def __init__(self, settings: dict, read_ndef: bool) -> None:
        from pn532 import PN532_I2C  # copied to the board, see README.md

        i2c = machine.I2C(
            settings["i2c_id"], sda=machine.Pin(settings["sda"]), scl=machine.Pin(settings["scl"])
        )
        self.driver = PN532_I2C(i2c)
        self.driver.SAM_configuration()
        self.read_ndef = read_ndef

    def _pages(self, page: int):
        block = bytearray()
        for offset in range(4):
            data = self.driver.ntag2xx_read_block(page + offset)
            if data is None:
                return None
            block.extend(data)
        return block

    def read(self):
        uid = self.driver.read_passive_target(timeout=30)  # short: the loop polls again soon
        if uid is None:
            return None
        text = _read_text(self._pages) if self.read_ndef else ""
        return hex_bytes(uid), text


class PinButton:
    def __init__(self, gpio: int) -> None:
        self.pin = machine.Pin(gpio, machine.Pin.IN, machine.Pin.PULL_UP)

    def pressed(self) -> bool:
        return self.pin.value() == 0


class PinLed:
    def __init__(self, gpio) -> None:
        self.pin = machine.Pin(gpio, machine.Pin.OUT)
        self.timer = machine.Timer()

    def set(self, mode: str) -> None:
        self.timer.deinit()
        if mode == "BLINK":
            self.timer.init(freq=3, mode=machine.Timer.PERIODIC, callback=lambda _t: self.pin.toggle())
        else:
            self.pin.value(1 if mode == "ON" else 0)


class PwmBeeper:
    def __init__(self, gpio: int) -> None:
        self.pwm = machine.PWM(machine.Pin(gpio))
        self.pwm.freq(2000)
        self.pwm.duty_u16(0)
        self.timer = machine.Timer()

    def beep(self, ms: int) -> None:
        self.pwm.duty_u16(32768)
        self.timer.init(period=ms, mode=machine.Timer.ONE_SHOT, callback=lambda _t: self.pwm.duty_u16(0))
