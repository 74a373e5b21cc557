"""Scanner pods and plain line scanners over serial, turned into events on the one queue.

``PodSource`` speaks the line protocol (hardware/protocol.md): it asks for HELLO on every open
(opening a port discards what the pod sent before), numbers every event frame, asks for what
it missed (RESEND) after a gap or a reconnect, drops repeats, and keeps each reader's card so a
pod that rebooted with a card still on it does not scan that card twice. With ``stable_s`` a card
counts only once it has lain still on its reader that long (``Settling``): a card swept over a
reader never scans, a card lifted and laid back inside the window never scans twice, and a card
taken away is gone only once it has stayed away that long. ``LineScannerSource``
reads a QR or barcode scanner in serial mode: one line is one scan.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from console.inputs import protocol
from console.inputs.events import (
    CardRemoved,
    CardScanned,
    Key,
    PodConnected,
    PodLost,
    PodRefused,
    PodReported,
    Post,
)
from console.inputs.keys import KeyTiming, KeyTracker
from console.inputs.protocol import BadFrame, seq_after
from console.inputs.serial_source import SerialSource

HELLO_RETRY_S = 1.0
RESEND_RETRY_S = 0.5
SETTLE_POLL_S = 0.002  # how often a reader is looked at in the last moments of its stable window


@dataclass
class Settling:
    """What one reader shows now and since when, until it has held for the stable window:
    ``uid`` "" is an empty reader."""

    uid: str
    text: str
    since: float


@dataclass
class PodMemory:
    """What the hub remembers of one pod (by unique id) across reconnects."""

    boot: str
    last_seq: int
    present: dict[int, str] = field(default_factory=dict)  # reader -> uid on it
    # After a reboot: the cards we believed present, until the new boot reports them again. The
    # first heartbeat of the new boot (sent a second after boot, when every reader has been
    # polled many times) settles it: a card not reported by then was taken away meanwhile.
    unconfirmed: dict[int, str] = field(default_factory=dict)


class PodSource(SerialSource):
    """One pod on one serial port. ``seat`` overrides the seat the pod announces."""

    def __init__(
        self,
        url: str,
        post: Post,
        *,
        name: str | None = None,
        seat: int | None = None,
        heartbeat_timeout_s: float = 3.0,
        key_timing: KeyTiming | None = None,
        stable_s: float = 0.0,
        **serial_options: object,
    ) -> None:
        super().__init__(url, post, name=name or url, **serial_options)  # type: ignore[arg-type]
        self.seat_override = seat
        self.heartbeat_timeout_s = heartbeat_timeout_s
        self.stable_s = stable_s
        self.settling: dict[int, Settling] = {}  # reader -> what it shows, not yet stable
        timing = key_timing or KeyTiming()
        # the pod debounces its own buttons; we only add hold-to-repeat
        self.keys = KeyTracker(
            post,
            source=self.name,
            clock=self.clock,
            timing=KeyTiming(0.0, timing.repeat_delay_s, timing.repeat_interval_s, timing.repeat_keys),
        )
        self.hello: protocol.Hello | None = None
        self.refused = ""  # why its last HELLO was refused ("" unless it was)
        self.memory: dict[str, PodMemory] = {}
        self.connected = False
        self._last_frame_at = 0.0
        self._last_hello_ask = float("-inf")
        self._last_resend_ask = float("-inf")

    # -- what the hub can send ------------------------------------------------------------------

    def set_led(self, target: int, mode: str) -> bool:
        return self.write(protocol.encode(protocol.SetLed(target, mode)))

    def beep(self, ms: int = 80) -> bool:
        return self.write(protocol.encode(protocol.Beep(ms)))

    @property
    def seat(self) -> int | None:
        if self.seat_override is not None:
            return self.seat_override
        return self.hello.seat if self.hello else None

    def seat_of_reader(self, reader: int) -> int:
        seat = self.seat
        return seat if seat else reader

    # -- link state -------------------------------------------------------------------------------

    def opened(self) -> None:
        self.hello, self.refused = None, ""
        self._last_frame_at = self.clock()
        self._ask_hello(self.clock())

    def lost(self, reason: str) -> None:
        self.hello = None
        self._mark_lost(reason)

    def _mark_lost(self, reason: str) -> None:
        if self.connected:
            self.connected = False
            self.keys.release_all()
            self.post(PodLost(self.name, reason))

    def idle(self, now: float) -> None:
        self._settle(now)
        if not self.is_open:
            return
        self.keys.tick()
        if self.connected and now - self._last_frame_at > self.heartbeat_timeout_s:
            self.problem("silent", f"silent for {self.heartbeat_timeout_s:g} s")
            self.hello = None
            self._mark_lost(f"silent for {self.heartbeat_timeout_s:g} s")
        hello_retry_s = min(HELLO_RETRY_S, self.heartbeat_timeout_s / 2)
        if self.hello is None and not self.refused and now - self._last_hello_ask >= hello_retry_s:
            self._ask_hello(now)

    def wait_at_most(self, now: float) -> float:
        """A card settling is counted within ``SETTLE_POLL_S`` of its window's end, not at the
        next read timeout. Two values only: each change of a port's timeout reconfigures it."""
        if not self.settling:
            return self.read_timeout_s
        due = min(seen.since for seen in self.settling.values()) + self.stable_s - now
        return SETTLE_POLL_S if due < self.read_timeout_s else self.read_timeout_s

    def _ask_hello(self, now: float) -> None:
        self._last_hello_ask = now
        self.write(protocol.encode(protocol.HelloRequest()))

    def _ask_resend(self, from_seq: int, force: bool = False) -> None:
        now = self.clock()
        if force or now - self._last_resend_ask >= RESEND_RETRY_S:
            self._last_resend_ask = now
            self.write(protocol.encode(protocol.Resend(from_seq)))

    # -- frames in --------------------------------------------------------------------------------

    def handle_line(self, line: bytes) -> None:
        try:
            frame = protocol.parse_line(line)
        except BadFrame as error:
            self.problem(error.kind, str(error))
            return
        self._last_frame_at = self.clock()
        if isinstance(frame, protocol.Hello):
            self._hello(frame)
        elif self.hello is None:
            self.stats["before_hello"] += 1  # RESEND after HELLO brings back anything that counts
        elif isinstance(frame, protocol.EVENT_FRAMES):
            self._event(frame)
        elif isinstance(frame, protocol.Heartbeat):
            self._heartbeat(frame)
        elif isinstance(frame, protocol.PodError):
            self._pod_error(frame)
        else:
            self.problem("unexpected", f"a pod sent a hub command: {frame.verb}")

    def _hello(self, hello: protocol.Hello) -> None:
        if hello.protocol != protocol.PROTOCOL_VERSION:
            # Refused: its frames may mean something else, so none acts (they count as frames
            # before HELLO). The hub stops asking; a pod flashed anew says HELLO when it boots.
            ours = protocol.PROTOCOL_VERSION
            reason = f"speaks protocol {hello.protocol}, the hub {ours}: update its firmware"
            self.problem("protocol_mismatch", reason)
            self.hello, self.refused = None, reason
            self._mark_lost(reason)
            self.post(PodRefused(self.name, reason))
            return
        self.hello, self.refused = hello, ""
        memory = self.memory.get(hello.unique_id)
        if memory is None:
            # First sight since the hub started: what it did before is history, not play.
            self.memory[hello.unique_id] = PodMemory(hello.boot, hello.seq)
        elif memory.boot != hello.boot or _went_back(memory.last_seq, hello.seq):
            # It rebooted: its numbers restarted. Replay the new boot from its first event; a card
            # still lying on a reader is then recognised and not scanned twice.
            self.stats["reboots"] += 1
            memory.boot, memory.last_seq = hello.boot, 0
            memory.unconfirmed, memory.present = memory.present, {}
            self.settling.clear()  # the new boot's replay says again what its readers show
            if hello.seq:
                self._ask_resend(1, force=True)
        elif seq_after(memory.last_seq, hello.seq):
            self._ask_resend((memory.last_seq + 1) % protocol.SEQ_MODULO, force=True)
        if not self.connected:
            self.connected = True
            self.post(PodConnected(self.name, hello.firmware, hello.protocol, hello.unique_id, hello.seat))

    def _heartbeat(self, heartbeat: protocol.Heartbeat) -> None:
        memory = self._memory()
        if seq_after(memory.last_seq, heartbeat.seq):
            self.problem("gap", f"heartbeat says event {heartbeat.seq} was sent; last seen {memory.last_seq}")
            self._ask_resend((memory.last_seq + 1) % protocol.SEQ_MODULO)
        elif memory.unconfirmed:
            self._end_replay(memory)

    def _pod_error(self, error: protocol.PodError) -> None:
        if error.code == "LOST" and error.message.isdigit():
            memory = self._memory()
            first_kept = int(error.message) % protocol.SEQ_MODULO
            missing = seq_after(memory.last_seq, first_kept) - 1
            if missing > 0:
                self.stats["lost_events"] += missing
                self.problem("lost", f"{missing} events were lost before the pod could resend them")
                memory.last_seq = (first_kept - 1) % protocol.SEQ_MODULO
        else:
            self.problem(f"pod_{error.code.lower()}", f"pod reports {error.code}: {error.message}")
        self.post(PodReported(self.name, error.code, error.message))

    def _memory(self) -> PodMemory:
        assert self.hello is not None
        return self.memory[self.hello.unique_id]

    def _event(self, frame: protocol.CardSeen | protocol.CardGone | protocol.ButtonFrame) -> None:
        memory = self._memory()
        distance = seq_after(memory.last_seq, frame.seq)
        if distance == 0:
            self.stats["duplicates"] += 1
            return
        if distance > 1:
            self.problem("gap", f"event {frame.seq} came after {memory.last_seq}; asking for the rest")
            self._ask_resend((memory.last_seq + 1) % protocol.SEQ_MODULO)
            return
        memory.last_seq = frame.seq
        self.stats["events"] += 1
        if isinstance(frame, protocol.CardSeen):
            self._card_seen(memory, frame)
        elif isinstance(frame, protocol.CardGone):
            if self.stable_s and frame.reader not in memory.unconfirmed:
                self._unsettle(memory, frame.reader, "", "")
                return
            uid = memory.present.pop(frame.reader, "") or memory.unconfirmed.pop(frame.reader, "")
            if uid:
                self.post(CardRemoved(self.seat_of_reader(frame.reader), uid, self.name, frame.reader))
        else:
            self.keys.edge(self.seat_of_reader(1), Key(frame.key), frame.pressed)

    def _card_seen(self, memory: PodMemory, card: protocol.CardSeen) -> None:
        seat = self.seat_of_reader(card.reader)
        if memory.unconfirmed.get(card.reader) == card.uid:
            # the same card was lying there before the pod rebooted: not a new scan
            del memory.unconfirmed[card.reader]
            memory.present[card.reader] = card.uid
            self.stats["kept_across_reboot"] += 1
            return
        if self.stable_s:
            if card.reader in memory.unconfirmed:  # replaced while the pod rebooted: gone now
                gone = memory.unconfirmed.pop(card.reader)
                self.post(CardRemoved(seat, gone, self.name, card.reader))
            self._unsettle(memory, card.reader, card.uid, card.text)
            return
        # a card believed there before a reboot and replaced meanwhile has left as surely
        replaced = memory.unconfirmed.pop(card.reader, None)
        previous = memory.present.get(card.reader, replaced)
        if previous is not None:
            self.post(CardRemoved(seat, previous, self.name, card.reader))
        memory.present[card.reader] = card.uid
        self.post(CardScanned(seat, card.uid, card.text, self.name, card.reader))

    def _unsettle(self, memory: PodMemory, reader: int, uid: str, text: str) -> None:
        """The reader shows something new (``uid`` "" for nothing): it counts once it holds for
        the stable window. Back to what was last reported, nothing is pending any more: a card
        swept over an empty reader, or lifted and laid back, never scans."""
        if uid == memory.present.get(reader, ""):
            if self.settling.pop(reader, None) is not None:
                self.stats["unsteady" if not uid else "laid_back"] += 1
            return
        self.settling[reader] = Settling(uid, text, self.clock())
        self._settle(self.clock())

    def _settle(self, now: float) -> None:
        """Readers whose card (or emptiness) has held for the stable window: say so now."""
        if not self.settling or self.hello is None:
            return
        memory = self._memory()
        for reader, seen in list(self.settling.items()):
            if now - seen.since < self.stable_s:
                continue
            del self.settling[reader]
            seat = self.seat_of_reader(reader)
            previous = memory.present.pop(reader, "")
            if previous:
                self.post(CardRemoved(seat, previous, self.name, reader))
            if seen.uid:
                memory.present[reader] = seen.uid
                self.post(CardScanned(seat, seen.uid, seen.text, self.name, reader))

    def _end_replay(self, memory: PodMemory) -> None:
        """The new boot's events are all in: cards not seen again were taken away meanwhile."""
        for reader, uid in memory.unconfirmed.items():
            self.post(CardRemoved(self.seat_of_reader(reader), uid, self.name, reader))
        memory.unconfirmed = {}


