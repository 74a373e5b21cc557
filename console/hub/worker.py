"""One thread owns one table. Every input (a phone's post, a pod's scan, a button, a host command)
becomes a command on the worker's queue, and the worker alone touches the game: it applies the
action, which the journal commits before anyone hears of it, resolves chance in virtual play,
moves the bots, and publishes the new snapshot to the table's channel.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from console.bots import BOT_KINDS, TABLE_THINK_S, bots_for, make_bot
from console.games.core import CHANCE, Action, Bot, GameError, Seat
from console.hub.channel import Channel, Snapshot
from console.hub.clock import ClockRunner
from console.hub.config import CONTROLLERS
from console.hub.errors import Forbidden, HubError, Refused, SeatTaken
from console.hub.handovers import Handover, bot_stints, current_levels
from console.hub.stall import NUDGE_AFTER_S, StallWatch
from console.hub.store import HubStore
from console.hub.timecall import TimeCall, acting_seats, scored_as_it_stands
from console.hub.views import build_snapshot, publish_events, seat_names
from console.i18n import N_
from console.i18n.said import Said, phrase, say, say_n
from console.i18n.said import Seat as SaidSeat
from console.inputs.events import ButtonHeld, ButtonPressed, Key, SeatEvent
from console.inputs.recording import Recorder
from console.journal import DISK_FULL, disk_full, journal_busy
from console.physical.seats import Note, PhysicalSeats, Play
from console.table import Table

log = logging.getLogger("console.hub")

HOST_COMMANDS = ("start", "pause", "resume", "end", "concede", "extend", "recheck", "skip", "move", "time")
# The reasons of a game the hub ends (kept in the journal's English, said on every page through
# ``phrase``, so each is a message).
ENDED_BY_HOST = N_("ended by the host")
# The journal's words for a full disk, said on every screen through ``phrase`` (its parts are
# messages: console/web/refusals.py).
FULL = phrase(DISK_FULL)
CONCEDED = N_("%(seat)s conceded")
BUSY_RETRY_S = 0.5
FULL_RETRY_S = 5.0  # a full disk: moves by themselves tried again this often


@dataclass(frozen=True)
class Act:
    """``seat`` plays ``action``; ``source`` says through what (a phone, a pod, ...)."""

    seat: Seat
    action: str | Action
    source: str


@dataclass(frozen=True)
class Record:
    """Record this table's actions from now on (tabletop record); ``begin`` runs first, in the
    worker's thread, to write how the table stands."""

    recorder: Recorder
    begin: Callable[[TableWorker], None]


@dataclass(frozen=True)
class HostCommand:
    command: str
    seat: Seat | None = None
    minutes: int | None = None  # for "extend": minutes added to the table's clock


@dataclass(frozen=True)
class SetController:
    """The host hands ``seat`` to ``controller`` (a player left: a bot of ``level`` plays on; they
    came back: their phone again); mid-game too, journalled as a handover."""

    seat: Seat
    controller: str
    level: str = ""  # a bot's level (console/bots.py); "" for the table's


@dataclass(frozen=True)
class SetName:
    """A player names their seat (or the host names it): free text, at most ``NAME_LIMIT``."""

    seat: Seat
    name: str


@dataclass(frozen=True)
class ClaimSeat:
    """A phone joins ``seat`` with its join code: its first phone, or, with ``handover`` (the host
    typed the PIN on the new phone), a phone that replaces the one that had it. Answers with the
    new phone's seat token; joining a claimed seat without the host is refused."""

    seat: Seat
    handover: bool = False
    token: str | None = None  # the token the phone already holds for it (None: a new one)


@dataclass(frozen=True)
class NextTable:
    """The host started the next game with this table's seats: its phones are told where."""

    table_id: int


@dataclass(frozen=True)
class Input:
    """An event from a physical input source (a scan, a button press), for the composer."""

    event: SeatEvent


@dataclass(frozen=True)
class ShowLights:
    """Show the seats' lights again (a kit was bound to this table, or its lights attached)."""


@dataclass(frozen=True)
class ActionsSince:
    """The notation of every action journalled after the ``before``-th (a retried post asks
    whether its action is among them); answered by the worker, so no web thread reads the table."""

    before: int


@dataclass(frozen=True)
class Barrier:
    """Does nothing: its answer comes once every command posted before it is done."""


@dataclass(frozen=True)
class TakeBack:
    """``seat`` takes back its last action, as the policy allows (console/games/takeback.py).
    ``seen``: how many actions the phone's page showed, so a tap sent twice withdraws once."""

    seat: Seat
    seen: int | None = None


