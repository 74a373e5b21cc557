"""An event at the venue: the organiser registers players, chooses a game and a number of rounds,
and each round is paired from the results so far and sent to the hubs as seatings; a result the
organiser corrects is kept with who corrected it and why. Stored in the board's SQLite file.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from console.games import find_game
from console.i18n.said import Said, say, say_n
from console.venue.pairing import (
    Game,
    records,
    swiss_ranking,
    swiss_round,
    table_ranking,
    table_round,
    table_sizes,
)
from console.venue.words import SaidError

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS events (id INTEGER PRIMARY KEY, game TEXT NOT NULL,"
    " rounds INTEGER NOT NULL, players TEXT NOT NULL, created REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS seatings (seating_id TEXT PRIMARY KEY, event INTEGER NOT NULL,"
    " round INTEGER NOT NULL, table_no INTEGER NOT NULL, hub TEXT, names TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS corrections (hub TEXT NOT NULL, result_id TEXT NOT NULL,"
    " winners TEXT NOT NULL, scores TEXT NOT NULL, who TEXT NOT NULL, why TEXT NOT NULL, at REAL NOT NULL)",
    # A player who left the event, from the round after ``round`` on.
    "CREATE TABLE IF NOT EXISTS drops (event INTEGER NOT NULL, player TEXT NOT NULL, round INTEGER NOT NULL,"
    " at REAL NOT NULL, PRIMARY KEY (event, player))",
    # Who really sat where at a played table, fixed after the fact: the result's names, corrected.
    "CREATE TABLE IF NOT EXISTS seating_fixes (hub TEXT NOT NULL, result_id TEXT NOT NULL,"
    " names TEXT NOT NULL, who TEXT NOT NULL, why TEXT NOT NULL, at REAL NOT NULL)",
    # A round the organiser published: its seats are sent and shown. A paired round waits here.
    "CREATE TABLE IF NOT EXISTS published (event INTEGER NOT NULL, round INTEGER NOT NULL, at REAL NOT NULL,"
    " PRIMARY KEY (event, round))",
)


class EventError(SaidError):
    """The organiser asked for something the event cannot do now; the message says why (in the
    organiser's language: console/venue/words.py)."""


@dataclass(frozen=True)
class Seating:
    seating_id: str
    event: int
    round: int
    table_no: int
    hub: str | None  # None: a bye
    names: dict[str, str]

    def message(self, game: str) -> dict[str, Any]:
        return {
            "seating_id": self.seating_id,
            "event": self.event,
            "round": self.round,
            "table_no": self.table_no,
            "game": game,
            "names": self.names,
        }


class Events:
    """Events, their seatings and the organiser's corrections, in the board's file at ``db``."""

    def __init__(self, db: sqlite3.Connection, lock: threading.Lock) -> None:
        self._db, self._lock = db, lock
        with self._lock:
            for statement in SCHEMA:
                self._db.execute(statement)

    def create(self, game: str, rounds: int, players: Sequence[str]) -> int:
        found = find_game(game)
        names = [str(p).strip() for p in players]
        if len(set(names)) != len(names) or not all(0 < len(n) <= 40 for n in names):
            raise EventError(say("players must be distinct names of 1 to %(most)s characters", most=40))
        if not 1 <= rounds <= 20:
            raise EventError(say("an event has 1 to %(most)s rounds", most=20))
        if is_swiss(found.name):
            if len(names) < 2:
                raise EventError(say("a Swiss event needs at least two players"))
        else:
            try:
                table_sizes(len(names))
            except ValueError:
                raise EventError(cannot_sit(len(names))) from None
        with self._lock:
            cursor = self._db.execute(
                "INSERT INTO events (game, rounds, players, created) VALUES (?, ?, ?, ?)",
                (found.name, rounds, json.dumps(names), time.time()),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def event(self, event_id: int | None = None) -> dict[str, Any]:
        """The event (the latest if no id is given)."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, rounds, players FROM events "
                + ("WHERE id = ?" if event_id is not None else "ORDER BY id DESC LIMIT 1"),
                (event_id,) if event_id is not None else (),
            ).fetchone()
        if row is None:
            raise EventError(say("there is no event yet: create one first"))
        with self._lock:
            dropped = dict(self._db.execute("SELECT player, round FROM drops WHERE event = ?", (row[0],)))
            published = self._db.execute(
                "SELECT MAX(round) FROM published WHERE event = ?", (row[0],)
            ).fetchone()
        players = json.loads(row[3])
        return {
            "id": row[0],
            "game": row[1],
            "rounds": row[2],
            "players": players,
            "active": [name for name in players if name not in dropped],
            "dropped": dropped,
            "published": published[0] or 0,
        }

    # -- the roster: late entries and drops; a paired round held until it is published ----------

    def add_player(self, event_id: int, name: str) -> int:
        """A late entry: ``name`` plays from the next round on (Swiss: with no points so far)."""
        event = self.event(event_id)
        name = name.strip()
        if not 0 < len(name) <= 40:
            raise EventError(say("a player's name is 1 to %(most)s characters", most=40))
        if name in event["players"]:
            raise EventError(say("%(name)s is in the event already", name=name))
        players = json.dumps([*event["players"], name])
        with self._lock:
            self._db.execute("UPDATE events SET players = ? WHERE id = ?", (players, event_id))
        return self.paired_rounds(event_id) + 1

    def drop(self, event_id: int, name: str) -> int:
        """``name`` leaves the event: kept in the standings, paired no more. The round they leave after."""
        event = self.event(event_id)
        if name not in event["players"]:
            raise EventError(say("%(name)s is not a player of the event", name=name))
        if name in event["dropped"]:
            raise EventError(say("%(name)s has dropped already", name=name))
        after = self.paired_rounds(event_id)
        with self._lock:
            self._db.execute("INSERT INTO drops VALUES (?, ?, ?, ?)", (event_id, name, after, time.time()))
        return after

    def paired_rounds(self, event_id: int) -> int:
        return max((s.round for s in self.seatings(event_id)), default=0)

    def publish(self, event_id: int) -> list[Seating]:
        """Publish the paired round the organiser holds: its seatings, to be sent and shown."""
        event = self.event(event_id)
        paired = self.paired_rounds(event_id)
        if paired == 0 or paired <= event["published"]:
            raise EventError(say("there is no paired round to publish: pair the next round first"))
        with self._lock:
            self._db.execute("INSERT INTO published VALUES (?, ?, ?)", (event_id, paired, time.time()))
        return [s for s in self.seatings(event_id) if s.round == paired]

    def seatings(self, event_id: int) -> list[Seating]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seating_id, event, round, table_no, hub, names FROM seatings"
                " WHERE event = ? ORDER BY round, table_no",
                (event_id,),
            ).fetchall()
        return [Seating(r[0], r[1], r[2], r[3], r[4], json.loads(r[5])) for r in rows]

    def correct(
        self, hub: str, result_id: str, winners: list[int], scores: list[float], who: str, why: str
    ) -> None:
        if not who.strip() or not why.strip():
            raise EventError(say("a correction names who made it and why"))
        with self._lock:
            self._db.execute(
                "INSERT INTO corrections VALUES (?, ?, ?, ?, ?, ?, ?)",
                (hub, result_id, json.dumps(winners), json.dumps(scores), who, why, time.time()),
            )

    def fix_seating(self, result: dict[str, Any], names: dict[str, str], who: str, why: str) -> None:
        """Who really sat at each seat of a played table (players moved, a seating sent to the
        wrong table): the result stands, its names are corrected, with who and why."""
        if not who.strip() or not why.strip():
            raise EventError(say("a correction names who made it and why"))
        players = self.event()["players"]
        seats = {str(seat) for seat in range(1, int(result["players"]) + 1)}
        if set(names) != seats or len(set(names.values())) != len(names):
            listed = tuple(sorted(seats, key=int))
            raise EventError(say("name a different player at each of the seats %(seats)s", seats=listed))
        strangers = tuple(name for name in names.values() if name not in players)
        if strangers:
            raise EventError(
                say_n(
                    "%(names)s is not a player of the event",
                    "%(names)s are not players of the event",
                    len(strangers),
                    names=strangers,
                )
            )
        with self._lock:
            self._db.execute(
                "INSERT INTO seating_fixes VALUES (?, ?, ?, ?, ?, ?)",
                (result["hub"], result["result_id"], json.dumps(names), who, why, time.time()),
            )

    def corrected(self, results: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The results with the organiser's latest correction and seating fix of each applied."""
        with self._lock:
            rows = self._db.execute(
                "SELECT hub, result_id, winners, scores, who, why FROM corrections ORDER BY rowid"
            ).fetchall()
            seated = self._db.execute(
                "SELECT hub, result_id, names, who, why FROM seating_fixes ORDER BY rowid"
            ).fetchall()
        latest = {(r[0], r[1]): r for r in rows}
        seats = {(r[0], r[1]): r for r in seated}
        out = []
        for result in results:
            key = (result["hub"], result["result_id"])
            fix = latest.get(key)
            if fix is not None:
                result = {
                    **result,
                    "winners": json.loads(fix[2]),
                    "scores": json.loads(fix[3]),
                    "corrected": {"who": fix[4], "why": fix[5]},
                }
            moved = seats.get(key)
            if moved is not None:
                result = {
                    **result,
                    "names": json.loads(moved[2]),
                    "seating_fixed": {"who": moved[3], "why": moved[4]},
                }
            out.append(result)
        return out

    def next_round(self, event_id: int, results: list[dict[str, Any]], hubs: Sequence[str]) -> list[Seating]:
        """Pair the next round from the event's results and seat each table at an online hub."""
        event = self.event(event_id)
        seatings = self.seatings(event_id)
        played = {r["seating"]["seating_id"] for r in results if r.get("seating")}
        current = max((s.round for s in seatings), default=0)
        waiting = [
            s for s in seatings if s.round == current and s.hub is not None and s.seating_id not in played
        ]
        if current > event["published"]:
            raise EventError(say("round %(round)s is paired and held: publish it first", round=current))
        if waiting:
            raise EventError(
                say_n(
                    "round %(round)s still has %(num)s table playing; pair the next when it finishes",
                    "round %(round)s still has %(num)s tables playing; pair the next when they finish",
                    len(waiting),
                    round=current,
                )
            )
        if current >= event["rounds"]:
            raise EventError(
                say_n(
                    "the event's only round is paired",
                    "all %(num)s rounds of the event are paired",
                    event["rounds"],
                )
            )
        tables, byes = self._pair(event, seatings, results)
        if len(tables) > len(hubs):
            raise EventError(
                say_n(
                    "round %(round)s needs %(num)s hub online; hubs online now: %(online)s",
                    "round %(round)s needs %(num)s hubs online; hubs online now: %(online)s",
                    len(tables),
                    round=current + 1,
                    online=len(hubs),
                )
            )
        made = [
            Seating(
                f"e{event_id}r{current + 1}t{n}-{secrets.token_hex(3)}",
                event_id,
                current + 1,
                n,
                hub,
                {str(seat): name for seat, name in enumerate(table, start=1)},
            )
            for n, (hub, table) in enumerate(zip(sorted(hubs), tables, strict=False), start=1)
        ]
        made += [
            Seating(
                f"e{event_id}r{current + 1}bye{n}-{secrets.token_hex(3)}",
                event_id,
                current + 1,
                0,
                None,
                {"1": name},
            )
            for n, name in enumerate(byes, start=1)
        ]
        with self._lock:
            self._db.executemany(
                "INSERT INTO seatings VALUES (?, ?, ?, ?, ?, ?)",
                [(s.seating_id, s.event, s.round, s.table_no, s.hub, json.dumps(s.names)) for s in made],
            )
        return made

    def _pair(
        self, event: dict[str, Any], seatings: list[Seating], results: list[dict[str, Any]]
    ) -> tuple[list[tuple[str, ...]], list[str]]:
        games, byes = self.games(event["id"], seatings, results)
        if is_swiss(event["game"]):
            pairs = swiss_round(event["active"], games, byes)
            return [(a, b) for a, b in pairs if b is not None], [a for a, b in pairs if b is None]
        try:
            return table_round(event["active"], games), []
        except ValueError:
            raise EventError(cannot_sit(len(event["active"]))) from None

    def games(
        self, event_id: int, seatings: list[Seating], results: list[dict[str, Any]]
    ) -> tuple[list[Game], list[str]]:
        ours = {s.seating_id for s in seatings}
        games = []
        for result in results:
            seating = result.get("seating") or {}
            if seating.get("seating_id") not in ours:
                continue
            names = result.get("names") or {}
            players = tuple(names.get(str(seat), "?") for seat in range(1, int(result["players"]) + 1))
            winners = tuple(players[w - 1] for w in result.get("winners") or [] if 1 <= w <= len(players))
            games.append(Game(players, winners, tuple(float(s) for s in result.get("scores") or [])))
        return games, [s.names["1"] for s in seatings if s.hub is None]

    def standings(self, event_id: int, results: list[dict[str, Any]]) -> list[dict[str, Any]]:
        event = self.event(event_id)
        games, byes = self.games(event_id, self.seatings(event_id), results)
        if is_swiss(event["game"]):
            ranked = swiss_ranking(records(event["players"], games, byes))
            return [
                {
                    "player": r.player,
                    "match_points": r.match_points,
                    "owp": round(r.owp, 3),
                    "oowp": round(r.oowp, 3),
                    "dropped": r.player in event["dropped"],
                }
                for r in ranked
            ]
        return [
            {
                "player": r.player,
                "wins": r.wins,
                "points": r.points,
                "share": round(r.share, 3),
                "dropped": r.player in event["dropped"],
            }
            for r in table_ranking(event["players"], games)
        ]


def cannot_sit(players: int) -> Said:
    """Why ``players`` cannot be seated at tables of four and three (console.venue.pairing)."""
    return say_n(
        "%(num)s player cannot sit at tables of four and three",
        "%(num)s players cannot sit at tables of four and three",
        players,
    )


def is_swiss(game: str) -> bool:
    """Whether an event pairs ``game`` Swiss (two-seat tables) or seats it at tables of four and
    three: the game says so (``GameFacts.event_seating``)."""
    return find_game(game).facts.event_seating == "pairs"