def _went_back(last_seq: int, hello_seq: int) -> bool:
    """A pod claiming fewer events than we already took from it has restarted, even if it drew
    the same boot id again (a 1 in 4 billion chance, but then nothing would be scanned)."""
    return hello_seq != last_seq and seq_after(last_seq, hello_seq) == 0


class LineScannerSource(SerialSource):
    """A QR or barcode scanner in serial mode: one line of text is one scan at ``seat``. A code
    read again within ``same_code_guard_s`` is the scanner still seeing the same card."""

    def __init__(
        self,
        url: str,
        post: Post,
        *,
        seat: int,
        name: str | None = None,
        same_code_guard_s: float = 1.0,
        **serial_options: object,
    ) -> None:
        serial_options.setdefault("baudrate", 9600)
        super().__init__(url, post, name=name or url, **serial_options)  # type: ignore[arg-type]
        self.seat = seat
        self.same_code_guard_s = same_code_guard_s
        self._last_code = ""
        self._last_code_at = float("-inf")

    def handle_line(self, line: bytes) -> None:
        try:
            text = line.decode("utf-8").strip()
        except UnicodeDecodeError:
            self.problem("garbled", f"a line that is not UTF-8: {line[:40]!r}")
            return
        if not text:
            return
        if not text.isprintable():
            self.problem("garbled", f"a line with control characters: {text[:40]!r}")
            return
        now = self.clock()
        if text == self._last_code and now - self._last_code_at < self.same_code_guard_s:
            self._last_code_at = now
            self.stats["repeats"] += 1
            return
        self._last_code, self._last_code_at = text, now
        self.stats["scans"] += 1
        self.post(CardScanned(self.seat, text=text, source=self.name))