@dataclass(frozen=True)
class Correct:
    """The host goes back to before action ``to`` (its number in the game as it stands); every
    seat whose own actions that undoes must confirm (``Confirm``: its phone, or its pod's or
    buttons' OK, BACK refusing); a bot agrees by itself."""

    to: int


@dataclass(frozen=True)
class CancelCorrection:
    """The host withdraws its correction while seats are still to answer (a phone that left)."""


@dataclass(frozen=True)
class Confirm:
    """``seat``'s phone agrees to the host's correction, or refuses it (which cancels it)."""

    seat: Seat
    agree: bool


@dataclass(frozen=True)
class PendingCorrection:
    """A host correction waiting for ``waiting`` seats' phones to confirm."""

    to: int
    undone: tuple[Seat, ...]
    waiting: frozenset[Seat]


@dataclass(frozen=True)
class ActResult:
    action: str
    last_id: int


Command = (
    Act
    | HostCommand
    | SetController
    | SetName
    | ClaimSeat
    | NextTable
    | Input
    | ShowLights
    | ActionsSince
    | Barrier
    | Record
    | TakeBack
    | Correct
    | CancelCorrection
    | Confirm
)
_STOP = object()


NAME_LIMIT = 24


def player_name(text: str) -> str:
    """A seat's name as a person typed it: spaces tidied, 1 to ``NAME_LIMIT`` characters, no
    control characters. It is shown as text everywhere, never as markup."""
    name = " ".join(str(text).split())
    if not name or len(name) > NAME_LIMIT or any(not ch.isprintable() for ch in name):
        raise Refused(say("a name is 1 to %(most)s characters of text", most=NAME_LIMIT))
    return name


def refused(error: ValueError) -> Refused:
    """A refusal made of another part's: a game's (the table's, the takeback policy's) with its
    sentence, any other's English (the clock's, a misplaced card's) through ``phrase``."""
    return Refused(error.said if isinstance(error, GameError) else str(error))


def describe(command: object) -> str:
    """A command for the hub's log, without an action's notation or an input's card."""
    if isinstance(command, Act):
        who = "chance" if command.seat == CHANCE else f"seat {command.seat}"
        return f"an action of {who} from its {command.source}"
    if isinstance(command, HostCommand):
        return f"the host command {command.command}"
    if isinstance(command, SetController):
        return f"handing seat {command.seat} to {command.controller!r}"
    if isinstance(command, ClaimSeat):
        return f"a phone joining seat {command.seat}"
    return f"the {type(command).__name__} command"


def correction_json(pending: PendingCorrection | None, actions: int) -> dict[str, Any] | None:
    """The host's correction under way, for every screen: where it goes back to, how many
    actions it withdraws, whose actions, and which seats' phones it still waits for."""
    if pending is None:
        return None
    return {
        "to": pending.to,
        "count": actions - pending.to,
        "undone": list(pending.undone),
        "waiting": sorted(pending.waiting),
    }


