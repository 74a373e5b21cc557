"""The hub: the journal, one worker per open table, the seat tokens, the host PIN and the input
sources, behind one object the web layer talks to.

``Hub.start`` resumes every unfinished table in the journal, with the same seat tokens, and starts
the configured table when there is none (or when asked for a new one, ``serve --game``), so a hub
killed at any moment comes back where it was.
"""

from __future__ import annotations

import hmac
import logging
import os
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from importlib.metadata import entry_points
from typing import Any, Protocol

from console.bots import BOT_KINDS  # the levels easy/normal/hard and the older names
from console.games import find_game, game_names
from console.games.core import BadOptions, Game, Seat
from console.hub.channel import StreamSlots
from console.hub.config import CHANCE_MODES, CONTROLLERS, HubConfig, TableConfig
from console.hub.errors import HubError, NotFound, Refused
from console.hub.inputs import attach_table, record_new_table, start_inputs
from console.hub.store import HubStore, TableSettings, short_code
from console.hub.worker import NextTable, TableWorker
from console.i18n.said import say, say_n
from console.inputs.recording import Recorder
from console.journal import Journal, JournalError
from console.physical.router import InputRouter
from console.physical.seats import PhysicalSeats
from console.table import Table

log = logging.getLogger("console.hub")

# Server threads kept free of streams, for pages, posts and host commands.
RESERVED_THREADS = 16


# Extensions of the hub, found through these entry points (pyproject.toml): each is called with the
# hub as it starts, and may ``observe`` its tables (the venue publisher, console/venue, does).
HUB_EXTENSIONS = "tabletop.hub_extensions"


class TableObserver(Protocol):
    """Told, from the table's worker thread, of every table opened and every change; must not block."""

    def table_opened(self, table_id: int, public_payload: str) -> None: ...

    def table_changed(self, table_id: int, public_payload: str) -> None: ...

    def help_asked(self, table_id: int, seat: int) -> None:
        """A seat held BACK long to ask for help (at a venue, a judge)."""

    def stop(self) -> None: ...


# A restarted hub opens the games finished in the last EVENING_S, at most EVENING_TABLES of them.
EVENING_S = 12 * 3600
EVENING_TABLES = 24


