"""Pod firmware entry point: build the hardware from config.py and run the Pod loop forever."""

import os
import time

import config
import machine
import micropython
from pod_core import Pod
from pod_hw import PinButton, PinLed, Pn532Reader, PwmBeeper, Rc522Reader, Uptime, UsbLink, hex_bytes


def build_readers() -> list:
    """The pod's readers in reader order: one PN532, or an RC522 per chip select."""
    if config.READER == "pn532":
        return [Pn532Reader(config.PN532_I2C, config.READ_NDEF)]
    return [Rc522Reader(dict(config.RC522, cs=cs), config.READ_NDEF) for cs in config.RC522_CS]


def build_pod() -> Pod:
    buttons = {key: PinButton(gpio) for key, gpio in config.BUTTONS.items()}
    leds = {0: PinLed(config.LED)}
    beeper = PwmBeeper(config.BUZZER) if config.BUZZER is not None else None
    return Pod(
        UsbLink(),
        build_readers(),
        buttons,
        leds,
        beeper,
        unique_id=hex_bytes(machine.unique_id()),
        boot=hex_bytes(os.urandom(4)),  # tells the hub this is a new boot: its seq restarted
        seat=config.SEAT,
        heartbeat_ms=config.HEARTBEAT_MS,
        miss_limit=config.MISS_LIMIT,
        debounce_ms=config.DEBOUNCE_MS,
    )


def maintenance_wanted() -> bool:
    """BACK held at power-up: do not start, so mpremote can reach the REPL. (Once running, the
    pod ignores Ctrl-C, so mpremote could not stop it.)"""
    back = machine.Pin(config.BUTTONS["BACK"], machine.Pin.IN, machine.Pin.PULL_UP)
    return back.value() == 0


def run() -> None:
    if maintenance_wanted():
        print("BACK held at power-up: the pod is not started; the REPL is free for mpremote")
        return
    micropython.kbd_intr(-1)  # a 0x03 byte on the line must not stop the program
    pod = build_pod()
    uptime = Uptime()
    while True:
        pod.step(uptime())
        time.sleep_ms(config.POLL_MS)


run()