class TableWorker:
    """The thread that owns ``table``. Post commands with ``post``; read the channel for results."""

    def __init__(
        self,
        table: Table,
        store: HubStore,
        status: str,
        controllers: Mapping[Seat, str],
        chance: str = "virtual",
        bot_kind: str = "heuristic",
        bot_delay_s: float = 0.0,
        chance_delay_s: float = 0.0,
        physical: PhysicalSeats | None = None,
        clock: Callable[[], float] = time.monotonic,
        nudge_after_s: float = NUDGE_AFTER_S,
    ) -> None:
        self.table = table
        self.store = store
        self.status = status
        self._players = table.state.players
        self.controllers = dict(controllers)
        self.chance = chance
        self.bot_delay_s = bot_delay_s
        self.chance_delay_s = chance_delay_s
        self.clock = clock
        self.physical = physical
        self._bots: dict[Seat, Bot] = bots_for(table.state.game, table.state.players, bot_kind)
        self.handovers = store.handovers(table.id)  # seats handed over mid-game, oldest first
        for seat, level in current_levels(self.handovers).items():
            self._bots[seat] = make_bot(table.state.game, level, TABLE_THINK_S)
        self.claims = store.claims(table.id)  # seat -> how many phones have joined it
        self._attempts: dict[Seat, int] = {}  # joins of a claimed seat refused for want of the host
        self.next_table = store.next_table(table.id)  # the host's next game with these seats
        self.names = store.names(table.id)
        self.bot_kind = bot_kind
        # The clock and the bots wait until every phone seat has joined, or the host starts anyway.
        self.started = store.started(table.id) or bool(table.history)
        self._begin_if_everyone_joined()
        self._problem: Said | None = None  # what every screen is told (a pause by a failure, a full disk)
        self._full_at = 0  # the actions journalled when the disk was found full
        self._version = 0
        self._published = len(table.log)
        self.recorder: Recorder | None = None  # under tabletop record
        self.resumed = False  # rebuilt from the journal when the hub started
        self._recorded = 0
        self._automatic_due: float | None = None
        self.stall = StallWatch(nudge_after_s)  # the seats a table that stalls waits for
        self._busy_until = 0.0  # the journal was busy: no move by itself before this
        self.correction: PendingCorrection | None = None  # the host's, while seats confirm it
        self._time_call: TimeCall | None = None  # the venue called time: the turn in play, then the score
        self._cancelled: Said | None = None  # why the last host correction was cancelled, for the host
        self._queue: queue.Queue[tuple[object, Future[Any]]] = queue.Queue()
        spec = table.game.clock(table.options)
        self.table_clock = (
            None
            if spec is None
            else ClockRunner(table.journal, table.id, spec, expired=str(spec.time_up) in table.history)
        )
        self.channel = Channel(self._snapshot())
        self.channel.publish(publish_events(table, 0), self.channel.snapshot)
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"table-{table.id}", daemon=True)
        # The venue hook (console/venue): told the public payload after every change; must not block.
        self.on_change: Callable[[int, str], None] | None = None
        self.on_help: Callable[[int, int], None] | None = None  # (table, seat): BACK held long

    def start(self, timeout: float = 30.0) -> TableWorker:
        """Start the thread; return once it has made the moves due at once and published."""
        self._thread.start()
        self._ready.wait(timeout)
        return self

    def begin_recording(self, record: Record) -> None:
        """Record this table's actions from now on: in the worker's thread (the ``Record``
        command), or before ``start`` for a table made under a recording hub, so the moves it
        makes at once on starting are recorded too, as a replay will make them."""
        record.begin(self)
        self.recorder, self._recorded = record.recorder, len(self.table.history)

    def post(self, command: Command) -> Future[Any]:
        future: Future[Any] = Future()
        if not self._thread.is_alive():
            future.set_exception(Refused(say("table %(table)s is closed", table=self.table.id)))
        else:
            self._queue.put((command, future))
        return future

    # -- what the input router needs (console.physical.router.PhysicalTable) ----------------------

    @property
    def table_id(self) -> int:
        return self.table.id

    @property
    def players(self) -> int:
        return self._players  # fixed for the table's life: read without touching its state

    def post_input(self, event: SeatEvent) -> None:
        self.post(Input(event))

    def show_lights(self) -> None:
        self.post(ShowLights())

    def stop(self, timeout: float = 5.0) -> None:
        if self._thread.is_alive():
            self._queue.put((_STOP, Future()))
            self._thread.join(timeout)
        self.channel.close()

    # -- the worker thread ----------------------------------------------------------------

    def _run(self) -> None:
        try:
            self._safely(self._after_change)
        finally:
            self._ready.set()
        while True:
            wait = self._wait()
            if wait == 0.0:  # a move or the clock is due: before the next command, however busy
                self._safely(self._on_time)
                continue
            try:
                command, future = self._queue.get(timeout=wait)
            except queue.Empty:
                self._safely(self._on_time)
                continue
            if command is _STOP:
                if self.table_clock is not None:
                    self.table_clock.run(False, self.clock())  # keeps the time used
                return
            if not future.set_running_or_notify_cancel():
                continue  # whoever asked stopped waiting and was told nothing changed
            try:
                result = self._handle(command)
            except BaseException as error:  # every failure goes back to whoever asked
                if disk_full(error):
                    self._disk_full()
                elif not isinstance(error, HubError | ValueError):
                    # Never the command itself: its notation can be a secret (a face-down card).
                    log.exception("table %s: %s failed", self.table.id, describe(command))
                future.set_exception(error)
            else:
                future.set_result(result)

    def _wait(self) -> float | None:
        """Seconds until the table must do something by itself: a move, or its clock."""
        dues = [due for due in (self._automatic_due, self._clock_due(), self.stall.due()) if due is not None]
        return max(0.0, min(dues) - self.clock()) if dues else None

    def _clock_due(self) -> float | None:
        if self.table_clock is None:
            return None
        due = self.table_clock.due()
        # Wake when the time used is next to be saved, while it counts.
        return None if due is None else min(due, self.table_clock.save_due())

    def _on_time(self) -> None:
        now = self.clock()
        if self.stall.step(now):
            self._stalled()
        if self._automatic_due is not None and now >= self._automatic_due:
            self._automatic_due = None
            self._safely(self._step_automatic)
            self._safely(self._after_change)
        runner = self.table_clock
        if runner is None:
            return
        due = runner.due()
        if due is not None and now >= due:
            self._time_up(runner)
        else:
            runner.tick(now)

    def _stalled(self) -> None:
        """The table has waited long: its screens say so and the waited-for seats' pods flicker."""
        stall = self.stall.stall({})
        if stall is not None and stall.nudged and self.physical is not None:
            for seat in stall.seats:
                self.physical.nudge(seat)
        if stall is not None and stall.told:
            log.warning("table %s: %s", self.table.id, stall.told)  # seat numbers only: no secret
        self._publish()

    def _watch_stall(self) -> None:
        """Tell the stall watch how the table stands: whom it waits for (people, not bots or the
        dealer) and why, in the game's words for a seat that waits."""
        state = self.table.state
        waiting = (
            self.status == "playing" and self.started and not self._rechecking() and state.outcome() is None
        )
        seats = (
            [s for s in state.to_act if s != CHANCE and self.controllers.get(s) != "bot"] if waiting else []
        )
        idle = next((s for s in range(1, state.players + 1) if s not in state.to_act), None)
        # The game's own words for why a seat that waits may not act, said to that seat (when
        # every seat is to act, none waits: whom the table waits for says it all).
        why = (
            say(
                "in the rules' words to %(seat)s: %(why)s",
                seat=SaidSeat(idle),
                why=state.why_not(idle),
            )
            if seats and idle
            else None
        )
        self.stall.watch((len(self.table.history), tuple(seats), self.status), seats, why, self.clock())

    def _time_up(self, runner: ClockRunner) -> None:
        """The clock ran out: post the game's time-up action, journalled like any other."""
        try:
            self.table.submit(runner.time_up)
        except ValueError:
            log.warning("table %s: the game refused its own time-up; the clock stops", self.table.id)
        runner.expire(self.clock())
        self._safely(self._after_change)

    def _safely(self, step: Callable[[], None]) -> None:
        """Run a step nobody waits for; a failure (an engine or bot bug) pauses the table with a
        note for the host instead of ending the thread. A journal another program holds for now
        (SQLite busy) is no bug: the table waits and tries the move again by itself."""
        try:
            step()
        except Exception as error:
            if journal_busy(error):
                log.warning(
                    "table %s: the journal is busy; trying again in %.0f s", self.table.id, BUSY_RETRY_S
                )
                self._busy_until = self.clock() + BUSY_RETRY_S
                return
            if disk_full(error):
                self._disk_full()
                self._busy_until = self.clock() + FULL_RETRY_S
                return
            # Any other failure, a journal that cannot write (disk I/O error) too, pauses: raised
            # here it would reach a phone whose own action counted, or end the thread.
            log.exception("table %s: the table could not move by itself", self.table.id)
            # Everyone reads the problem; the error's own words (a bot's hand, a chance card)
            # stay in the hub's log.
            self._problem = say(
                "the table could not move by itself (%(error)s; the hub's log says more); it is paused",
                error=type(error).__name__,
            )
            try:
                if self.status == "playing":
                    self._set_status("paused")
                self._publish()
            except Exception:  # the thread must live on to answer the host (resume, end)
                log.exception("table %s: could not publish the pause", self.table.id)
                if self.status == "playing":
                    self.status = "paused"  # at least stop trying to move by itself

    def _handle(self, command: object) -> Any:
        if isinstance(command, Act):
            return self._act(command)
        if isinstance(command, HostCommand):
            return self._host(command)
        if isinstance(command, SetController):
            return self._set_controller(command)
        if isinstance(command, SetName):
            return self._set_name(command)
        if isinstance(command, ClaimSeat):
            return self._claim(command)
        if isinstance(command, NextTable):
            self.next_table = command.table_id
            self._publish()
            return None
        if isinstance(command, Input):
            return self._input(command.event)
        if isinstance(command, ShowLights):
            if self.physical is not None:
                self.physical.show(self.table.state)
            return None
        if isinstance(command, ActionsSince):
            return [str(action) for action in self.table.history[command.before :]]
        if isinstance(command, Barrier):
            return None
        if isinstance(command, Record):
            self.begin_recording(command)
            return None
        if isinstance(command, TakeBack):
            return self._take_back(command)
        if isinstance(command, Correct):
            return self._correct(command)
        if isinstance(command, Confirm):
            return self._confirm(command)
        if isinstance(command, CancelCorrection):
            if self.correction is None:
                raise Refused(say("there is no correction under way"))
            self.correction = None
            self._after_change()
            return None
        raise TypeError(f"unknown command {command!r}")

    def _act(self, act: Act, journalled: Callable[[], None] | None = None) -> ActResult:
        """``journalled`` runs once the action is in the journal, before anything is published
        (a pod's beep says the scan counted)."""
        self._check_playing()
        # Every engine parses through the contract's one path: bad text is a NotationError.
        action = self.table.game.parse_action(act.action) if isinstance(act.action, str) else act.action
        if action.seat != act.seat:
            if act.seat == CHANCE:
                raise Forbidden(
                    say("chance may not play %(action)s: that is another seat's action", action=str(action))
                )
            raise Forbidden(
                say(
                    "seat %(seat)s may not play %(action)s: that is another seat's action",
                    seat=act.seat,
                    action=str(action),
                )
            )
        self._check_source(act)
        # a card the host moved from a wrong reader says so beside its action, in one transaction
        note = self.physical.moved_note(action) if self.physical is not None else None
        self.table.submit(action, note or None)
        self._cancelled = None  # play went on: a refused correction is old news
        if journalled is not None:
            journalled()
        if self.physical is not None:
            self.physical.acted(self.table.state)
        self._after_change()
        return ActResult(str(action), len(self.table.log))

    @property
    def plays_physical_cards(self) -> bool:
        """Cards lie on the table: chance is scanned, or a seat plays with its pod or buttons."""
        return self.chance == "physical" or any(c in ("pod", "buttons") for c in self.controllers.values())

    # -- corrections: a seat's takeback, the host's correction (console/games/takeback.py) -------

    def _take_back(self, command: TakeBack) -> int:
        """Withdraw the seat's last action; answers how many actions the game now has."""
        self._check_playing()
        if self.controllers.get(command.seat) != "phone":
            raise Refused(say("seat %(seat)s is not played with a phone now", seat=command.seat))
        if command.seen is not None and command.seen != len(self.table.history):
            raise Refused(say("the table has moved on since your page showed it; nothing was taken back"))
        try:
            self.table.take_back(command.seat)
        except ValueError as error:  # the policy's words, each part a message (console/web/refusals.py)
            raise refused(error) from None
        self._after_correction()
        return len(self.table.history)

    def _correct(self, command: Correct) -> int:
        """The host asks to go back to before action ``to``: done at once if no phone seat's own
        actions are undone, else once every such phone confirms. Answers the seats still asked. A
        correction asked while another waits replaces it."""
        waiting_for, self.correction = self.correction, None
        try:
            self._check_playing()
        except Refused:
            self.correction = waiting_for
            raise
        try:
            undone = self.table.seats_undone(command.to)
        except ValueError as error:
            self.correction = waiting_for
            raise refused(error) from None
        # A bot agrees by itself; a person answers on their phone, or with their pod's OK or BACK.
        waiting = frozenset(seat for seat in undone if self.controllers.get(seat) != "bot")
        self.correction = PendingCorrection(command.to, tuple(undone), waiting)
        self._cancelled = None
        self._settle_correction()
        return len(waiting)

    def _confirm(self, command: Confirm) -> bool:
        pending = self.correction
        if pending is None or command.seat not in pending.waiting:
            raise Refused(say("there is no correction for seat %(seat)s to confirm", seat=command.seat))
        if not command.agree:
            self.correction = None
            self._cancelled = say(
                "%(seat)s refused the host's correction; nothing was undone", seat=SaidSeat(command.seat)
            )
            self._after_change()
            return False
        self.correction = PendingCorrection(pending.to, pending.undone, pending.waiting - {command.seat})
        self._settle_correction()
        return True

    def _answers_correction(self, event: SeatEvent) -> bool:
        """A seat the host's correction waits for answers with its buttons: OK agrees, BACK refuses."""
        pending = self.correction
        if pending is None or not isinstance(event, ButtonPressed) or event.repeat:
            return False
        if event.seat not in pending.waiting or event.key not in (Key.OK, Key.BACK):
            return False
        self._confirm(Confirm(event.seat, event.key == Key.OK))
        return True

    def _settle_correction(self) -> None:
        """Make the host's correction once nobody is left to confirm it; publish either way."""
        pending = self.correction
        if pending is None or pending.waiting:
            self._publish()
            return
        self.correction = None
        self.table.withdraw(len(self.table.history) - pending.to, "host", "host", pending.undone)
        self._after_correction()

    def _after_correction(self) -> None:
        """After a withdrawal: at a physical table, the cards in play are re-checked against the
        corrected game (each seat is asked for what must be where) before play goes on."""
        # A recording (tabletop record) goes on from the corrected game's actions.
        self._recorded = min(self._recorded, len(self.table.history))
        if self.physical is not None and self.plays_physical_cards:
            self.physical.start_recheck(self.table.state)
        self._after_change()

    def _input(self, event: SeatEvent) -> ActResult | None:
        if isinstance(event, ButtonHeld):  # a seat asks for help: the hub's observers (a venue) hear it
            if event.key == Key.BACK and self.on_help is not None:
                self.on_help(self.table.id, event.seat)
            return None
        if self.physical is None:
            return None
        if self._answers_correction(event):
            return None
        physical = self.physical
        result = physical.handle(event, self.table.state, self.controllers)
        if isinstance(result, Play):
            try:
                return self._act(
                    Act(result.action.seat, result.action, result.kind),
                    lambda: physical.answered(event, True),
                )
            except (HubError, ValueError) as error:  # a game's or the hub's: its sentence, when it has one
                said = getattr(error, "said", None)
                result = physical.refuse(event.seat, said if isinstance(said, Said) else str(error))
        if isinstance(result, Note):
            physical.answered(event, not result.message)
            if physical.recheck_done():  # every card in play is where the journal says: play on
                self._after_change()
                return None
        if result is not None:
            self._publish()
        else:
            physical.show(self.table.state)
        return None

    def _check_source(self, act: Act) -> None:
        if act.seat == CHANCE:
            if self.chance != "physical" or act.source not in ("pod", "buttons"):
                raise Forbidden(say("chance is resolved by the table, not by a seat"))
            return
        controller = self.controllers.get(act.seat)
        if controller != act.source:
            # the controllers said in the asker's words ("phone", "pod": the pages' messages)
            raise Refused(
                say(
                    "seat %(seat)s is played with its %(controller)s, not a %(source)s",
                    seat=act.seat,
                    controller=Said(str(controller)),
                    source=Said(act.source),
                )
            )

    def _check_playing(self) -> None:
        if self.table.state.outcome() is not None or self.status in ("finished", "ended"):
            raise Refused(say("the game is over"))
        if not self.started:
            phones = tuple(SaidSeat(seat) for seat in self._phones_to_join())
            raise Refused(
                say_n(
                    "the game starts once %(seats)s has joined, or when the host starts it",
                    "the game starts once %(seats)s have joined, or when the host starts it",
                    len(phones),
                    seats=phones,
                )
            )
        if self._rechecking():
            raise Refused(
                say(
                    "the table is re-checking the cards in play: scan them at each seat, or the host skips it"
                )
            )
        if self.status == "paused":
            raise Refused(say("the table is paused; the host can resume it"))
        if self.correction is not None:
            waiting = tuple(SaidSeat(seat) for seat in sorted(self.correction.waiting))
            raise Refused(
                say("the host is correcting the game; waiting for %(seats)s to confirm", seats=waiting)
            )

    def _host(self, command: HostCommand) -> str:
        name = command.command
        if name == "start":
            if self.started:
                raise Refused(say("the game has started already"))
            self._begin()
        elif name == "pause":
            self._check_playing()
            self._set_status("paused")
        elif name == "resume":
            if self.status != "paused":
                raise Refused(say("the table is not paused"))
            self._problem = None
            self._set_status("playing")
        elif name == "extend":
            if self.table_clock is None:
                raise Refused(say("%(game)s has no clock at this table", game=self.table.game.title))
            try:
                self.table_clock.extend(command.minutes or 0, self.clock())
            except ValueError as error:  # the clock's words, each part a message (console/hub/clock.py)
                raise refused(error) from None
        elif name == "recheck":
            if self.physical is None or not self.physical.start_recheck(self.table.state):
                raise Refused(say("there are no cards in play to re-check at this table"))
        elif name == "skip":
            if self.physical is None or not self.physical.skip_recheck():
                raise Refused(say("no re-check is under way"))
        elif name == "move":  # a card laid on the wrong reader goes to the seat it was meant for
            self._move_misplaced()
        elif name == "time":  # the venue's round clock ran out: finish the turn, then score
            if self.table.state.outcome() is not None or self.status in ("finished", "ended"):
                raise Refused(say("the game is already over"))
            self._time_call = TimeCall(acting_seats(self.table.state.to_act), len(self.table.history))
        elif name in ("end", "concede"):
            if self.table.state.outcome() is not None or self.status in ("finished", "ended"):
                raise Refused(say("the game is already over"))
            if name == "end":
                self.table.end(ENDED_BY_HOST)
            else:
                seat = self._seat(command.seat)
                others = [s for s in range(1, self.table.state.players + 1) if s != seat]
                self.table.journal.set_status(
                    self.table.id,
                    "ended",
                    {"winners": others, "scores": [], "reason": CONCEDED % {"seat": f"seat {seat}"}},
                )
            self.status = "ended"
        else:
            raise Refused(
                say(
                    "there is no host command %(command)s; commands: %(known)s",
                    command=repr(name),
                    known=", ".join(HOST_COMMANDS),
                )
            )
        self._after_change()
        return self.status

    def _move_misplaced(self) -> None:
        self._check_playing()
        physical = self.physical
        if physical is None:
            raise Refused(say("this table has no pods or buttons"))
        try:
            moved = physical.move_misplaced(self.table.state, self.controllers)
        except ValueError as error:  # its words' parts are messages (console/physical/seats.py)
            raise refused(error) from None
        if isinstance(moved, Play):
            try:
                self._act(Act(moved.action.seat, moved.action, moved.kind))
            except (HubError, ValueError):
                physical.moving = None  # not played: no later action of that seat gets its note
                raise

    def _set_status(self, status: str) -> None:
        self.table.journal.set_status(self.table.id, status)
        self.status = status

    def _set_controller(self, command: SetController) -> str:
        seat = self._seat(command.seat)
        if command.controller not in CONTROLLERS:
            raise Refused(
                say(
                    "%(controller)s is not a controller; choose %(known)s",
                    controller=repr(command.controller),
                    known=", ".join(CONTROLLERS),
                )
            )
        level = self._bot_level(command)
        before = self.controllers.get(seat, "phone")
        if (before, self._level(seat) if before == "bot" else "") != (command.controller, level):
            handover = Handover(seat, before, command.controller, level, len(self.table.history))
            self.store.hand_over(self.table.id, handover)  # the controller too, in one transaction
            self.handovers.append(handover)
        self.controllers[seat] = command.controller
        if level:
            self._bots[seat] = make_bot(self.table.state.game, level, TABLE_THINK_S)
        self._begin_if_everyone_joined()
        self._after_change()
        return command.controller

    def _bot_level(self, command: SetController) -> str:
        """The level of the bot the seat is handed to ("" for another controller)."""
        if command.controller != "bot":
            if command.level:
                raise Refused(say("only a bot has a level"))
            return ""
        level = command.level or self.bot_kind
        if level not in BOT_KINDS:
            raise Refused(
                say(
                    "there is no bot level %(level)s; choose %(known)s",
                    level=repr(level),
                    known=", ".join(BOT_KINDS),
                )
            )
        return level

    def _level(self, seat: Seat) -> str:
        return current_levels(self.handovers).get(seat, self.bot_kind)

    def _set_name(self, command: SetName) -> str:
        seat = self._seat(command.seat)
        name = player_name(command.name)
        self.store.set_name(self.table.id, seat, name)
        self.names[seat] = name
        self._publish()
        return name

    def _claim(self, command: ClaimSeat) -> str:
        seat = self._seat(command.seat)
        if seat in self.claims and not command.handover:
            # The seat's phone is told someone tried (its state says so), and nothing else changes.
            self._attempts[seat] = self._attempts.get(seat, 0) + 1
            self._publish()
            raise SeatTaken(
                say(
                    "seat %(seat)s is already taken by a phone; if this is your seat (a new phone, a "
                    "closed browser), ask the host to type the PIN here",
                    seat=seat,
                )
            )
        token = self.store.claim(self.table.id, seat, handover=command.handover, token=command.token)
        self.claims[seat] = self.claims.get(seat, 0) + 1
        if self._begin_if_everyone_joined():
            self._after_change()  # the dealer and the bots may move now
        else:
            self._publish()
        if command.handover:  # the old phone's streams end, telling it why; its token is dead
            self.channel.close_seat(seat, say("the host gave this seat to another phone"))
        return token

    def _phones_to_join(self) -> list[Seat]:
        return [
            seat
            for seat, kind in sorted(self.controllers.items())
            if kind == "phone" and seat not in self.claims
        ]

    def _begin_if_everyone_joined(self) -> bool:
        """Begin the game if it waits for no phone any more; True if it began just now."""
        if self.started or self._phones_to_join():
            return False
        self._begin()
        return True

    def _begin(self) -> None:
        self.store.set_started(self.table.id)
        self.started = True

    def _seat(self, seat: Seat | None) -> Seat:
        if seat is None or not 1 <= seat <= self.table.state.players:
            raise Refused(say("name a seat from 1 to %(most)s", most=self.table.state.players))
        return seat

    def _disk_full(self) -> None:
        """The journal cannot grow: every screen says so (once), nothing moves by itself for a
        while, and the first action journalled again clears it (``_after_change``)."""
        self._full_at = len(self.table.history)
        if self._problem != FULL:
            log.warning("table %s: the journal's disk is full; play waits for space", self.table.id)
            self._problem = FULL
            try:
                self._publish()
            except Exception:  # publishing writes nothing, but the thread must live on regardless
                log.warning("table %s: could not tell the screens the disk is full", self.table.id)

    def _after_change(self) -> None:
        """Publish the change, after any moves that are due at once (chance and bots without a
        pause); moves with a pause are scheduled on the worker's clock."""
        if self._problem == FULL and len(self.table.history) > self._full_at:
            self._problem = None  # an action was journalled: there is space again
        while self.status == "playing" and self._automatic_delay() == 0.0 and not self._busy():
            self._safely(self._step_automatic)
        if self.table.state.outcome() is not None:
            self.status = "finished"
        elif self._time_call is not None and self._time_call.turn_finished(
            self.table.history, self.table.state.to_act
        ):
            self._end_at_time()
        if self.table_clock is not None:
            if not self.table_clock.expired and str(self.table_clock.time_up) in self.table.history:
                self.table_clock.expire(self.clock())  # a time-up that came another way (a scan)
            self.table_clock.run(self.status == "playing" and self.started, self.clock())
            self.table_clock.tick(self.clock(), changed=True)
        self._publish()
        delay = self._automatic_delay()
        if delay is not None and self._automatic_due is None:
            self._automatic_due = max(self.clock() + delay, self._busy_until)

    def _end_at_time(self) -> None:
        """Time was called and the turn in play is finished: the game is scored as it stands."""
        game, state = self.table.game, self.table.state
        outcome = scored_as_it_stands(game.public_scores(state.view(None)), state.players)
        self.table.journal.set_status(self.table.id, "ended", outcome)
        self.status, self._time_call = "ended", None

    def _rechecking(self) -> bool:
        return self.physical is not None and self.physical.rechecking

    def _busy(self) -> bool:
        return self.clock() < self._busy_until

    def _automatic_delay(self) -> float | None:
        """How long to wait before the table moves by itself (chance or a bot), None if it won't."""
        if self.status != "playing" or not self.started or self._rechecking() or self.correction:
            return None
        to_act = self.table.state.to_act
        if to_act == (CHANCE,):
            if self.chance == "virtual":
                return self.chance_delay_s
            # physical play: cards come from scans; what no card shows (a coin toss), the table does
            scanned = self.physical is None or self.physical.waits_for_scan(self.table.state)
            return None if scanned else self.chance_delay_s
        return self.bot_delay_s if self._bot_to_move() is not None else None

    def _bot_to_move(self) -> Seat | None:
        return next((s for s in self.table.state.to_act if self.controllers.get(s) == "bot"), None)

    def _step_automatic(self) -> None:
        """One move the table makes by itself: a chance outcome in virtual play, or a bot's move."""
        if self._automatic_delay() is None:
            return
        seat = self._bot_to_move()
        if self.table.state.to_act == (CHANCE,):
            self.table.submit(self.table.chance_action())
        elif seat is not None:
            self.table.advance({seat: self._bots[seat]}, resolve_chance=False, limit=1)
        if self.physical is not None:
            self.physical.acted(self.table.state)

    def _snapshot(self) -> Snapshot:
        cursors = (
            self.physical.cursors(self.table.state, self.controllers, self.chance == "physical")
            if self.physical
            else {}
        )
        clock = (
            None
            if self.table_clock is None
            else (self.table_clock.reading(self.clock(), time.time()).to_json())
        )
        problem = self._problem or self._cancelled
        if problem is None and self.physical is not None and self.physical.rechecking:
            problem = self.physical.recheck_problem()  # on every screen, the table's included
        waiting = not self.started and self.status == "playing"
        return build_snapshot(
            self.table,
            self._version,
            "waiting" if waiting else self.status,
            self.controllers,
            cursors,
            problem,
            clock,
            {
                seat: {"joins": self.claims.get(seat, 0), "attempts": self._attempts.get(seat, 0)}
                for seat in range(1, self.table.state.players + 1)
            },
            self.next_table,
            self._phones_to_join() if waiting else [],
            seat_names(self.names, self.controllers, self.bot_kind, current_levels(self.handovers)),
            misplaced=self.physical.offer() if self.physical is not None else None,
            bots=bot_stints(self.controllers, self.bot_kind, self.handovers),
            stall=self.stall.stall(seat_names(self.names, self.controllers, self.bot_kind)),
            correction=correction_json(self.correction, len(self.table.history)),
        )

    def _publish(self) -> None:
        self._watch_stall()
        if self.physical is not None:
            self.physical.show(self.table.state)
        if self.recorder is not None:
            for action in self.table.history[self._recorded :]:
                self.recorder.action(self.table.id, str(action))
            self._recorded = len(self.table.history)
        self._version += 1
        events = publish_events(self.table, self._published)
        self._published = len(self.table.log)
        self.channel.publish(events, self._snapshot())
        if self.on_change is not None:
            self.on_change(self.table.id, self.channel.snapshot.payloads[None])