class Hub:
    """Every table this process runs. Build, then ``start``; ``stop`` on the way out."""

    def __init__(self, config: HubConfig, clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config
        self.clock = clock  # the workers' clock: bot pauses and the tables' clocks
        self.journal = Journal(config.journal, exclusive=True)  # one hub per journal file
        self.store = HubStore(self.journal)
        # A command refused this journal says who holds it (the server adds its address).
        self.store.set_served_by(f"pid {os.getpid()}")
        self.host_pin = self.store.host_pin(config.host_pin)
        self.workers: dict[int, TableWorker] = {}
        self.slots = StreamSlots(max(1, config.server.threads - RESERVED_THREADS))
        self.messages: list[str] = []
        self.featured: int | None = None  # the table to open first: the new one, or the only one
        self.planned: TableConfig | None = None  # the table start() is about to make, for the inputs
        self.inputs: Any = None  # the started input sources (console.inputs.sources.InputSources)
        self.venue: Any = None  # the venue's link, set by console/venue when [venue] names a broker
        self.observers: list[TableObserver] = []  # told of every table's changes (observe)
        self.router: InputRouter | None = None  # once inputs start
        self.recorder: Recorder | None = None  # under tabletop record
        self._lock = threading.Lock()
        self._again_lock = threading.Lock()  # two "again" presses make one next game

    def start(self, default_table: bool = True, inputs: bool = True, new_table: bool = False) -> Hub:
        """Resume the unfinished tables; start the configured one if there are none, or always
        with ``new_table`` (the unfinished ones are resumed beside it)."""
        if new_table:  # a bad game or player count is refused before anything is resumed or made
            find_game(self.config.table.game).check_players(self.config.table.players)
        self._start_extensions()
        for record in self.journal.tables(unfinished_only=True):
            try:
                self._resume(record.id, record.status)
            except (JournalError, ValueError, LookupError) as error:
                self.messages.append(f"table {record.id} cannot be resumed: {_without_notation(error)}")
        if self.workers:
            self.messages.append(f"resumed table(s) {', '.join(str(t) for t in self.workers)}")
            if len(self.workers) == 1:
                self.featured = next(iter(self.workers))
        making = new_table or (default_table and not self.workers)
        said = len(self.messages)  # "started table N" goes here, before what the inputs say
        if inputs:  # before the new table, so missing hardware for it leaves no table behind
            self.planned = self.config.table if making else None
            try:
                self.inputs, notes = start_inputs(self)
            except HubError:  # configured hardware is missing: nothing keeps running
                self.stop()
                raise
            self.messages.extend(notes)
        if making:
            worker = self.start_table(self.config.table)
            self.featured = worker.table.id
            self.messages.insert(said, f"started table {worker.table.id}: {worker.table.game.title}")
        self._open_the_evenings_results()
        return self

    def _open_the_evenings_results(self) -> None:
        """The games finished this evening, readable again after a restart: their screens, logs
        and results (and "again"). No inputs reach them and the venue is not told of them again."""
        since = time.time() - EVENING_S
        records = self.journal.tables()
        over = [r for r in records if r.finished and r.created >= since and r.id not in self.workers]
        for record in over[-EVENING_TABLES:]:
            try:
                table = Table.resume(self.journal, record.id)
            except (JournalError, ValueError, LookupError):
                continue  # a result the rules of this version cannot replay: left in the journal
            settings = self.store.settings(record.id) or TableSettings("virtual", "heuristic")
            controllers = {seat: r.controller for seat, r in self.store.seats(record.id).items()}
            worker = TableWorker(table, self.store, record.status, controllers, settings.chance, settings.bot)
            with self._lock:
                self.workers[record.id] = worker
            worker.start()

    def _resume(self, table_id: int, status: str) -> TableWorker:
        table = Table.resume(self.journal, table_id)
        settings = self.store.settings(table_id) or TableSettings("virtual", "heuristic")
        seats = self.store.seats(table_id)
        if len(seats) < table.state.players:  # killed between creating the table and its seats
            defaults = self._default_controllers(table.state.players)
            missing = {seat: kind for seat, kind in defaults.items() if seat not in seats}
            self.store.add_table(table_id, settings.chance, settings.bot, missing)
            seats = self.store.seats(table_id)
        controllers = {seat: record.controller for seat, record in seats.items()}
        worker = self._run(table, status, controllers, settings.chance, settings.bot)
        worker.resumed = True  # when inputs start, it re-checks the cards in play (hub/inputs.py)
        return worker

    def _default_controllers(self, players: int) -> dict[Seat, str]:
        return {seat: "phone" if seat == 1 else "bot" for seat in range(1, players + 1)}

    def start_table(self, spec: TableConfig, with_it: Callable[[int], None] | None = None) -> TableWorker:
        """Start a new table; its seats get fresh tokens. Bad options raise BadOptions. The table,
        its seats and settings, and whatever ``with_it(table_id)`` writes, are one commit: a kill
        at any instant leaves the whole table or none of it."""
        game = find_game(spec.game)
        game.check_players(spec.players)
        controllers = dict(enumerate(spec.seats, start=1))
        if len(controllers) != spec.players or any(c not in CONTROLLERS for c in controllers.values()):
            raise HubError(say("give one controller per seat (%(known)s)", known=", ".join(CONTROLLERS)))
        if spec.chance not in CHANCE_MODES:
            raise HubError(say("chance must be one of %(known)s", known=", ".join(CHANCE_MODES)))
        if spec.bot not in BOT_KINDS:
            raise HubError(say("bot must be one of %(known)s", known=", ".join(BOT_KINDS)))
        seed = spec.seed if spec.seed is not None else secrets.randbelow(2**31)
        with self.journal.transaction():
            table = Table.start(self.journal, game.name, spec.players, seed, spec.options)
            self.store.add_table(table.id, spec.chance, spec.bot, controllers)
            if not spec.wait_for_phones:
                self.store.set_started(table.id)
            if with_it is not None:
                with_it(table.id)
        return self._run(table, "playing", controllers, spec.chance, spec.bot)

    def _run(
        self, table: Table, status: str, controllers: Mapping[Seat, str], chance: str, bot: str
    ) -> TableWorker:
        physical = PhysicalSeats(
            table.game,
            self.journal,
            positional_readers=self.config.inputs.positional_readers,
            table_id=table.id,  # the tagged copies in hands outlive a restart
        )
        worker = TableWorker(
            table,
            self.store,
            status,
            controllers,
            chance,
            bot,
            self.config.bot_delay_s,
            self.config.chance_delay_s,
            physical,
            clock=self.clock,
            nudge_after_s=self.config.nudge_after_s,
        )
        worker.on_change = self._table_changed
        worker.on_help = self._help_asked
        for observer in list(self.observers):
            observer.table_opened(table.id, worker.channel.snapshot.payloads[None])
        with self._lock:
            self.workers[table.id] = worker
        record_new_table(self, worker)  # under tabletop record: before its first move
        worker.start()
        attach_table(self, worker)  # its seats' kits light up
        return worker

    def start_again(self, table_id: int) -> TableWorker:
        """The next game of a table that is over: the same game, options, seats' controllers,
        chance and bots, with a new seed. Its phones are told (``next`` in their state) and follow
        a link to the same seat. Asked twice, it answers with the same new table."""
        with self._again_lock:
            old = self.worker(table_id)
            already = self.store.next_table(table_id)
            if already is not None and already in self.workers:
                return self.workers[already]
            if old.channel.snapshot.status not in ("finished", "ended"):
                raise Refused(say("this game is still going: end it first (End), then start the next one"))
            record = self.journal.record(table_id)
            settings = self.store.settings(table_id) or TableSettings("virtual", "heuristic")
            seats = tuple(old.controllers.get(seat, "bot") for seat in range(1, record.players + 1))
            names = self.store.names(table_id)  # the same people: the same names

            def linked(next_id: int) -> None:  # in the new table's own commit: all of it or none
                self.store.set_next_table(table_id, next_id)
                for seat, name in names.items():
                    self.store.set_name(next_id, seat, name)

            spec = TableConfig(
                game=record.game,
                players=record.players,
                seats=seats,
                options=dict(record.options),
                bot=settings.bot,
                chance=settings.chance,
            )
            worker = self.start_table(spec, with_it=linked)
        old.post(NextTable(worker.table.id)).result(timeout=10)
        return worker

    # -- observers of the tables (the venue): opt-in, and nothing of the hub waits on them ------

    def observe(self, observer: TableObserver) -> None:
        """Tell ``observer`` of every table opened from now on and of every change to any table."""
        self.observers.append(observer)

    def _table_changed(self, table_id: int, public_payload: str) -> None:
        for observer in list(self.observers):
            observer.table_changed(table_id, public_payload)

    def _help_asked(self, table_id: int, seat: int) -> None:
        for observer in list(self.observers):
            observer.help_asked(table_id, seat)

    def _start_extensions(self) -> None:
        for entry in sorted(entry_points(group=HUB_EXTENSIONS), key=lambda e: e.name):
            entry.load()(self)

    def worker(self, table_id: int) -> TableWorker:
        worker = self.workers.get(table_id)
        if worker is None:
            raise NotFound(say("there is no open table %(table)s", table=table_id))
        return worker

    def seat_for_token(self, table_id: int, token: str | None) -> Seat | None:
        if not token:
            return None
        return self.store.seat_for_token(table_id, token)

    def tokens(self, table_id: int) -> dict[Seat, str]:
        """Each seat's join token, the one its QR code carries."""
        return {seat: record.token for seat, record in self.store.seats(table_id).items()}

    def seat_for_join_token(self, table_id: int, token: str) -> Seat | None:
        return self.store.seat_for_join_token(table_id, token)

    def find_short_code(self, code: str) -> tuple[int, Seat, str] | None:
        """The open table, seat and join token a short join code (``/j/CODE``) stands for."""
        for worker in self.tables():
            for seat, token in self.tokens(worker.table.id).items():
                if hmac.compare_digest(short_code(token).encode(), code.strip().lower().encode()):
                    return worker.table.id, seat, token
        return None

    def physical_tables(self) -> dict[int, TableWorker]:
        """Every table by id, for the input router (console.physical.router.PhysicalTables)."""
        with self._lock:
            return dict(self.workers)

    def configured_kits(self) -> Mapping[str, str]:
        return self.config.inputs.kits

    def tables(self) -> list[TableWorker]:
        with self._lock:
            return list(self.workers.values())

    def stop(self) -> None:
        if self.inputs is not None:
            self.inputs.close()
        if self.router is not None:
            self.router.close()
        for worker in self.tables():
            worker.stop()
        for observer in self.observers:
            observer.stop()
        self.journal.close()


def _without_notation(error: Exception) -> str:
    """Why a table cannot be resumed, for the lines the hub prints at start (on a screen anyone at
    the table may read). A replay failure names the action and quotes it, and the engine's reason
    quotes it again; an action's notation can be a secret (a face-down card, an alliance message),
    so only its place in the journal is kept."""
    text = str(error)
    replay = re.search(r"action (\d+) .* no longer applies", text)
    if isinstance(error, JournalError) and replay:
        return f"its action {replay.group(1)} no longer applies under the rules of this version"
    return text


def table_spec(data: Mapping[str, Any], defaults: TableConfig | None = None) -> TableConfig:
    """A table to start, from a host's JSON request (the start form); refuses anything malformed,
    each message naming the field to change and what it may be."""
    defaults = defaults or TableConfig()
    allowed = {"game", "players", "seats", "options", "bot", "chance", "seed", "wait_for_phones"}
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise HubError(
            say(
                "unknown field(s) %(unknown)s; fields: %(known)s",
                unknown=", ".join(unknown),
                known=", ".join(sorted(allowed)),
            )
        )
    name = data.get("game", defaults.game)
    if not isinstance(name, str) or not name.strip():
        raise HubError(say("Game: choose one of %(known)s", known=", ".join(game_names())))
    game = find_game(name)  # an unknown name is refused, naming the games there are
    players = data.get("players", game.min_players if "game" in data else defaults.players)
    if not isinstance(players, int) or isinstance(players, bool):
        raise HubError(
            say(
                "Players: give a whole number, %(range)s for %(game)s",
                range=_player_range(game),
                game=game.title,
            )
        )
    game.check_players(players)  # before a list of seats is made for that many players
    seats: Sequence[Any] = data.get("seats", ["phone"] + ["bot"] * (players - 1))
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise HubError(
            say(
                "Seats: list one controller per seat (%(known)s), like phone, bot",
                known=", ".join(CONTROLLERS),
            )
        )
    if len(seats) != players:
        raise HubError(
            say_n(
                "Seats: %(listed)s listed for %(num)s player; list one per seat (%(known)s)",
                "Seats: %(listed)s listed for %(num)s players; list one per seat (%(known)s)",
                players,
                listed=len(seats),
                known=", ".join(CONTROLLERS),
            )
        )
    for seat, controller in enumerate(seats, start=1):
        if controller not in CONTROLLERS:
            raise HubError(
                say(
                    "Seats: seat %(seat)s's %(controller)s is not one of %(known)s",
                    seat=seat,
                    controller=repr(controller),
                    known=", ".join(CONTROLLERS),
                )
            )
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise HubError(say("Options: give key=value pairs, like victory=power_score"))
    try:
        game.merge_options(options)
    except BadOptions as error:  # the game's words (its catalog may have them)
        raise HubError(say("Options: %(why)s", why=error.said)) from None
    bot, chance = data.get("bot", defaults.bot), data.get("chance", defaults.chance)
    if bot not in BOT_KINDS:
        raise HubError(say("Bot: choose one of %(known)s", known=", ".join(BOT_KINDS)))
    if chance not in CHANCE_MODES:
        raise HubError(say("Chance: choose one of %(known)s", known=", ".join(CHANCE_MODES)))
    seed = data.get("seed")
    fits_journal = isinstance(seed, int) and -(2**63) <= seed < 2**63  # a SQLite INTEGER
    if seed is not None and (not fits_journal or isinstance(seed, bool)):
        raise HubError(say("Seed: give a whole number of at most 18 digits (the journal keeps it), or none"))
    wait = data.get("wait_for_phones", defaults.wait_for_phones)
    if not isinstance(wait, bool):
        raise HubError(say("wait_for_phones: true (the game starts once every phone has joined) or false"))
    return TableConfig(
        wait_for_phones=wait,
        game=game.name,
        players=players,
        seats=tuple(seats),
        options=options,
        seed=seed,
        bot=str(bot),
        chance=str(chance),
    )


def _player_range(game: Game) -> str:
    low, high = game.min_players, game.max_players
    return str(low) if low == high else f"{low} to {high}"
