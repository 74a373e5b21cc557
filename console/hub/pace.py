"""How long a person at this hub takes over an action, learned from the journal's finished games.

Every journalled action has its time. An action is a person's when its seat was played by a phone,
buttons or a pod at that moment (the seat's controller, followed through the host's handovers),
or when it is a chance card scanned at a table of physical chance (the clock's time-up aside); a
bot's and the dealer's actions never count. A person's action took the time since the action
before it (the first: since the game began); a wait over ``BREAK_S`` was a break, not play, and
counts neither its time nor its action. A game's pace is its people's seconds over their actions;
the hub's is the median of its finished games' paces for that title, once there are
``MIN_GAMES`` of them; until then ``DEFAULT_PERSON_S``.

A finished game never changes, so each is read once per hub process and kept (by journal); what
is asked again on each start form is only which games are finished.
"""

from __future__ import annotations

import statistics
import weakref
from dataclasses import dataclass
from typing import NamedTuple

from console.games import find_game
from console.games.core import CHANCE, UnknownGame
from console.hub.store import HubStore
from console.journal import Journal

# A person's action, until the hub has seen enough of its own: reading the screen or the seat's
# cards, choosing among a handful of moves and tapping (or laying a card on the reader, which
# counts after 300 ms on it), a few seconds each and more for a real choice. Most actions are a
# part of a turn (one deed of several, a Battle or Retreat, a card laid), not a whole turn. A
# guess, not a measure of people: docs/lab.md, "How long a game takes".
DEFAULT_PERSON_S = 10.0
# Finished games of a title before their median replaces the default: one evening's slow first
# game (rules read aloud) should not set the pace alone.
MIN_GAMES = 3
# A game with fewer of its people's actions says little of their pace (a bot played it, or it
# was conceded at once).
MIN_ACTIONS = 5
# Longer than this between two actions is a break (drinks, a phone call, the hub paused), not a
# decision: more than twice the wait after which a seat is nudged.
BREAK_S = 300.0


@dataclass(frozen=True)
class GamePace:
    """One finished game: its people's seconds over their ``actions``; and, to set its length
    beside an estimate, the table's own record: its seats, how many a person played when it
    began, whether its cards were scanned, and ``played_s``, from its start to its last action
    (breaks left out)."""

    game: str
    seconds: float
    actions: int
    table_id: int = 0
    players: int = 0
    people: int = 0
    physical: bool = False
    played_s: float = 0.0

    @property
    def per_action_s(self) -> float:
        return self.seconds / self.actions


class Learned(NamedTuple):
    """A title's seconds per person's action, and the finished games they came from (0: the default)."""

    person_s: float
    games: int


# Each journal's finished games as read: table id -> its pace, or None when it tells nothing.
_read: weakref.WeakKeyDictionary[Journal, dict[int, GamePace | None]] = weakref.WeakKeyDictionary()


def learned(journal: Journal, game: str) -> Learned:
    """The pace of people at this hub for ``game``: the median of its finished games', or the default."""
    paces = [pace.per_action_s for pace in finished_paces(journal) if pace.game == game]
    if len(paces) < MIN_GAMES:
        return Learned(DEFAULT_PERSON_S, 0)
    return Learned(statistics.median(paces), len(paces))


def finished_paces(journal: Journal) -> list[GamePace]:
    """Every finished game's pace that says something, each game read from the journal once."""
    with journal.lock:
        finished = journal.connection.execute(
            "SELECT id FROM tables WHERE status = 'finished' ORDER BY id"
        ).fetchall()
    kept = _read.setdefault(journal, {})
    for (table_id,) in finished:
        if table_id not in kept:
            kept[table_id] = game_pace(journal, table_id)
    return [pace for (table_id,) in finished if (pace := kept[table_id]) is not None]


def game_pace(journal: Journal, table_id: int) -> GamePace | None:
    """One game's people's seconds and actions; None for a game not played at a hub (a terminal's:
    who sat where is not kept), of a game no longer installed, or with too few people's actions."""
    store = HubStore(journal)
    settings = store.settings(table_id)
    if settings is None:
        return None
    record = journal.record(table_id)
    try:
        clock = find_game(record.game).clock(record.options)
    except (UnknownGame, ValueError):  # a game since removed, options it no longer takes
        return None
    time_up = str(clock.time_up) if clock else None
    controllers = {seat: seat_record.controller for seat, seat_record in store.seats(table_id).items()}
    handovers = store.handovers(table_id)
    for handover in reversed(handovers):  # back to who played each seat when the game began
        controllers[handover.seat] = handover.before
    people = sum(controller != "bot" for controller in controllers.values())
    with journal.lock:
        rows = journal.connection.execute(
            "SELECT seq, notation, at FROM actions WHERE table_id = ? ORDER BY seq", (table_id,)
        ).fetchall()
        began = journal.connection.execute(
            "SELECT at FROM hub_started WHERE table_id = ?", (table_id,)
        ).fetchone()
    seconds, actions, played_s = 0.0, 0, 0.0
    last = float(began[0]) if began else None
    pending = list(handovers)
    for seq, notation, at in rows:
        while pending and pending[0].at_action <= seq:  # the seat changed hands before this action
            handover = pending.pop(0)
            controllers[handover.seat] = handover.controller
        head = str(notation).partition(":")[0]
        seat = CHANCE if head == "chance" else int(head) if head.isdigit() else None
        if seat is None:
            return None  # not notation: a damaged row tells nothing
        if seat == CHANCE:
            persons = settings.chance == "physical" and notation != time_up
        else:
            persons = controllers.get(seat, "bot") != "bot"
        waited = None if last is None else float(at) - last
        if waited is not None and 0 <= waited <= BREAK_S:
            played_s += waited
            if persons:
                seconds += waited
                actions += 1
        last = float(at)
    if actions < MIN_ACTIONS:
        return None
    physical = settings.chance == "physical"
    return GamePace(record.game, seconds, actions, table_id, record.players, people, physical, played_s)
