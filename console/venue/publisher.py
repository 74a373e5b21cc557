"""The hub's side of the venue: presence with a last will, each table's public state (retained)
and each finished game's result, published by a thread of its own so no table waits on a broker.

Tables hand over their public payload (``table_changed``: a dict store and a wake-up, no lock); only
the latest payload of each table is kept until it is sent, so a slow or absent broker costs a table
nothing. Results go through the ``Outbox`` and are sent again until the venue acknowledges them.
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import paho.mqtt.client as mqtt

from console.hub.config import TOPIC_NAME, VenueConfig
from console.hub.worker import HostCommand
from console.i18n import DEFAULT
from console.i18n.said import Said, say
from console.journal import Journal
from console.venue import topics
from console.venue.calls import JudgeCalls
from console.venue.hub_event import FINISHED, EventAtTheHub
from console.venue.message import dumps, result_message, table_message
from console.venue.outbox import Outbox
from console.venue.roundclock import BoardTime, RoundClock
from console.venue.words import SaidMissing, words

if TYPE_CHECKING:
    from console.hub.service import Hub

log = logging.getLogger("console.venue")


class SeatingGone(SaidMissing):
    """The host accepted a seating this hub no longer offers."""


def hub_name(config: VenueConfig) -> str:
    """The hub's topic level: its configured name, else the machine's host name made safe."""
    if config.hub:
        return config.hub
    name = "".join(c if TOPIC_NAME.fullmatch(c) else "-" for c in socket.gethostname())[:64]
    return name or "hub"


def make_client(config: VenueConfig, client_id: str) -> mqtt.Client:
    """A paho client (callback API 2) with the configured credentials and TLS, speaking MQTT 5:
    its acknowledgements carry reason codes, so a message the broker's ACL refuses is known (in
    MQTT 3.1.1 it is acknowledged and dropped in silence)."""
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5)
    if config.username:
        client.username_pw_set(config.username, config.password or None)
    if config.tls:
        client.tls_set(ca_certs=config.ca_file or None)
    client.reconnect_delay_set(min_delay=1, max_delay=5)
    return client


class VenuePublisher(EventAtTheHub):
    """Publishes one hub to the venue. ``start``, hand it table changes, ``stop`` on the way out."""

    def __init__(self, config: VenueConfig, journal: Journal, clock: Callable[[], float] = time.time) -> None:
        self.config = config
        self.venue = config.venue
        self.hub = hub_name(config)
        self.journal = journal
        self.clock = clock
        self.outbox = Outbox(journal)  # the journal's own connection: one per file
        self.calls = JudgeCalls(journal)
        self.board_time = BoardTime(clock)  # the event's time, as the board's beats tell it
        self.round_clock: RoundClock | None = None
        self.on_time: Callable[[int], object] | None = None  # calls time at a table (join_venue)
        self._time_called: set[tuple[int, int]] = set()  # (event, round) whose time this hub called
        self.seatings: dict[int, dict[str, Any]] = self.outbox.seatings()  # table id -> its seats
        self.offer: dict[str, Any] | None = None  # the venue's seating waiting for the host
        self._accepting = threading.Lock()
        self._starting: tuple[int, dict[str, Any]] | None = None  # (accepting thread, seating)
        self.connected = False
        self.problem = ""
        # What the broker refuses this hub and why, as a phrase its badge says in its language.
        self.refused: Said | None = None
        self.user = config.username or self.hub
        # Each connection's number, in its presence and its last will (console.venue.board).
        self.session = self.outbox.next_session()
        self._next_session: int | None = None  # the number the next connection's will carries
        self._latest: dict[int, str] = {}  # table id -> its newest public payload, not yet sent
        self._states: dict[int, dict[str, Any]] = {}  # every table's last message, for reconnects
        # Wakes the publisher thread. A SimpleQueue's put takes no lock a Python thread can hold,
        # so a table handing over a change never waits for the publisher.
        self._wake: queue.SimpleQueue[None] = queue.SimpleQueue()
        self._flags = threading.Lock()  # the resend and republish requests (never a table's thread)
        self._resend_now = False
        self._republish = False  # after a reconnection: the broker may have lost its retained states
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="venue-publisher", daemon=True)
        # The broker's ACL lets a hub's user write only under its own name: the default user.
        self.client = make_client(replace(config, username=self.user), f"tt-{self.venue}-{self.hub}")
        self._will(self.session)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_connect_fail = self._on_connect_fail
        self.client.on_message = self._on_message
        self.client.on_publish = self._on_publish
        self.client.on_subscribe = self._on_subscribe

    @property
    def address(self) -> str:
        return f"{self.config.broker}:{self.config.port}"

    def status(self, language: str = DEFAULT) -> dict[str, Any]:
        """For the host page's badge: is the venue's broker reachable, and does it take what the
        hub sends; ``badge`` says so in words, in ``language``."""
        if self.refused is not None:
            badge = say(
                "venue %(venue)s: the broker refuses %(what)s; play on, results are kept",
                venue=self.venue,
                what=self.refused,
            )
        elif self.connected:
            badge = say("venue %(venue)s: connected", venue=self.venue)
        else:
            badge = say("venue %(venue)s: broker unreachable; play on, results are kept", venue=self.venue)
        return {
            "venue": self.venue,
            "hub": self.hub,
            "broker": self.address,
            "connected": self.connected and self.refused is None,
            "problem": self.problem,
            "badge": words(badge, language),
            "round_clock": self.round_clock.reading(self.board_time.now()) if self.round_clock else None,
        }

    def start(self) -> VenuePublisher:
        keepalive = int(self.config.keepalive_s)
        self.client.connect_async(self.config.broker, self.config.port, keepalive=keepalive)
        self.client.loop_start()
        self._thread.start()
        return self

    def table_changed(self, table_id: int, public_payload: str) -> None:
        """Called on the table's own thread after every change: never waits on anything slow."""
        self._latest[table_id] = public_payload  # one dictionary store, whole under the GIL
        self._wake.put(None)

    def stop(self, timeout: float = 2.0) -> None:
        self._stopping = True
        self._wake.put(None)
        self._thread.join(timeout)
        if self.connected:
            info = self.client.publish(
                topics.status(self.venue, self.hub), self._presence(False, self.session), qos=1, retain=True
            )
            # The connection may go while we wait: the last will then says the same.
            with contextlib.suppress(RuntimeError):
                info.wait_for_publish(timeout)
            self.connected, self.problem = False, "stopped"  # a clean goodbye is no outage
            self.client.disconnect()
        self.client.loop_stop()

    # -- the publisher thread ----------------------------------------------------------------

    def _run(self) -> None:
        self._keep_results_missed_while_down()
        next_resend = 0.0
        while True:
            wait = min(next_resend - time.monotonic(), self._until_time())
            with contextlib.suppress(queue.Empty):
                self._wake.get(timeout=max(0.05, wait))
            while not self._wake.empty():
                self._wake.get_nowait()
            stopping = self._stopping  # the last changes are still sent and their results kept
            self._call_time_if_due()
            # Only this thread takes from _latest: a change handed over meanwhile stays for the next turn.
            changed = {table_id: self._latest.pop(table_id) for table_id in list(self._latest)}
            with self._flags:
                resend, self._resend_now = self._resend_now, False
                republish, self._republish = self._republish, False
            if self.refused is not None and time.monotonic() >= next_resend:
                republish = True  # until the broker takes them (its ACL made again and reloaded)
            try:
                if republish and self.connected:
                    self._send_presence()
                    for call in self.calls.all():
                        self._send_call(call)
                    for table_id, state in list(self._states.items()):
                        if table_id not in changed:
                            self._send_state(table_id, state)
                for table_id, payload in changed.items():
                    self._table(table_id, payload)
                if resend or time.monotonic() >= next_resend:
                    if self.connected:  # else the reconnection asks for a resend at once
                        self._send_pending()
                    next_resend = time.monotonic() + self.config.resend_s
            except Exception:  # a bug here must never stop the venue for the rest of the evening
                log.exception("venue: could not publish")
            if stopping:
                return

    def _table(self, table_id: int, payload: str) -> None:
        state = table_message(self.hub, payload, self.seatings.get(table_id))
        self._states[table_id] = state
        if self.connected:
            self._send_state(table_id, state)
        if state["status"] in FINISHED and not self.outbox.has(table_id):
            now = self.clock()
            if self.outbox.add(table_id, lambda rid: result_message(rid, self.hub, state, now)):
                with self._flags:
                    self._resend_now = True

    def _send_state(self, table_id: int, state: dict[str, Any]) -> None:
        self.client.publish(topics.table(self.venue, self.hub, table_id), dumps(state), qos=1, retain=True)

    def _send_pending(self) -> None:
        for result_id, payload in self.outbox.pending():
            self.client.publish(topics.result(self.venue, self.hub, result_id), payload, qos=1)

    def _keep_results_missed_while_down(self) -> None:
        for record in self.outbox.finished_unsent(self.journal):
            seating = self.seatings.get(record.id) or {}
            state = {
                "table": record.id,
                "game": record.game,
                "players": record.players,
                "status": record.status,
                "outcome": record.outcome,
                "names": seating.get("names", {}),
                "seating": seating or None,
            }
            self.outbox.add(
                record.id, lambda rid, state=state: result_message(rid, self.hub, state, self.clock())
            )

    def _send_presence(self) -> None:
        status = topics.status(self.venue, self.hub)
        self.client.publish(status, self._presence(True, self.session), qos=1, retain=True)

    def _presence(self, online: bool, session: int) -> str:
        return dumps(
            {
                "hub": self.hub,
                "venue": self.venue,
                "online": online,
                "session": session,
                "at": self.clock(),
                "keepalive_s": self.config.keepalive_s,
            }
        )

    def _will(self, session: int) -> None:
        """The last will of the connection numbered ``session`` (paho sends it when it connects)."""
        status = topics.status(self.venue, self.hub)
        self.client.will_set(status, self._presence(False, session), qos=1, retain=True)

    # -- seatings from the venue's pairing ------------------------------------------------------

    def _offered(self, seating: Any) -> None:
        try:
            offer = check_seating(seating)
        except (ValueError, LookupError) as error:
            log.warning("venue: the venue's seating is refused: %s", error)
            return
        if offer is not None and self.outbox.accepted(offer["seating_id"]):
            offer = None  # retained on the broker, and already playing or played here
        self.offer = offer

    def accept(self, seating_id: str, start: Callable[[dict[str, Any]], Any]) -> Any:
        """Start the offered seating's table with ``start(offer)`` (the host accepted it). The
        table is given its seats before its thread starts, so even a game of bots that ends at
        once reports its players' names."""
        with self._accepting:
            offer = self.offer
            if offer is None or offer["seating_id"] != seating_id or self.outbox.accepted(seating_id):
                raise SeatingGone(say("that seating is not waiting here (already accepted, or replaced)"))
            self._starting = (threading.get_ident(), offer)
            try:
                return start(offer)
            finally:
                self._starting = None

    def table_opened(self, table_id: int, public_payload: str) -> None:
        """The hub opened a table (started or resumed), before its thread runs."""
        starting = self._starting
        if starting is not None and starting[0] == threading.get_ident():
            offer = starting[1]
            self.outbox.assign(table_id, offer)
            self.seatings[table_id] = offer
            self.offer = None
            self._starting = None
        self.table_changed(table_id, public_payload)

    # -- paho's network thread ----------------------------------------------------------------

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            self._refuse(
                say("its login (%(reason)s): check its user and password", reason=str(reason).lower()),
                f"the broker {self.address} refuses the hub's login as user {self.user} ({reason}): "
                "check [venue] hub, username and password in the hub's configuration, and that the "
                "broker has this user (mosquitto_passwd)",
            )
            self._down(f"the broker {self.address} refused the hub: {reason}")
            return
        self.connected, self.problem = True, ""
        self.refused = None  # the login is taken; what it sends is judged by its acknowledgements
        log.info("venue: publishing to %s as %s/%s", self.address, self.venue, self.hub)
        own = (topics.ack, topics.seating, topics.judge, topics.status)  # status: a late will is put right
        beats = (topics.clock(self.venue), 0)  # the round clock: a lost beat is replaced by the next
        client.subscribe([(topic(self.venue, self.hub), 1) for topic in own] + [beats])
        # This connection carries the will set before it; the next one's will is numbered on,
        # so a will of this connection arriving late is the older one.
        if self._next_session is not None:
            self.session = self._next_session
        self._next_session = self.outbox.next_session()
        self._will(self._next_session)
        with self._flags:  # the publisher thread sends presence and every table's state again
            self._republish = self._resend_now = True
        self._wake.put(None)

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        self._down(f"lost the venue's broker {self.address} ({reason})")

    def _on_connect_fail(self, client: mqtt.Client, userdata: Any) -> None:
        self._down(f"cannot reach the venue's broker {self.address}")

    def _on_publish(self, client: mqtt.Client, userdata: Any, mid: int, reason: Any, props: Any) -> None:
        if reason.is_failure:
            self._refuse(
                say(
                    "what it sends (%(reason)s): the broker's ACL must name hub %(hub)s",
                    reason=str(reason).lower(),
                    hub=self.hub,
                ),
                f"the broker {self.address} refuses what hub {self.hub} sends under "
                f"{topics.hub_prefix(self.venue, self.hub)}/ ({reason}): its ACL must name user "
                f"{self.user} (make it with `tabletop venue acl --venue {self.venue} ...`, "
                "naming every hub, and reload the broker)",
            )
        elif self.refused is not None:
            log.info("venue: the broker %s takes this hub's messages again", self.address)
            self.refused = None
            # What it sent before the broker's ACL changed was dropped (its presence, say, while
            # this message was taken): send presence and every table's state once more.
            with self._flags:
                self._republish = self._resend_now = True
            self._wake.put(None)

    def _on_subscribe(self, client: mqtt.Client, userdata: Any, mid: int, reasons: Any, props: Any) -> None:
        failed = [reason for reason in reasons if reason.is_failure]
        if failed:
            self._refuse(
                say(
                    "what it reads (%(reason)s): the broker's ACL must name hub %(hub)s",
                    reason=str(failed[0]).lower(),
                    hub=self.hub,
                ),
                f"the broker {self.address} will not let hub {self.hub} read its acknowledgements "
                f"and seatings ({failed[0]}): its ACL must name user {self.user}",
            )

    def _refuse(self, badge: Said, logged: str) -> None:
        """The broker refuses the hub: ``badge`` for its badge, ``logged`` for its log (the host's
        log is English, as every line of the hub's log)."""
        if self.refused != badge:  # one line per refusal, however often it is met
            log.warning("venue: %s; tables play on and results are kept", logged)
        self.refused = badge

    def _late_will(self, presence: Any) -> None:
        """Our own presence, as the broker keeps it: an offline one of an older connection (its
        will, late) would leave the hub shown offline to every board that joins; say online again."""
        if not isinstance(presence, dict) or presence.get("online") or not self.connected:
            return
        session = presence.get("session")
        if isinstance(session, int) and session < self.session:
            log.info("venue: a late will of connection %d was put right (this is %d)", session, self.session)
            with self._flags:
                self._republish = True
            self._wake.put(None)

    def _down(self, problem: str) -> None:
        if not self.problem:  # one line per outage, however long it lasts
            log.warning("venue: %s; tables play on and results are kept until it is back", problem)
        self.connected, self.problem = False, problem

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        try:
            ids = json.loads(message.payload) if message.payload else None
        except ValueError:
            log.warning("venue: a message on %s is not JSON; ignored", message.topic)
            return
        if message.topic == topics.seating(self.venue, self.hub):
            self._offered(ids)
            return
        if message.topic == topics.status(self.venue, self.hub):
            self._late_will(ids)
            return
        if message.topic == topics.judge(self.venue, self.hub):
            self._judge_answered(ids)
            return
        if message.topic == topics.clock(self.venue):
            self._beat(ids, live=not message.retain)
            return
        for result_id in ids if isinstance(ids, list) else [ids]:
            if isinstance(result_id, str):
                self.outbox.acknowledge(result_id)


