"""The hub: the journal, one worker per open table, the seat tokens, the host PIN and the input
sources, behind one object the web layer talks to.

``Hub.start`` resumes every unfinished table in the journal, with the same seat tokens, and starts
the configured table only when there is none, so a hub killed at any moment comes back where it was.
"""

from __future__ import annotations

import hmac
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from console.bots import BOT_KINDS  # the levels easy/normal/hard and the older names
from console.games import find_game
from console.games.core import Seat
from console.hub.channel import StreamSlots
from console.hub.config import CHANCE_MODES, CONTROLLERS, HubConfig, TableConfig
from console.hub.errors import Forbidden, HubError, NotFound, TooManyTries
from console.hub.physical import PhysicalSeats
from console.hub.store import HubStore, TableSettings
from console.hub.worker import TableWorker
from console.journal import Journal, JournalError
from console.table import Table

log = logging.getLogger("console.hub")

# Server threads kept free of streams, for pages, posts and host commands.
RESERVED_THREADS = 16


class PinGuard:
    """Counts wrong host PINs; after ``limit`` in ``window_s`` every PIN is refused for a while."""

    def __init__(
        self, limit: int = 5, window_s: float = 60.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit, self.window_s, self.clock = limit, window_s, clock
        self._failures: list[float] = []
        self._lock = threading.Lock()

    def check(self, expected: str, given: str | None) -> None:
        with self._lock:
            now = self.clock()
            self._failures = [t for t in self._failures if now - t < self.window_s]
            if len(self._failures) >= self.limit:
                raise TooManyTries("too many wrong host PINs; wait a minute and try again")
            if given is None or not hmac.compare_digest(expected.encode(), given.strip().encode()):
                self._failures.append(now)
                raise Forbidden("this needs the host PIN shown on the table screen")


class Hub:
    """Every table this process runs. Build, then ``start``; ``stop`` on the way out."""

    def __init__(self, config: HubConfig, clock: Callable[[], float] = time.monotonic) -> None:
        self.config = config
        self.clock = clock  # the workers' clock: bot pauses and the tables' clocks
        self.journal = Journal(config.journal, exclusive=True)  # one hub per journal file
        self.store = HubStore(self.journal)
        self.host_pin = self.store.host_pin(config.host_pin)
        self.workers: dict[int, TableWorker] = {}
        self.slots = StreamSlots(max(1, config.server.threads - RESERVED_THREADS))
        self.pin_guard = PinGuard()
        self.messages: list[str] = []
        self.inputs: Any = None
        self._lock = threading.Lock()

    def start(self, default_table: bool = True, inputs: bool = True) -> Hub:
        for record in self.journal.tables(unfinished_only=True):
            try:
                self._resume(record.id, record.status)
            except (JournalError, ValueError, LookupError) as error:
                self.messages.append(f"table {record.id} cannot be resumed: {_without_notation(error)}")
        if self.workers:
            self.messages.append(f"resumed table(s) {', '.join(str(t) for t in self.workers)}")
        elif default_table:
            worker = self.start_table(self.config.table)
            self.messages.append(f"started table {worker.table.id}: {worker.table.game.title}")
        if inputs:
            from console.hub.inputs import start_inputs

            try:
                self.inputs, notes = start_inputs(self)
            except HubError:  # configured hardware is missing: nothing keeps running
                self.stop()
                raise
            self.messages.extend(notes)
        return self

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
        return self._run(table, status, controllers, settings.chance, settings.bot)

    def _default_controllers(self, players: int) -> dict[Seat, str]:
        return {seat: "phone" if seat == 1 else "bot" for seat in range(1, players + 1)}

    def start_table(self, spec: TableConfig) -> TableWorker:
        """Start a new table; its seats get fresh tokens. Bad options raise BadOptions."""
        game = find_game(spec.game)
        game.check_players(spec.players)
        controllers = dict(enumerate(spec.seats, start=1))
        if len(controllers) != spec.players or any(c not in CONTROLLERS for c in controllers.values()):
            raise HubError(f"give one controller per seat ({', '.join(CONTROLLERS)})")
        if spec.chance not in CHANCE_MODES:
            raise HubError(f"chance must be one of {', '.join(CHANCE_MODES)}")
        if spec.bot not in BOT_KINDS:
            raise HubError(f"bot must be one of {', '.join(BOT_KINDS)}")
        seed = spec.seed if spec.seed is not None else secrets.randbelow(2**31)
        table = Table.start(self.journal, game.name, spec.players, seed, spec.options)
        self.store.add_table(table.id, spec.chance, spec.bot, controllers)
        return self._run(table, "playing", controllers, spec.chance, spec.bot)

    def _run(
        self, table: Table, status: str, controllers: Mapping[Seat, str], chance: str, bot: str
    ) -> TableWorker:
        physical = None
        if PhysicalSeats.available():
            physical = PhysicalSeats(
                table.game, self.journal, positional_readers=self.config.inputs.positional_readers
            )
        worker = TableWorker(table, self.store, status, controllers, chance, bot,
                             self.config.bot_delay_s, self.config.chance_delay_s, physical,
                             clock=self.clock)
        with self._lock:
            self.workers[table.id] = worker
        return worker.start()

    def worker(self, table_id: int) -> TableWorker:
        worker = self.workers.get(table_id)
        if worker is None:
            raise NotFound(f"there is no open table {table_id}")
        return worker

    def seat_for_token(self, table_id: int, token: str | None) -> Seat | None:
        if not token:
            return None
        return self.store.seat_for_token(table_id, token)

    def tokens(self, table_id: int) -> dict[Seat, str]:
        return {seat: record.token for seat, record in self.store.seats(table_id).items()}

    def check_pin(self, given: str | None) -> None:
        self.pin_guard.check(self.host_pin, given)

    def tables(self) -> list[TableWorker]:
        with self._lock:
            return list(self.workers.values())

    def stop(self) -> None:
        if self.inputs is not None and hasattr(self.inputs, "close"):
            self.inputs.close()
        for worker in self.tables():
            worker.stop()
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
    """A table to start, from a host's JSON request; refuses anything malformed."""
    defaults = defaults or TableConfig()
    allowed = {"game", "players", "seats", "options", "bot", "chance", "seed"}
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise HubError(f"unknown field(s) {', '.join(unknown)}; fields: {', '.join(sorted(allowed))}")
    game = data.get("game", defaults.game)
    players = data.get("players", find_game(str(game)).min_players if "game" in data else defaults.players)
    if not isinstance(game, str) or not isinstance(players, int) or isinstance(players, bool):
        raise HubError("game must be a name and players a whole number")
    find_game(game).check_players(players)  # before a list of seats is made for that many players
    seats: Sequence[Any] = data.get("seats", ["phone"] + ["bot"] * (players - 1))
    options = data.get("options", {})
    seed = data.get("seed")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise HubError("seats must be a list of controllers, one per seat")
    if not isinstance(options, dict):
        raise HubError("options must be an object")
    fits_journal = isinstance(seed, int) and -(2**63) <= seed < 2**63  # a SQLite INTEGER
    if seed is not None and (not fits_journal or isinstance(seed, bool)):
        raise HubError("seed must be a whole number of at most 18 digits (the journal keeps it)")
    return TableConfig(
        game=game, players=players, seats=tuple(seats), options=options, seed=seed,
        bot=str(data.get("bot", defaults.bot)), chance=str(data.get("chance", defaults.chance)),
    )
