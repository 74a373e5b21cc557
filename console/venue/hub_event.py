"""What an event asks of a hub beyond its tables (docs/venue.md), for the venue's publisher:
judge calls raised at its seats and answered by a judge, and the round clock it counts by the
board's time, calling time at the round's tables when it runs out (the event's rule).

A mixin of ``VenuePublisher`` (console/venue/publisher.py), which holds the link to the broker,
the tables' last public states and the seatings these read.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import paho.mqtt.client as mqtt

from console.i18n.said import say
from console.venue import topics
from console.venue.calls import CallError, JudgeCalls, call_message
from console.venue.message import dumps, table_message
from console.venue.roundclock import TURN_THEN_SCORE, BoardTime, RoundClock
from console.venue.words import SaidMissing

log = logging.getLogger("console.venue")
FINISHED = ("finished", "ended")


class EventAtTheHub:
    """Judge calls and the round clock at one hub (the publisher's attributes, read here)."""

    hub: str
    venue: str
    client: mqtt.Client
    connected: bool
    clock: Callable[[], float]
    seatings: dict[int, dict[str, Any]]
    _latest: dict[int, str]
    _states: dict[int, dict[str, Any]]
    calls: JudgeCalls
    board_time: BoardTime
    round_clock: RoundClock | None
    on_time: Callable[[int], object] | None
    _time_called: set[tuple[int, int]]

    def help_asked(self, table_id: int, seat: int) -> None:
        """A seat held its pod's BACK long: a judge call (from the table's thread; a short write)."""
        try:
            self.raise_judge_call(table_id, seat)
        except LookupError as error:
            log.warning("venue: seat %d of table %d asked for a judge: %s", seat, table_id, error)

    def raise_judge_call(self, table_id: int, seat: int) -> dict[str, Any]:
        """The seat's judge call, kept and published (the one still open, if it pressed before)."""
        payload = self._latest.get(table_id)  # the newest the table handed over, not yet sent
        if payload is not None:
            state = table_message(self.hub, payload, self.seatings.get(table_id))
        elif (sent := self._states.get(table_id)) is not None:
            state = sent
        else:
            raise SaidMissing(say("table %(table)s is not one this hub has published", table=table_id))
        if not 1 <= seat <= int(state["players"]):
            raise SaidMissing(say("table %(table)s has no seat %(seat)s", table=table_id, seat=seat))
        now = self.clock()
        call, new = self.calls.raise_call(
            table_id, seat, lambda call_id: call_message(call_id, self.hub, state, seat, now)
        )
        if new:
            log.info("venue: seat %d of table %d calls a judge (%s)", seat, table_id, call["call_id"])
            self._send_call(call)
        return call

    def _send_call(self, call: dict[str, Any]) -> None:
        if self.connected:
            topic = topics.call(self.venue, self.hub, call["call_id"])
            self.client.publish(topic, dumps(call), qos=1, retain=True)

    def _judge_answered(self, answer: Any) -> None:
        if not isinstance(answer, dict) or not isinstance(answer.get("call_id"), str):
            log.warning("venue: a judge's answer without a call id; ignored")
            return
        try:
            call = self.calls.answer(
                answer["call_id"], str(answer.get("state")), str(answer.get("judge", "")), self.clock()
            )
        except CallError as error:
            log.warning("venue: a judge's answer is refused: %s", error)
            return
        self._send_call(call)

    def _until_time(self) -> float:
        """Seconds until the round's clock calls time at this hub's tables (inf: it will not)."""
        clock = self.round_clock
        if clock is None or clock.rule != TURN_THEN_SCORE or (clock.event, clock.round) in self._time_called:
            return float("inf")
        return clock.remaining_s(self.board_time.now())

    def _call_time_if_due(self) -> None:
        """The round's time is up: each of its tables here finishes the turn in play, then is
        scored (the event's rule, applied by the hub's own worker: ``on_time``)."""
        clock = self.round_clock
        if self._until_time() > 0 or clock is None or self.on_time is None:
            return
        self._time_called.add((clock.event, clock.round))
        for table_id, seating in list(self.seatings.items()):
            state = self._states.get(table_id) or {}
            if seating.get("event") != clock.event or seating.get("round") != clock.round:
                continue
            if state.get("status") in FINISHED:
                continue
            log.info("venue: round %d's time is up at table %d", clock.round, table_id)
            try:
                self.on_time(table_id)
            except Exception as error:  # a table that ended meanwhile, or is gone
                log.warning("venue: could not call time at table %d: %s", table_id, error)

    def _beat(self, beat: Any, live: bool) -> None:
        """The board's beat: the round clock, and (heard live, not kept by the broker since some
        earlier moment) the board's time now."""
        if not isinstance(beat, dict):
            return
        now = beat.get("now")
        if live and isinstance(now, int | float) and not isinstance(now, bool):
            self.board_time.heard(float(now))
        self.round_clock = RoundClock.from_json(beat.get("round_clock"))
