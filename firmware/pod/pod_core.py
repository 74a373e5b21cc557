"""The pod's behaviour, with every piece of hardware passed in: runs on a Pico and on CPython.

``Pod.step(now_ms)`` is one pass of the main loop: answer the hub's commands, poll each reader
and button, send what changed, and a heartbeat each second. Event frames (CARD, GONE, BTN) are
numbered and kept in a short history so the hub can ask for them again (``RESEND``) after a
gap or a reconnect; status frames (HELLO, HB, ERR) carry the number of the last event sent.

The hardware a Pod needs (see pod_hw.py for the Pico's, console/inputs/simulated.py for the
simulator's):
  link     .write(text) sends; .read_lines() returns complete lines received, never blocks
  readers  list of objects with .read() -> None or (uid_hex, ndef_text_or_"")
  buttons  dict key name ("UP", "DOWN", "OK", "BACK") -> object with .pressed() -> bool
  leds     dict target (0 = the pod's own, N = reader N's) -> object with .set(mode)
  beeper   object with .beep(ms), or None
"""

from pod_protocol import FrameError, encode, parse_command, quote_text
from pod_sensing import Debouncer, Presence

FIRMWARE = "pod-1.0.0"
PROTOCOL = 1
HISTORY = 32
MAX_TEXT = 120  # NDEF text sent at most this long, so a frame stays under 256 bytes
# Buttons are polled in this order (any other key after, sorted), not the dict's: MicroPython's
# dicts keep no insertion order, so keys pressed in one poll would be numbered differently.
KEY_ORDER = ("UP", "DOWN", "OK", "BACK")


class Pod:
    def __init__(
        self,
        link,
        readers: list,
        buttons: dict,
        leds: dict,
        beeper,
        unique_id: str,
        boot: str,
        seat: int = 1,
        heartbeat_ms: int = 1000,
        miss_limit: int = 3,
        debounce_ms: int = 20,
    ) -> None:
        self.link = link
        self.readers = readers
        self.presence = [Presence(miss_limit) for _ in readers]
        self.buttons = buttons
        self.button_keys = [key for key in KEY_ORDER if key in buttons]
        self.button_keys.extend(sorted(key for key in buttons if key not in KEY_ORDER))
        self.debouncers = {key: Debouncer(debounce_ms) for key in buttons}
        self.leds = leds
        self.beeper = beeper
        self.unique_id = unique_id
        self.boot = boot
        self.seat = seat
        self.heartbeat_ms = heartbeat_ms
        self.seq = 0  # the last event's number; 0 before the first
        self.history = []  # [(seq, line)], oldest first
        self.reader_failing = [False for _ in readers]
        self.last_heartbeat = None
        self.started_ms = None

    # -- the main loop ------------------------------------------------------------------------

    def start(self, now_ms: int) -> None:
        """Say HELLO at boot (lost if the hub opens the port later; it asks with HELLO?)."""
        self.started_ms = now_ms
        self.last_heartbeat = now_ms
        self.send_hello()

    def step(self, now_ms: int) -> None:
        if self.started_ms is None:
            self.start(now_ms)
        for line in self.link.read_lines():
            self.handle_line(line)
        for index, reader in enumerate(self.readers):
            self.poll_reader(index, reader)
        for key in self.button_keys:
            change = self.debouncers[key].update(self.buttons[key].pressed(), now_ms)
            if change is not None:
                self.send_event("BTN", [key, "P" if change else "R"])
        if now_ms - self.last_heartbeat >= self.heartbeat_ms:
            self.last_heartbeat = now_ms
            self.link.write(encode("HB", [self.seq, now_ms - self.started_ms]))

    def poll_reader(self, index: int, reader) -> None:
        try:
            seen = reader.read()
        except OSError as error:
            if not self.reader_failing[index]:  # say it once, not every poll
                self.reader_failing[index] = True
                self.send_error("READER", "reader " + str(index + 1) + ": " + str(error))
            return
        self.reader_failing[index] = False
        uid = seen[0] if seen else None
        for kind, card_uid in self.presence[index].poll(uid):
            if kind == "GONE":
                self.send_event("GONE", [index + 1])
            else:
                fields = [index + 1, card_uid]
                text = seen[1] if seen else ""
                if text:
                    fields.append(quote_text(text[:MAX_TEXT]))
                self.send_event("CARD", fields)

    # -- frames out -----------------------------------------------------------------------------

    def send_hello(self) -> None:
        fields = [self.seq, FIRMWARE, PROTOCOL, quote_text(self.unique_id), self.boot, self.seat]
        fields.append(len(self.readers))
        self.link.write(encode("HELLO", fields))

    def send_error(self, code: str, message: str) -> None:
        self.link.write(encode("ERR", [self.seq, code, quote_text(message)]))

    def send_event(self, verb: str, fields: list) -> None:
        # (no [a, *b] displays: MicroPython does not have them)
        self.seq = (self.seq + 1) % 256
        fields.insert(0, self.seq)
        line = encode(verb, fields)
        self.history.append((self.seq, line))
        if len(self.history) > HISTORY:
            self.history.pop(0)
        self.link.write(line)

    def resend(self, from_seq: int) -> None:
        """Send again every event from ``from_seq`` on; if the oldest of those is no longer
        kept, say which is the first one still held (ERR LOST) and send from there."""
        wanted = (self.seq - from_seq + 1) % 256  # how many events from_seq..seq is
        if wanted == 0 or wanted > 128:
            return  # nothing newer than what the hub has
        kept = self.history[-wanted:] if wanted <= len(self.history) else self.history
        if wanted > len(self.history):
            first = self.history[0][0] if self.history else (self.seq + 1) % 256
            self.send_error("LOST", str(first))
        for _seq, line in kept:
            self.link.write(line)

    # -- commands in ----------------------------------------------------------------------------

    def handle_line(self, line: str) -> None:
        try:
            command = parse_command(line)
        except FrameError as error:
            self.send_error("BADCMD", str(error))
            return
        verb = command[0]
        if verb == "HELLO?":
            self.send_hello()
        elif verb == "LED":
            led = self.leds.get(command[1])
            if led is not None:
                led.set(command[2])
        elif verb == "BEEP":
            if self.beeper is not None:
                self.beeper.beep(command[1])
        elif verb == "RESEND":
            self.resend(command[1])