def check_seating(data: Any) -> dict[str, Any] | None:
    """A seating from the venue, checked: a known game, a name for every seat. None: no offer."""
    from console.games import find_game

    if data is None or data == {}:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("seating_id"), str):
        raise ValueError("it has no seating_id")
    names = data.get("names")
    if not isinstance(names, dict) or not all(
        isinstance(name, str) and 0 < len(name) <= 40 for name in names.values()
    ):
        raise ValueError("names must map each seat to a name of at most 40 characters")
    if set(names) != {str(seat) for seat in range(1, len(names) + 1)}:
        raise ValueError("names must be given for seats 1 to N")
    game = find_game(str(data.get("game")))
    game.check_players(len(names))
    return {
        "seating_id": data["seating_id"],
        "game": game.name,
        "names": dict(names),
        **{key: data[key] for key in ("event", "round", "table_no") if isinstance(data.get(key), int)},
    }


def join_venue(hub: Hub) -> None:
    """The hub's extension (entry point ``tabletop.hub_extensions``): when its configuration names
    a venue broker, publish its tables there, observing them (the hub never imports the venue)."""
    if not hub.config.venue.broker or hub.venue is not None:
        return
    publisher = VenuePublisher(hub.config.venue, hub.journal)
    publisher.on_time = lambda table_id: hub.worker(table_id).post(HostCommand("time")).result(10)
    publisher.start()
    hub.venue = publisher
    hub.observe(publisher)
    hub.messages.append(f"publishing to the venue {hub.config.venue.venue} at {publisher.address}")
