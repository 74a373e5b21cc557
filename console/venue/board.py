"""The venue board's picture of the evening: every hub's presence and tables from the broker,
and every result kept once (by its id) in the board's own SQLite file and acknowledged to its hub.

The MQTT client runs on paho's thread; the page reads ``snapshot`` under the same lock.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from console.hub.config import VenueConfig
from console.i18n.said import say
from console.venue import topics
from console.venue.event import Events, Seating
from console.venue.message import dumps
from console.venue.publisher import make_client
from console.venue.roundclock import BEAT_S, TURN_THEN_SCORE, RoundClock, check_minutes, started
from console.venue.standings import standings
from console.venue.words import SaidError, SaidMissing

log = logging.getLogger("console.venue")


class ResultStore:
    """Results as the board received them, one row per (hub, result id): a repeat is dropped."""

    def __init__(self, path: str | Path) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS results (hub TEXT NOT NULL, result_id TEXT NOT NULL,"
                " payload TEXT NOT NULL, received REAL NOT NULL, PRIMARY KEY (hub, result_id))"
            )
            self._db.execute(  # the round clock, kept across a restart of the board
                "CREATE TABLE IF NOT EXISTS board_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
            )
            # Each judge call as it last stood (a record of the evening's calls).
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS judge_calls (hub TEXT NOT NULL, call_id TEXT NOT NULL,"
                " payload TEXT NOT NULL, received REAL NOT NULL, PRIMARY KEY (hub, call_id))"
            )
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise ValueError(f"{path} is not a venue results file ({error})") from None

    def add(self, hub: str, result_id: str, result: dict[str, Any]) -> bool:
        """Keep a result; False if it was kept already."""
        with self._lock:
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO results VALUES (?, ?, ?, ?)",
                (hub, result_id, dumps(result), time.time()),
            )
            return cursor.rowcount > 0

    def meta(self, key: str) -> Any:
        with self._lock:
            row = self._db.execute("SELECT value FROM board_meta WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def set_meta(self, key: str, value: Any) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO board_meta VALUES (?, ?)", (key, dumps(value)))

    def keep_call(self, hub: str, call: dict[str, Any]) -> None:
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO judge_calls VALUES (?, ?, ?, ?)",
                (hub, call["call_id"], dumps(call), time.time()),
            )

    @property
    def connection(self) -> sqlite3.Connection:
        """The file's connection, for the event tables beside the results; hold ``lock``."""
        return self._db

    @property
    def lock(self) -> threading.Lock:
        return self._lock

    def all(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT payload FROM results ORDER BY received").fetchall()
        return [json.loads(row[0]) for row in rows]

    def close(self) -> None:
        with self._lock:
            self._db.close()


def is_result(data: dict[str, Any]) -> bool:
    """A result the standings can count: a game, a player count, winners and scores by seat."""
    players = data.get("players")
    return (
        isinstance(data.get("game"), str)
        and isinstance(players, int)
        and not isinstance(players, bool)
        and 1 <= players <= 64
        and isinstance(data.get("winners"), list)
        and all(isinstance(w, int) for w in data["winners"])
        and isinstance(data.get("scores"), list)
        and all(isinstance(v, int | float) for v in data["scores"])
        and isinstance(data.get("names") or {}, dict)
    )


def is_late_will(known: dict[str, Any], presence: dict[str, Any]) -> bool:
    """An offline presence from an older connection of a hub than the one last seen (its will,
    delivered after the hub came back): the hub is not offline. A hub online again with a lower
    number (its journal made anew) is believed: it is there."""
    session, last = presence.get("session"), known.get("session")
    return (
        not presence.get("online") and isinstance(session, int) and isinstance(last, int) and session < last
    )


def is_call(data: dict[str, Any], call_id: str) -> bool:
    """A judge call as hubs send them: its id, a table, a seat, a state."""
    return (
        data.get("call_id") == call_id
        and isinstance(data.get("table"), int)
        and isinstance(data.get("seat"), int)
        and data.get("state") in ("open", "acknowledged", "closed")
        and isinstance(data.get("who"), str)
    )


class Board:
    """Follows one venue on its broker. ``start``; read ``snapshot``; ``stop``."""

    def __init__(
        self,
        config: VenueConfig,
        results: ResultStore,
        client_id: str = "",
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.config = config
        self.venue = config.venue
        self.results = results
        self.events = Events(results.connection, results.lock)
        self.connected = False
        self.hubs: dict[str, dict[str, Any]] = {}
        self.tables: dict[tuple[str, int], dict[str, Any]] = {}
        self.received_at: dict[tuple[str, int], float] = {}  # when each table's state came
        self.late_wills = 0  # offline presences of older connections, ignored
        self.calls: dict[tuple[str, str], dict[str, Any]] = {}  # (hub, call id) -> as it stands
        self.clock = clock  # the event's time: every hub counts the round by it
        self.round_clock = RoundClock.from_json(results.meta("round_clock"))
        self._beating = threading.Event()
        self._lock = threading.Lock()
        self.client = make_client(config, client_id or f"tt-board-{time.monotonic_ns()}")
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message

    def start(self) -> Board:
        keepalive = int(self.config.keepalive_s)
        self.client.connect_async(self.config.broker, self.config.port, keepalive=keepalive)
        self.client.loop_start()
        threading.Thread(target=self._beat_until_stopped, name="board-clock", daemon=True).start()
        return self

    def stop(self) -> None:
        self._beating.set()
        self.connected = False
        self.client.disconnect()
        self.client.loop_stop()

    # -- the round clock -------------------------------------------------------------------

    def start_round_clock(self, minutes: float, rule: str = TURN_THEN_SCORE) -> RoundClock:
        """The organiser starts the clock of the event's current round (``minutes`` from now);
        ``rule``: what each table does when it runs out."""
        check_minutes(minutes)
        event = self.event_snapshot()
        if event is None or not event["round"]:
            raise SaidError(say("pair a round first: the clock is the round's"))
        clock = started(int(event["id"]), int(event["round"]), minutes, self.clock(), rule)
        self.round_clock = clock
        self.results.set_meta("round_clock", clock.to_json())
        self.beat()
        return clock

    def beat(self) -> None:
        """Send the round clock with the board's time now (retained, for hubs that join later)."""
        clock = self.round_clock
        beat = {"now": self.clock(), "round_clock": clock.to_json() if clock else None}
        self.client.publish(topics.clock(self.venue), dumps(beat), qos=0, retain=True)

    def _beat_until_stopped(self) -> None:
        while not self._beating.wait(BEAT_S):
            if self.connected:
                self.beat()

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if reason.is_failure:
            log.warning("venue board: the broker refused the board: %s", reason)
            return
        self.connected = True
        client.subscribe(topics.everything(self.venue), qos=1)

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, props: Any) -> None:
        if self.connected:
            log.warning("venue board: lost the broker (%s); reconnecting", reason)
        self.connected = False

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        parsed = topics.parse(message.topic)
        if parsed is None or parsed[0] != self.venue:
            return
        _, hub, rest = parsed
        try:
            data = json.loads(message.payload) if message.payload else None
        except ValueError:
            log.warning("venue board: %s sent a message that is not JSON on %s", hub, message.topic)
            return
        if rest == ["status"] and isinstance(data, dict):
            with self._lock:
                if is_late_will(self.hubs.get(hub, {}), data):
                    self.late_wills += 1
                    late = data["session"]
                    log.info("venue board: %s's will of connection %s came late; ignored", hub, late)
                    return
                online, session = bool(data.get("online")), data.get("session")
                self.hubs[hub] = {"hub": hub, "online": online, "at": data.get("at"), "session": session}
        elif len(rest) == 2 and rest[0] == "tables" and rest[1].isdigit():
            key = (hub, int(rest[1]))
            with self._lock:
                if isinstance(data, dict):
                    self.tables[key] = data
                    self.received_at[key] = time.monotonic()
                    self.hubs.setdefault(hub, {"hub": hub, "online": None, "at": None})
                else:
                    self.tables.pop(key, None)
        elif len(rest) == 2 and rest[0] == "calls" and isinstance(data, dict):
            if not is_call(data, rest[1]):
                log.warning("venue board: %s sent a judge call that is not one (%s); ignored", hub, rest[1])
                return
            call = {**data, "hub": hub, "seen_at": time.time()}  # the topic names the hub
            with self._lock:
                self.calls[(hub, rest[1])] = call
            self.results.keep_call(hub, call)
        elif len(rest) == 2 and rest[0] == "results" and isinstance(data, dict):
            result_id = rest[1]
            if not is_result(data):  # acknowledged all the same, or the hub would send it for ever
                log.warning("venue board: %s sent a result that is not one (%s); dropped", hub, result_id)
                client.publish(topics.ack(self.venue, hub), dumps([result_id]), qos=1)
                return
            # The topic names the hub (the broker lets only that hub write there), not the payload.
            new = self.results.add(hub, result_id, {**data, "hub": hub, "result_id": result_id})
            client.publish(topics.ack(self.venue, hub), dumps([result_id]), qos=1)
            if new and data.get("seating"):  # played: the hub need not be offered it again
                client.publish(topics.seating(self.venue, hub), b"", qos=1, retain=True)

    def answer_call(self, hub: str, call_id: str, state: str, judge: str) -> None:
        """A judge acknowledges or closes a call: sent to its hub, which keeps it and says so."""
        with self._lock:
            call = self.calls.get((hub, call_id))
        if call is None:
            raise SaidMissing(say("there is no judge call %(call)s from %(hub)s", call=call_id, hub=hub))
        if state not in ("acknowledged", "closed"):
            raise SaidError(say("a call is acknowledged or closed, not %(state)s", state=repr(state)))
        if not 0 < len(judge.strip()) <= 40:
            raise SaidError(say("say which judge answers (1 to %(most)s characters)", most=40))
        answer = {"call_id": call_id, "state": state, "judge": judge.strip()}
        self.client.publish(topics.judge(self.venue, hub), dumps(answer), qos=1)

    def open_calls(self) -> list[dict[str, Any]]:
        """The calls not closed, the oldest first, each with how long it has waited."""
        now = time.time()
        with self._lock:
            calls = [dict(call) for call in self.calls.values() if call.get("state") != "closed"]
        for call in calls:
            call["waiting_s"] = max(0.0, now - call["seen_at"])
        return sorted(calls, key=lambda call: call["seen_at"])

    def results_now(self) -> list[dict[str, Any]]:
        """Every result, with the organiser's corrections."""
        return self.events.corrected(self.results.all())

    def online_hubs(self) -> list[str]:
        with self._lock:
            return sorted(name for name, info in self.hubs.items() if info.get("online"))

    def pair_round(self, event_id: int) -> list[Seating]:
        """Pair the event's next round and hold it: nothing is sent or shown until it is published."""
        return self.events.next_round(event_id, self.results_now(), self.online_hubs())

    def publish_round(self, event_id: int) -> list[Seating]:
        """Publish the held round: each table's seats go to its hub (retained, so a hub that
        reconnects still finds them) and the pairings show on the board."""
        game = self.events.event(event_id)["game"]
        seatings = self.events.publish(event_id)
        for seating in seatings:
            if seating.hub is not None:
                message = dumps(seating.message(game))
                self.client.publish(topics.seating(self.venue, seating.hub), message, qos=1, retain=True)
        return seatings

    def send_round(self, event_id: int) -> list[Seating]:
        """Pair the next round and publish it at once (for scripts and tests)."""
        self.pair_round(event_id)
        return self.publish_round(event_id)

    def event_snapshot(self) -> dict[str, Any] | None:
        try:
            event = self.events.event()
        except ValueError:
            return None
        results = self.results_now()
        played = {r["seating"]["seating_id"]: r for r in results if r.get("seating")}
        seatings = self.events.seatings(event["id"])
        current = event["published"]  # a round paired and held is the organiser's alone
        return {
            **event,
            "round": current,
            "tables": [
                {
                    "table_no": s.table_no,
                    "hub": s.hub,
                    "names": s.names,
                    "done": s.hub is None or s.seating_id in played,
                }
                for s in seatings
                if s.round == current
            ],
            "standings": self.events.standings(event["id"], results),
        }

    def snapshot(self) -> dict[str, Any]:
        """Everything the page shows: hubs with their tables, and the standings per game."""
        with self._lock:
            hubs = {name: {**info, "tables": []} for name, info in sorted(self.hubs.items())}
            for (hub, _), state in sorted(self.tables.items()):
                hubs.setdefault(hub, {"hub": hub, "online": None, "at": None, "tables": []})
                # A hub gone offline keeps its tables on the board, as last seen: stale, not gone.
                hubs[hub]["tables"].append({**state, "stale": hubs[hub]["online"] is False})
        table = {game: [s.to_json() for s in rows] for game, rows in standings(self.results_now()).items()}
        return {
            "venue": self.venue,
            "connected": self.connected,
            "hubs": list(hubs.values()),
            "standings": table,
            "event": self.event_snapshot(),
            "calls": self.open_calls(),
            "round_clock": self.round_clock.reading(self.clock()) if self.round_clock else None,
        }
